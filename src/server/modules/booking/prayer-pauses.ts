import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { type CityKey, cities } from '../../../shared/cities.ts';
import { minutesOf, zonedParts } from '../../../shared/time.ts';
import { inRamadan } from './ramadan.ts';

/** Where and how long a lab pauses for each prayer (null minutes: it does not). */
export interface PrayerPauseSettings {
  prayer_pause_minutes: number | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  time_zone: string;
}

/** The five daily prayers, in the day's order. */
const PRAYERS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;

/**
 * The lab's pauses on a date of its calendar, each `[from, to)` in minutes after midnight on its clock:
 * from each prayer's time (adhan, Umm al-Qura method, at the lab's coordinates or else its city's) for
 * `prayer_pause_minutes`. None when the lab does not pause.
 */
export function prayerPauses(lab: PrayerPauseSettings, date: string): [number, number][] {
  if (lab.prayer_pause_minutes === null) return [];
  const city = lab.city === null ? undefined : cities[lab.city as CityKey];
  const latitude = lab.latitude ?? city?.latitude;
  const longitude = lab.longitude ?? city?.longitude;
  if (latitude === undefined || longitude === undefined) return [];
  // adhan reads the calendar date from a Date's local fields.
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const method = CalculationMethod.UmmAlQura();
  // Umm al-Qura sets Isha 90 minutes after Maghrib, and 120 in Ramadan.
  if (inRamadan(date)) method.adjustments.isha = 30;
  const times = new PrayerTimes(new Coordinates(latitude, longitude), new Date(year, month - 1, day), method);
  return PRAYERS.map((prayer) => {
    const local = zonedParts(times[prayer], lab.time_zone);
    // A prayer past midnight on the lab's clock (Isha, far north in summer) belongs to the next day.
    if (local.date !== date) return null;
    const from = minutesOf(local.time);
    return [from, from + (lab.prayer_pause_minutes ?? 0)] as [number, number];
  }).filter((pause): pause is [number, number] => pause !== null);
}

/** Whether a visit from `start` for `length` minutes (on the lab's clock) runs into a pause. */
export function meetsPause(pauses: [number, number][], start: number, length: number): boolean {
  return pauses.some(([from, to]) => start < to && from < start + length);
}
