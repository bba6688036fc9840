import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Granularity } from '../../../shared/stats-schemas.ts';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The dashboards' figures, added up by the database per period of Riyadh time: a day, a week from
 * Sunday (the Saudi week; PostgreSQL's own weeks start on Monday) or a month. Each query answers only
 * the periods that have something; the service puts a zero in the others, from `periodStarts`.
 *
 * What counts: a booking counts in the period it was made (created_at), unless cancelled; revenue is
 * what completed bookings brought in (as the overview's total), in the period each was completed.
 */

const RIYADH = 'Asia/Riyadh';

export interface StatsRange {
  from: string;
  to: string;
  granularity: Granularity;
}

/** The start (a Riyadh date, YYYY-MM-DD) of the period an instant falls in. */
function periodOf(instant: RawBuilder<unknown>, granularity: Granularity): RawBuilder<string> {
  const local = sql`(${instant} at time zone ${RIYADH})`;
  const start =
    granularity === 'week'
      ? sql`date_trunc('week', ${local} + interval '1 day') - interval '1 day'`
      : sql`date_trunc(${granularity}, ${local})`;
  return sql<string>`to_char(${start}, 'YYYY-MM-DD')`;
}

/** The instant lies within the range's days in Riyadh, both ends included. */
function within(instant: RawBuilder<unknown>, range: StatsRange): RawBuilder<boolean> {
  return sql<boolean>`${instant} >= (${range.from}::date)::timestamp at time zone ${RIYADH}
    and ${instant} < (${range.to}::date + 1)::timestamp at time zone ${RIYADH}`;
}

/** Every period's start from the one holding `from` to the one holding `to`. */
export async function periodStarts(db: Kysely<Database>, range: StatsRange): Promise<string[]> {
  const first = (day: string) =>
    range.granularity === 'week'
      ? sql`date_trunc('week', (${day}::date + 1)::timestamp) - interval '1 day'`
      : sql`date_trunc(${range.granularity}, ${day}::date::timestamp)`;
  const { rows } = await sql<{ start: string }>`
    select to_char(p, 'YYYY-MM-DD') as start
    from generate_series(${first(range.from)}, ${first(range.to)}, ${`1 ${range.granularity}`}::interval) as p
    order by p`.execute(db);
  return rows.map((row) => row.start);
}

export interface PeriodFigure {
  period: string;
  key: string | null;
  bookings: number;
  revenue_halalas: number;
}

/**
 * Bookings made and revenue earned per period, split by `by` (nothing, the lab's city, the lab), for
 * one lab or for all of them.
 */
export async function bookingFigures(
  db: Kysely<Database>,
  range: StatsRange,
  by: 'none' | 'city' | 'lab',
  labId?: string,
): Promise<PeriodFigure[]> {
  const key =
    by === 'city' ? sql<string | null>`labs.city` : by === 'lab' ? sql<string | null>`labs.id::text` : sql<string | null>`null::text`;
  const ofLab = <Q extends ReturnType<typeof bookingDetails>>(query: Q) =>
    labId ? (query.where('lab_tests.lab_id', '=', labId) as Q) : query;
  const made = ofLab(bookingDetails(db))
    .select([
      periodOf(sql.ref('bookings.created_at'), range.granularity).as('period'),
      key.as('key'),
      sql<number>`1`.as('bookings'),
      sql<number>`0`.as('revenue'),
    ])
    .where('bookings.status', '<>', 'cancelled')
    .where(within(sql.ref('bookings.created_at'), range));
  const earned = ofLab(bookingDetails(db))
    .select([
      periodOf(sql.ref('bookings.completed_at'), range.granularity).as('period'),
      key.as('key'),
      sql<number>`0`.as('bookings'),
      'bookings.total_price_halalas as revenue',
    ])
    .where('bookings.status', '=', 'completed')
    .where(within(sql.ref('bookings.completed_at'), range));
  const rows = await db
    .selectFrom(made.unionAll(earned).as('figures'))
    .select(['period', 'key', sql<number>`sum(bookings)::int`.as('bookings'), sql<number>`sum(revenue)::bigint`.as('revenue_halalas')])
    .groupBy(['period', 'key'])
    .execute();
  return rows.map((row) => ({ ...row, bookings: Number(row.bookings), revenue_halalas: Number(row.revenue_halalas) }));
}

/** The labs' names, for the labs a chart names. */
export function labNames(db: Kysely<Database>, labIds: string[]) {
  if (labIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('labs').select(['id', 'lab_name_ar', 'lab_name_en']).where('id', 'in', labIds).execute();
}

/**
 * Customers who joined per period: accounts that signed up, and guests who booked (a guest who only
 * opened a cart is not counted).
 */
export async function newCustomers(db: Kysely<Database>, range: StatsRange) {
  const { rows } = await sql<{ period: string; customers: number }>`
    select ${periodOf(sql`p.created_at`, range.granularity)} as period, count(*)::int as customers
    from user_profiles p join users u on u.id = p.id
    where p.user_type = 'customer' and ${within(sql`p.created_at`, range)}
      and (not u.is_anonymous or exists (select 1 from bookings b where b.customer_id = p.id))
    group by 1`.execute(db);
  return rows;
}

/** Store orders paid per period (those cancelled afterwards, refunded, do not count), in riyals (the store's currency). */
export async function storeSales(db: Kysely<Database>, range: StatsRange) {
  const paid = sql`coalesce(o.paid_at, o.created_at)`;
  const { rows } = await sql<{ period: string; orders: number; total_halalas: number }>`
    select ${periodOf(paid, range.granularity)} as period, count(*)::int as orders, sum(o.total_cents)::bigint as total_halalas
    from store_orders o
    where o.status in ('paid', 'fulfilled', 'shipped', 'delivered') and o.currency = 'SAR' and ${within(paid, range)}
    group by 1`.execute(db);
  return rows.map((row) => ({ ...row, total_halalas: Number(row.total_halalas) }));
}

/**
 * When a lab's patients come: its appointments in the range (not cancelled) by weekday (0 = Sunday)
 * and by hour, in the lab's own time zone.
 */
export function appointmentTimes(db: Kysely<Database>, range: StatsRange, labId: string) {
  return bookingDetails(db)
    .select([
      sql<number>`extract(dow from bookings.booking_time at time zone labs.time_zone)::int`.as('weekday'),
      sql<number>`extract(hour from bookings.booking_time at time zone labs.time_zone)::int`.as('hour'),
      sql<number>`count(*)::int`.as('bookings'),
    ])
    .where('lab_tests.lab_id', '=', labId)
    .where('bookings.status', '<>', 'cancelled')
    .where(within(sql.ref('bookings.booking_time'), range))
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** A lab's most booked tests in the range, with what they brought in once completed. */
export async function topTests(db: Kysely<Database>, range: StatsRange, labId: string, limit: number) {
  const rows = await bookingDetails(db)
    .select([
      'tests.id as test_id',
      'tests.name_ar',
      'tests.name_en',
      sql<number>`count(*)::int`.as('bookings'),
      sql<number>`coalesce(sum(bookings.total_price_halalas) filter (where bookings.status = 'completed'), 0)::bigint`.as(
        'revenue_halalas',
      ),
    ])
    .where('lab_tests.lab_id', '=', labId)
    .where('bookings.status', '<>', 'cancelled')
    .where(within(sql.ref('bookings.created_at'), range))
    .groupBy(['tests.id', 'tests.name_ar', 'tests.name_en'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('tests.name_en')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, revenue_halalas: Number(row.revenue_halalas) }));
}
