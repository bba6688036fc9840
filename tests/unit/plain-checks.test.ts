// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchChoice, searchNumber, searchText, searchUuid } from '../../src/client/lib/plain-checks.ts';

describe('search values read from a page address', () => {
  it('keeps a usable value and drops an unusable one instead of failing the page', () => {
    expect(searchText('  vitamin d ', 100)).toBe('vitamin d');
    expect(searchText('x'.repeat(101), 100)).toBeUndefined();
    expect(searchText(42)).toBeUndefined();

    expect(searchNumber('250', 0, 5000)).toBe(250);
    expect(searchNumber(24.7, -90, 90)).toBe(24.7);
    expect(searchNumber('6000', 0, 5000)).toBeUndefined();
    expect(searchNumber('', 0, 5000)).toBeUndefined();
    expect(searchNumber('abc', 0, 5000)).toBeUndefined();
    expect(searchNumber('4', 1, 5, true)).toBe(4);
    expect(searchNumber('4.5', 1, 5, true)).toBeUndefined();

    expect(searchChoice('priceLowHigh', ['relevance', 'priceLowHigh'] as const)).toBe('priceLowHigh');
    expect(searchChoice('cheapest', ['relevance', 'priceLowHigh'] as const)).toBeUndefined();

    expect(searchUuid('841bbde1-dfbf-5071-b6bb-1a5dce3fcbaa')).toBe('841bbde1-dfbf-5071-b6bb-1a5dce3fcbaa');
    expect(searchUuid('841bbde1')).toBeUndefined();
  });
});

describe('lab-test cart storage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  const item = {
    labTestId: 7,
    testNameAr: 'صورة الدم الكاملة',
    testNameEn: 'Complete Blood Count (CBC)',
    labNameAr: 'مختبرات ابن سينا',
    labNameEn: 'Ibn Sina Laboratories',
    price: 120,
    bookingTime: '2026-11-22T06:00:00.000Z',
  };

  async function freshStore() {
    return (await import('../../src/client/features/booking/lab-cart/lab-cart-store.ts')).labCartStore;
  }

  it('reads back what it saved', async () => {
    (await freshStore()).set([item]);
    expect((await freshStore()).get()).toEqual([item]);
  });

  it.each([
    ['a missing field', [{ ...item, bookingTime: undefined }]],
    ['a negative price', [{ ...item, price: -1 }]],
    ['a fractional id', [{ ...item, labTestId: 7.5 }]],
    ['an object instead of a list', { items: [item] }],
  ])('starts empty when the saved cart has %s', async (_case, saved) => {
    localStorage.setItem('tahaleel.labCart', JSON.stringify(saved));
    expect((await freshStore()).get()).toEqual([]);
  });
});
