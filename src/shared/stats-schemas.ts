import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

/** How the dashboards' charts group time: days, weeks (Sunday to Saturday, as the Saudi week) or months. */
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The most periods one chart draws (a year and a month of days; decades of months stay well inside). */
export const STATS_MAX_PERIODS = 400;

const DAY_MS = 86_400_000;

/** How many periods a range spans, each period counted once even when the range holds part of it. */
export function periodCount(from: string, to: string, granularity: Granularity): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (granularity === 'day') return Math.round((end - start) / DAY_MS) + 1;
  if (granularity === 'week') {
    const sunday = (time: number) => time - new Date(time).getUTCDay() * DAY_MS;
    return Math.round((sunday(end) - sunday(start)) / (7 * DAY_MS)) + 1;
  }
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** `admin.stats` and `lab.stats`: a range of days in Riyadh (both ends included) and the period to add up by. */
export const statsInput = z
  .object({ from: z.iso.date(), to: z.iso.date(), granularity: z.enum(GRANULARITIES) })
  .superRefine((value, ctx) => {
    if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: m.invalid });
    else if (periodCount(value.from, value.to, value.granularity) > STATS_MAX_PERIODS) {
      ctx.addIssue({ code: 'custom', path: ['granularity'], message: m.tooLong });
    }
  });
export type StatsInput = z.infer<typeof statsInput>;
