// The mails a booking sends (ADR 0016): confirmed (with a calendar file), a reminder 24 hours before,
// cancelled. A home collection is told as a visit to the home in its window; a booking for a family
// member names them. Written in the transaction that books or cancels; never about the test itself, but
// for how long to fast before it (ADR 0068).
import type { Transaction } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { issueGuestLink } from '../guest-links/guest-links.service.ts';
import { type BookingMailData, cancelMail, enqueueMail, type MailOrder } from '../mail/mail.service.ts';
import { type BookableLabTest, bookingMailDetails, type Collection } from './booking.repository.ts';
import type { SeriesSummary } from './series-summary.service.ts';

const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** Links in outbox mail may be paths: the sender puts PUBLIC_URL in front. */
const BOOKINGS_PAGE = '/dashboard';

const reminderKey = (bookingId: string) => `booking-reminder:${bookingId}`;

/**
 * A checkout's mails are written before their bookings exist, in the statement that inserts them:
 * complete_checkout puts each booking's reference (made by the database as it inserts the row, ADR 0058)
 * in place of this, for the mail orders that name the booking (`bookingId`).
 */
const REFERENCE_GIVEN_AT_INSERT = '';

interface Lab {
  lab_name_ar: string;
  lab_name_en: string;
  lab_address_ar: string;
  lab_address_en: string;
  lab_phone: string | null;
  time_zone: string;
  slot_minutes: number;
  home_window_minutes: number;
  /** The booked test's fasting hours (null: none): the mails say how long to fast, not what for. */
  fasting_hours: number | null;
}

/** Where the sample is taken (the home's address for a home collection) and from whom, when not the account holder. */
interface Visit {
  collection: Collection;
  home_address: string | null;
  patient_name: string | null;
}

/** Where a mail's button goes: the account's bookings page, or the link a guest manages its bookings by (ADR 0066). */
type Door = { guestLink: string } | null;

/** How long a booking lasts: its slot at the lab, or a home visit's window. */
function minutesOf(lab: Pick<Lab, 'slot_minutes' | 'home_window_minutes'>, visit: Pick<Visit, 'collection' | 'home_address'>): number {
  return visit.collection === 'home' && visit.home_address !== null ? lab.home_window_minutes : lab.slot_minutes;
}

function mailData(customerName: string, reference: string, bookingTime: Date, lab: Lab, visit: Visit, door: Door): BookingMailData {
  const homeAddress = visit.collection === 'home' ? visit.home_address : null;
  return {
    name: customerName,
    ...(visit.patient_name !== null && { patientName: visit.patient_name }),
    ...(homeAddress !== null && { homeVisit: { address: homeAddress } }),
    bookingReference: reference,
    labName: { ar: lab.lab_name_ar, en: lab.lab_name_en },
    labAddress: { ar: lab.lab_address_ar, en: lab.lab_address_en },
    labPhone: lab.lab_phone,
    startsAt: bookingTime.toISOString(),
    // A home visit is told as its window, never as a slot at the lab.
    minutes: minutesOf(lab, visit),
    timeZone: lab.time_zone,
    link: door ? door.guestLink : BOOKINGS_PAGE,
    ...(door && { guest: true as const }),
    ...(lab.fasting_hours ? { fastingHours: lab.fasting_hours } : {}),
  };
}

type StoredBooking = Awaited<ReturnType<typeof bookingMailDetails>>[number];

/** A booking as bookingMailDetails reads it, as the mails take it; a guest's mail gets a new link, valid until the booking ends. */
async function storedMailData(tx: Transaction<Database>, row: StoredBooking, now: Date): Promise<BookingMailData> {
  const ends = new Date(row.booking_time.getTime() + minutesOf(row, row) * 60_000);
  const door = row.is_anonymous ? { guestLink: await issueGuestLink(tx, row.customer_id, ends, now) } : null;
  return mailData(
    row.name,
    row.reference,
    row.booking_time,
    { ...row, lab_address_ar: row.address_ar, lab_address_en: row.address_en, lab_phone: row.phone },
    row,
    door,
  );
}

/**
 * When a guest's link mailed with these bookings stops working: as the last of them ends (ADR 0066).
 * The bookings' offerings give the length of each.
 */
export function bookingsEnd(
  booked: Array<{ lab_test_id: number; booking_time: Date } & Pick<Visit, 'collection' | 'home_address'>>,
  offerings: Map<number, BookableLabTest>,
): Date {
  let end = 0;
  for (const row of booked) {
    const offering = offerings.get(row.lab_test_id);
    const minutes = offering ? minutesOf(offering, row) : 0;
    end = Math.max(end, row.booking_time.getTime() + minutes * 60_000);
  }
  return new Date(end);
}

