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
/**
 * No-shows and paying up front (issue #58, ADR 0077): a lab that asks for it (labs.no_show_prepay) takes every
 * visit of a series paid now from a customer with this many no-shows there in the last NO_SHOW_DAYS days. The
 * lab's no-show rate looks back as far.
 */
export const NO_SHOW_PREPAY_COUNT = 2;
export const NO_SHOW_DAYS = 90;
