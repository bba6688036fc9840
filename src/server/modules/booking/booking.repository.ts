import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findLabSchedule(db: Db, labId: string) {
  return db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .where('labs.id', '=', labId)
    .where('user_profiles.approved', '=', true)
    .select(['labs.id', 'labs.time_zone', 'labs.slot_minutes', 'labs.slot_capacity'])
    .executeTakeFirst();
}

export function findWorkingHours(db: Db, labId: string, weekday: number) {
  return db
    .selectFrom('lab_working_hours')
    .select(['opens_at', 'closes_at'])
    .where('lab_id', '=', labId)
    .where('weekday', '=', weekday)
    .executeTakeFirst();
}

/** Seats taken per slot start between two instants: booked plus other people's live holds. */
export async function takenSeats(db: Db, labId: string, from: Date, to: Date, exceptHolder: string | null, now: Date) {
  const { rows } = await sql<{ starts_at: Date; taken: number }>`
    select starts_at, sum(taken)::int as taken from (
      select starts_at, booked_count as taken from lab_slot_usage
       where lab_id = ${labId} and starts_at >= ${from} and starts_at < ${to}
      union all
      select starts_at, count(*) as taken from slot_holds
       where lab_id = ${labId} and starts_at >= ${from} and starts_at < ${to} and expires_at > ${now}
         ${exceptHolder ? sql`and holder_id <> ${exceptHolder}` : sql``}
       group by starts_at
    ) seats group by starts_at`.execute(db);
  return new Map(rows.map((row) => [new Date(row.starts_at).getTime(), row.taken]));
}

/** The bookable offering (active, approved lab) with its lab's schedule settings. */
export function findBookableLabTest(db: Db, labTestId: number) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .where('lab_tests.id', '=', labTestId)
    .where('lab_tests.is_active', '=', true)
    .where('user_profiles.approved', '=', true)
    .select([
      'lab_tests.id',
      'lab_tests.lab_id',
      'lab_tests.price_halalas',
      'labs.time_zone',
      'labs.slot_minutes',
      'labs.slot_capacity',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .executeTakeFirst();
}

/**
 * Locks the slot's usage row (creating it at zero first), so every booking and hold of that slot
 * queues here and capacity is decided by the database, never by a read-then-insert.
 */
export async function lockSlot(tx: Transaction<Database>, labId: string, startsAt: Date): Promise<number> {
  // One statement: the no-op update on conflict takes the row lock and returns the seats taken.
  const row = await tx
    .insertInto('lab_slot_usage')
    .values({ lab_id: labId, starts_at: startsAt, booked_count: 0 })
    .onConflict((oc) => oc.columns(['lab_id', 'starts_at']).doUpdateSet((eb) => ({ booked_count: eb.ref('lab_slot_usage.booked_count') })))
    .returning('booked_count')
    .executeTakeFirstOrThrow();
  return row.booked_count;
}

export async function otherLiveHolds(tx: Transaction<Database>, labId: string, startsAt: Date, holderId: string, now: Date) {
  const row = await tx
    .selectFrom('slot_holds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('lab_id', '=', labId)
    .where('starts_at', '=', startsAt)
    .where('holder_id', '<>', holderId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function upsertHold(
  tx: Transaction<Database>,
  hold: { labId: string; labTestId: number; startsAt: Date; holderId: string; expiresAt: Date },
) {
  await tx
    .insertInto('slot_holds')
    .values({ lab_id: hold.labId, lab_test_id: hold.labTestId, starts_at: hold.startsAt, holder_id: hold.holderId, expires_at: hold.expiresAt })
    .onConflict((oc) => oc.columns(['holder_id', 'lab_test_id', 'starts_at']).doUpdateSet({ expires_at: hold.expiresAt }))
    .execute();
}

export async function deleteHold(db: Db, holderId: string, labTestId: number, startsAt: Date) {
  await db
    .deleteFrom('slot_holds')
    .where('holder_id', '=', holderId)
    .where('lab_test_id', '=', labTestId)
    .where('starts_at', '=', startsAt)
    .execute();
}

export async function addBookedSeat(tx: Transaction<Database>, labId: string, startsAt: Date, delta: 1 | -1) {
  await tx
    .updateTable('lab_slot_usage')
    .set((eb) => ({ booked_count: eb('booked_count', '+', delta) }))
    .where('lab_id', '=', labId)
    .where('starts_at', '=', startsAt)
    .execute();
}

export function bookingsWithDetails(db: Db) {
  return db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.customer_id',
      'bookings.lab_test_id',
      'bookings.booking_time',
      'bookings.total_price_halalas',
      'bookings.status',
      'bookings.created_at',
      'lab_tests.lab_id',
      'tests.id as test_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.address_ar as lab_address_ar',
      'labs.address_en as lab_address_en',
      'labs.time_zone',
      'user_profiles.name as customer_name',
    ]);
}
