import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError, z } from 'zod';
import { todayIn } from '../../src/shared/time.ts';
import { openLabSelling, refusal } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #21, ADR 0043: an administrator records a bank transfer to a lab; the lab's balance owed is
// what the ledger owes it for bookings no longer waiting for it, less what was paid out.

let database: TestDatabase;
let admin: TestUser;
let lab: TestUser;
let customer: TestUser;
let labTestId: number;

const PRICE = 15_000;
const HOME_FEE = 50;
const HOME = { address: 'حي الملقا، شارع الأمير محمد بن سعد، منزل 12', latitude: 24.7536, longitude: 46.6853 };

let nextSlot = Date.parse('2031-05-04T06:00:00Z');
/** A free half-hour at the lab (08:00–20:00 Riyadh, every day). */
function freeSlot(): string {
  const slot = new Date(nextSlot).toISOString();
  nextSlot += 30 * 60_000;
  if (new Date(nextSlot).getUTCHours() >= 16) nextSlot += 14 * 3_600_000;
  return slot;
}
let nextHomeDay = Date.parse('2031-06-01T04:00:00Z');
/** A home collection window (07:00 Riyadh) on a day of its own. */
function freeHomeWindow(): string {
  const window = new Date(nextHomeDay).toISOString();
  nextHomeDay += 86_400_000;
  return window;
}

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  const test = await database.db.selectFrom('tests').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    test.id,
    { opensAt: '08:00', closesAt: '20:00' },
    { lab_name_en: `Payout Lab ${randomUUID().slice(0, 8)}`, latitude: 24.7136, longitude: 46.6753, slot_capacity: 2 },
    PRICE,
  ));
  customer = await createTestUser(database.db, 'customer');
  await (await callerFor(database.db, lab)).lab.updateHomeCollection({
    enabled: true,
    fee: HOME_FEE,
    radiusKm: 15,
    windowMinutes: 120,
    windowCapacity: 2,
    opensAt: '07:00',
    closesAt: '13:00',
  });
});
afterAll(() => database.close());

const as = (user?: TestUser) => callerFor(database.db, user);

/** A paid booking of the lab's test by the customer (at the lab, or at home with the visit's fee). */
async function book(where: 'lab' | 'home' = 'lab') {
  const item = where === 'home' ? { labTestId, bookingTime: freeHomeWindow(), home: HOME } : { labTestId, bookingTime: freeSlot() };
  const result = booked(await (await as(customer)).booking.create({ items: [item], idempotencyKey: randomUUID() }));
  return result.bookings[0]!.id;
}

const complete = (bookingId: string) =>
  database.db.updateTable('bookings').set({ status: 'completed', completed_at: new Date() }).where('id', '=', bookingId).execute();

const account = async () => (await (await as(admin)).admin.labPayouts({ labId: lab.id })).account;

const payout = (amount: number, overrides: Record<string, unknown> = {}) => ({
  labId: lab.id,
  amount,
  paidOn: todayIn('Asia/Riyadh'),
  bankReference: `FT${randomUUID().slice(0, 10).toUpperCase()}`,
  ...overrides,
});

/** The field errors a refused input carries, as the client receives them. */
async function fieldErrorsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCError) || !(error.cause instanceof ZodError))
    throw new Error(`expected a validation error, got ${String(error)}`);
  return z.flattenError(error.cause).fieldErrors;
}

describe('a lab’s balance', () => {
  it('counts from the ledger the bookings done, with the home visit’s fee, and a refunded one as nothing', async () => {
    expect(await account()).toMatchObject({ earned: 0, pending: 0, paid_out: 0, balance: 0 });

    // A Starter lab is owed 150.00 less 15% (22.50): 127.50, pending until the test is done.
    const atLab = await book();
    expect(await account()).toMatchObject({ earned: 0, pending: 127.5, balance: 0 });
    await complete(atLab);
    expect(await account()).toMatchObject({ earned: 127.5, pending: 0, balance: 127.5 });

    // A cancelled and refunded booking: its reversing row takes back what its booking row owed.
    const refunded = await book();
    await (await as(customer)).booking.cancel({ id: refunded });
    expect(await account()).toMatchObject({ earned: 127.5, pending: 0, balance: 127.5 });

    // A home visit: the lab is also owed the visit's 50.00 fee: 127.50 + 50.00.
    const atHome = await book('home');
    await complete(atHome);
    expect(await account()).toMatchObject({ earned: 305, pending: 0, paid_out: 0, balance: 305 });

    // The lab's payments show the same: the home visit's row and the totals carry its fee.
    const payments = await (await as(lab)).lab.payments();
    expect(payments.items.find((item) => item.id === atHome)).toMatchObject({
      total_price: 150,
      home_collection_fee: 50,
      commission: 22.5,
      net: 177.5,
    });
    expect(payments.items.find((item) => item.id === atLab)).toMatchObject({ commission: 22.5, net: 127.5 });
    expect(payments.totals).toEqual({ gross: 300, commission: 45, home_visits: 50, net: 305, promo_discounts: 0 });
  });
});

