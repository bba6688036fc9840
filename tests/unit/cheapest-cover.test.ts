import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestCover, type Offer, WANTED_MAX } from '../../src/server/modules/packages/cheapest-cover.ts';

// "Build your own" (issue #79 item 3): the search's answer against every combination of a small lab's offers.

/** Every subset of the offers: the cheapest that covers every wanted marker any offer has. */
function bruteForce(wanted: number[], offers: Offer[]) {
  const reachable = new Set(offers.flatMap((offer) => offer.markers).filter((marker) => wanted.includes(marker)));
  let best: { price: number; count: number } | null = null;
  for (let subset = 0; subset < 1 << offers.length; subset++) {
    const chosen = offers.filter((_, index) => subset & (1 << index));
    const covered = new Set(chosen.flatMap((offer) => offer.markers));
    if (![...reachable].every((marker) => covered.has(marker))) continue;
    const price = chosen.reduce((sum, offer) => sum + offer.price, 0);
    if (!best || price < best.price || (price === best.price && chosen.length < best.count)) best = { price, count: chosen.length };
  }
  return { ...best!, uncovered: wanted.filter((marker) => !reachable.has(marker)) };
}

const offer = (id: number, price: number, markers: number[]): Offer => ({ id, price, markers });

describe('cheapestCover', () => {
  it('takes the package when it costs less than its tests, and the tests when they cost less', () => {
    const tests = [offer(1, 100, [1]), offer(2, 120, [2]), offer(3, 90, [3])];
    expect(cheapestCover([1, 2, 3], [...tests, offer(9, 250, [1, 2, 3, 4])])).toMatchObject({ price: 250, uncovered: [] });
    expect(cheapestCover([1, 2, 3], [...tests, offer(9, 400, [1, 2, 3, 4])]).offers.map((o) => o.id)).toEqual([1, 2, 3]);
  });

  it('mixes a package with the single test it lacks, and names what the lab cannot do', () => {
    const cover = cheapestCover([1, 2, 3, 7], [offer(9, 200, [1, 2]), offer(3, 90, [3]), offer(1, 150, [1])]);
    expect(cover.offers.map((o) => o.id).sort()).toEqual([3, 9]);
    expect(cover).toMatchObject({ price: 290, uncovered: [7] });
  });

  it('answers nothing to buy when the lab has none of the markers', () => {
    expect(cheapestCover([5, 6], [offer(1, 10, [1])])).toEqual({ offers: [], price: 0, uncovered: [5, 6] });
  });

  it(`refuses more than ${WANTED_MAX} markers`, () => {
    expect(() =>
      cheapestCover(
        Array.from({ length: WANTED_MAX + 1 }, (_, i) => i),
        [],
      ),
    ).toThrow(RangeError);
  });

  it('finds the cheapest covering combination, as trying every combination does', () => {
    const markers = fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 7 }),
        fc.array(fc.record({ price: fc.integer({ min: 1, max: 500 }), markers }), { maxLength: 9 }),
        (wanted, raw) => {
          const offers = raw.map((entry, index) => offer(index + 1, entry.price, entry.markers));
          const cover = cheapestCover(wanted, offers);
          const expected = bruteForce(wanted, offers);
          expect(cover.price).toBe(expected.price);
          expect(cover.offers.length).toBe(expected.count);
          expect(cover.uncovered).toEqual(expected.uncovered);
          expect(cover.offers.reduce((sum, o) => sum + o.price, 0)).toBe(cover.price);
          const covered = new Set(cover.offers.flatMap((o) => o.markers));
          expect(wanted.filter((marker) => !covered.has(marker))).toEqual(cover.uncovered);
        },
      ),
      { numRuns: 500 },
    );
  });
});
