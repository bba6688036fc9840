/**
 * The data types the mail templates and the calendar file share. They live below both so neither
 * imports the other's module; `../templates.tsx` re-exports them as the mail module's contract.
 */

/** A text in both of the product's languages. */
export interface Bilingual {
  ar: string;
  en: string;
}

export interface BookingMailData {
  /** The account holder the mail goes to. */
  name: string;
  /** Whom the sample is taken from, when not the account holder: one of their family members. */
  patientName?: string;
  /** A home collection: where the lab's collector comes; `minutes` is then the visit's window. Absent: a visit to the lab. */
  homeVisit?: { address: string };
  /** The booking's stored reference (ADR 0058), e.g. 'TH-7K3M-9QXG'. */
  bookingReference: string;
  labName: Bilingual;
  labAddress: Bilingual;
  labPhone: string | null;
  /** ISO instant (UTC), e.g. '2026-12-01T06:30:00.000Z'. */
  startsAt: string;
  /** Appointment length: a slot at the lab, or the window a home visit happens in. */
  minutes: number;
  /** The lab's IANA zone, e.g. 'Asia/Riyadh': times are shown in this zone. */
  timeZone: string;
  /** The customer's bookings page; for a guest, the link that opens its bookings without an account (ADR 0066). */
  link: string;
  /** Mailed to a guest at the address it gave: the button manages the booking, and a note says how (ADR 0066). */
  guest?: true;
  /** How often the booking was moved: the calendar file's SEQUENCE, so a calendar takes the newer file (absent: 0). */
  sequence?: number;
  /** How many hours to fast before the visit (absent: no fasting). Not the test: many tests need fasting (ADR 0068). */
  fastingHours?: number;
  /**
   * A visit of a series (ADR 0075): its place, how many, and every visit's start (ISO) with its payment's
   * deadline, null when it is paid (issue #77 item 7).
   */
  series?: { visit: number; visits: number; lines: { visit: number; startsAt: string; payBy: string | null }[] };
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}
