// A test that repeats (issue #58): how often a series may come back, and how many visits it may have.
export const SERIES_EVERY_MONTHS = [1, 3, 6] as const;
export const SERIES_MAX_VISITS = 4;
