import * as rruleModule from 'rrule';

// A test that repeats (issue #58): a series of visits every 1, 3 or 6 months, written as an RFC 5545 rule
// (FREQ=MONTHLY;INTERVAL=n;COUNT=k) and expanded by `rrule`, on the lab's calendar.

// rrule 2.8 declares an ES module build ("module") but no "exports": Node loads its CommonJS build, whose
// exports arrive as the default, while a bundler (the Worker build) loads the ES build's named exports.
const { RRule } = ('RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')) as typeof rruleModule;

/**
 * The days of a series on the lab's calendar (YYYY-MM-DD), the first one included: every `everyMonths`
 * months on the first visit's day of the month, `visits` in all. As RFC 5545 has it, a month without that
 * day (the 31st in April) is skipped, not moved: the series goes on to the next month that has it.
 */
export function seriesDays(firstDay: string, everyMonths: number, visits: number): string[] {
  const [year, month, day] = firstDay.split('-').map(Number) as [number, number, number];
  // Floating dates: the rule is expanded on a plain calendar (UTC), then each day is read back as such.
  const rule = new RRule({ freq: RRule.MONTHLY, interval: everyMonths, count: visits, dtstart: new Date(Date.UTC(year, month - 1, day)) });
  return rule.all().map((date) => date.toISOString().slice(0, 10));
}
