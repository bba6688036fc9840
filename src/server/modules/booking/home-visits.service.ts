// Home visits and the phone (issue #55): booking one needs a confirmed number, and on the visit's day the
// lab says its collector has set out, the patient is told by text at once and sees it on the booking.
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/session.ts';
import { guaranteeOnSetOut } from '../wallet/guarantee.service.ts';
import { lockVisit, setCollectorLeft } from './booking.repository.ts';
import { textCollectorOnTheWay } from './booking-texts.ts';

/**
 * A home visit is booked only with a number the collector can call and the visit's texts reach: a
 * confirmed one, wherever this site sends SMS (ADR 0074); else PHONE_REQUIRED, and the booking panel asks
 * for it. Without SMS nothing could confirm a number, and the visit is booked as before.
 */
export function assertReachableAtHome(user: Pick<SessionUser, 'verified_phone'>, homeVisit: boolean, smsConfigured: boolean) {
  if (homeVisit && smsConfigured && !user.verified_phone) throw new AppError('PHONE_REQUIRED');
}

/** How long before its window a collector may set out for a visit (the drive across a city). */
export const SET_OUT_BEFORE_MINUTES = 120;

/**
 * The lab's collector has set out for the booking's home visit: recorded, and the patient texted. Saying it
 * again answers when it was first said and sends nothing more.
 */
export async function collectorSetOut(db: Kysely<Database>, labId: string, bookingId: string, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    const visit = await lockVisit(tx, bookingId);
    if (!visit || visit.lab_id !== labId || visit.collection !== 'home') throw new AppError('NOT_FOUND', { entity: 'home_visit' });
    if (visit.status !== 'confirmed') throw new AppError('BOOKING_NOT_CONFIRMED', { status: visit.status });
    if (visit.collector_left_at) return { leftAt: visit.collector_left_at.toISOString() };
    const opens = new Date(visit.booking_time.getTime() - SET_OUT_BEFORE_MINUTES * 60_000);
    const ends = new Date(visit.booking_time.getTime() + visit.home_window_minutes * 60_000);
    if (now < opens || now >= ends) throw new AppError('HOME_VISIT_NOT_NOW', { from: opens.toISOString(), until: ends.toISOString() });
    await setCollectorLeft(tx, bookingId, now);
    // Later than the lab's punctuality promise: the customer is credited, the lab charged (ADR 0093).
    await guaranteeOnSetOut(tx, bookingId, now);
    await textCollectorOnTheWay(tx, bookingId);
    return { leftAt: now.toISOString() };
  });
}
