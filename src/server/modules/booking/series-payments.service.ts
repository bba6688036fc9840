import type { Kysely } from 'kysely';
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
import * as repo from './series.repository.ts';

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

/** The customer's visits reserved until paid, soonest first: each with its test, lab, patient, price and deadline. */
export async function reservedVisits(db: Kysely<Database>, customerId: string, now = new Date()) {
  const rows = await repo.reservedVisitsOf(db, customerId, now);
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
    const released = await repo.deleteReservedHold(tx, customerId, holdId);
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
    const visit = await repo.lockReservedVisit(tx, customerId, holdId, now);
    if (!visit) throw new AppError('NOT_FOUND', { entity: 'reservedVisit' });
    if (startsAt.getTime() === new Date(visit.starts_at).getTime()) return;
    if (payBy.getTime() <= now.getTime()) throw new AppError('RESERVED_VISIT_TOO_SOON', { hours: SERIES_PAY_BY_HOURS });
    const home =
      visit.collection === 'home' && visit.home_address && visit.home_latitude !== null && visit.home_longitude !== null
        ? { address: visit.home_address, latitude: visit.home_latitude, longitude: visit.home_longitude }
        : null;
    await repo.deleteHold(tx, holdId);
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
    await repo.markHeldVisitReserved(tx, customerId, visit.series_id, startsAt);
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
    const due = await repo.lockDueReservedVisits(tx, new Date(now.getTime() + SERIES_DUE_DAYS * DAY), now);
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
      await repo.markToldDue(
        tx,
        due.map((visit) => visit.id),
        now,
      );
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
  const [series, reserved] = await Promise.all([repo.seriesForExport(db, customerId), reservedVisits(db, customerId, now)]);
  return series.map((row) => ({
    ...row,
    reserved_visits: reserved
      .filter((visit) => visit.series.id === row.id)
      .map((visit) => ({ visit: visit.series.visit, booking_time: visit.booking_time, pay_by: visit.pay_by })),
  }));
}
