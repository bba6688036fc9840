// The mails a booking sends (ADR 0016): confirmed (with a calendar file), a reminder 24 hours before,
// cancelled. Written in the transaction that books or cancels; never about the test itself.
import type { Transaction } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { cancelMail, enqueueMail, type MailOrder } from '../mail/mail.service.ts';
import { type BookableLabTest, bookingMailDetails } from './booking.repository.ts';

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
}

function mailData(customerName: string, reference: string, bookingTime: Date, lab: Lab) {
  return {
    name: customerName,
    bookingReference: reference,
    labName: { ar: lab.lab_name_ar, en: lab.lab_name_en },
    labAddress: { ar: lab.lab_address_ar, en: lab.lab_address_en },
    labPhone: lab.lab_phone,
    startsAt: bookingTime.toISOString(),
    minutes: lab.slot_minutes,
    timeZone: lab.time_zone,
    link: BOOKINGS_PAGE,
  };
}

/**
 * A checkout's mails, from what the checkout already knows (the customer, read while paying, the
 * offerings, and the ids it gives its bookings): a confirmation per booking, and its reminder when the
 * appointment is more than 24 hours away. `complete_checkout` writes them with the bookings.
 */
export function bookingConfirmationMails(
  customer: { id: string; email: string; name: string; locale: Locale } | null,
  booked: Array<{ id: string; lab_test_id: number; booking_time: Date }>,
  offerings: Map<number, BookableLabTest>,
  now: Date,
): MailOrder[] {
  if (!customer) return []; // a guest gave a phone number, not an address
  const base = { to: customer.email, locale: customer.locale, userId: customer.id };
  const orders: MailOrder[] = [];
  for (const row of booked) {
    const offering = offerings.get(row.lab_test_id);
    if (!offering) continue;
    const data = mailData(customer.name, REFERENCE_GIVEN_AT_INSERT, row.booking_time, offering);
    const about = { ...base, bookingId: row.id };
    orders.push({ ...about, message: { template: 'booking-confirmed', data }, dedupeKey: `booking-confirmed:${row.id}` });
    const remindAt = new Date(row.booking_time.getTime() - REMINDER_BEFORE_MS);
    if (remindAt.getTime() > now.getTime()) {
      orders.push({ ...about, message: { template: 'booking-reminder', data }, dedupeKey: reminderKey(row.id), sendAfter: remindAt });
    }
  }
  return orders;
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
    message: {
      template: 'booking-cancelled',
      data: mailData(row.name, row.reference, row.booking_time, {
        ...row,
        lab_address_ar: row.address_ar,
        lab_address_en: row.address_en,
        lab_phone: row.phone,
      }),
    },
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
  if (!row?.email) return; // a guest gave a phone number, not an address
  const data = {
    ...mailData(row.name, row.reference, row.booking_time, {
      ...row,
      lab_address_ar: row.address_ar,
      lab_address_en: row.address_en,
      lab_phone: row.phone,
    }),
    sequence: row.reschedule_count,
  };
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
