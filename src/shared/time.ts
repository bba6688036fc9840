const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: building one costs far more than using it. */
function partsFormat(timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** Milliseconds the zone is ahead of UTC at that instant, read from the formatter (slow: ~10 µs). */
function measuredOffsetMs(instantMs: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(instantMs));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const asUtc = Date.parse(`${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}Z`);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * A zone's offset changes at most once in any quarter hour, so an offset measured at both ends of one
 * holds for all of it: a day's slots cost a few formatter calls instead of three each (bench:abuse
 * found `formatToParts` the largest cost of listing a lab's slots). A quarter hour with a change in it
 * is measured at each instant and never kept.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const quarterOffsets = new Map<string, number>();
const MAX_QUARTERS = 50_000;

function offsetMs(instantMs: number, timeZone: string): number {
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone} ${quarter}`;
  const known = quarterOffsets.get(key);
  if (known !== undefined) return known;
  const offset = measuredOffsetMs(quarter, timeZone);
  if (measuredOffsetMs(quarter + QUARTER_HOUR_MS - 1000, timeZone) !== offset) return measuredOffsetMs(instantMs, timeZone);
  if (quarterOffsets.size >= MAX_QUARTERS) quarterOffsets.clear();
  quarterOffsets.set(key, offset);
  return offset;
}

/** Wall-clock parts of an instant in a time zone (to the second). */
export function zonedParts(instant: Date, timeZone: string) {
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant.getTime(), timeZone));
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19), weekday: wall.getUTCDay() };
}

/** The instant at which the zone's clock shows `date` `time` (YYYY-MM-DD, HH:MM[:SS]). */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  const first = wall - offsetMs(wall, timeZone);
  // Once more at the found instant, for zones whose offset changes (DST) near that time.
  return new Date(wall - offsetMs(first, timeZone));
}

/** Today's date in the zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return zonedParts(now, timeZone).date;
}

export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export function clockOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/**
 * The day a retest is due (issue #54): `months` calendar months after the sample's day on Riyadh's
 * calendar; a day
 * the month lacks is its last (30 November + 3 months is 28 or 29 February).
 */
export function retestDueOn(sampleDate: Date, months: number): string {
  const [year, month, day] = zonedParts(sampleDate, 'Asia/Riyadh').date.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + months;
  const dueYear = Math.floor(monthIndex / 12);
  const dueMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(dueYear, dueMonth, 0)).getUTCDate();
  return `${String(dueYear).padStart(4, '0')}-${String(dueMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Whole years from the date of birth (YYYY-MM-DD) to `on` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [y = 0, mo = 0, d = 0] = on.split('-').map(Number);
  return y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0);
}
