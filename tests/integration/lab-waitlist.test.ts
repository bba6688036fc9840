import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import * as waitlist from '../../src/server/modules/waitlist/waitlist.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { todayIn } from '../../src/shared/time.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestAccount } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #58: a lab sees who waits for its tests (waitlist.forLab), by day, in the order of joining, with
// only a first name and whether the mobile number is confirmed: the patient's details come with a booking.
// The clock is set as in waitlist.test.ts: a Riyadh lab open 08:00–09:00 with two one-seat slots, weeks
// before the day.

let database: TestDatabase;
let testId: number;
const payments = simulatedPaymentProvider(0);
const DAY = '2027-01-15';
const NOW = new Date('2026-12-01T09:00:00Z');
const at = (time: string) => new Date(`${DAY}T${time}:00+03:00`).toISOString();

/** What the lab is told of a waiting customer, and nothing else. */
const ENTRY_FIELDS = [
  'first_name',
  'id',
  'lab_test_id',
  'offer',
  'phone_confirmed',
  'place',
  'status',
  'test_name_ar',
  'test_name_en',
  'window',
];

/** A lab whose day is full: both its times booked by other customers. */
async function fullLab() {
  const { lab, labTestId } = await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '09:00' });
  const booked: Record<string, { customer: TestAccount; bookingId: string }> = {};
  for (const time of ['08:00', '08:30']) {
    const customer = await createTestUser(database.db, 'customer');
    const result = await booking.createBookings(
      database.db,
      payments,
      customer,
      [{ labTestId, bookingTime: at(time) }],
      `full-${time}`,
      NOW,
    );
    booked[time] = { customer, bookingId: result.bookings[0]!.id };
  }
  return { lab, labTestId, booked };
}

async function join(customer: TestAccount, labTestId: number, window: { from: string; until: string } | null = null) {
  return waitlist.joinWaitlist(database.db, customer, { labTestId, date: DAY, window }, NOW);
}

beforeAll(async () => {
  database = await openTestDatabase();
  testId = await nonFastingTestId(database.db);
});
afterAll(() => database.close());

describe("a lab's waitlist", () => {
  it('shows the lab who waits for its tests, by day and in line, with first names only; an offer as offered; not who left', async () => {
    const { lab, labTestId, booked } = await fullLab();
    const sara = await createTestUser(database.db, 'customer', { name: 'Sara Al-Qahtani' });
    const leaving = await createTestUser(database.db, 'customer', { name: 'Khalid Al-Harbi' });
    const mohammed = await createTestUser(database.db, 'customer', { name: '  محمد  بن عبدالله ' });
    await database.db.updateTable('users').set({ phone: '+966500000001', phone_verified_at: NOW }).where('id', '=', sara.id).execute();
    await join(sara, labTestId);
    const left = await join(leaving, labTestId);
    await join(mohammed, labTestId, { from: '08:00', until: '09:00' });
    // 08:00 frees and is offered to the first in line; the second leaves the list.
    await booking.cancelBooking(database.db, booked['08:00']!.customer.id, booked['08:00']!.bookingId, NOW, payments);
    expect(await waitlist.offerSeats(database.db, lab.id, NOW)).toBe(1);
    await waitlist.leaveWaitlist(database.db, leaving.id, left.id, NOW);
    // A day beyond the two weeks shown.
    await database.db
      .insertInto('waitlist_entries')
      .values({ customer_id: leaving.id, lab_id: lab.id, lab_test_id: labTestId, on_date: '2027-01-29' })
      .execute();

    const answer = await (await callerFor(database.db, lab)).waitlist.forLab({ from: DAY });

    expect(answer).toMatchObject({ from: DAY, until: '2027-01-28', time_zone: 'Asia/Riyadh' });
    expect(answer.days.map((day) => [day.date, day.count])).toEqual([[DAY, 2]]);
    const entries = answer.days[0]!.entries;
    expect(entries.map((entry) => [entry.first_name, entry.place, entry.status, entry.phone_confirmed])).toEqual([
      ['Sara', 1, 'offered', true],
      ['محمد', 2, 'waiting', false],
    ]);
    expect(entries[0]!.offer).toEqual({ starts_at: at('08:00'), held_until: new Date(NOW.getTime() + 15 * 60_000).toISOString() });
    expect(entries[1]).toMatchObject({ offer: null, window: { from: '08:00', until: '09:00' }, lab_test_id: labTestId });
    // Data minimisation: no e-mail, number or full name, in any field.
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(ENTRY_FIELDS);
    const text = JSON.stringify(answer);
    for (const secret of [sara.email, mohammed.email, '+966500000001', 'Al-Qahtani', 'عبدالله', 'Khalid'])
      expect(text).not.toContain(secret);
  });

  it('shows another lab none of it, and refuses a customer', async () => {
    const { labTestId } = await fullLab();
    const customer = await createTestUser(database.db, 'customer', { name: 'Noura' });
    await join(customer, labTestId);
    const otherLab = await createTestUser(database.db, 'lab', { approved: true });

    expect((await (await callerFor(database.db, otherLab)).waitlist.forLab({ from: DAY })).days).toEqual([]);
    await expect((await callerFor(database.db, customer)).waitlist.forLab({ from: DAY })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("starts today on the lab's clock when no day is asked for", async () => {
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    const today = todayIn('Asia/Riyadh');
    const answer = await (await callerFor(database.db, lab)).waitlist.forLab({});
    expect(answer.from).toBe(today);
    expect(answer.days).toEqual([]);
  });
});
