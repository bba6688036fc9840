import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRefund } from '../../src/server/modules/wallet/refund-split.ts';

// A refund of a checkout paid partly from the wallet goes back in the proportion each paid (ADR 0093).

describe('splitting a refund between the wallet and the card', () => {
  it('returns each its share of what it paid', () => {
    // 100 SAR paid: 25 from the wallet, 75 by card; a 40 SAR booking of it is cancelled.
    expect(splitRefund({ walletHalalas: 2_500, totalHalalas: 10_000 }, { walletHalalas: 0, cardHalalas: 0 }, 4_000)).toEqual({
      walletHalalas: 1_000,
      cardHalalas: 3_000,
    });
    // All from the wallet, or none of it.
    expect(splitRefund({ walletHalalas: 5_000, totalHalalas: 5_000 }, { walletHalalas: 0, cardHalalas: 0 }, 2_000)).toEqual({
      walletHalalas: 2_000,
      cardHalalas: 0,
    });
    expect(splitRefund({ walletHalalas: 0, totalHalalas: 5_000 }, { walletHalalas: 0, cardHalalas: 0 }, 2_000)).toEqual({
      walletHalalas: 0,
      cardHalalas: 2_000,
    });
  });

  it('gives the last refund what rounding left, and never more than was paid', () => {
    // 10.00 SAR: 3.33 from the wallet; three refunds of 3.33, 3.33 and 3.34.
    const paid = { walletHalalas: 333, totalHalalas: 1_000 };
    const first = splitRefund(paid, { walletHalalas: 0, cardHalalas: 0 }, 333);
    const second = splitRefund(paid, { walletHalalas: first.walletHalalas, cardHalalas: first.cardHalalas }, 333);
    const third = splitRefund(
      paid,
      { walletHalalas: first.walletHalalas + second.walletHalalas, cardHalalas: first.cardHalalas + second.cardHalalas },
      334,
    );
    expect(first.walletHalalas + second.walletHalalas + third.walletHalalas).toBe(333);
    expect(first.cardHalalas + second.cardHalalas + third.cardHalalas).toBe(667);
    expect(splitRefund(paid, { walletHalalas: 333, cardHalalas: 667 }, 500)).toEqual({ walletHalalas: 0, cardHalalas: 0 });
  });

  it('holds for any payment and any sequence of refunds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        (total, walletFraction, asks) => {
          const paid = { walletHalalas: Math.floor(total * walletFraction), totalHalalas: total };
          const refunded = { walletHalalas: 0, cardHalalas: 0 };
          for (const ask of asks) {
            const part = splitRefund(paid, refunded, ask);
            expect(part.walletHalalas).toBeGreaterThanOrEqual(0);
            expect(part.cardHalalas).toBeGreaterThanOrEqual(0);
            expect(part.walletHalalas + part.cardHalalas).toBe(Math.min(ask, total - refunded.walletHalalas - refunded.cardHalalas));
            refunded.walletHalalas += part.walletHalalas;
            refunded.cardHalalas += part.cardHalalas;
          }
          expect(refunded.walletHalalas).toBeLessThanOrEqual(paid.walletHalalas);
          expect(refunded.cardHalalas).toBeLessThanOrEqual(total - paid.walletHalalas);
        },
      ),
    );
  });
});
