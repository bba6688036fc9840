import { describe, expect, it } from 'vitest';
import { zonedParts, zonedTimeToInstant } from '../../src/shared/time.ts';

/** What the platform's own formatter says the zone's clock shows, the reference for zonedParts. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterParts(instant: Date, timeZone: string) {
  const formatter =
    formatters.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', {
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
  formatters.set(timeZone, formatter);
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
  };
}

// Riyadh (no daylight saving), zones with an hour's and a half hour's change, and quarter-hour offsets.
const zones = [
  'Asia/Riyadh',
  'Africa/Cairo',
  'Europe/London',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Australia/Eucla',
];
const MINUTE = 60_000;

describe('wall-clock time in a zone', () => {
  it('agrees with the formatter at every minute around each daylight-saving change of 2026, and at random instants', () => {
    const instants: number[] = [];
    for (const zone of zones) {
      // A change shows as a different offset an hour apart; look at the minutes around it.
      for (let hour = Date.UTC(2026, 0, 1); hour < Date.UTC(2027, 0, 1); hour += 60 * MINUTE) {
        const before = formatterParts(new Date(hour), zone).time;
        const after = formatterParts(new Date(hour + 60 * MINUTE), zone).time;
        if (before.slice(3) !== after.slice(3) || Number(after.slice(0, 2)) !== (Number(before.slice(0, 2)) + 1) % 24) {
          for (let at = hour - 30 * MINUTE; at <= hour + 90 * MINUTE; at += MINUTE) instants.push(at);
        }
      }
    }
    expect(instants.length).toBeGreaterThan(0);
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 48271) % 2147483647;
      instants.push(Date.UTC(2020, 0, 1) + (seed % (10 * 365 * 24 * 60)) * MINUTE + (seed % 60) * 1000);
    }
    for (const zone of zones) {
      for (const at of instants)
        expect(zonedParts(new Date(at), zone), `${zone} ${new Date(at).toISOString()}`).toEqual(formatterParts(new Date(at), zone));
    }
  }, 60_000);

  it('turns a lab clock time into the instant that shows it, across a change', () => {
    expect(zonedTimeToInstant('2026-11-24', '09:30', 'Asia/Riyadh').toISOString()).toBe('2026-11-24T06:30:00.000Z');
    // New York moved from EDT (−4) to EST (−5) on 1 November 2026 at 02:00.
    expect(zonedTimeToInstant('2026-10-31', '09:00', 'America/New_York').toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(zonedTimeToInstant('2026-11-01', '09:00', 'America/New_York').toISOString()).toBe('2026-11-01T14:00:00.000Z');
    for (const zone of zones) {
      for (const time of ['00:00', '07:15', '12:00', '23:45']) {
        const instant = zonedTimeToInstant('2026-03-29', time, zone);
        expect(zonedParts(instant, zone).time.slice(0, 5), zone).toBe(time);
      }
    }
  });
});
