// The wallet pays at the lab-test checkout (issue #79 item 5, ADR 0093): all or part of the total before
// the card, drawn in the transaction that books; a wallet that holds less by then books nothing and the card
// goes back; a cancellation's refund goes back where the money came from. Through the real procedures, with
// the simulated payment (charges recorded) and with the Moyasar-protocol fake through the app's routes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/app-router.ts';
import { grantCredit, spendFromWallet } from '../../src/server/modules/wallet/wallet.service.ts';
import { type PaymentProvider, simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { priceCheckout } from '../../src/shared/checkout-pricing.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { halfHourSlots, nonFastingTestId, offerTest, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, contextFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const PRICE = 15_000;
const OTHER_PRICE = 5_000;
/** 150.00 and its Basic booking fee of 5%: 157.50. */
const CHARGED = priceCheckout('basic', [PRICE]).total_halalas;

let database: TestDatabase;
let labTestId: number;
let otherLabTestId: number;
let moyasar: MoyasarApp;
let fake: FakeMoyasar;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  database = await openTestDatabase();
  let lab: TestUser;
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '00:00', closesAt: '23:30' },
    { slot_capacity: 50 },
    PRICE,
  ));
  ({ labTestId: otherLabTestId } = await offerTest(database.db, lab.id, OTHER_PRICE));
  moyasar = await startMoyasarApp(database.db, 'whsec_wallet');
  fake = moyasar.fake;
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

// Each checkout its own times, days ahead (Riyadh is UTC+3 all year).
const nextSlot = halfHourSlots();

/** The simulated payment, with every charge and refund it was asked for written down. */
function recordingPayments(delayMs = 0) {
  const charges: number[] = [];
  const refunds: Array<{ reference: string; amount: number | undefined }> = [];
  const base = simulatedPaymentProvider(delayMs);
  const provider: PaymentProvider = {
    ...base,
    charge: (request) => {
      charges.push(request.amount);
      return base.charge(request);
    },
    refund: async (reference, amount) => {
      refunds.push({ reference, amount });
    },
  };
  return { provider, charges, refunds };
}

async function customerWithCredit(halalas: number) {
  const customer = await createTestUser(database.db, 'customer');
  await grantCredit(
    database.db,
    { userId: customer.id, amountHalalas: halalas, reason: 'referral_referred', sourceKey: `test:${randomUUID()}`, validDays: 90 },
    new Date(),
  );
  return customer;
}

async function callerOf(customer: TestUser, payments: PaymentProvider) {
  return createCaller({ ...(await contextFor(database.db, customer)), payments });
}

async function checkOut(customer: TestUser, payments: PaymentProvider, items = [labTestId], useWallet = true) {
  const caller = await callerOf(customer, payments);
  return caller.booking.create({
    items: items.map((id) => ({ labTestId: id, bookingTime: nextSlot() })),
    idempotencyKey: randomUUID(),
    useWallet,
  });
}

const balanceOf = async (customer: TestUser) => (await (await callerOf(customer, simulatedPaymentProvider(0))).wallet.mine()).balance;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code;
  }
  return 'accepted';
}

