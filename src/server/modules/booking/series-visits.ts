import { sql } from 'kysely';
import { SERIES_EVERY_MONTHS } from '../../../shared/series.ts';

// Which series a customer's booking belongs to, and its place in it (issue #58), read by window functions
// in the query that lists the customer's bookings (booking.mine), so no query per booking. Bookings keep no
// series of their own (ADR 0070): a series is what holdSeries and one checkout make of it, the visits of one
// test for one patient at the lab, paid together, on one day of the month and time of day on the lab's
// clock (moved visits aside). That day and time keep one checkout's two bookings of a test a week apart
// from reading as a series.

const sameSeries = sql`partition by bookings.checkout_id, bookings.lab_test_id, bookings.family_member_id, bookings.collection`;
const inVisitOrder = sql`${sameSeries} order by bookings.booking_time, bookings.id`;
const onLabClock = sql`(bookings.booking_time at time zone labs.time_zone)`;
const dayAndTime = sql`to_char(${onLabClock}, 'DD HH24:MI')`;
const unmoved = sql`bookings.reschedule_count = 0`;

/** A booking's place in its series as the query reads it; `month` counts months on the lab's calendar. */
interface SeriesWindow {
  id: string;
  visit: number;
  visits: number;
  month: number;
  moved: boolean;
}

/** Selected next to bookingsWithDetails' columns (it joins `labs`), over one customer's bookings. */
export const seriesWindow = sql<SeriesWindow | null>`case
  when bookings.checkout_id is not null and bookings.collection = 'lab' and count(*) over (${sameSeries}) > 1
    and min(${dayAndTime}) filter (where ${unmoved}) over (${sameSeries})
      is not distinct from max(${dayAndTime}) filter (where ${unmoved}) over (${sameSeries})
  then json_build_object(
    'id', first_value(bookings.id) over (${inVisitOrder}),
    'visit', row_number() over (${inVisitOrder}),
    'visits', count(*) over (${sameSeries}),
    'month', extract(year from ${onLabClock})::int * 12 + extract(month from ${onLabClock})::int,
    'moved', bookings.reschedule_count > 0)
  end`.as('series_window');

export interface SeriesPlace {
  /** The series, named by its first visit's booking. */
  id: string;
  visit: number;
  visits: number;
  every_months: number;
}

const longestFirst = [...SERIES_EVERY_MONTHS].sort((a, b) => b - a);

/**
 * How many months apart a series' visits come: the longest step that takes each visit not moved to the
 * next one's month, at least one step a visit. At least, not exactly: a month without the first visit's
 * day is skipped (every month from 31 January: March, May). A moved visit says nothing of the rule, unless
 * fewer than two were left where they were booked.
 */
function everyMonthsOf(visits: SeriesWindow[]): number {
  const unmovedVisits = visits.filter((visit) => !visit.moved);
  const witnesses = (unmovedVisits.length > 1 ? unmovedVisits : visits).sort((a, b) => a.visit - b.visit);
  const fits = (months: number) =>
    witnesses.every((visit, index) => {
      const previous = witnesses[index - 1];
      if (!previous) return true;
      const apart = visit.month - previous.month;
      return apart % months === 0 && apart >= months * (visit.visit - previous.visit);
    });
  return longestFirst.find(fits) ?? longestFirst.at(-1)!;
}

/** Each booking's series and its place in it, by booking id; a booking alone has none. */
export function seriesPlaces(rows: readonly { id: string; series_window: SeriesWindow | null }[]): Map<string, SeriesPlace> {
  const bySeries = new Map<string, (SeriesWindow & { booking: string })[]>();
  for (const { id, series_window } of rows) {
    if (series_window) bySeries.set(series_window.id, [...(bySeries.get(series_window.id) ?? []), { ...series_window, booking: id }]);
  }
  const places = new Map<string, SeriesPlace>();
  for (const [id, visits] of bySeries) {
    const everyMonths = everyMonthsOf(visits);
    for (const visit of visits) places.set(visit.booking, { id, visit: visit.visit, visits: visit.visits, every_months: everyMonths });
  }
  return places;
}
