/**
 * A booking's statuses, as the database keeps them (bookings.status). Plain data with no zod, so the
 * public pages' status badge can read it without loading the signed-in pages' schemas.
 */
export const BOOKING_STATUSES = ['confirmed', 'completed', 'no_show', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
