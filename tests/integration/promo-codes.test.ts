import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/app-router.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import type { SavePromoInput } from '../../src/shared/promo-schemas.ts';
import { nonFastingTestId, offerTest, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, contextFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { promoTerms } from '../setup/promo-terms.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Promo codes (issue #79 item 4, ADR 0092): the admin's codes, the discount at a lab-test checkout as a
// line of its own with VAT on what is left, the tax invoice's line, each booking's share (what a refund
// returns, what the lab's ledger records), one use per customer however many checkouts race, and codes
// guessed from one address stopped.

let database: TestDatabase;
let lab: TestUser;
let admin: TestUser;
let labTestId: number;
let otherLabTestId: number;

// Far enough ahead that every slot can still be booked and cancelled; Riyadh is UTC+3.
let nextSlot = Date.parse('2031-03-02T05:00:00Z');
function freeSlot(): string {
  const slot = new Date(nextSlot).toISOString();
  nextSlot += 30 * 60_000;
  if (new Date(nextSlot).getUTCHours() >= 17) nextSlot += 12 * 3_600_000; // past closing: 08:00 next day
  return slot;
}

const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  database = await openTestDatabase();
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '20:00' },
    { slot_capacity: 30 },
  ));
  admin = await createTestUser(database.db, 'admin');
  ({ labTestId: otherLabTestId } = await offerTest(database.db, lab.id, 8_999));
});
afterAll(async () => {
  await database.close();
});

async function createCode(code: string, changes: Partial<SavePromoInput> = {}) {
  const caller = await callerFor(database.db, admin);
  return caller.promo.save(promoTerms(code, changes));
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const data = (error as { code?: string; cause?: { code?: string; details?: { reason?: string } } }).cause;
    return data?.code === 'PROMO_REFUSED' ? data.details?.reason : data?.code;
  }
  return 'accepted';
}

async function checkOut(customer: TestUser, promoCode: string | undefined, items = [labTestId, otherLabTestId]) {
  const caller = await callerFor(database.db, customer);
  return booked(
    await caller.booking.create({
      items: items.map((id) => ({ labTestId: id, bookingTime: freeSlot() })),
      idempotencyKey: randomUUID(),
      promoCode,
    }),
  );
}

const invoiceOf = (checkoutId: string) =>
  database.db
    .selectFrom('invoices')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .where('kind', '=', 'invoice')
    .executeTakeFirstOrThrow();

