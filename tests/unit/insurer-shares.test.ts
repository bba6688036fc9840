import { describe, expect, it } from 'vitest';
import { priceCheckout, promoBase, withInsurer } from '../../src/shared/checkout-pricing.ts';
import { coverageVisitKey, insurerSharesOf, visitDay } from '../../src/shared/insurance-coverage-schemas.ts';

// Paying only the person's share (ADR 0099): how the insurer's answered shares are spread over a cart's
// lines and taken off its pricing, the same on the checkout page and the server.

describe('withInsurer', () => {
  it("takes each line's insurer share off the total, as a line of its own", () => {
    const pricing = withInsurer(priceCheckout('basic', [6_000, 30_000]), [4_800, 25_000]);
    expect(pricing).toMatchObject({ insurer_share_halalas: 29_800, insurer_shares: [4_800, 25_000], fee_halalas: 1_800 });
    // 360 SAR and a 5 % booking fee (18 SAR), less 298 SAR: 80 SAR.
    expect(pricing.total_halalas).toBe(8_000);
  });

  it("never takes more than what the plan's discount leaves of a price: the fee stays the person's", () => {
    // Premium: 5 % off a 100 SAR test leaves 95 SAR; an insurer share of 100 SAR is held to 95.
    const premium = priceCheckout('premium', [10_000]);
    const pricing = withInsurer(premium, [10_000]);
    expect(pricing.insurer_shares).toEqual([9_500]);
    expect(pricing.total_halalas).toBe(premium.total_halalas - 9_500);
    expect(withInsurer(premium, [9_499]).insurer_shares).toEqual([9_499]);
    expect(withInsurer(premium, [9_501]).insurer_shares).toEqual([9_500]);
  });

  it('leaves a promo code only what the insurer does not pay', () => {
    expect(promoBase(withInsurer(priceCheckout('basic', [6_000, 30_000]), [4_800, 0]))).toEqual([1_200, 30_000]);
  });
});

describe('insurerSharesOf', () => {
  const visit = coverageVisitKey('lab-1', null, '2026-12-04');
  const answers = new Map([
    [
      visit,
      [
        { testId: 1, coverage: 'covered' as const, insurerShareSar: 48 },
        { testId: 2, coverage: 'prior-auth-required' as const, insurerShareSar: 250 },
        { testId: 3, coverage: 'not-covered' as const, insurerShareSar: 0 },
      ],
    ],
  ]);

  it("gives a covered test's share to its first line in the visit, and nothing to what is not covered or awaits approval", () => {
    expect(
      insurerSharesOf(
        [
          { visit, testId: 1 },
          { visit, testId: 2 },
          { visit, testId: 3 },
          { visit, testId: 1 },
          { visit: null, testId: null },
          { visit: coverageVisitKey('lab-1', 'member-1', '2026-12-04'), testId: 1 },
        ],
        answers,
      ),
    ).toEqual([4_800, 0, 0, 0, 0, 0]);
  });

  it("names a visit by the day in the Kingdom, not the server's", () => {
    // 22:30 UTC on the 3rd is 01:30 on the 4th in Riyadh.
    expect(visitDay('2026-12-03T22:30:00Z')).toBe('2026-12-04');
    expect(visitDay('2026-12-03T20:59:00Z')).toBe('2026-12-03');
  });
});
