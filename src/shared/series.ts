// A test that repeats (issue #58): how often a series may come back, and how many visits it may have.
export const SERIES_EVERY_MONTHS = [1, 3, 6] as const;
export const SERIES_MAX_VISITS = 4;
/**
 * A visit paid when it comes due (ADR 0075) is reserved until two days before it (its payment's deadline,
 * written in complete_checkout, migrations/functions/booking.sql), and its customer is told by mail a week
 * before it that it is due.
 */
export const SERIES_PAY_BY_HOURS = 48;
export const SERIES_DUE_DAYS = 7;