describe('recording a payout', () => {
  it('lowers the balance the admin and the lab see, lists it for both, and writes an audit entry', async () => {
    const before = await account();
    const input = payout(100, { bankReference: '  FT2611240001  ', note: 'تحويل مستحقات نوفمبر' });
    const answer = await (await as(admin)).admin.recordPayout(input);
    expect(answer).toMatchObject({ paid_out: before.paid_out + 100, balance: before.balance - 100 });

    const seenByLab = await (await as(lab)).lab.payouts();
    expect(seenByLab.account).toMatchObject({ paid_out: before.paid_out + 100, balance: before.balance - 100 });
    expect(seenByLab.items[0]).toMatchObject({
      id: answer.id,
      amount: 100,
      paid_on: input.paidOn,
      bank_reference: 'FT2611240001',
      note: 'تحويل مستحقات نوفمبر',
      reverses_id: null,
      reversed_by: null,
    });
    const listed = await (await as(admin)).admin.labBalances({ q: 'Payout Lab' });
    expect(listed.items.find((row) => row.id === lab.id)).toMatchObject({ paid_out: before.paid_out + 100, balance: before.balance - 100 });

    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('subject_type', '=', 'lab')
      .where('subject_id', '=', lab.id)
      .where('action', '=', 'lab.payout')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, details: { payoutId: answer.id, amount: 100, bankReference: 'FT2611240001' } });
  });

  it('answers a cursor that does not decode with VALIDATION_FAILED, for a lab that does not exist too, and leaves no query running unheard', async () => {
    // The hostile-input fuzz found it: the balance's query was started before the cursor was read, and
    // its NOT_FOUND went unhandled once the cursor's error had answered.
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const missingLab = '00000000-0000-4000-8000-000000000000';
      expect(await refusal((await as(admin)).admin.labPayouts({ labId: missingLab, cursor: 'not-a-cursor' }))).toMatchObject({
        appCode: 'VALIDATION_FAILED',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('refuses more than the balance owed, and writes nothing', async () => {
    const { balance, paid_out } = await account();
    expect(await refusal((await as(admin)).admin.recordPayout(payout(balance + 0.01)))).toEqual({
      code: 'CONFLICT',
      appCode: 'PAYOUT_EXCEEDS_BALANCE',
    });
    expect((await account()).paid_out).toBe(paid_out);
  });

  it('lets only one of two administrators recording at once pay out the same balance', async () => {
    const other = await createTestUser(database.db, 'admin');
    const { balance, paid_out } = await account();
    const share = Math.round(balance * 60) / 100;
    const results = await Promise.allSettled([
      (await as(admin)).admin.recordPayout(payout(share)),
      (await as(other)).admin.recordPayout(payout(share)),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: 'PAYOUT_EXCEEDS_BALANCE' });
    expect(await account()).toMatchObject({ paid_out: Math.round((paid_out + share) * 100) / 100 });
  });

  it('refuses a zero, negative or sub-halala amount, a future date, and a missing or overlong bank reference', async () => {
    const caller = await as(admin);
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(0)))).toEqual({ amount: ['invalid'] });
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(-5)))).toEqual({ amount: ['invalid'] });
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(1.005)))).toEqual({ amount: ['invalid'] });
    const tomorrow = new Date(Date.parse(`${todayIn('Asia/Riyadh')}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(1, { paidOn: tomorrow })))).toEqual({ paidOn: ['date_in_future'] });
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(1, { paidOn: '2026-02-30' })))).toEqual({ paidOn: ['invalid'] });
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(1, { bankReference: '   ' })))).toEqual({ bankReference: ['required'] });
    expect(await fieldErrorsOf(caller.admin.recordPayout(payout(1, { bankReference: 'F'.repeat(65) })))).toEqual({
      bankReference: ['too_long'],
    });
    expect(await refusal(caller.admin.recordPayout(payout(1, { labId: customer.id })))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
  });
});

describe('a mistaken payout', () => {
  it('is cancelled by a reversing payout, once, and no payout row can be changed or removed', async () => {
    const caller = await as(admin);
    const before = await account();
    const mistaken = await caller.admin.recordPayout(payout(10));
    const after = await caller.admin.reversePayout({ payoutId: mistaken.id, note: 'Wrong beneficiary account' });
    expect(after).toMatchObject({ paid_out: before.paid_out, balance: before.balance });
    const history = await (await as(lab)).lab.payouts();
    const reversal = history.items.find((item) => item.reverses_id === mistaken.id);
    expect(reversal).toMatchObject({ amount: -10, note: 'Wrong beneficiary account' });
    expect(history.items.find((item) => item.id === mistaken.id)).toMatchObject({ reversed_by: reversal!.id });

    expect(await refusal(caller.admin.reversePayout({ payoutId: mistaken.id, note: 'again' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'PAYOUT_ALREADY_REVERSED',
    });
    expect(await refusal(caller.admin.reversePayout({ payoutId: reversal!.id, note: 'undo the undo' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'PAYOUT_ALREADY_REVERSED',
    });
    await expect(database.db.updateTable('lab_payouts').set({ amount_halalas: 1 }).where('id', '=', mistaken.id).execute()).rejects.toThrow(
      /history/,
    );
    await expect(database.db.deleteFrom('lab_payouts').where('id', '=', mistaken.id).execute()).rejects.toThrow(/history/);
  });
});

describe('the admin’s revenue', () => {
  it('reads the platform’s share from the ledger: commission and booking fee of a paid booking, taken back by its refund', async () => {
    const revenue = async () => (await (await as(admin)).admin.overview()).platform_revenue;
    const before = await revenue();
    const bookingId = await book();
    // A basic customer's 5% booking fee (7.50) and a Starter lab's 15% commission (22.50).
    const paid = await revenue();
    expect(Math.round((paid.commission - before.commission) * 100)).toBe(2_250);
    expect(Math.round((paid.booking_fees - before.booking_fees) * 100)).toBe(750);
    expect(Math.round((paid.net - before.net) * 100)).toBe(3_000);
    await (await as(customer)).booking.cancel({ id: bookingId });
    expect(await revenue()).toEqual(before);
  });
});
