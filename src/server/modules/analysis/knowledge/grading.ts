import type { SourceId } from './sources.ts';

/**
 * How far a value outside its range is from it, in words: "slightly" or "well" below or above
 * (issue #76). The basis: a reference interval is the central 95% of healthy people (CLSI EP28-A3c),
 * about the mean plus or minus 2 SD where the values are near-Gaussian, so the interval is about 4 SD wide. A
 * value past its nearest bound by at most a quarter of the width (about 1 SD) lies where about 2% of
 * healthy people fall on that side (between 2 and 3 SD); further out, at more than 3 SD, only about
 * 0.1% do. That quarter is `slightlyWithin`. A range with one bound ("below 5") has no width: the
 * value's distance is taken as a fraction of the bound itself, with the same quarter, a convention
 * rather than a statistic. A value past a detection limit ("<0.5"), a text answer, and a value on the
 * range's side of a bound (the lab flagged it by another range) get no grade. Review: to be checked by
 * a clinical pathologist (ADR 0063).
 */
export const distanceGrading = {
  /** Past its nearest bound by at most this fraction of the range's width (or of a lone bound): slightly. */
  slightlyWithin: 0.25,
  source: 'clsiEp28' satisfies SourceId,
} as const;

export type DistanceGrade = 'slightlyBelow' | 'wellBelow' | 'slightlyAbove' | 'wellAbove';
