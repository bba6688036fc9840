import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { minutesOf } from '../../src/shared/time.ts';
import { nonFastingTestId, openLabSelling, riyadhLabSettings } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #58: a lab may pause its appointments for each of the five prayers, from the prayer's time at
// its location (adhan, Umm al-Qura method) for the minutes it chose. Riyadh is UTC+3 all year.

let database: TestDatabase;
let lab: TestUser;
let labTestId: number;
const payments = simulatedPaymentProvider(0);
const EARLY = new Date('2026-12-01T00:00:00Z');
const SLOT = 15;
const PAUSE = 20;

/**
 * The five prayers' times in Riyadh (24.7136 N, 46.6753 E) by the Umm al-Qura method, as adhan gives
 * them: Fajr, Dhuhr, Asr, Maghrib, Isha (90 minutes after Maghrib, 120 in Ramadan).
 */
const riyadh = {
  '2027-01-15': ['05:17', '12:03', '15:05', '17:26', '18:56'],
  '2027-04-10': ['04:17', '11:55', '15:24', '18:13', '19:43'],
  '2027-07-20': ['03:47', '12:00', '15:23', '18:44', '20:14'],
  // 8 Ramadan 1448.
  '2027-02-15': ['05:09', '12:07', '15:23', '17:48', '19:48'],
} as const;

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;

/** Every SLOT-minute start from 03:00 to 23:00 but those meeting a pause from one of `prayers`. */
function expectedSlots(prayers: readonly string[]): string[] {
  const pauses = prayers.map((time) => minutesOf(time));
  const starts: string[] = [];
  for (let minute = 3 * 60; minute + SLOT <= 23 * 60; minute += SLOT) {
    if (!pauses.some((from) => minute < from + PAUSE && from < minute + SLOT)) starts.push(clock(minute));
  }
  return starts;
}

const at = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

beforeAll(async () => {
  database = await openTestDatabase();
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '03:00', closesAt: '23:00' },
    // At the point the prayer times above are for, whatever the fixture's default.
    { latitude: 24.7136, longitude: 46.6753, slot_minutes: SLOT, slot_capacity: 2, prayer_pause_minutes: PAUSE },
  ));
});
afterAll(() => database.close());

const slotTimes = async (date: string) =>
  (await booking.availableSlots(database.db, lab.id, date, null, EARLY)).map((slot) => slot.slot_time);

describe('prayer pauses', () => {
  it("offers no appointment from each of the five prayers' times for the lab's pause, on three dates of the year", async () => {
    for (const date of ['2027-01-15', '2027-04-10', '2027-07-20'] as const) {
      expect(await slotTimes(date), date).toEqual(expectedSlots(riyadh[date]));
    }
    // Dhuhr at 12:03 on 15 January: the 11:45 appointment ends before it; 12:00 and 12:15 meet the pause.
    const january = await slotTimes('2027-01-15');
    expect(january).toContain('11:45:00');
    expect(january).not.toContain('12:00:00');
    expect(january).not.toContain('12:15:00');
    expect(january).toContain('12:30:00');
  });

  it('pauses for Isha two hours after Maghrib in Ramadan, by the Umm al-Qura calendar', async () => {
    const slots = await slotTimes('2027-02-15');
    expect(slots).toEqual(expectedSlots(riyadh['2027-02-15']));
    // Outside Ramadan Isha would be at 19:18; in Ramadan that time is open and 19:48 is paused.
    expect(slots).toContain('19:15:00');
    expect(slots).not.toContain('19:45:00');
  });

  it('refuses a booking for a paused time sent anyway, and takes the first time after the pause', async () => {
    const customer = await createTestUser(database.db, 'customer');
    await expect(
      booking.createBookings(
        database.db,
        payments,
        customer,
        [{ labTestId, bookingTime: at('2027-01-15', '12:15') }],
        'prayer-paused',
        EARLY,
      ),
    ).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    const made = await booking.createBookings(
      database.db,
      payments,
      customer,
      [{ labTestId, bookingTime: at('2027-01-15', '12:30') }],
      'prayer-after',
      EARLY,
    );
    expect(made.bookings).toHaveLength(1);
  });

  it('is chosen in the lab settings: saved, shown again, turned off, and refused when not one of the choices', async () => {
    const caller = await callerFor(database.db, lab);
    const profile = await caller.lab.profile();
    const input = riyadhLabSettings(profile, SLOT, 2);
    expect((await caller.lab.updateProfile({ ...input, prayerPauseMinutes: 30 })).prayer_pause_minutes).toBe(30);
    expect((await caller.lab.profile()).prayer_pause_minutes).toBe(30);
    await expect(caller.lab.updateProfile({ ...input, prayerPauseMinutes: 25 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.lab.updateProfile({ ...input, prayerPauseMinutes: null })).prayer_pause_minutes).toBeNull();
    expect(await slotTimes('2027-01-15')).toContain('12:00:00');
    await caller.lab.updateProfile({ ...input, prayerPauseMinutes: PAUSE });
  });
});
