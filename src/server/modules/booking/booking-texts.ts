// The text messages a booking sends to its customer's confirmed mobile number (issue #55): confirmed,
// reminders 24 hours and 2 hours before (held out of quiet hours, withdrawn when the booking is moved or
// cancelled), moved, cancelled. Written in the same transaction as the event, beside its mails
// (booking-mail.ts); never about the test.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  afterQuietHours,
  type BookingTextData,
  type BookingTextOrder,
  enqueueBookingTexts,
  textRecipientOf,
  withdrawTexts,
} from '../phone/phone-messages.service.ts';
import { bookingMailDetails, type Collection } from './booking.repository.ts';

/** The reminders' times before the appointment. */
const REMINDERS_BEFORE_HOURS = [24, 2] as const;
/** The reference complete_checkout gives the booking as it inserts it, as in the mails (booking-mail.ts). */
const REFERENCE_GIVEN_AT_INSERT = '';

const reminderPrefix = (bookingId: string) => `booking-text-reminder:${bookingId}:`;

interface TextedBooking {
  id: string;
  booking_time: Date;
  collection: Collection;
  reference: string;
}

interface TextedLab {
  lab_name_ar: string;
  lab_name_en: string;
  time_zone: string;
  slot_minutes: number;
  home_window_minutes: number;
}

function textData(booking: TextedBooking, lab: TextedLab): BookingTextData {
  const home = booking.collection === 'home';
  return {
    labName: { ar: lab.lab_name_ar, en: lab.lab_name_en },
    startsAt: booking.booking_time.toISOString(),
    timeZone: lab.time_zone,
    minutes: home ? lab.home_window_minutes : lab.slot_minutes,
    ...(home && { homeVisit: true }),
    bookingReference: booking.reference,
  };
}

/** The reminders still to come for a booking at its time: each out of quiet hours, before it begins, after now. */
function reminders(base: Omit<BookingTextOrder, 'template' | 'dedupeKey'>, bookingId: string, now: Date): BookingTextOrder[] {
  const startsAt = new Date(base.data.startsAt);
  return REMINDERS_BEFORE_HOURS.flatMap((hours) => {
    const due = afterQuietHours(new Date(startsAt.getTime() - hours * 3_600_000), base.data.timeZone);
    if (due.getTime() <= now.getTime() || due.getTime() >= startsAt.getTime()) return [];
    const dedupeKey = `${reminderPrefix(bookingId)}${base.data.startsAt}:${hours}`;
    return [{ ...base, template: 'booking-reminder' as const, dedupeKey, sendAfter: due }];
  });
}

/**
 * A checkout's texts: a confirmation per booking and its reminders, for a customer with a confirmed number
 * (`phone`, else none). complete_checkout writes them with the bookings, giving each its reference.
 */
export function bookingConfirmationTexts(
  customer: { id: string; phone: string; locale: 'ar' | 'en' } | null,
  booked: Array<{ id: string; booking_time: Date; collection: Collection; lab: TextedLab | undefined }>,
  now: Date,
): BookingTextOrder[] {
  if (!customer) return [];
  return booked.flatMap((row) => {
    if (!row.lab) return [];
    const data = textData({ ...row, reference: REFERENCE_GIVEN_AT_INSERT }, row.lab);
    const base = { to: customer, userId: customer.id, data, bookingId: row.id };
    return [
      { ...base, template: 'booking-confirmed' as const, dedupeKey: `booking-text-confirmed:${row.id}` },
      ...reminders(base, row.id, now),
    ];
  });
}

/** Where a checkout's texts go: the customer's confirmed number and language, or null. */
export async function checkoutTextRecipient(db: Kysely<Database>, customerId: string) {
  const recipient = await textRecipientOf(db, customerId);
  return recipient && { id: customerId, ...recipient };
}

/** A cancelled booking: its reminders withdrawn, and a text saying so. */
export async function textBookingCancelled(tx: Transaction<Database>, bookingId: string): Promise<void> {
  await withdrawTexts(tx, reminderPrefix(bookingId));
  const [row] = await bookingMailDetails(tx, [bookingId]);
  const to = row && (await textRecipientOf(tx, row.customer_id));
  if (!row || !to) return;
  await enqueueBookingTexts(tx, [
    { to, userId: row.customer_id, template: 'booking-cancelled', data: textData(row, row), dedupeKey: `booking-text-cancelled:${row.id}` },
  ]);
}

/** A home visit's collector has set out: the patient is told at once (it is the visit's own time). */
export async function textCollectorOnTheWay(tx: Transaction<Database>, bookingId: string): Promise<void> {
  const [row] = await bookingMailDetails(tx, [bookingId]);
  const to = row && (await textRecipientOf(tx, row.customer_id));
  if (!row || !to) return;
  await enqueueBookingTexts(tx, [
    {
      to,
      userId: row.customer_id,
      template: 'collector-on-the-way',
      data: textData(row, row),
      dedupeKey: `collector-on-the-way:${row.id}`,
    },
  ]);
}

/** A moved booking: the old time's reminders withdrawn, a text with the new time, and the new time's reminders. */
export async function textBookingRescheduled(tx: Transaction<Database>, bookingId: string, now: Date): Promise<void> {
  await withdrawTexts(tx, reminderPrefix(bookingId));
  const [row] = await bookingMailDetails(tx, [bookingId]);
  const to = row && (await textRecipientOf(tx, row.customer_id));
  if (!row || !to) return;
  const base = { to, userId: row.customer_id, data: textData(row, row) };
  await enqueueBookingTexts(tx, [
    { ...base, template: 'booking-rescheduled', dedupeKey: `booking-text-rescheduled:${row.id}:${row.reschedule_count}` },
    ...reminders(base, row.id, now),
  ]);
}