describe('the wallet at the lab-test checkout (simulated payment)', () => {
  it('pays part of the total before the card; the invoice and VAT are those of the whole total', async () => {
    const customer = await customerWithCredit(5_000);
    const payments = recordingPayments();
    const result = booked(await checkOut(customer, payments.provider));
    expect(result).toMatchObject({ total_price: 157.5, wallet_paid: 50 });
    expect(payments.charges).toEqual([CHARGED - 5_000]);
    expect(await balanceOf(customer)).toBe(0);
    const wallet = await (await callerOf(customer, payments.provider)).wallet.mine();
    expect(wallet.movements.map((movement) => [movement.kind, movement.amount])).toEqual([
      ['spend', -50],
      ['credit', 50],
    ]);
    const invoice = await database.db
      .selectFrom('invoices')
      .select(['total_halalas', 'vat_halalas'])
      .where('checkout_id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ total_halalas: CHARGED, vat_halalas: Math.round((CHARGED * 15) / 115) });
  });

  it('pays the whole total with no card, and leaves the rest in the wallet', async () => {
    const customer = await customerWithCredit(20_000);
    const payments = recordingPayments();
    const result = booked(await checkOut(customer, payments.provider));
    expect(result).toMatchObject({ total_price: 157.5, wallet_paid: 157.5 });
    expect(result.bookings).toHaveLength(1);
    expect(payments.charges).toEqual([]);
    expect(await balanceOf(customer)).toBe(42.5);
    const checkout = await database.db
      .selectFrom('checkouts')
      .select(['status', 'payment_reference'])
      .where('id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    expect(checkout).toEqual({ status: 'paid', payment_reference: `wallet:${result.checkout_id}` });
  });

  it('leaves the wallet alone when the customer does not choose it', async () => {
    const customer = await customerWithCredit(5_000);
    const payments = recordingPayments();
    booked(await checkOut(customer, payments.provider, [labTestId], false));
    expect(payments.charges).toEqual([CHARGED]);
    expect(await balanceOf(customer)).toBe(50);
  });

  it('gives a cancelled booking back where the money came from: the wallet its share, the card the rest', async () => {
    // 150.00 + 50.00 and 5% fees: 210.00, of which the wallet pays 42.00 (a fifth).
    const customer = await customerWithCredit(4_200);
    const payments = recordingPayments();
    const result = booked(await checkOut(customer, payments.provider, [labTestId, otherLabTestId]));
    expect(result).toMatchObject({ total_price: 210, wallet_paid: 42 });
    expect(payments.charges).toEqual([16_800]);
    const caller = await callerOf(customer, payments.provider);
    const first = result.bookings.find((row) => row.lab_test_id === labTestId)!;
    // The dialog says it before: 157.50 back, a fifth of it (31.50) to the wallet.
    expect(await caller.booking.cancellation({ id: first.id })).toMatchObject({ refund: 157.5, refund_to_wallet: 31.5 });
    expect(await caller.booking.cancel({ id: first.id })).toMatchObject({ refund: 157.5, refund_to_wallet: 31.5 });
    expect(payments.refunds).toEqual([{ reference: `sim_${result.checkout_id}`, amount: 12_600 }]);
    expect(await balanceOf(customer)).toBe(31.5);
    // The other: 52.50, 10.50 of it to the wallet; together exactly what each paid.
    const second = result.bookings.find((row) => row.lab_test_id === otherLabTestId)!;
    expect(await caller.booking.cancel({ id: second.id })).toMatchObject({ refund: 52.5, refund_to_wallet: 10.5 });
    expect(payments.refunds.at(-1)).toEqual({ reference: `sim_${result.checkout_id}`, amount: 4_200 });
    expect(await balanceOf(customer)).toBe(42);
    // Each booking says what came back of it, wherever it went.
    const refunded = new Map((await caller.booking.mine()).map((row) => [row.id, row.refunded]));
    expect([refunded.get(first.id), refunded.get(second.id)]).toEqual([157.5, 52.5]);
  });

  it('gives a booking the wallet paid whole back to the wallet only, asking no card', async () => {
    const customer = await customerWithCredit(CHARGED);
    const payments = recordingPayments();
    const result = booked(await checkOut(customer, payments.provider));
    expect(await balanceOf(customer)).toBe(0);
    const caller = await callerOf(customer, payments.provider);
    expect(await caller.booking.cancel({ id: result.bookings[0]!.id })).toMatchObject({ refund: 157.5, refund_to_wallet: 157.5 });
    expect(payments.refunds).toEqual([]);
    expect(await balanceOf(customer)).toBe(157.5);
  });

  it('spends a balance once when two checkouts race for it: the other books nothing and its card goes back', async () => {
    const customer = await customerWithCredit(5_000);
    // Both are priced while the balance is whole; the card takes a moment, and the draws meet at the booking.
    const payments = recordingPayments(300);
    const [a, b] = await Promise.allSettled([checkOut(customer, payments.provider), checkOut(customer, payments.provider)]);
    const outcomes = [a, b].map((outcome) =>
      outcome.status === 'fulfilled' ? 'booked' : (outcome.reason as { cause?: { code?: string } }).cause?.code,
    );
    expect(outcomes.sort()).toEqual(['WALLET_BALANCE_CHANGED', 'booked']);
    expect(payments.charges).toEqual([CHARGED - 5_000, CHARGED - 5_000]);
    expect(payments.refunds).toHaveLength(1);
    expect(await balanceOf(customer)).toBe(0);
    const spends = await database.db
      .selectFrom('wallet_movements')
      .select('amount_halalas')
      .where('user_id', '=', customer.id)
      .where('kind', '=', 'spend')
      .execute();
    expect(spends).toEqual([{ amount_halalas: -5_000 }]);
    // Its seat went back with it: booked again, without the wallet, it is taken.
    const bookings = await database.db.selectFrom('bookings').select('id').where('customer_id', '=', customer.id).execute();
    expect(bookings).toHaveLength(1);
  });

  it('is for the account holder alone: a wallet with nothing in it pays nothing', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const payments = recordingPayments();
    expect(booked(await checkOut(customer, payments.provider))).toMatchObject({ wallet_paid: 0 });
    expect(payments.charges).toEqual([CHARGED]);
    expect(await refusal((await callerOf(customer, payments.provider)).wallet.balance())).toBe('accepted');
  });
});

describe('the wallet at a checkout paid at Moyasar', () => {
  async function moyasarCheckout(customer: TestUser) {
    const caller = createCaller({ ...(await contextFor(database.db, customer)), payments: moyasar.payments, config: moyasar.env });
    return caller.booking.create({ items: [{ labTestId, bookingTime: nextSlot() }], idempotencyKey: randomUUID(), useWallet: true });
  }

  async function payAtGateway(form: {
    amount: number;
    currency: string;
    description: string;
    callback_url: string;
    metadata: Record<string, string>;
  }) {
    const created = await fake.createPayment({
      ...form,
      source: { type: 'creditcard', name: 'Sara Alqahtani', number: '4111111111111111', month: '12', year: '2031', cvc: '123' },
    });
    const back = new URL(await fake.complete3ds(created.payment.id, 'approve'));
    const response = await moyasar.app.request(`/payments/moyasar/callback${back.search}`);
    return { id: created.payment.id, outcome: new URL(response.headers.get('location')!, 'http://localhost').searchParams.get('outcome') };
  }

  it('asks the card for the rest only, and books when the gateway says that rest was paid', async () => {
    const customer = await customerWithCredit(5_000);
    const answer = await moyasarCheckout(customer);
    if (!('payment' in answer)) throw new Error('expected payment_required');
    expect(answer.payment.amount).toBe(CHARGED - 5_000);
    expect((await payAtGateway(answer.payment)).outcome).toBe('paid');
    expect(await balanceOf(customer)).toBe(0);
    const rows = await database.db.selectFrom('bookings').select('status').where('customer_id', '=', customer.id).execute();
    expect(rows).toEqual([{ status: 'confirmed' }]);
  });

  it('books at once with no payment form when the wallet pays it all', async () => {
    const customer = await customerWithCredit(20_000);
    const answer = booked(await moyasarCheckout(customer));
    expect(answer).toMatchObject({ wallet_paid: 157.5, bookings: [expect.objectContaining({ status: 'confirmed' })] });
    expect(await balanceOf(customer)).toBe(42.5);
  });

  it('books nothing and refunds the card when the wallet was spent elsewhere while the customer paid', async () => {
    const customer = await customerWithCredit(5_000);
    const answer = await moyasarCheckout(customer);
    if (!('payment' in answer)) throw new Error('expected payment_required');
    // Meanwhile the balance goes on another order.
    await database.db
      .transaction()
      .execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 5_000, spendKey: `order:${randomUUID()}` }));
    const paid = await payAtGateway(answer.payment);
    expect(paid.outcome).toBe('refunded');
    expect(fake.payments.get(paid.id)).toMatchObject({ status: 'refunded', refunded: CHARGED - 5_000 });
    expect(await database.db.selectFrom('bookings').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
    const mails = await database.db
      .selectFrom('outbox')
      .select('data')
      .where('user_id', '=', customer.id)
      .where('template', '=', 'payment-refunded')
      .execute();
    expect(mails).toEqual([{ data: expect.objectContaining({ reason: 'wallet_changed', amount: (CHARGED - 5_000) / 100 }) }]);
  });
});
