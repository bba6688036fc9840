import * as rruleModule from 'rrule';

// A test that repeats (issue #58): a series of visits every 1, 3 or 6 months, written as an RFC 5545 rule
// (FREQ=MONTHLY;INTERVAL=n;COUNT=k) and expanded by `rrule`, on the lab's calendar.

// rrule 2.8 declares an ES module build ("module") but no "exports": Node loads its CommonJS build, whose
// exports arrive as the default, while a bundler (the Worker build) loads the ES build's named exports.
const { RRule } = ('RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')) as typeof rruleModule;

/**
 * The days of a series on the lab's calendar (YYYY-MM-DD), the first one included: every `everyMonths`
 * months on the first visit's day of the month, `visits` in all. A month without that day (the 30th in
 * February) takes its last day (BYMONTHDAY=28,29,30;BYSETPOS=-1), so no period is skipped (ADR 0082).
 */
export function seriesDays(firstDay: string, everyMonths: number, visits: number): string[] {
  const [year, month, day] = firstDay.split('-').map(Number) as [number, number, number];
  // Days past the 28th: the latest of them the month has.
  const days = Array.from({ length: Math.max(day - 27, 1) }, (_, index) => Math.min(day, 28) + index);
  // Floating dates: the rule is expanded on a plain calendar (UTC), then each day is read back as such.
  const rule = new RRule({
    freq: RRule.MONTHLY,
    interval: everyMonths,
    count: visits,
    bymonthday: days,
    bysetpos: -1,
    dtstart: new Date(Date.UTC(year, month - 1, day)),
  });
  return rule.all().map((date) => date.toISOString().slice(0, 10));
}
