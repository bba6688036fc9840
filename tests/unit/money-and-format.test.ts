import { describe, expect, it } from 'vitest';
import { formatHijriDate, formatTime } from '../../src/client/lib/format.ts';
import { formatSar, halalasToSar, sarToHalalas, vatIncluded } from '../../src/shared/money.ts';
import { formatStorePrice, localizedCurrency } from '../../src/shared/store.ts';

describe('money', () => {
  it('converts between halalas and riyals without float drift', () => {
    expect(sarToHalalas(0.1 + 0.2)).toBe(30);
    expect(halalasToSar(15_050)).toBe(150.5);
  });

  it('splits the 15% VAT out of a VAT-inclusive price', () => {
    expect(vatIncluded(11_500)).toBe(1_500);
    expect(vatIncluded(0)).toBe(0);
  });

  it('shows an empty total as 0.00 in riyals in both languages, never dollars', () => {
    expect(formatSar(0, 'en')).toBe('SAR\u00a00.00');
    expect(formatSar(0, 'ar')).toBe('0.00\u00a0ر.س');
  });

  it('writes every riyal amount one way: grouped Latin digits, the symbol Saudi shops print, no direction marks', () => {
    expect(formatSar(1149, 'ar')).toBe('1,149.00\u00a0ر.س');
    expect(formatSar(1149, 'en')).toBe('SAR\u00a01,149.00');
    expect(formatSar(99, 'ar', { whole: true })).toBe('99\u00a0ر.س');
    expect(formatSar(180.5, 'ar')).not.toMatch(/[\u200e\u200f\u061c]/);
  });

  it('gives the built-in store the same riyal amounts as the bookings', () => {
    const template = { code: 'SAR', symbol: 'ر.س', template: 'SAR\u00a0$1', template_ar: '$1\u00a0ر.س' };
    expect(formatStorePrice(14900, localizedCurrency(template, 'ar'))).toBe(formatSar(149, 'ar'));
    expect(formatStorePrice(14900, localizedCurrency(template, 'en'))).toBe(formatSar(149, 'en'));
  });
});

describe('dates and times', () => {
  const instant = new Date('2026-11-21T06:30:00Z');

  it('shows times in 12-hour form in the lab time zone (Riyadh), not UTC', () => {
    expect(formatTime(instant, 'en')).toBe('9:30 AM');
    expect(formatTime(instant, 'ar')).toMatch(/^9:30\s?ص$/);
  });

  it('gives the Umm al-Qura date beside the Gregorian one', () => {
    expect(formatHijriDate(instant, 'en')).toMatch(/1448 AH$/);
    expect(formatHijriDate(instant, 'ar')).toContain('1448');
  });
});
