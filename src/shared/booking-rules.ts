/**
 * How long before its time a confirmed booking can still be cancelled or moved to another slot: one
 * rule for both, enforced by the server (booking.service.ts) and shown by the customer's bookings page.
 */
export const CHANGE_BEFORE_HOURS = 4;

const CHANGE_BEFORE_MS = CHANGE_BEFORE_HOURS * 60 * 60 * 1000;

/** Whether a booking at `bookingTime` can still be cancelled or moved at `now`. */
export function canChangeBooking(bookingTime: Date, now: Date): boolean {
  return bookingTime.getTime() - now.getTime() >= CHANGE_BEFORE_MS;
}