describe('a promo code at the lab-test checkout', () => {
  it('takes its discount off as a line of its own, typed in any case with Arabic-Indic digits; VAT is on what is left', async () => {
    await createCode('FIRSTVISIT10', { firstOrderOnly: true });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    // 150.00 + 89.99 = 239.99; 10% is 24.00, shared 15.00 and 9.00 by the tests' prices.
    const quote = await caller.booking.promoQuote({
      code: ' firstvisit١٠ ',
      items: [
        { labTestId, bookingTime: freeSlot() },
        { labTestId: otherLabTestId, bookingTime: freeSlot() },
      ],
    });
    expect(quote).toEqual({ code: 'FIRSTVISIT10', discount: 24, shares: [15, 9] });

    const result = await checkOut(customer, 'FirstVisit١٠');
    // Basic's 5% booking fee is on the prices (7.50 + 4.50); 239.99 − 24.00 + 12.00 = 227.99.
    expect(result).toMatchObject({
      subtotal: 239.99,
      promo_code: 'FIRSTVISIT10',
      promo_discount: 24,
      booking_fee: 12,
      total_price: 227.99,
    });
    expect(result.vat).toBe(29.74); // 15/115 of 227.99

    const invoice = await invoiceOf(result.checkout_id);
    const lines = invoice.lines as Array<{ kind: string; name_en: string; name_ar: string; total_halalas: number }>;
    expect(lines.map((line) => [line.kind, line.total_halalas])).toEqual([
      ['test', 15_000],
      ['test', 8_999],
      ['discount', -2_400],
      ['fee', 1_200],
    ]);
    expect(lines[2]).toMatchObject({ name_en: 'Promo code FIRSTVISIT10 discount', name_ar: 'خصم رمز العرض FIRSTVISIT10' });
    expect(invoice.total_halalas).toBe(22_799);
    expect(invoice.vat_halalas).toBe(2_974);

    // Each booking keeps its share; the platform bears it, so the lab is owed its price less commission.
    const bookings = await database.db
      .selectFrom('bookings')
      .select(['lab_test_id', 'promo_discount_halalas'])
      .where('checkout_id', '=', result.checkout_id)
      .orderBy('total_price_halalas', 'desc')
      .execute();
    expect(bookings.map((row) => row.promo_discount_halalas)).toEqual([1_500, 900]);
    const ledger = await database.db
      .selectFrom('lab_ledger_entries')
      .innerJoin('bookings', 'bookings.id', 'lab_ledger_entries.booking_id')
      .select(['lab_ledger_entries.promo_discount_halalas', 'promo_paid_by', 'paid_halalas', 'lab_owed_halalas', 'commission_halalas'])
      .where('bookings.checkout_id', '=', result.checkout_id)
      .orderBy('lab_ledger_entries.price_halalas', 'desc')
      .execute();
    expect(ledger[0]).toMatchObject({ promo_discount_halalas: 1_500, promo_paid_by: 'platform', paid_halalas: 15_000 - 1_500 + 750 });
    expect(ledger[0]!.lab_owed_halalas).toBe(15_000 - ledger[0]!.commission_halalas);

    // It was their first order: the code is theirs no more.
    expect(await refusal(checkOut(customer, 'FIRSTVISIT10', [labTestId]))).toBe('already_used');
  });

  it('says why a code is refused', async () => {
    const now = Date.now();
    await createCode('OLDCODE', {
      startsAt: new Date(now - 20 * 86_400_000).toISOString(),
      endsAt: new Date(now - 86_400_000).toISOString(),
    });
    await createCode('SOON', { startsAt: new Date(now + 86_400_000).toISOString() });
    await createCode('PAUSED', { active: false });
    await createCode('BIGBASKET', { minBasket: 500 });
    await createCode('STOREONLY', { appliesTo: 'store' });
    await createCode('OTHERTEST', { appliesTo: 'tests', testIds: [999_999] });
    await createCode('FIRSTONLY', { firstOrderOnly: true });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const quote = (code: string) => refusal(caller.booking.promoQuote({ code, items: [{ labTestId, bookingTime: freeSlot() }] }));
    expect(await quote('NOSUCHCODE')).toBe('not_found');
    expect(await quote('oldcode')).toBe('expired');
    expect(await quote('SOON')).toBe('not_started');
    expect(await quote('PAUSED')).toBe('inactive');
    expect(await quote('BIGBASKET')).toBe('min_basket');
    expect(await quote('STOREONLY')).toBe('not_applicable');
    expect(await quote('OTHERTEST')).toBe('not_applicable');
    await checkOut(customer, undefined, [labTestId]);
    expect(await quote('FIRSTONLY')).toBe('first_order_only');
    // And paying with a refused code books nothing.
    const before = await database.db.selectFrom('bookings').select('id').where('customer_id', '=', customer.id).execute();
    expect(await refusal(checkOut(customer, 'OLDCODE', [labTestId]))).toBe('expired');
    const after = await database.db.selectFrom('bookings').select('id').where('customer_id', '=', customer.id).execute();
    expect(after).toHaveLength(before.length);
  });

  it('applies exactly once per customer under 20 concurrent checkouts', async () => {
    await createCode('ONCEONLY', { kind: 'fixed', amount: 20 });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const attempts = Array.from({ length: 20 }, () =>
      caller.booking.create({ items: [{ labTestId, bookingTime: freeSlot() }], idempotencyKey: randomUUID(), promoCode: 'onceonly' }).then(
        (answer) => booked(answer).promo_discount,
        (error: { cause?: { code?: string; details?: { reason?: string } } }) => error.cause?.details?.reason ?? error.cause?.code,
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 20)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already_used')).toHaveLength(19);
    const uses = await database.db
      .selectFrom('promo_redemptions')
      .innerJoin('checkouts', 'checkouts.id', 'promo_redemptions.checkout_id')
      .select('checkouts.status')
      .where('promo_redemptions.customer_id', '=', customer.id)
      .execute();
    expect(uses).toEqual([{ status: 'paid' }]);
  });

  it('gives the use back when the payment fails', async () => {
    await createCode('RETRYME');
    const customer = await createTestUser(database.db, 'customer');
    const context = await contextFor(database.db, customer);
    const declining = createCaller({
      ...context,
      payments: { ...simulatedPaymentProvider(0), charge: () => Promise.reject(new Error('card declined')) },
    });
    const items = [{ labTestId, bookingTime: freeSlot() }];
    expect(await refusal(declining.booking.create({ items, idempotencyKey: randomUUID(), promoCode: 'RETRYME' }))).toBe('PAYMENT_FAILED');
    const result = await checkOut(customer, 'RETRYME', [labTestId]);
    expect(result.promo_discount).toBe(15);
  });

  it('refunds a cancelled booking its price less its own share of the code, and a lab-paid code comes off the lab’s payout', async () => {
    await createCode('LABPAYS', { kind: 'fixed', amount: 30, appliesTo: 'labs', labIds: [lab.id], paidBy: 'lab' });
    const customer = await createTestUser(database.db, 'customer');
    const result = await checkOut(customer, 'LABPAYS');
    // 30.00 over 150.00 and 89.99: 18.75 and 11.25.
    expect(result.promo_discount).toBe(30);
    const cheaper = result.bookings.find((booking) => booking.lab_test_id === otherLabTestId)!;
    const caller = await callerFor(database.db, customer);
    const quote = await caller.booking.cancellation({ id: cheaper.id });
    // 89.99 − 11.25 + 4.50 fee.
    expect(quote.refund).toBe(83.24);
    const cancelled = await caller.booking.cancel({ id: cheaper.id });
    expect(cancelled.refund).toBe(83.24);

    const note = await database.db
      .selectFrom('invoices')
      .selectAll()
      .where('booking_id', '=', cheaper.id)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    const lines = note.lines as Array<{ kind: string; total_halalas: number }>;
    expect(lines.map((line) => [line.kind, line.total_halalas])).toEqual([
      ['test', 8_999],
      ['discount', -1_125],
      ['fee', 450],
    ]);
    expect(note.total_halalas).toBe(8_324);
    expect(note.vat_halalas).toBe(Math.round((8_324 * 15) / 115));

    const ledger = await database.db
      .selectFrom('lab_ledger_entries')
      .select(['kind', 'promo_discount_halalas', 'promo_paid_by', 'lab_owed_halalas', 'commission_halalas', 'paid_halalas'])
      .where('booking_id', '=', cheaper.id)
      .orderBy('kind')
      .execute();
    const [booking, reversal] = ledger;
    expect(booking).toMatchObject({ kind: 'booking', promo_discount_halalas: 1_125, promo_paid_by: 'lab', paid_halalas: 8_324 });
    // The lab bears it: owed its price less the commission and the discount.
    expect(booking!.lab_owed_halalas).toBe(8_999 - booking!.commission_halalas - 1_125);
    expect(reversal).toMatchObject({ kind: 'reversal', promo_discount_halalas: -1_125, lab_owed_halalas: -booking!.lab_owed_halalas });

    // The other booking done, the lab's payments page shows the discount it offered, off its earnings.
    const kept = result.bookings.find((item) => item.lab_test_id === labTestId)!;
    await database.db.updateTable('bookings').set({ status: 'completed', completed_at: new Date() }).where('id', '=', kept.id).execute();
    const labCaller = await callerFor(database.db, lab);
    const payments = await labCaller.lab.payments({ limit: 50, sort: 'newest' });
    const row = payments.items.find((item) => item.id === kept.id)!;
    expect(row).toMatchObject({ amount: 150, promo_discount: 18.75 });
    expect(row.net).toBe(150 - row.commission - 18.75);
    expect(payments.totals.promo_discounts).toBeGreaterThanOrEqual(18.75);
  });

  it('lets only the admin make codes, each text once', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const asCustomer = await callerFor(database.db, customer);
    expect(await refusal(asCustomer.promo.save(promoTerms('MINE50', { amount: 50 })))).toBe('FORBIDDEN');
    await createCode('TWICE');
    expect(await refusal(createCode('twice'))).toBe('CONFLICT');
    const admins = await callerFor(database.db, admin);
    const listed = await admins.promo.list();
    expect(listed.find((row) => row.code === 'FIRSTVISIT10')).toMatchObject({ uses: 1, discounted: 24, kind: 'percent', amount: 10 });
  });
});

describe('guessing codes', () => {
  it('stops a client trying codes that do not exist, even when it then tries a real one', async () => {
    await createCode('REALCODE');
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const quote = (code: string) => refusal(caller.booking.promoQuote({ code, items: [{ labTestId, bookingTime: freeSlot() }] }));
    const answers: unknown[] = [];
    for (let guess = 0; guess < 12; guess++) answers.push(await quote(`GUESS${guess}`));
    expect(answers.slice(0, 9).every((answer) => answer === 'not_found')).toBe(true);
    expect(answers.at(-1)).toBe('RATE_LIMITED');
    expect(await quote('REALCODE')).toBe('RATE_LIMITED');
  });
});
