import { describe, expect, it } from 'vitest';
import { gregorianOfHijri, hijriOf } from '../../src/shared/hijri.ts';

// The pairs are the Umm al-Qura calendar's as KACST publishes it (ummulqura.org.sa), the dates Saudi
// Arabia announced: 1 Muharram 1446 (Sunday 7 July 2024), 1 Shawwal 1446, Eid al-Fitr (Sunday 30 March
// 2025), 1 Ramadan 1447 (Wednesday 18 February 2026).
const published = [
  { hijri: { year: 1446, month: 1, day: 1 }, gregorian: '2024-07-07' },
  { hijri: { year: 1446, month: 10, day: 1 }, gregorian: '2025-03-30' },
  { hijri: { year: 1447, month: 9, day: 1 }, gregorian: '2026-02-18' },
];

describe('Umm al-Qura dates', () => {
  it.each(published)('turns $hijri.day/$hijri.month/$hijri.year AH into $gregorian, and back', ({ hijri, gregorian }) => {
    expect(gregorianOfHijri(hijri)).toBe(gregorian);
    expect(hijriOf(gregorian)).toEqual(hijri);
  });

  it('finds the day before a month begins on the last day of the month before', () => {
    // Sha'ban 1447 has 29 days, Dhu al-Hijjah 1445 has 30.
    expect(gregorianOfHijri({ year: 1447, month: 8, day: 29 })).toBe('2026-02-17');
    expect(gregorianOfHijri({ year: 1445, month: 12, day: 30 })).toBe('2024-07-06');
  });

  it('refuses a day the month does not have, and a month that does not exist', () => {
    expect(gregorianOfHijri({ year: 1447, month: 8, day: 30 })).toBeNull();
    expect(gregorianOfHijri({ year: 1447, month: 13, day: 1 })).toBeNull();
    expect(gregorianOfHijri({ year: 1447, month: 1, day: 0 })).toBeNull();
    expect(gregorianOfHijri({ year: 1447, month: 1, day: 31 })).toBeNull();
    expect(gregorianOfHijri({ year: 1447, month: 1.5, day: 1 })).toBeNull();
  });

  it('finds every day of the years a date of birth can be in, from 1900 to 2030', () => {
    const missed: string[] = [];
    for (let ms = Date.UTC(1900, 0, 1); ms <= Date.UTC(2030, 0, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      if (gregorianOfHijri(hijriOf(day)) !== day) missed.push(day);
    }
    expect(missed).toEqual([]);
  });
});
