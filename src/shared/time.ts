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
      weekday: 'short',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** Wall-clock parts of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = partsFormat(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
    weekday: weekdays.indexOf(get('weekday')),
  };
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const { date, time } = zonedParts(instant, timeZone);
  const asUtc = Date.parse(`${date}T${time}Z`);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the zone's clock shows `date` `time` (YYYY-MM-DD, HH:MM[:SS]). */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  const first = wall - offsetMs(new Date(wall), timeZone);
  // Once more at the found instant, for zones whose offset changes (DST) near that time.
  return new Date(wall - offsetMs(new Date(first), timeZone));
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
