// The wallet at the store's checkout (ADR 0093, "The wallet at the store checkout"): a signed-in buyer
// pays all or part of an order from their wallet; the order records the wallet's part, the card or the
// gateway is charged the rest, and the wallet is drawn in the transaction that marks the order paid.
// Through the real procedures, with the simulated payments and with the Moyasar-protocol fake.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundStoreOrder } from '../../src/server/modules/store/store-payments.service.ts';
import { grantCredit, walletOf } from '../../src/server/modules/wallet/wallet.service.ts';
import { type PaymentProvider, simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { createTestUser, type TestUser } from '../setup/fixtures.ts';
import { gatewayReturns, type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { approvedPayment, checkoutDefaults, createTestVariant, deliveryDetails, orderIdOf, storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const PRICE = 4_999;
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The simulated gateway, recording each charge and each refund with its amount (none: the whole). */
function ledgerPayments() {
  const gateway = simulatedPaymentProvider(0);
  const charged: { amount: number; reference: string }[] = [];
  const refunded: { reference: string; amount: number | undefined }[] = [];
  const payments: PaymentProvider = {
    name: gateway.name,
    async charge(request) {
      const payment = await gateway.charge(request);
      charged.push({ amount: request.amount, reference: payment.reference });
      return payment;
    },
    async refund(reference, amount) {
      refunded.push({ reference, amount });
    },
  };
  return { payments, charged, refunded };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
}

/** A customer with `sar` riyals in their wallet (a credit lasting 90 days). */
async function customerWith(sar: number): Promise<TestUser> {
  const customer = await createTestUser(database.db, 'customer');
  if (sar > 0) {
    await grantCredit(
      database.db,
      { userId: customer.id, amountHalalas: sar * 100, reason: 'referral_referred', sourceKey: `test:${randomUUID()}`, validDays: 90 },
      new Date(),
    );
  }
  return customer;
}

const balanceOf = async (user: TestUser) => (await walletOf(database.db, user.id)).balance;
const orderRow = (id: string) => database.db.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const spendsOf = (orderId: string) =>
  database.db.selectFrom('wallet_movements').select(['kind', 'amount_halalas']).where('spend_key', '=', `order:${orderId}`).execute();

/** A pending order of one unit of a fresh product at `price` halalas, opened by `user`. */
async function pendingOrder(user: TestUser | undefined, payments: PaymentProvider, price = PRICE, locale: 'ar' | 'en' = 'en') {
  const { variantId } = await createTestVariant(database.db, { stock: 5, priceHalalas: price });
  const caller = await storeCallerFor(database.db, { user, payments, locale });
  const { url } = await caller.store.checkout({ ...checkoutDefaults, locale, items: [{ variantId, quantity: 1 }] });
  return { orderId: orderIdOf(url), caller };
}

describe('the wallet at the store checkout (simulated payments)', () => {
  it("shows the buyer their balance and what it would pay; pays part, and the card is charged only the rest; the total and VAT stay the order's", async () => {
    const customer = await customerWith(20);
    const { payments, charged } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);

    const page = await caller.store.hostedCheckout.get({ orderId });
    expect(page.wallet).toEqual({
      balance_formatted: expect.stringContaining('20.00'),
      pays_formatted: expect.stringContaining('20.00'),
      card_due_cents: PRICE - 2_000,
      card_due_formatted: expect.stringContaining('29.99'),
    });
    // Another account, or the link signed out, sees no one's wallet.
    for (const someone of [await customerWith(50), undefined]) {
      const other = await storeCallerFor(database.db, { user: someone, payments });
      expect((await other.store.hostedCheckout.get({ orderId })).wallet).toBeNull();
    }

    await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment, useWallet: true });
    expect(charged).toEqual([{ amount: PRICE - 2_000, reference: `sim_${orderId}` }]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', wallet_halalas: 2_000, total_cents: PRICE });
    expect(await balanceOf(customer)).toBe(0);
    const invoice = await database.db
      .selectFrom('invoices')
      .select(['total_halalas', 'vat_halalas'])
      .where('store_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ total_halalas: PRICE, vat_halalas: Math.round((PRICE * 15) / 115) });
    const paid = await caller.store.hostedCheckout.get({ orderId });
    expect(paid.paid_from_wallet).toEqual({
      wallet_formatted: expect.stringContaining('20.00'),
      card_formatted: expect.stringContaining('29.99'),
    });
  });

  it('with the switch off, the card pays the whole and the wallet is untouched; a guest cannot use a wallet', async () => {
    const customer = await customerWith(20);
    const { payments, charged } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);
    await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment });
    expect(charged.map((charge) => charge.amount)).toEqual([PRICE]);
    expect(await balanceOf(customer)).toBe(20);

    const guest = await pendingOrder(undefined, payments);
    expect((await guest.caller.store.hostedCheckout.get({ orderId: guest.orderId })).wallet).toBeNull();
    await guest.caller.store.hostedCheckout.pay({ orderId: guest.orderId, ...approvedPayment, useWallet: true });
    expect(charged.map((charge) => charge.amount)).toEqual([PRICE, PRICE]);
    expect((await orderRow(guest.orderId)).wallet_halalas).toBe(0);
  });

  it('a wallet holding the whole total places the order at once, without a card', async () => {
    const customer = await customerWith(100);
    const { payments, charged } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);
    expect((await caller.store.hostedCheckout.get({ orderId })).wallet).toMatchObject({ card_due_cents: 0 });
    const { redirectUrl } = await caller.store.hostedCheckout.payFromWallet({ orderId, ...deliveryDetails });
    expect(redirectUrl).toContain(orderId);
    expect(charged).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      wallet_halalas: PRICE,
      payment_reference: `wallet:${orderId}`,
      card_last4: null,
      buyer_name: deliveryDetails.fullName,
    });
    expect(await balanceOf(customer)).toBe(50.01);
    expect(await spendsOf(orderId)).toEqual([{ kind: 'spend', amount_halalas: -PRICE }]);
    // A second press is answered as the first, and draws nothing more.
    await caller.store.hostedCheckout.payFromWallet({ orderId, ...deliveryDetails });
    expect(await balanceOf(customer)).toBe(50.01);
  });

  it('a wallet that no longer covers the whole is told, and nothing is taken', async () => {
    const customer = await customerWith(10);
    const { payments, charged } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);
    expect(await codeOf(caller.store.hostedCheckout.payFromWallet({ orderId, ...deliveryDetails }))).toBe('WALLET_BALANCE_CHANGED');
    expect(charged).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(customer)).toBe(10);
  });

  it('two orders paying at once from one balance: one draws it, the other fails and its card payment is refunded whole', async () => {
    const customer = await customerWith(30);
    const { payments, charged, refunded } = ledgerPayments();
    const first = await pendingOrder(customer, payments);
    const second = await pendingOrder(customer, payments);
    // Each page saw 30 SAR; each payment records it as the wallet's part of its order.
    const results = await Promise.allSettled([
      first.caller.store.hostedCheckout.pay({ orderId: first.orderId, ...approvedPayment, useWallet: true }),
      second.caller.store.hostedCheckout.pay({ orderId: second.orderId, ...approvedPayment, useWallet: true }),
    ]);
    expect(charged.map((charge) => charge.amount)).toEqual([PRICE - 3_000, PRICE - 3_000]);
    const won = results.findIndex((result) => result.status === 'fulfilled');
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = 1 - won;
    const loser = [first, second][lost]!;
    const failure = results[lost] as PromiseRejectedResult;
    expect((failure.reason as { cause?: { code?: string } }).cause?.code).toBe('WALLET_BALANCE_CHANGED');
    expect(refunded).toEqual([{ reference: `sim_${loser.orderId}`, amount: undefined }]);
    expect(await orderRow([first, second][won]!.orderId)).toMatchObject({ status: 'paid' });
    expect(await orderRow(loser.orderId)).toMatchObject({ status: 'pending', payment_reference: null });
    expect(await spendsOf(loser.orderId)).toEqual([]);
    expect(await balanceOf(customer)).toBe(0);
    // Told in their language, the buyer pays again with the card alone.
    expect((await loser.caller.store.hostedCheckout.get({ orderId: loser.orderId })).wallet).toBeNull();
    await loser.caller.store.hostedCheckout.pay({ orderId: loser.orderId, ...approvedPayment });
    expect(await orderRow(loser.orderId)).toMatchObject({ status: 'paid', wallet_halalas: 0 });
  });

  it('a refund goes back where the money came from: a part, then the rest by the admin’s cancellation', async () => {
    const customer = await customerWith(20);
    const admin = await createTestUser(database.db, 'admin');
    const { payments, refunded } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);
    await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment, useWallet: true });
    const order = await orderRow(orderId);

    // 10 SAR of 49.99, paid 20 by the wallet and 29.99 by the card: 4.00 to the wallet, 6.00 to the card.
    const part = await database.db
      .transaction()
      .execute((tx) => refundStoreOrder(tx, payments, { ...order, payment_reference: order.payment_reference! }, 1_000));
    expect(part).toEqual({ walletHalalas: 400, cardHalalas: 600 });
    expect(refunded).toEqual([{ reference: `sim_${orderId}`, amount: 600 }]);
    expect(await balanceOf(customer)).toBe(4);

    const adminCaller = await storeCallerFor(database.db, { user: admin, payments });
    expect(await adminCaller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' })).toMatchObject({ refunded: true });
    expect(refunded).toEqual([
      { reference: `sim_${orderId}`, amount: 600 },
      { reference: `sim_${orderId}`, amount: PRICE - 2_000 - 600 },
    ]);
    const wallet = await walletOf(database.db, customer.id);
    expect(wallet.balance).toBe(20);
    expect(wallet.movements.filter((movement) => movement.kind === 'refund').map((movement) => movement.amount)).toEqual([16, 4]);
    // Each refund's row says what it gave back in all and what of it went to the wallet, as a booking's does.
    const refunds = await database.db
      .selectFrom('payment_refunds')
      .select(['amount_halalas', 'wallet_halalas'])
      .where('store_order_id', '=', orderId)
      .execute();
    expect(refunds.map((row) => [row.amount_halalas, row.wallet_halalas]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      [
        [1_000, 400],
        [PRICE - 1_000, 1_600],
      ].sort((a, b) => a[0]! - b[0]!),
    );
  });

  it('an order the wallet paid whole is refunded to the wallet alone when the admin cancels it', async () => {
    const customer = await customerWith(60);
    const admin = await createTestUser(database.db, 'admin');
    const { payments, refunded } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);
    await caller.store.hostedCheckout.payFromWallet({ orderId, ...deliveryDetails });
    const adminCaller = await storeCallerFor(database.db, { user: admin, payments });
    await adminCaller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' });
    expect(refunded).toEqual([]);
    expect(await balanceOf(customer)).toBe(60);
  });

  it('an abandoned order draws nothing: its wallet part recorded, the balance stays', async () => {
    const customer = await customerWith(20);
    const { payments } = ledgerPayments();
    const { orderId, caller } = await pendingOrder(customer, payments);
    // A declined card: the wallet's part was recorded, never drawn.
    expect(
      await codeOf(caller.store.hostedCheckout.pay({ orderId, ...approvedPayment, number: '4000 0000 0000 0002', useWallet: true })),
    ).toBe('PAYMENT_DECLINED');
    expect((await orderRow(orderId)).wallet_halalas).toBe(2_000);
    await caller.store.hostedCheckout.cancel({ orderId });
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled' });
    expect(await spendsOf(orderId)).toEqual([]);
    expect(await balanceOf(customer)).toBe(20);
  });
});

