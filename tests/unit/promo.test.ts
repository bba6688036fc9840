import { describe, expect, it } from 'vitest';
import { normalizePromoCode, promoShares } from '../../src/shared/promo.ts';

describe('a promo code as typed', () => {
  it.each([
    [' welcome10 ', 'WELCOME10'],
    ['Welcome١٠', 'WELCOME10'],
    ['رمضان', 'رمضان'],
    ['ramadan ۲۵', 'RAMADAN25'],
  ])('%j is %j', (typed, stored) => {
    expect(normalizePromoCode(typed)).toBe(stored);
  });
});

describe("a code's discount spread over the basket", () => {
  const percent = { kind: 'percent' as const, amount: 10, cap_halalas: null, min_basket_halalas: 0 };

  it('gives each line its share, the halalas of rounding to the largest remainders, adding up exactly', () => {
    // 239.99 × 10% = 24.00: 15.0006… and 8.9993… → 15.00 and 9.00.
    expect(promoShares(percent, [15_000, 8_999])).toEqual([1_500, 900]);
    const shares = promoShares({ ...percent, kind: 'fixed', amount: 1_000 }, [333, 333, 334])!;
    expect(shares).toEqual([333, 333, 334]);
  });

  it('keeps to the cap, never takes off more than the lines cost, and leaves lines it does not cover', () => {
    expect(promoShares({ ...percent, amount: 50, cap_halalas: 2_000 }, [10_000, 0])).toEqual([2_000, 0]);
    expect(promoShares({ ...percent, kind: 'fixed', amount: 50_000 }, [10_000, 0])).toEqual([10_000, 0]);
  });

  it('is nothing under the minimum basket or with no line covered', () => {
    expect(promoShares({ ...percent, min_basket_halalas: 20_000 }, [15_000])).toBeNull();
    expect(promoShares({ ...percent, min_basket_halalas: 15_000 }, [15_000])).toEqual([1_500]);
    expect(promoShares(percent, [0, 0])).toBeNull();
  });
});
