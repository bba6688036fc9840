import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #21, ADR 0041: the lab's ledger keeps the commission of the day a booking was paid, and a
// refunded cancellation writes a reversing row instead of changing history.

let database: TestDatabase;
let lab: TestUser;
let otherLab: TestUser;
let customer: TestUser;
let labTestId: number;
let otherLabTestId: number;

let nextSlot = Date.parse('2031-04-06T05:00:00Z');
function freeSlot(): string {
  const slot = new Date(nextSlot).toISOString();
  nextSlot += 30 * 60_000;
  if (new Date(nextSlot).getUTCHours() >= 17) nextSlot += 12 * 3_600_000;
  return slot;
}

/** A lab open 08:00–20:00 every day, two seats a slot, selling the catalogue's `testIndex`-th test (by id) at `price`. */
async function labOffering(price: number, testIndex: number) {
  const test = await database.db.selectFrom('tests').select('id').orderBy('id').offset(testIndex).limit(1).executeTakeFirstOrThrow();
  const { lab: user, labTestId } = await openLabSelling(
    database.db,
    test.id,
    { opensAt: '08:00', closesAt: '20:00' },
    { slot_capacity: 2 },
    price,
  );
  return { user, offering: labTestId };
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ user: lab, offering: labTestId } = await labOffering(15_000, 0));
  ({ user: otherLab, offering: otherLabTestId } = await labOffering(30_000, 1));
  customer = await createTestUser(database.db, 'customer');
});
afterAll(() => database.close());

async function bookAndComplete(offering: number) {
  const caller = await callerFor(database.db, customer);
  const result = booked(
    await caller.booking.create({ items: [{ labTestId: offering, bookingTime: freeSlot() }], idempotencyKey: randomUUID() }),
  );
  const bookingId = result.bookings[0]!.id;
  return bookingId;
}

const complete = (bookingId: string) =>
  database.db.updateTable('bookings').set({ status: 'completed', completed_at: new Date() }).where('id', '=', bookingId).execute();

const entriesOf = (bookingId: string) =>
  database.db.selectFrom('lab_ledger_entries').selectAll().where('booking_id', '=', bookingId).orderBy('recorded_at').execute();

describe('the lab ledger', () => {
  it('records a paid booking at the plan of that day, and keeps it after the lab upgrades', async () => {
    const bookingId = await bookAndComplete(labTestId);
    const [entry] = await entriesOf(bookingId);
    // A basic customer pays 150.00 + 5% booking fee (7.50); a Starter lab owes 15% commission (22.50).
    expect(entry).toMatchObject({
      kind: 'booking',
      lab_plan: 'starter',
      commission_percent: 15,
      price_halalas: 15_000,
      booking_fee_halalas: 750,
      home_visit_halalas: 0,
      paid_halalas: 15_750,
      commission_halalas: 2_250,
      platform_vat_halalas: 391, // (22.50 + 7.50) × 15/115
      lab_owed_halalas: 12_750,
    });
    await complete(bookingId);

    await database.db.updateTable('user_profiles').set({ subscription_tier: 'professional' }).where('id', '=', lab.id).execute();
    const after = await (await callerFor(database.db, lab)).lab.payments();
    expect(after).toMatchObject({ plan: 'professional', commission_percent: 10 });
    expect(after.items.find((item) => item.id === bookingId)).toMatchObject({ commission: 22.5, net: 127.5 });

    // A booking paid after the upgrade is charged the new plan's 10%.
    const later = await bookAndComplete(labTestId);
    await complete(later);
    expect((await entriesOf(later))[0]).toMatchObject({ lab_plan: 'professional', commission_halalas: 1_500 });
    const both = await (await callerFor(database.db, lab)).lab.payments();
    expect(both.totals).toEqual({ gross: 300, commission: 37.5, home_visits: 0, net: 262.5, promo_discounts: 0 });
  });

  it('reverses the lab share when a paid booking is cancelled and refunded, and never rewrites a row', async () => {
    const bookingId = await bookAndComplete(otherLabTestId);
    await (await callerFor(database.db, customer)).booking.cancel({ id: bookingId });
    const [entry, reversal] = await entriesOf(bookingId);
    expect(reversal).toMatchObject({
      kind: 'reversal',
      paid_halalas: -entry!.paid_halalas,
      commission_halalas: -entry!.commission_halalas,
      lab_owed_halalas: -entry!.lab_owed_halalas,
    });
    await expect(
      database.db.updateTable('lab_ledger_entries').set({ lab_owed_halalas: 0 }).where('id', '=', entry!.id).execute(),
    ).rejects.toThrow(/history/);
    await expect(database.db.deleteFrom('lab_ledger_entries').where('id', '=', entry!.id).execute()).rejects.toThrow(/history/);
  });

  it("shows a lab only its own bookings' commission", async () => {
    const bookingId = await bookAndComplete(otherLabTestId);
    await complete(bookingId);
    const mine = await (await callerFor(database.db, lab)).lab.payments();
    expect(mine.items.map((item) => item.id)).not.toContain(bookingId);
    const theirs = await (await callerFor(database.db, otherLab)).lab.payments();
    expect(theirs.items.find((item) => item.id === bookingId)).toMatchObject({ commission: 45 });
  });
});

describe("one figure for a lab's earnings (#77 item 6)", () => {
  it('shows on the payments page the Earned of its account, to the halala, explained line by line', async () => {
    const { user: fresh, offering } = await labOffering(15_500, 2);
    const completed = await bookAndComplete(offering);
    await complete(completed);
    const missed = await bookAndComplete(offering);
    await database.db.updateTable('bookings').set({ status: 'no_show' }).where('id', '=', missed).execute();
    await bookAndComplete(offering); // still ahead: awaiting completion, earned by nobody yet
    // A booking written straight into the database (as seeds once were) was never paid through Tahaleel.
    const unpaid = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId: offering,
      status: 'completed',
      priceHalalas: 40_000,
    });

    const caller = await callerFor(database.db, fresh);
    const payments = await caller.lab.payments();
    const { account } = await caller.lab.payouts({});
    // Two visits of 155.00 at a Starter lab's 15%: each earns 155.00 − 23.25 = 131.75, the missed one too (not refunded).
    expect(payments.totals).toEqual({ gross: 310, commission: 46.5, home_visits: 0, net: 263.5, promo_discounts: 0 });
    expect(account.earned).toBe(payments.totals.net);
    // Line by line: every booking earned from, each with its ledger's figures, adding up to the totals.
    expect(new Set(payments.items.map((item) => item.id))).toEqual(new Set([completed, missed, unpaid]));
    expect(payments.items.find((item) => item.id === missed)).toMatchObject({
      status: 'no_show',
      amount: 155,
      commission: 23.25,
      net: 131.75,
    });
    expect(payments.items.find((item) => item.id === unpaid)).toMatchObject({ amount: 0, commission: 0, net: 0 });
    const sum = (figure: 'amount' | 'commission' | 'home_visit_fee' | 'net') =>
      Math.round(payments.items.reduce((total, item) => total + item[figure] * 100, 0)) / 100;
    expect([sum('amount'), sum('commission'), sum('home_visit_fee'), sum('net')]).toEqual([310, 46.5, 0, 263.5]);
  });
});
