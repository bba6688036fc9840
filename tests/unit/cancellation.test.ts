import { describe, expect, it } from 'vitest';
import { CANCEL_BEFORE_HOURS, cancellationTerms, REFUND_TIERS } from '../../src/shared/cancellation.ts';

const HOUR = 3_600_000;
const at = new Date('2030-01-06T09:00:00+03:00');
const ahead = (hours: number) => new Date(at.getTime() - hours * HOUR);

describe('the cancellation and refund rule', () => {
  it("refunds a paid booking in full while it may be cancelled, as today's terms say", () => {
    expect(REFUND_TIERS).toEqual([{ hoursBefore: CANCEL_BEFORE_HOURS, percent: 100 }]);
    expect(cancellationTerms(15_000, at, ahead(72))).toEqual({ cancellable: true, percent: 100, refundHalalas: 15_000 });
    expect(cancellationTerms(15_000, at, ahead(CANCEL_BEFORE_HOURS))).toEqual({ cancellable: true, percent: 100, refundHalalas: 15_000 });
  });

  it('allows no cancellation, and so no refund, in the last hours', () => {
    expect(cancellationTerms(15_000, at, ahead(CANCEL_BEFORE_HOURS - 0.01))).toEqual({ cancellable: false, percent: 0, refundHalalas: 0 });
    expect(cancellationTerms(15_000, at, ahead(-1))).toEqual({ cancellable: false, percent: 0, refundHalalas: 0 });
  });

  it('refunds nothing of a booking nobody paid for', () => {
    expect(cancellationTerms(0, at, ahead(72))).toEqual({ cancellable: true, percent: 100, refundHalalas: 0 });
  });

  it('reads partial tiers by the time left, and rounds a share down to whole halalas', () => {
    const tiers = [
      { hoursBefore: 4, percent: 50 },
      { hoursBefore: 24, percent: 100 },
    ];
    expect(cancellationTerms(15_001, at, ahead(48), tiers)).toMatchObject({ percent: 100, refundHalalas: 15_001 });
    expect(cancellationTerms(15_001, at, ahead(24), tiers)).toMatchObject({ percent: 100, refundHalalas: 15_001 });
    expect(cancellationTerms(15_001, at, ahead(23.5), tiers)).toMatchObject({ percent: 50, refundHalalas: 7_500 });
    expect(cancellationTerms(15_001, at, ahead(3), tiers)).toMatchObject({ cancellable: false, percent: 0, refundHalalas: 0 });
  });
});
