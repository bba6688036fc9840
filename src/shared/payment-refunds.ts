/**
 * Why a whole gateway payment went back with nothing bought by it (ADR 0026, 0039, 0093, 0095): its seats
 * (`seat_lost`) or its stock (`stock_lost`) went while it was paid, its checkout was paid by another payment
 * (`duplicate`), the wallet no longer held its part (`wallet_changed`), or it was made for an amount the
 * checkout no longer asked, the customer having changed a promo code or the wallet's part (`amount_changed`).
 */
export type WholeRefundReason = 'seat_lost' | 'stock_lost' | 'duplicate' | 'wallet_changed' | 'amount_changed';

/** The reasons a returning payment's page says in words of their own (the others: the seat or the stock went). */
export const SAID_REFUND_REASONS = ['wallet_changed', 'amount_changed'] as const satisfies readonly WholeRefundReason[];
export type SaidRefundReason = (typeof SAID_REFUND_REASONS)[number];
