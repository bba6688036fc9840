import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The service guarantee (issue #79 item 6, ADR 0093): what a lab promised for a booking, and the credit
// it paid when it missed, once per booking.

/** The booking's customer, lab, time, the test's stated turnaround and the lab's punctuality promise. */
export function promisesOf(tx: Transaction<Database>, bookingId: string) {
  return tx
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .select([
      'bookings.customer_id',
      'bookings.booking_time',
      'bookings.collection',
      'lab_tests.lab_id',
      'lab_tests.stated_turnaround_hours',
      'labs.promises_punctual_visits',
    ])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
}

export async function insertGuaranteeCredit(
  tx: Transaction<Database>,
  credit: { bookingId: string; labId: string; kind: 'late_results' | 'late_collector'; halalas: number; lateMinutes: number; at: Date },
): Promise<boolean> {
  const row = await tx
    .insertInto('guarantee_credits')
    .values({
      booking_id: credit.bookingId,
      lab_id: credit.labId,
      kind: credit.kind,
      credit_halalas: credit.halalas,
      late_minutes: credit.lateMinutes,
      created_at: credit.at,
    })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .returning('booking_id')
    .executeTakeFirst();
  return Boolean(row);
}

export function guaranteeAmounts(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('wallet_settings')
    .select(['late_results_credit_halalas', 'late_collector_credit_halalas', 'credit_valid_days'])
    .executeTakeFirstOrThrow();
}

/**
 * When the patient first had results for the booking (a file, or a released version of its report),
 * read in the transaction releasing them, so an amendment later does not move it.
 */
export async function firstResultsAt(tx: Transaction<Database>, bookingId: string): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select least(
      (select min(created_at) from result_files where booking_id = ${bookingId}),
      (select min(v.released_at) from result_report_versions v join result_reports r on r.id = v.report_id
        where r.booking_id = ${bookingId} and v.released_at is not null)) as at`.execute(tx);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/**
 * A lab's kept promises since `since`, counted (no one's details): its bookings whose first results came
 * since then, for a test stating a turnaround, and how many of those came within it; and its home
 * visits whose collector set out since then, and how many within the grace after the window's start.
 * Counted by the same rules as the credits, from the bookings themselves: `guarantee_credits` holds one
 * row per booking, so a visit late on both promises is credited once but counts on both sides here.
 */
export async function keptPromises(db: Kysely<Database>, labId: string, since: Date, graceMinutes: number) {
  const { rows } = await sql<{ results: string; results_on_time: string; visits: string; visits_on_time: string }>`
    with firsts as (
      select b.booking_time, lt.stated_turnaround_hours as hours,
        least(
          (select min(f.created_at) from result_files f where f.booking_id = b.id),
          (select min(v.released_at) from result_report_versions v join result_reports r on r.id = v.report_id
            where r.booking_id = b.id and v.released_at is not null)) as first_at
      from bookings b join lab_tests lt on lt.id = b.lab_test_id
      where lt.lab_id = ${labId} and lt.stated_turnaround_hours is not null
    ), visits as (
      select b.booking_time, b.collector_left_at
      from bookings b join lab_tests lt on lt.id = b.lab_test_id join labs l on l.id = lt.lab_id
      where lt.lab_id = ${labId} and l.promises_punctual_visits and b.collection = 'home'
        and b.collector_left_at >= ${since}
    )
    select
      (select count(*) from firsts where first_at >= ${since}) as results,
      (select count(*) from firsts where first_at >= ${since}
        and first_at <= booking_time + make_interval(hours => hours)) as results_on_time,
      (select count(*) from visits) as visits,
      (select count(*) from visits
        where collector_left_at <= booking_time + make_interval(mins => ${graceMinutes}::int)) as visits_on_time`.execute(db);
  const row = rows[0];
  return {
    results: Number(row?.results ?? 0),
    resultsOnTime: Number(row?.results_on_time ?? 0),
    visits: Number(row?.visits ?? 0),
    visitsOnTime: Number(row?.visits_on_time ?? 0),
  };
}

/** The admin's two guarantee credits (halalas); a change applies to credits given from then. */
export async function updateGuaranteeAmounts(
  db: Kysely<Database> | Transaction<Database>,
  values: { late_results_credit_halalas: number; late_collector_credit_halalas: number },
  by: string,
  at: Date,
) {
  await db
    .updateTable('wallet_settings')
    .set({ ...values, updated_by: by, updated_at: at })
    .execute();
}