describe('the wallet at the store checkout (Moyasar)', () => {
  const WEBHOOK_SECRET = 'whsec_store_wallet';
  let fake: FakeMoyasar;
  let app: MoyasarApp['app'];
  let payments: MoyasarApp['payments'];
  let env: MoyasarApp['env'];

  beforeAll(async () => {
    ({ fake, env, payments, app } = await startMoyasarApp(database.db, WEBHOOK_SECRET));
  });
  afterAll(async () => {
    await fake.close();
  });

  async function started(customer: TestUser, useWallet: boolean) {
    const { variantId } = await createTestVariant(database.db, { stock: 5, priceHalalas: PRICE });
    const caller = await storeCallerFor(database.db, { user: customer, config: env, payments, locale: 'ar' });
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    const orderId = orderIdOf(url);
    const answer = await caller.store.hostedCheckout.startPayment({ orderId, ...deliveryDetails, useWallet });
    return { orderId, caller, answer };
  }

  async function payAtGateway(
    form: { amount: number; currency: string; description: string; callback_url: string; metadata: Record<string, string> },
    amount = form.amount,
  ) {
    const created = await fake.createPayment({
      amount,
      currency: form.currency,
      description: form.description,
      callback_url: form.callback_url,
      metadata: form.metadata,
      source: { type: 'creditcard', name: 'Noura Alqahtani', number: '4111111111111111', month: '12', year: '2031', cvc: '123' },
    });
    const back = new URL(await fake.complete3ds(created.payment.id, 'approve'));
    return { id: created.payment.id, back };
  }

  const callback = (query: string) => gatewayReturns({ app, fake }, WEBHOOK_SECRET).callback(query);

  it("asks the gateway for the order's total less the wallet's part, and confirms only a payment of that", async () => {
    const customer = await customerWith(20);
    const { orderId, answer } = await started(customer, true);
    if (answer.status !== 'payment_required') throw new Error('expected payment_required');
    expect(answer.payment.amount).toBe(PRICE - 2_000);

    // The whole total paid instead (a form tampered with): not this order's card part, never confirmed; it goes back whole (ADR 0095).
    const whole = await payAtGateway(answer.payment, PRICE);
    const wholeLanded = await callback(whole.back.search);
    expect([wholeLanded.searchParams.get('payment'), wholeLanded.searchParams.get('refund')]).toEqual(['refunded', 'amount_changed']);
    expect(fake.payments.get(whole.id)).toMatchObject({ status: 'refunded', refunded: PRICE });
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(customer)).toBe(20);

    const right = await payAtGateway(answer.payment);
    expect((await callback(right.back.search)).pathname).toBe('/success');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_reference: right.id, wallet_halalas: 2_000 });
    expect(await balanceOf(customer)).toBe(0);
  });

  it('a wallet covering the whole places the order without the gateway', async () => {
    const customer = await customerWith(80);
    const { orderId, answer } = await started(customer, true);
    expect(answer).toMatchObject({ status: 'paid', redirectUrl: expect.stringContaining(orderId) });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_reference: `wallet:${orderId}` });
    expect(await balanceOf(customer)).toBe(30.01);
  });

  it('two orders paid at once from one balance: the second payment is refunded whole, and the buyer is told why', async () => {
    const customer = await customerWith(30);
    const first = await started(customer, true);
    const second = await started(customer, true);
    if (first.answer.status !== 'payment_required' || second.answer.status !== 'payment_required') throw new Error('expected forms');
    const [a, b] = await Promise.all([payAtGateway(first.answer.payment), payAtGateway(second.answer.payment)]);
    const landings = await Promise.all([callback(a.back.search), callback(b.back.search)]);
    const won = landings.findIndex((landing) => landing.pathname === '/success');
    expect(won).toBeGreaterThanOrEqual(0);
    const lostPayment = [a, b][1 - won]!;
    const lostOrder = [first, second][1 - won]!;
    expect(landings[1 - won]!.searchParams.get('payment')).toBe('refunded');
    expect(landings[1 - won]!.searchParams.get('refund')).toBe('wallet_changed');
    expect(fake.payments.get(lostPayment.id)).toMatchObject({ status: 'refunded', refunded: PRICE - 3_000 });
    expect(await orderRow(lostOrder.orderId)).toMatchObject({ status: 'pending', payment_reference: null });
    expect(await balanceOf(customer)).toBe(0);
    const mails = await database.db
      .selectFrom('outbox')
      .select(['data', 'locale'])
      .where('dedupe_key', '=', `store-payment-refunded:${lostPayment.id}`)
      .execute();
    expect(mails).toEqual([
      expect.objectContaining({ locale: 'ar', data: expect.objectContaining({ reason: 'wallet_changed', amount: (PRICE - 3_000) / 100 }) }),
    ]);
    // The webhook for the same payment changes nothing more.
    await gatewayReturns({ app, fake }, WEBHOOK_SECRET).webhook(lostPayment.id);
    expect(await orderRow(lostOrder.orderId)).toMatchObject({ status: 'pending' });
  });

  it('starting without the wallet after with it charges the whole, and the balance stays', async () => {
    const customer = await customerWith(20);
    const { orderId, caller } = await started(customer, true);
    const again = await caller.store.hostedCheckout.startPayment({ orderId, ...deliveryDetails, useWallet: false });
    if (again.status !== 'payment_required') throw new Error('expected payment_required');
    expect(again.payment.amount).toBe(PRICE);
    expect((await orderRow(orderId)).wallet_halalas).toBe(0);
    await caller.store.hostedCheckout.cancel({ orderId });
    expect(await balanceOf(customer)).toBe(20);
  });
});
