import { describe, expect, it } from 'vitest';
import { formatHijriDate, formatMoney, formatTime } from '../../src/client/lib/format.ts';
import { halalasToSar, sarToHalalas, vatIncluded } from '../../src/shared/money.ts';

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
    expect(formatMoney(0, 'en').replace(/\s/g, ' ')).toBe('SAR 0.00');
    const arabic = formatMoney(0, 'ar');
    expect(arabic).toContain('0.00');
    expect(arabic).toContain('ر.س');
    expect(arabic).not.toContain('$');
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