/**
 * A checkout's mails, from what the checkout already knows (the customer, read while paying, the
 * offerings, and the ids it gives its bookings): a confirmation per booking, and its reminder when the
 * appointment is more than 24 hours away. `complete_checkout` writes them with the bookings.
 */
export function bookingConfirmationMails(
  customer: { id: string; email: string; name: string; locale: Locale; guestLink: string | null } | null,
  booked: Array<{ id: string; lab_test_id: number; booking_time: Date } & Visit>,
  offerings: Map<number, BookableLabTest>,
  now: Date,
  /** The series these bookings are visits of (seriesSummaries, before they are booked): each mail tells its series' visits. */
  series: SeriesSummary[] = [],
): MailOrder[] {
  if (!customer) return []; // a guest who gave a phone number only
  const base = { to: customer.email, locale: customer.locale, userId: customer.id };
  const door = customer.guestLink === null ? null : { guestLink: customer.guestLink };
  const orders: MailOrder[] = [];
  for (const row of booked) {
    const offering = offerings.get(row.lab_test_id);
    if (!offering) continue;
    const data = {
      ...mailData(customer.name, REFERENCE_GIVEN_AT_INSERT, row.booking_time, offering, row, door),
      ...seriesOfVisit(row, booked, series),
    };
    const about = { ...base, bookingId: row.id };
    orders.push({ ...about, message: { template: 'booking-confirmed', data }, dedupeKey: `booking-confirmed:${row.id}` });
    const remindAt = new Date(row.booking_time.getTime() - REMINDER_BEFORE_MS);
    if (remindAt.getTime() > now.getTime()) {
      orders.push({ ...about, message: { template: 'booking-reminder', data }, dedupeKey: reminderKey(row.id), sendAfter: remindAt });
    }
  }
  return orders;
}

/**
 * The series a booking of this checkout is a visit of, as its mail tells it: every visit with its deadline,
 * none for the visits this checkout pays or that were paid before.
 */
function seriesOfVisit(
  row: { lab_test_id: number; booking_time: Date },
  booked: Array<{ lab_test_id: number; booking_time: Date }>,
  series: SeriesSummary[],
): Pick<BookingMailData, 'series'> {
  const same = (line: SeriesSummary['lines'][number], visit: { lab_test_id: number; booking_time: Date }) =>
    line.lab_test_id === visit.lab_test_id && line.starts_at === visit.booking_time.toISOString();
  for (const one of series) {
    const own = one.lines.find((line) => same(line, row));
    if (!own) continue;
    const lines = one.lines.map((line) => ({
      visit: line.visit,
      startsAt: line.starts_at,
      payBy: booked.some((visit) => same(line, visit)) ? null : line.pay_by,
    }));
    return { series: { visit: own.visit, visits: one.visits, lines } };
  }
  return {};
}

/** The cancellation notice; the reminder, if not sent yet, is withdrawn. */
export async function mailBookingCancelled(tx: Transaction<Database>, bookingId: string, now = new Date()): Promise<void> {
  await cancelMail(tx, reminderKey(bookingId));
  const [row] = await bookingMailDetails(tx, [bookingId]);
  if (!row?.email) return; // a guest who gave a phone number only
  await enqueueMail(tx, {
    to: row.email,
    locale: row.locale,
    userId: row.customer_id,
    message: { template: 'booking-cancelled', data: await storedMailData(tx, row, now) },
    dedupeKey: `booking-cancelled:${row.id}`,
  });
}

/**
 * A moved booking: the confirmation again with the new time and a calendar file that replaces the old
 * entry (same UID, SEQUENCE = times moved), and the reminder moved with it. Written in the move's transaction.
 */
export async function mailBookingRescheduled(tx: Transaction<Database>, bookingId: string, now: Date): Promise<void> {
  await cancelMail(tx, reminderKey(bookingId));
  const [row] = await bookingMailDetails(tx, [bookingId]);
  if (!row?.email) return; // a guest who gave a phone number only
  const data = { ...(await storedMailData(tx, row, now)), sequence: row.reschedule_count };
  const base = { to: row.email, locale: row.locale, userId: row.customer_id };
  await enqueueMail(tx, {
    ...base,
    message: { template: 'booking-rescheduled', data },
    dedupeKey: `booking-rescheduled:${row.id}:${row.reschedule_count}`,
  });
  const remindAt = new Date(row.booking_time.getTime() - REMINDER_BEFORE_MS);
  if (remindAt.getTime() > now.getTime()) {
    await enqueueMail(tx, {
      ...base,
      message: { template: 'booking-reminder', data },
      dedupeKey: reminderKey(row.id),
      sendAfter: remindAt,
    });
  }
}
