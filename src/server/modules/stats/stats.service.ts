import type { Kysely } from 'kysely';
import { halalasToSar } from '../../../shared/money.ts';
import type { StatsInput } from '../../../shared/stats-schemas.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './stats.repository.ts';

// The dashboards' charts (issue #23): figures per period, every period present (zero when nothing
// happened in it), amounts in riyals as everywhere on the API.

/** How many labs the admin's chart names; the others are added up as one. */
export const TOP_LABS = 5;
const TOP_TESTS = 10;

interface Series {
  bookings: number[];
  /** Riyals, per period. */
  revenue: number[];
}

/** The sparse rows of one key spread over every period, zero where a period has none. */
function spread(periods: string[], rows: repo.PeriodFigure[]): Series {
  const at = new Map(periods.map((period, index) => [period, index]));
  const bookings = periods.map(() => 0);
  const revenue = periods.map(() => 0);
  for (const row of rows) {
    const index = at.get(row.period);
    if (index === undefined) continue;
    bookings[index]! += row.bookings;
    revenue[index]! += row.revenue_halalas;
  }
  return { bookings, revenue: revenue.map(halalasToSar) };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const totals = (series: Series) => ({ bookings: sum(series.bookings), revenue: halalasToSar(Math.round(sum(series.revenue) * 100)) });

export async function adminStats(db: Kysely<Database>, input: StatsInput) {
  const periods = await repo.periodStarts(db, input);
  const [all, byCity, byLab, customers, sales] = await Promise.all([
    repo.bookingFigures(db, input, 'none'),
    repo.bookingFigures(db, input, 'city'),
    repo.bookingFigures(db, input, 'lab'),
    repo.newCustomers(db, input),
    repo.storeSales(db, input),
  ]);

  const cities = [...groupBy(byCity, (row) => row.key)].map(([city, rows]) => {
    const series = spread(periods, rows);
    return { city, ...series, total: totals(series) };
  });
  cities.sort((a, b) => b.total.revenue - a.total.revenue || b.total.bookings - a.total.bookings);

  // The labs that brought in the most (then booked the most) by name; the rest together as "other".
  const labs = [...groupBy(byLab, (row) => row.key!)].map(([labId, rows]) => ({ labId, rows, series: spread(periods, rows) }));
  labs.sort((a, b) => sum(b.series.revenue) - sum(a.series.revenue) || sum(b.series.bookings) - sum(a.series.bookings));
  const top = labs.slice(0, TOP_LABS);
  const rest = labs.slice(TOP_LABS);
  const names = new Map(
    (
      await repo.labNames(
        db,
        top.map((lab) => lab.labId),
      )
    ).map((lab) => [lab.id, lab]),
  );
  const byLabSeries = top.map(({ labId, series }) => ({
    labId: labId as string | null,
    nameAr: names.get(labId)?.lab_name_ar ?? '',
    nameEn: names.get(labId)?.lab_name_en ?? '',
    ...series,
    total: totals(series),
  }));
  if (rest.length > 0) {
    const series = spread(
      periods,
      rest.flatMap((lab) => lab.rows),
    );
    byLabSeries.push({ labId: null, nameAr: '', nameEn: '', ...series, total: totals(series) });
  }

  const customerCounts = new Map(customers.map((row) => [row.period, Number(row.customers)]));
  const salesByPeriod = new Map(sales.map((row) => [row.period, row]));
  const overall = spread(periods, all);
  return {
    from: input.from,
    to: input.to,
    granularity: input.granularity,
    periods,
    ...overall,
    total: totals(overall),
    byCity: cities,
    /** The top labs, then (labId null) the others together. */
    byLab: byLabSeries,
    newCustomers: periods.map((period) => customerCounts.get(period) ?? 0),
    storeSales: {
      orders: periods.map((period) => Number(salesByPeriod.get(period)?.orders ?? 0)),
      revenue: periods.map((period) => halalasToSar(salesByPeriod.get(period)?.total_halalas ?? 0)),
    },
  };
}

export async function labStats(db: Kysely<Database>, labId: string, input: StatsInput) {
  const periods = await repo.periodStarts(db, input);
  const [figures, times, tests] = await Promise.all([
    repo.bookingFigures(db, input, 'none', labId),
    repo.appointmentTimes(db, input, labId),
    repo.topTests(db, input, labId, TOP_TESTS),
  ]);
  const weekdays = Array.from({ length: 7 }, () => 0);
  const hours = Array.from({ length: 24 }, () => 0);
  for (const row of times) {
    weekdays[row.weekday]! += Number(row.bookings);
    hours[row.hour]! += Number(row.bookings);
  }
  const series = spread(periods, figures);
  return {
    from: input.from,
    to: input.to,
    granularity: input.granularity,
    periods,
    ...series,
    total: totals(series),
    /** Appointments by weekday, 0 = Sunday, in the lab's time zone. */
    weekdays,
    /** Appointments by hour of the day (0–23), in the lab's time zone. */
    hours,
    topTests: tests.map((test) => ({
      testId: test.test_id,
      nameAr: test.name_ar,
      nameEn: test.name_en,
      bookings: Number(test.bookings),
      revenue: halalasToSar(test.revenue_halalas),
    })),
  };
}
