import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The service guarantee (issue #79 item 6, ADR 0093): what a lab promised for a booking, and the credit
// it paid when it missed, once per booking.

/** The booking's customer, lab, time and way of collection, and the lab's punctuality promise. */
export function promisesOf(tx: Transaction<Database>, bookingId: string) {
  return tx
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .select(['bookings.customer_id', 'bookings.booking_time', 'bookings.collection', 'lab_tests.lab_id', 'labs.promises_punctual_visits'])
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
 * The parts of the visits `where` chooses that a turnaround is stated for, each with when it is due and
 * when the patient first had it (null: still awaited). A test booked alone is one part (`test_id` null),
 * due its offering's stated hours after the visit, released by the first result file or released report
 * version. A package visit's parts are its tests (ADR 0091), each due its own test's stated hours at the
 * lab, else the package's, and released by the first released version holding any of its analytes, or
 * by a result file, which answers for the whole visit: a PDF's tests cannot be read. An amendment later
 * moves nothing.
 */
function partsDue(where: RawBuilder<unknown>) {
  return sql<PartDueRow>`
    select b.id as booking_id, pc.test_id, t.name_ar, t.name_en,
      b.booking_time + make_interval(hours => coalesce(own.stated_turnaround_hours, lt.stated_turnaround_hours)) as due_at,
      least(
        (select min(f.created_at) from result_files f where f.booking_id = b.id),
        (select min(v.released_at) from result_report_versions v join result_reports r on r.id = v.report_id
          where r.booking_id = b.id and v.released_at is not null
            and (pc.test_id is null or exists (
              select 1 from result_version_analytes rva join test_analytes ta on ta.analyte_id = rva.analyte_id
              where rva.version_id = v.id and ta.test_id = pc.test_id)))) as released_at
    from bookings b
    join lab_tests lt on lt.id = b.lab_test_id
    left join package_components pc on pc.package_id = lt.test_id
    left join tests t on t.id = pc.test_id
    left join lab_tests own on own.lab_id = lt.lab_id and own.test_id = pc.test_id
    where ${where} and coalesce(own.stated_turnaround_hours, lt.stated_turnaround_hours) is not null`;
}

interface PartDueRow {
  booking_id: string;
  test_id: number | null;
  name_ar: string | null;
  name_en: string | null;
  due_at: Date;
  released_at: Date | null;
}

/** The booking's parts held to a stated turnaround, read in the transaction releasing results (see `partsDue`). */
export async function resultPartsDue(tx: Transaction<Database>, bookingId: string) {
  const { rows } = await partsDue(sql`b.id = ${bookingId}`).execute(tx);
  return rows.map((row) => ({
    testId: row.test_id,
    name: row.name_ar !== null && row.name_en !== null ? { ar: row.name_ar, en: row.name_en } : null,
    dueAt: new Date(row.due_at),
    releasedAt: row.released_at ? new Date(row.released_at) : null,
  }));
}

/**
 * A lab's kept promises since `since`, counted (no one's details). Results: its visits with a part held
 * to a stated turnaround and released, placed in time by their latest such release, and how many of
 * them were on time: every part released by its due, and none still awaited past it (a package visit
 * whose vitamin D is days overdue was not on time, released or not). A test booked alone is one part, so
 * its visit counts by its first results, as before. Visits: its home visits whose collector set out since
 * then, and how many within the grace after the window's start. Counted by the same rules as the
 * credits, from the bookings themselves: `guarantee_credits` holds one row per booking, so a visit late
 * on both promises is credited once but counts on both sides here.
 */
export async function keptPromises(db: Kysely<Database>, labId: string, since: Date, graceMinutes: number, now: Date) {
  const { rows } = await sql<{ results: string; results_on_time: string; visits: string; visits_on_time: string }>`
    with parts as (${partsDue(sql`lt.lab_id = ${labId}`)}),
    judged as (
      select max(released_at) as last_at,
        bool_and(case when released_at is null then due_at >= ${now} else released_at <= due_at end) as on_time
      from parts group by booking_id
    ), visits as (
      select b.booking_time, b.collector_left_at
      from bookings b join lab_tests lt on lt.id = b.lab_test_id join labs l on l.id = lt.lab_id
      where lt.lab_id = ${labId} and l.promises_punctual_visits and b.collection = 'home'
        and b.collector_left_at >= ${since}
    )
    select
      (select count(*) from judged where last_at >= ${since}) as results,
      (select count(*) from judged where last_at >= ${since} and on_time) as results_on_time,
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
