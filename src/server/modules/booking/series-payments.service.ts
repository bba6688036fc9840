import type { Kysely, Transaction } from 'kysely';
import { priceCheckout } from '../../../shared/checkout-pricing.ts';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { SERIES_DUE_DAYS, SERIES_PAY_BY_HOURS } from '../../../shared/series.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { startRounds } from '../../platform/rounds.ts';
import { cancelMail, enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { afterQuietHours, textAccount, withdrawTexts } from '../phone/phone-messages.service.ts';
import { holdSeriesSeat } from './booking.service.ts';

// The visits of a series paid each when due (issue #58, ADR 0075). The first is paid at booking; its
// checkout (complete_checkout) reserves the others: each a hold of its seat until its payment's deadline,
// two days before it, counted by the capacity rule like any hold. A week before a visit its customer is
// told by mail that it is due, and by text where they have a confirmed number and take reminders by text.
// They pay for it as for any booking, putting it in the cart (the checkout books it as that visit of the
// series), move it, or let it go. Unpaid at the deadline, the hold lapses and the seat is free for others
// (the waitlist's rounds offer it).

/** How often each instance looks for reserved visits come due. */
export const DUE_ROUND_MS = 60_000;
/** Where a due visit's mail takes the customer: their bookings, where it is paid for or let go. */
const BOOKINGS_PAGE = '/dashboard?section=bookings';
const dueKey = (holdId: string) => `series-visit-due:${holdId}`;
const DAY = 24 * 60 * 60_000;

type Db = Kysely<Database> | Transaction<Database>;

function reservedHolds(db: Db) {
  return db
    .selectFrom('slot_holds')
    .innerJoin('booking_series', 'booking_series.id', 'slot_holds.series_id')
    .innerJoin('lab_tests', 'lab_tests.id', 'slot_holds.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'slot_holds.lab_id')
    .where('slot_holds.reserved', '=', true);
}

/** The customer's visits reserved until paid, soonest first: each with its test, lab, patient, price and deadline. */
export async function reservedVisits(db: Kysely<Database>, customerId: string, now = new Date()) {
  const rows = await reservedHolds(db)
    .leftJoin('family_members', 'family_members.id', 'booking_series.family_member_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'slot_holds.holder_id')
    .where('slot_holds.holder_id', '=', customerId)
    .where('slot_holds.expires_at', '>', now)
    .select([
      'slot_holds.id',
      'slot_holds.lab_test_id',
      'slot_holds.lab_id',
      'slot_holds.starts_at',
      'slot_holds.expires_at',
      'slot_holds.series_id',
      'slot_holds.series_visit',
      'slot_holds.collection',
      'slot_holds.home_latitude',
      'slot_holds.home_longitude',
      'booking_series.home_address',
      'labs.home_collection_fee_halalas',
      'labs.home_window_minutes',
      'booking_series.visits',
      'booking_series.every_months',
      'booking_series.family_member_id',
      'family_members.name as patient_name',
      'lab_tests.price_halalas',
      'user_profiles.subscription_tier',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.time_zone',
    ])
    .orderBy('slot_holds.starts_at')
    .execute();
  return rows.map((row) => ({
    /** What paying it charges now, as its checkout prices it: the lab's price on the customer's plan, with a home visit's fee. */
    charge: halalasToSar(
      priceCheckout(row.subscription_tier, [row.price_halalas], [row.collection === 'home' ? (row.home_collection_fee_halalas ?? 0) : 0])
        .total_halalas,
    ),
    id: row.id,
    lab_id: row.lab_id,
    lab_test_id: row.lab_test_id,
    booking_time: new Date(row.starts_at).toISOString(),
    /** Until when it is kept unpaid; then its seat goes to others. */
    pay_by: new Date(row.expires_at).toISOString(),
    series: { id: row.series_id!, visit: row.series_visit!, visits: row.visits, every_months: row.every_months },
    /** A visit at home: where, the lab's fee for it and its window's end; what the cart needs to pay it. */
    home:
      row.collection === 'home' && row.home_address && row.home_latitude !== null && row.home_longitude !== null
        ? {
            address: row.home_address,
            latitude: row.home_latitude,
            longitude: row.home_longitude,
            lab_id: row.lab_id,
            fee: halalasToSar(row.home_collection_fee_halalas ?? 0),
            ends_at: new Date(new Date(row.starts_at).getTime() + row.home_window_minutes * 60_000).toISOString(),
          }
        : null,
    family_member_id: row.family_member_id,
    patient_name: row.patient_name,
    /** What the visit costs now: it is charged at the lab's price when paid. */
    price: halalasToSar(row.price_halalas),
    test_name_ar: row.test_name_ar,
    test_name_en: row.test_name_en,
    lab_name_ar: row.lab_name_ar,
    lab_name_en: row.lab_name_en,
    time_zone: row.time_zone,
  }));
}

/** Lets a reserved visit go: its seat is free for others at once, and its due mail, if not sent, is withdrawn. */
export async function releaseReservedVisit(db: Kysely<Database>, customerId: string, holdId: string) {
  await db.transaction().execute(async (tx) => {
    const released = await tx
      .deleteFrom('slot_holds')
      .where('id', '=', holdId)
      .where('holder_id', '=', customerId)
      .where('reserved', '=', true)
      .returning('id')
      .executeTakeFirst();
    if (!released) throw new AppError('NOT_FOUND', { entity: 'reservedVisit' });
    await cancelMail(tx, dueKey(holdId));
    await withdrawTexts(tx, dueKey(holdId));
  });
  return { released: true as const };
}

/**
 * Moves a reserved visit to another of the lab's times for its test (a home visit to another of its home
 * windows, in that window's round), as a booking is moved: the new seat is taken by the capacity rule and
 * the old one let go together, or nothing changes. It stays that visit of its series, reserved until two
 * days before its new time, and is told as due again for it (its due mail and text, if not sent, withdrawn).
 * A time less than two days ahead is RESERVED_VISIT_TOO_SOON: it could not be paid by its deadline.
 */
export async function moveReservedVisit(db: Kysely<Database>, customerId: string, holdId: string, bookingTime: string, now = new Date()) {
  const startsAt = new Date(bookingTime);
  const payBy = new Date(startsAt.getTime() - SERIES_PAY_BY_HOURS * 60 * 60_000);
  await db.transaction().execute(async (tx) => {
    const visit = await tx
      .selectFrom('slot_holds')
      .innerJoin('booking_series', 'booking_series.id', 'slot_holds.series_id')
      .select([
        'slot_holds.id',
        'slot_holds.lab_test_id',
        'slot_holds.starts_at',
        'slot_holds.collection',
        'slot_holds.home_latitude',
        'slot_holds.home_longitude',
        'slot_holds.series_id',
        'slot_holds.series_visit',
        'booking_series.family_member_id',
        'booking_series.home_address',
      ])
      .where('slot_holds.id', '=', holdId)
      .where('slot_holds.holder_id', '=', customerId)
      .where('slot_holds.reserved', '=', true)
      .where('slot_holds.expires_at', '>', now)
      .forUpdate('slot_holds')
      .executeTakeFirst();
    if (!visit) throw new AppError('NOT_FOUND', { entity: 'reservedVisit' });
    if (startsAt.getTime() === new Date(visit.starts_at).getTime()) return;
    if (payBy.getTime() <= now.getTime()) throw new AppError('RESERVED_VISIT_TOO_SOON', { hours: SERIES_PAY_BY_HOURS });
    const home =
      visit.collection === 'home' && visit.home_address && visit.home_latitude !== null && visit.home_longitude !== null
        ? { address: visit.home_address, latitude: visit.home_latitude, longitude: visit.home_longitude }
        : null;
    await tx.deleteFrom('slot_holds').where('id', '=', holdId).execute();
    await cancelMail(tx, dueKey(holdId));
    await withdrawTexts(tx, dueKey(holdId));
    await holdSeriesSeat(
      tx,
      customerId,
      {
        labTestId: visit.lab_test_id,
        bookingTime: startsAt.toISOString(),
        ...(visit.family_member_id && { familyMemberId: visit.family_member_id }),
        ...(home && { home }),
      },
      { id: visit.series_id!, visit: visit.series_visit! },
      now,
      payBy,
    );
    await tx
      .updateTable('slot_holds')
      .set({ reserved: true, due_notified_at: null })
      .where('holder_id', '=', customerId)
      .where('series_id', '=', visit.series_id)
      .where('starts_at', '=', startsAt)
      .execute();
  });
  return { moved: true as const, pay_by: payBy.toISOString() };
}

/**
 * Tells each customer whose reserved visit comes within SERIES_DUE_DAYS, once, that it is due and until when
 * it is kept: the mail is written with the mark that it was, in one transaction, the rows taken by one
 * instance at a time (skip locked). Answers how many it told.
 */
export async function mailDueVisits(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await reservedHolds(tx)
      .where('slot_holds.due_notified_at', 'is', null)
      .where('slot_holds.starts_at', '<=', new Date(now.getTime() + SERIES_DUE_DAYS * DAY))
      .where('slot_holds.expires_at', '>', now)
      .select([
        'slot_holds.id',
        'slot_holds.holder_id',
        'slot_holds.starts_at',
        'slot_holds.expires_at',
        'slot_holds.series_visit',
        'booking_series.visits',
        'labs.lab_name_ar',
        'labs.lab_name_en',
        'labs.time_zone',
        'labs.slot_minutes',
        'labs.home_window_minutes',
        'slot_holds.collection',
      ])
      .orderBy('slot_holds.starts_at')
      .limit(100)
      .forUpdate('slot_holds')
      .skipLocked()
      .execute();
    for (const visit of due) {
      const startsAt = new Date(visit.starts_at).toISOString();
      const payBy = new Date(visit.expires_at).toISOString();
      const labName = { ar: visit.lab_name_ar, en: visit.lab_name_en };
      const home = visit.collection === 'home';
      const minutes = home ? visit.home_window_minutes : visit.slot_minutes;
      // Out of quiet hours on the lab's clock; the key is the mail's, so letting the visit go withdraws both.
      await textAccount(
        tx,
        visit.holder_id,
        {
          template: 'series-visit-due',
          data: { labName, startsAt, timeZone: visit.time_zone, minutes, payBy, ...(home && { homeVisit: true }) },
        },
        dueKey(visit.id),
        afterQuietHours(now, visit.time_zone),
      );
      const recipient = await recipientOf(tx, visit.holder_id);
      if (recipient) {
        await enqueueMail(tx, {
          to: recipient.email,
          locale: recipient.locale,
          userId: visit.holder_id,
          dedupeKey: dueKey(visit.id),
          message: {
            template: 'series-visit-due',
            data: {
              name: recipient.name,
              labName,
              startsAt,
              slotMinutes: minutes,
              timeZone: visit.time_zone,
              visit: visit.series_visit!,
              visits: visit.visits,
              payBy,
              link: BOOKINGS_PAGE,
            },
          },
        });
      }
    }
    if (due.length > 0) {
      await tx
        .updateTable('slot_holds')
        .set({ due_notified_at: now })
        .where(
          'id',
          'in',
          due.map((visit) => visit.id),
        )
        .execute();
    }
    return due.length;
  });
}

/** Runs `mailDueVisits` in this server process every `everyMs` until stopped. */
export function startSeriesDueMails(deps: { db: Kysely<Database>; log: Logger }, everyMs = DUE_ROUND_MS) {
  return startRounds(
    () => mailDueVisits(deps.db),
    everyMs,
    (error) => deps.log.error({ err: error }, 'series due mails failed'),
  );
}

/** The customer's series for their data export: each one's test, lab, rule and payment, and its visits still reserved. */
export async function exportSeries(db: Kysely<Database>, customerId: string, now = new Date()) {
  const [series, reserved] = await Promise.all([
    db
      .selectFrom('booking_series')
      .innerJoin('lab_tests', 'lab_tests.id', 'booking_series.lab_test_id')
      .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
      .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
      .where('booking_series.customer_id', '=', customerId)
      .select([
        'booking_series.id',
        'tests.name_en as test_name',
        'labs.lab_name_en as lab_name',
        'booking_series.family_member_id',
        'booking_series.every_months',
        'booking_series.visits',
        'booking_series.pay_each_visit',
        'booking_series.created_at',
      ])
      .orderBy('booking_series.created_at')
      .execute(),
    reservedVisits(db, customerId, now),
  ]);
  return series.map((row) => ({
    ...row,
    reserved_visits: reserved
      .filter((visit) => visit.series.id === row.id)
      .map((visit) => ({ visit: visit.series.visit, booking_time: visit.booking_time, pay_by: visit.pay_by })),
  }));
}
