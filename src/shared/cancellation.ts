/**
 * The cancellation and refund rule, in one place: the server refunds by it, the customer's cancel
 * dialog shows it before they confirm, and the terms page (/terms, "Cancellation and refunds") says it.
 *
 * A booking can be cancelled until CANCEL_BEFORE_HOURS before its time. What comes back is the share of
 * the first tier the remaining time reaches, tiers read from the earliest: today's terms refund the
 * full amount whenever cancelling is allowed. A partial tier (say 50 % between 24 and 4 hours) is one
 * more row here, and a change to the terms (TERMS_VERSION in legal.ts).
 */
export const CANCEL_BEFORE_HOURS = 4;

export interface RefundTier {
  /** The tier applies when at least this many hours remain before the appointment. */
  hoursBefore: number;
  /** Of what was paid, in percent. */
  percent: number;
}

export const REFUND_TIERS: readonly RefundTier[] = [{ hoursBefore: CANCEL_BEFORE_HOURS, percent: 100 }];

const HOUR_MS = 60 * 60 * 1000;

export interface CancellationTerms {
  /** Whether the customer may still cancel. */
  cancellable: boolean;
  /** What goes back, in halalas: nothing for a booking nobody paid for, or past every tier. */
  refundHalalas: number;
  percent: number;
}

/** What cancelling a booking of `paidHalalas` (0: not paid) at `now` means. */
export function cancellationTerms(
  paidHalalas: number,
  bookingTime: Date,
  now: Date,
  tiers: readonly RefundTier[] = REFUND_TIERS,
): CancellationTerms {
  const hoursLeft = (bookingTime.getTime() - now.getTime()) / HOUR_MS;
  const cancellable = hoursLeft >= CANCEL_BEFORE_HOURS;
  const tier = [...tiers].sort((a, b) => b.hoursBefore - a.hoursBefore).find((row) => hoursLeft >= row.hoursBefore);
  const percent = cancellable && tier ? tier.percent : 0;
  // Whole halalas, rounded down: a refund never exceeds its share.
  return { cancellable, percent, refundHalalas: Math.floor((paidHalalas * percent) / 100) };
}

/** Whether a booking at `bookingTime` can still be cancelled or moved to another slot at `now`: one window for both. */
export function canChangeBooking(bookingTime: Date, now: Date): boolean {
  return cancellationTerms(0, bookingTime, now).cancellable;
}
