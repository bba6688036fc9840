import type { SERIES_EVERY_MONTHS } from '../../../shared/series.ts';

/**
 * How a test repeats: not at all (everyMonths 0), or every 1, 3 or 6 months for 2 to 4 visits, paid all
 * now or each visit when it comes due (ADR 0075). Chosen in RepeatChoice (repeat-choice.tsx).
 */
export interface Repeat {
  everyMonths: 0 | (typeof SERIES_EVERY_MONTHS)[number];
  visits: number;
  payEachVisit: boolean;
}

export const ONCE: Repeat = { everyMonths: 0, visits: 1, payEachVisit: false };
