/**
 * Dates in the Umm al-Qura calendar, Saudi Arabia's Hijri calendar (as published by KACST on
 * ummulqura.org.sa). The months' lengths are the platform's: ICU carries the published Umm al-Qura table
 * (1300–1600 AH), so no calendar arithmetic is written here. A Hijri date becomes Gregorian by finding
 * the Gregorian day that ICU writes as that Hijri day, near an estimate from the months' mean length.
 */

export interface HijriDate {
  year: number;
  /** 1 (Muharram) to 12 (Dhu al-Hijjah). */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
/** The mean length of a lunar month, in days. */
const MEAN_MONTH_DAYS = 29.530_589;
/** 1 Muharram 1 AH, 19 July 622 in the proleptic Gregorian calendar: where the estimate counts from. */
const HIJRI_EPOCH_MS = Date.UTC(622, 6, 19);
/** Far enough either side of the estimate to cover how far the real months drift from their mean. */
const SEARCH_DAYS = 20;

const umalqura = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  numberingSystem: 'latn',
  timeZone: 'UTC',
});

/** The Umm al-Qura date of a Gregorian day (YYYY-MM-DD). */
export function hijriOf(gregorian: string): HijriDate {
  return hijriOfInstant(Date.parse(`${gregorian}T00:00:00Z`));
}

function hijriOfInstant(ms: number): HijriDate {
  const parts = umalqura.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Days since the Hijri epoch if every month had the mean length: enough to compare two Hijri dates roughly. */
function meanDays({ year, month, day }: HijriDate): number {
  return ((year - 1) * 12 + (month - 1)) * MEAN_MONTH_DAYS + (day - 1);
}

/**
 * The Gregorian day (YYYY-MM-DD) of an Umm al-Qura date, or null when there is no such day (the 30th of
 * a 29-day month, a month outside 1–12).
 */
export function gregorianOfHijri(hijri: HijriDate): string | null {
  const { year, month, day } = hijri;
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 12 || day < 1 || day > 30 || year < 1) return null;
  const estimate = HIJRI_EPOCH_MS + Math.round(meanDays(hijri)) * DAY_MS;
  // One correction by what the estimate turns out to be brings it within a day or two of the answer.
  const corrected = estimate + Math.round(meanDays(hijri) - meanDays(hijriOfInstant(estimate))) * DAY_MS;
  for (let offset = 0; offset <= SEARCH_DAYS; offset++) {
    for (const candidate of offset === 0 ? [corrected] : [corrected + offset * DAY_MS, corrected - offset * DAY_MS]) {
      const found = hijriOfInstant(candidate);
      if (found.year === year && found.month === month && found.day === day) return new Date(candidate).toISOString().slice(0, 10);
    }
  }
  return null;
}
