import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The queries of tests that repeat (series-summary, series-payments): series, their visits held or
// reserved (slot_holds with a series), and their bookings.

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's series with a visit held or reserved now. */
export function seriesHeldNow(db: Db, customerId: string, now: Date) {
  return db
    .selectFrom('slot_holds')
    .select('series_id')
    .distinct()
    .where('holder_id', '=', customerId)
    .where('expires_at', '>', now)
    .where('series_id', 'is not', null)
    .execute();
}

/** The customer's series among `ids`, with their lab's time zone. */
export function customersSeries(db: Db, customerId: string, ids: string[]) {
  return db
    .selectFrom('booking_series')
    .innerJoin('lab_tests', 'lab_tests.id', 'booking_series.lab_test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .select([
      'booking_series.id',
      'booking_series.visits',
      'booking_series.every_months',
      'booking_series.pay_each_visit',
      'labs.time_zone',
    ])
    .where('booking_series.id', 'in', ids)
    .where('booking_series.customer_id', '=', customerId)
    .execute();
}

/** The customer's holds of these series' visits not yet expired. */
export function liveSeriesHolds(db: Db, customerId: string, ids: string[], now: Date) {
  return db
    .selectFrom('slot_holds')
    .select(['series_id', 'series_visit', 'lab_test_id', 'starts_at', 'reserved', 'expires_at'])
    .where('series_id', 'in', ids)
    .where('holder_id', '=', customerId)
    .where('expires_at', '>', now)
    .execute();
}

/** The customer's bookings of these series' visits, but cancelled ones. */
export function seriesBookings(db: Db, customerId: string, ids: string[]) {
  return db
    .selectFrom('bookings')
    .select(['series_id', 'series_visit', 'lab_test_id', 'booking_time'])
    .where('series_id', 'in', ids)
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'cancelled')
    .execute();
}

/** The series the customer's holds of these seats are visits of. */
export function seriesOfHolds(db: Db, customerId: string, seats: { lab_test_id: number; starts_at: string }[]) {
  return db
    .selectFrom('slot_holds')
    .select('series_id')
    .distinct()
    .where('holder_id', '=', customerId)
    .where('series_id', 'is not', null)
    .where((eb) =>
      eb.or(seats.map((seat) => eb.and([eb('lab_test_id', '=', seat.lab_test_id), eb('starts_at', '=', new Date(seat.starts_at))]))),
    )
    .execute();
}

function reservedHolds(db: Db) {
  return db
    .selectFrom('slot_holds')
    .innerJoin('booking_series', 'booking_series.id', 'slot_holds.series_id')
    .innerJoin('lab_tests', 'lab_tests.id', 'slot_holds.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'slot_holds.lab_id')
    .where('slot_holds.reserved', '=', true);
}

/** The customer's visits reserved until paid, not yet lapsed, soonest first: each with its test, lab, patient, price and plan. */
export function reservedVisitsOf(db: Db, customerId: string, now: Date) {
  return reservedHolds(db)
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
}

/** The customer's reserved visit let go; undefined when it is not theirs or not reserved. */
export function deleteReservedHold(tx: Transaction<Database>, customerId: string, holdId: string) {
  return tx
    .deleteFrom('slot_holds')
    .where('id', '=', holdId)
    .where('holder_id', '=', customerId)
    .where('reserved', '=', true)
    .returning('id')
    .executeTakeFirst();
}

/** The customer's reserved visit not yet lapsed, with its series' patient and address, its row locked. */
export function lockReservedVisit(tx: Transaction<Database>, customerId: string, holdId: string, now: Date) {
  return tx
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
}

export async function deleteHold(tx: Transaction<Database>, holdId: string) {
  await tx.deleteFrom('slot_holds').where('id', '=', holdId).execute();
}

/** The customer's new hold of a series' visit at `startsAt` reserved until paid, to be told as due again. */
export async function markHeldVisitReserved(tx: Transaction<Database>, customerId: string, seriesId: string | null, startsAt: Date) {
  await tx
    .updateTable('slot_holds')
    .set({ reserved: true, due_notified_at: null })
    .where('holder_id', '=', customerId)
    .where('series_id', '=', seriesId)
    .where('starts_at', '=', startsAt)
    .execute();
}

/** Reserved visits not yet told as due that start by `dueBy` and have not lapsed, soonest first, at most 100; their rows locked, those another instance holds skipped. */
export function lockDueReservedVisits(tx: Transaction<Database>, dueBy: Date, now: Date) {
  return reservedHolds(tx)
    .where('slot_holds.due_notified_at', 'is', null)
    .where('slot_holds.starts_at', '<=', dueBy)
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
}

/** These holds marked as told that they are due. */
export async function markToldDue(tx: Transaction<Database>, holdIds: string[], now: Date) {
  await tx.updateTable('slot_holds').set({ due_notified_at: now }).where('id', 'in', holdIds).execute();
}

/** The customer's series, oldest first, with their test, lab, rule and payment, for their data export. */
export function seriesForExport(db: Db, customerId: string) {
  return db
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
    .execute();
}
