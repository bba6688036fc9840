import { AppError } from '../../../shared/errors.ts';
import { minutesOf, zonedTimeToInstant } from '../../../shared/time.ts';
import { seriesDays } from './series.ts';

// Where each visit of a series falls (issue #77 item 1, ADR 0082): on its day by the rule (series.ts), at
// the first visit's time of day when that time is free; else at the nearest free time that day, else the
// next day with a free time, nearest the same time of day. Every move says why, so the booking panel shows
// the whole series before anything is held, and holdSeries holds what it showed.

/** Why a visit is not on its rule's day and time. */
export type SeriesMove =
  /** The month has no such day (the 30th in February): its last day. */
  | 'month_end'
  /** The lab is closed that weekday. */
  | 'closed'
  /** The time is outside the lab's Ramadan hours. */
  | 'ramadan_hours'
  /** The time is not one of the lab's slots that weekday. */
  | 'hours'
  /** The time runs into the lab's pause for a prayer. */
  | 'prayer_pause'
  /** The time is after the lab's fasting cut-off for this test. */
  | 'fasting_cutoff'
  /** The time is taken (or, at home, its collector's round cannot also reach this home). */
  | 'full';

export interface PlannedVisit {
  /** Its place in the series, 1 for the first. */
  visit: number;
  booking_time: string;
  /** Why it moved from its rule's day and time; empty when it did not. */
  moved: SeriesMove[];
}

/** How many days after its own a visit whose day has no free time may move to, before the series is refused. */
export const SERIES_MOVE_DAYS = 14;

interface SeriesRule {
  firstTime: Date;
  firstDay: string;
  /** The first visit's time of day on the lab's clock, HH:MM. */
  time: string;
  everyMonths: number;
  visits: number;
  timeZone: string;
}

const nextDay = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The free time nearest `target`; of two as near, the earlier (`free` is in time order). */
function nearest(free: Date[], target: Date): Date | undefined {
  let best: Date | undefined;
  for (const time of free) {
    if (!best || Math.abs(time.getTime() - target.getTime()) < Math.abs(best.getTime() - target.getTime())) best = time;
  }
  return best;
}

/**
 * Every visit of a series, the first as asked. `freeOn` answers the free times of a day on the lab's
 * calendar (in time order), `whyNot` why a day's time is not among them. A visit with no free time within
 * SERIES_MOVE_DAYS days of its own refuses the series (SERIES_DATE_UNAVAILABLE), naming its rule's time.
 */
export async function planSeries(
  rule: SeriesRule,
  freeOn: (date: string) => Promise<Date[]>,
  whyNot: (date: string, minute: number) => SeriesMove,
): Promise<PlannedVisit[]> {
  const firstDayOfMonth = Number(rule.firstDay.slice(8));
  const days = seriesDays(rule.firstDay, rule.everyMonths, rule.visits);
  const planned: PlannedVisit[] = [{ visit: 1, booking_time: rule.firstTime.toISOString(), moved: [] }];
  for (const [index, day] of days.entries()) {
    if (index === 0) continue;
    const moved: SeriesMove[] = Number(day.slice(8)) === firstDayOfMonth ? [] : ['month_end'];
    const asked = zonedTimeToInstant(day, rule.time, rule.timeZone);
    let found: Date | undefined;
    for (let after = 0; after <= SERIES_MOVE_DAYS && !found; after += 1) {
      const date = nextDay(day, after);
      const free = await freeOn(date);
      found = free.find((time) => time.getTime() === asked.getTime()) ?? nearest(free, zonedTimeToInstant(date, rule.time, rule.timeZone));
    }
    if (!found) throw new AppError('SERIES_DATE_UNAVAILABLE', { bookingTime: asked.toISOString(), timeZone: rule.timeZone });
    if (found.getTime() !== asked.getTime()) moved.push(whyNot(day, minutesOf(rule.time)));
    planned.push({ visit: index + 1, booking_time: found.toISOString(), moved });
  }
  return planned;
}
