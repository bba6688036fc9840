// The mails a booking sends (ADR 0016): confirmed (with a calendar file), a reminder 24 hours before,
// cancelled. Written in the transaction that books or cancels; never about the test itself.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cancelMail, enqueueMail } from '../mail/mail.service.ts';
import { bookingMailDetails } from './booking.repository.ts';

const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** Links in outbox mail may be paths: the sender puts PUBLIC_URL in front. */
const BOOKINGS_PAGE = '/dashboard';

const reminderKey = (bookingId: string) => `booking-reminder:${bookingId}`;

/** The short reference a customer can read out to the lab. */
export function bookingReference(bookingId: string): string {
  return `TH-${bookingId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

type Details = Awaited<ReturnType<typeof bookingMailDetails>>[number];

function mailData(row: Details) {
  return {
    name: row.name,
    bookingReference: bookingReference(row.id),
    labName: { ar: row.lab_name_ar, en: row.lab_name_en },
    labAddress: { ar: row.address_ar, en: row.address_en },
    labPhone: row.phone,
    startsAt: row.booking_time.toISOString(),
    minutes: row.slot_minutes,
    timeZone: row.time_zone,
    link: BOOKINGS_PAGE,
  };
}

/** A confirmation per booking, and its reminder when the appointment is more than 24 hours away. */
export async function mailBookingsConfirmed(tx: Transaction<Database>, bookingIds: string[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  for (const row of await bookingMailDetails(tx, bookingIds)) {
    if (!row.email) continue; // a guest gave a phone number, not an address
    const data = mailData(row);
    const base = { to: row.email, locale: row.locale, userId: row.customer_id };
    await enqueueMail(tx, { ...base, message: { template: 'booking-confirmed', data }, dedupeKey: `booking-confirmed:${row.id}` });
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
}

/** The cancellation notice; the reminder, if not sent yet, is withdrawn. */
export async function mailBookingCancelled(tx: Transaction<Database>, bookingId: string): Promise<void> {
  await cancelMail(tx, reminderKey(bookingId));
  const [row] = await bookingMailDetails(tx, [bookingId]);
  if (!row?.email) return;
  await enqueueMail(tx, {
    to: row.email,
    locale: row.locale,
    userId: row.customer_id,
    message: { template: 'booking-cancelled', data: mailData(row) },
    dedupeKey: `booking-cancelled:${row.id}`,
  });
}
