// The built-in store's hosted checkout paid at Moyasar (issue #21; ADR 0039), through the real
// procedures and the real routes of the Hono app, against the Moyasar-protocol fake
// (tests/fakes/moyasar.ts). The payment page answers the gateway form's configuration naming the order
// in `metadata.store_order_id`; the callback and the webhook only name a payment, and nothing is
// confirmed that the gateway does not say was paid, for this order's amount, and nothing twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverInterruptedCheckouts } from '../../src/server/modules/booking/checkout-recovery.service.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { createTestUser } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { gatewayReturns, type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { checkoutDefaults, createTestVariant, deliveryDetails, orderIdOf, stockOf, storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const WEBHOOK_SECRET = 'whsec_store_test';
const PRICE = 4_999;
let database: TestDatabase;
let fake: FakeMoyasar;
let app: MoyasarApp['app'];
let returns: ReturnType<typeof gatewayReturns>;
let payments: MoyasarApp['payments'];
let env: MoyasarApp['env'];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ fake, env, payments, app } = await startMoyasarApp(database.db, WEBHOOK_SECRET));
  returns = gatewayReturns({ app, fake }, WEBHOOK_SECRET);
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const buyer = () => storeCallerFor(database.db, { config: env, payments, locale: 'en' });

/** A pending order of `quantity` units of a fresh product with `stock` units, and its payment form. */
async function orderToPay(options: { stock?: number; quantity?: number } = {}) {
  const { variantId } = await createTestVariant(database.db, { stock: options.stock ?? 5, priceHalalas: PRICE });
  const caller = await buyer();
  const { url } = await caller.store.checkout({
    ...checkoutDefaults,
    locale: 'en',
    items: [{ variantId, quantity: options.quantity ?? 1 }],
  });
  const orderId = orderIdOf(url);
  const answer = await caller.store.hostedCheckout.startPayment({ orderId, ...deliveryDetails });
  if (answer.status !== 'payment_required') throw new Error('expected payment_required');
  return { orderId, variantId, caller, form: answer.payment, answer };
}

/** The browser's part: the card posted to the gateway with the publishable key, then 3-D Secure. */
async function pay(
  form: Awaited<ReturnType<typeof orderToPay>>['form'],
  options: { number?: string; decision?: 'approve' | 'decline'; amount?: number; metadata?: Record<string, string> } = {},
) {
  const created = await fake.createPayment({
    amount: options.amount ?? form.amount,
    currency: form.currency,
    description: form.description,
    callback_url: form.callback_url,
    metadata: options.metadata ?? form.metadata,
    source: {
      type: 'creditcard',
      name: 'Noura Alqahtani',
      number: options.number ?? '4111111111111111',
      month: '12',
      year: '2031',
      cvc: '123',
    },
  });
  expect(created.status).toBe(201);
  const back = await fake.complete3ds(created.payment.id, options.decision ?? 'approve');
  return { id: created.payment.id, back: new URL(back) };
}

const callback = (query: string) => returns.callback(query);
const webhook = (id: string, secretToken?: string) => returns.webhook(id, secretToken);

const orderRow = (id: string) => database.db.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The mails queued under a dedupe key (a template and what it is about). */
const mailsKeyed = (key: string) => database.db.selectFrom('outbox').select(['recipient', 'data']).where('dedupe_key', '=', key).execute();

describe("the store's hosted checkout in Moyasar mode", () => {
  it('shows what a guest typed only to the browser whose checkout it is, and only while it is pending; the link alone shows the state', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 2, priceHalalas: PRICE });
    const api = apiClient(app);
    const started = await api.mutate<{ url: string }>('store.checkout', { ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    const keyCookie = started.cookies.find((cookie) => cookie.startsWith('tahaleel_store='));
    expect(keyCookie).toMatch(/HttpOnly/i);
    const guestBrowser = cookiePair(keyCookie);
    const orderId = orderIdOf(started.data.url);
    const begun = await api.mutate<{ status: string; payment: Parameters<typeof pay>[0] }>(
      'store.hostedCheckout.startPayment',
      { orderId, ...deliveryDetails },
      guestBrowser,
    );
    expect(begun.data.status).toBe('payment_required');
    const get = (cookie?: string) =>
      api.query<{ status: string; shipping: unknown; card_last4: string | null }>(
        `store.hostedCheckout.get?input=${encodeURIComponent(JSON.stringify({ orderId }))}`,
        cookie,
      );

    // Back from the gateway, the guest's own browser finds what it typed.
    expect((await get(guestBrowser)).data).toMatchObject({ status: 'pending', shipping: { fullName: deliveryDetails.fullName } });
    // The link in another browser, signed out or signed in as someone else, shows the state only.
    const someoneElse = await createTestUser(database.db, 'customer');
    const forged = `tahaleel_store=${randomUUID().replaceAll('-', '')}`;
    for (const cookie of [undefined, someoneElse.cookie, forged]) {
      const seen = await get(cookie);
      expect(seen.data).toMatchObject({ status: 'pending', shipping: null, card_last4: null });
      expect(JSON.stringify(seen.data)).not.toContain(deliveryDetails.email);
    }

    await callback((await pay(begun.data.payment)).back.search);
    // Paid, the order is no longer the browser's to read: its confirmation went to the buyer's mail.
    for (const cookie of [guestBrowser, undefined]) {
      const seen = await get(cookie);
      expect(seen.data).toMatchObject({ status: 'paid', shipping: null, card_last4: null });
      expect(JSON.stringify(seen.data)).not.toContain(deliveryDetails.street);
    }
  });

  it('answers the form configuration naming the order, keeps the card off our server, and confirms once paid', async () => {
    const { orderId, variantId, caller, form, answer } = await orderToPay({ quantity: 2 });
    expect(answer).toMatchObject({
      order_id: orderId,
      payment: {
        amount: 2 * PRICE,
        currency: 'SAR',
        publishable_api_key: fake.publishableKey,
        callback_url: 'http://localhost:3000/payments/moyasar/callback',
        metadata: { store_order_id: orderId },
      },
      gateway_url: fake.apiUrl,
    });
    expect(JSON.stringify(answer)).not.toContain(fake.secretKey);
    // The card is never taken here in Moyasar mode.
    await expect(
      caller.store.hostedCheckout.pay({
        orderId,
        name: 'Noura Alqahtani',
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        ...deliveryDetails,
      }),
    ).rejects.toMatchObject({ message: 'PAYMENT_FAILED' });
    expect(await stockOf(database.db, variantId)).toBe(5);

    const paid = await pay(form);
    const landed = await callback(paid.back.search);
    expect(landed.toString()).toBe(`http://localhost:3000/success?order=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      payment_reference: paid.id,
      card_last4: '1111',
      buyer_email: deliveryDetails.email,
    });
    expect(await stockOf(database.db, variantId)).toBe(3);
    // Replayed callback and the webhook after it change nothing.
    expect((await callback(paid.back.search)).toString()).toBe(`http://localhost:3000/success?order=${orderId}`);
    expect((await webhook(paid.id)).status).toBe(200);
    expect(await stockOf(database.db, variantId)).toBe(3);
    expect(await database.db.selectFrom('invoices').select('id').where('store_order_id', '=', orderId).execute()).toHaveLength(1);
    expect(await mailsKeyed(`store-order-confirmed:${orderId}`)).toMatchObject([{ recipient: deliveryDetails.email }]);
  });

  it('confirms from the webhook when it comes before the browser, once even when both arrive at the same moment', async () => {
    const first = await orderToPay();
    const paid = await pay(first.form);
    expect((await webhook(paid.id)).status).toBe(200);
    expect(await orderRow(first.orderId)).toMatchObject({ status: 'paid', payment_reference: paid.id });
    expect((await callback(paid.back.search)).pathname).toBe('/success');
    expect(await stockOf(database.db, first.variantId)).toBe(4);

    const second = await orderToPay();
    const racing = await pay(second.form);
    await Promise.all([callback(racing.back.search), webhook(racing.id), webhook(racing.id)]);
    expect(await stockOf(database.db, second.variantId)).toBe(4);
    expect(await database.db.selectFrom('invoices').select('id').where('store_order_id', '=', second.orderId).execute()).toHaveLength(1);
  });

  it('confirms nothing for a forged payment id, a declined payment said to be paid, a wrong amount, another order or none', async () => {
    const { orderId, variantId, form } = await orderToPay();
    for (const id of [randomUUID(), 'pay_forged', '']) {
      expect((await callback(`?id=${encodeURIComponent(id)}&status=paid&message=APPROVED`)).searchParams.get('outcome')).toBe('unknown');
    }
    const declined = await pay(form, { number: '4123120001090109' });
    const back = await callback(`?id=${declined.id}&status=paid&message=APPROVED`);
    expect(back.pathname).toBe(`/store/checkout/${orderId}`);
    expect(back.searchParams.get('payment')).toBe('failed');
    // Why, as our reason; the bank's "DECLINED" stays in the server's log.
    expect(back.searchParams.get('reason')).toBe('declined');
    expect(back.search).not.toContain('DECLINED');

    // Paid for another amount than the order asks: placed by nothing, and given back whole (ADR 0095).
    const short = await pay(form, { amount: PRICE - 100 });
    const shortBack = await callback(short.back.search);
    expect([shortBack.searchParams.get('payment'), shortBack.searchParams.get('refund')]).toEqual(['refunded', 'amount_changed']);
    expect(fake.payments.get(short.id)).toMatchObject({ status: 'refunded', refunded: PRICE - 100 });
    // Another order, for another amount: this payment names it but did not pay for it, and goes back too.
    const other = await orderToPay({ quantity: 2 });
    const elsewhere = await pay(form, { metadata: { store_order_id: other.orderId } });
    expect((await callback(elsewhere.back.search)).searchParams.get('payment')).toBe('refunded');
    expect(fake.payments.get(elsewhere.id)).toMatchObject({ status: 'refunded', refunded: PRICE });
    const nameless = await pay(form, { metadata: { store_order_id: randomUUID() } });
    expect((await callback(nameless.back.search)).searchParams.get('outcome')).toBe('unknown');
    for (const id of [short.id, elsewhere.id, nameless.id]) expect((await webhook(id)).status).toBe(200);
    expect((await webhook(short.id, 'wrong')).status).toBe(401);

    expect((await orderRow(orderId)).status).toBe('pending');
    expect((await orderRow(other.orderId)).status).toBe('pending');
    expect(await stockOf(database.db, variantId)).toBe(5);
    // Paying again after all that pays the same order.
    const paid = await pay(form);
    expect((await callback(paid.back.search)).pathname).toBe('/success');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_reference: paid.id });
  });

  it('refunds a second payment of an order already paid', async () => {
    const { orderId, form } = await orderToPay();
    const first = await pay(form);
    const second = await pay(form);
    await callback(first.back.search);
    expect((await callback(second.back.search)).pathname).toBe('/success');
    expect(fake.payments.get(first.id)).toMatchObject({ status: 'paid', refunded: 0 });
    expect(fake.payments.get(second.id)).toMatchObject({ status: 'refunded', refunded: PRICE });
    expect((await orderRow(orderId)).payment_reference).toBe(first.id);
  });

  it('refunds at once a payment that came after its reservation ran out and its stock was sold, and tells the buyer', async () => {
    const late = await orderToPay({ stock: 1 });
    // The reservation runs out while the buyer is at 3-D Secure, and someone else buys the last unit.
    await database.db
      .updateTable('store_orders')
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where('id', '=', late.orderId)
      .execute();
    const quick = await buyer();
    const { url } = await quick.store.checkout({ ...checkoutDefaults, items: [{ variantId: late.variantId, quantity: 1 }] });
    const theirs = await quick.store.hostedCheckout.startPayment({
      orderId: orderIdOf(url),
      ...deliveryDetails,
      email: 'quick@example.sa',
    });
    if (theirs.status !== 'payment_required') throw new Error('expected payment_required');
    expect((await callback((await pay(theirs.payment)).back.search)).pathname).toBe('/success');
    expect(await stockOf(database.db, late.variantId)).toBe(0);

    const paid = await pay(late.form);
    const [landed] = await Promise.all([callback(paid.back.search), webhook(paid.id)]);
    expect(landed.pathname).toBe(`/store/checkout/${late.orderId}`);
    expect(landed.searchParams.get('payment')).toBe('refunded');
    expect(fake.payments.get(paid.id)).toMatchObject({ status: 'refunded', refunded: PRICE });
    expect((await orderRow(late.orderId)).status).toBe('expired');
    expect(await stockOf(database.db, late.variantId)).toBe(0);
    const refunds = await database.db.selectFrom('payment_refunds').selectAll().where('payment_reference', '=', paid.id).execute();
    expect(refunds).toMatchObject([{ amount_halalas: PRICE, reason: 'stock_lost', store_order_id: late.orderId }]);
    // Told again the same on a replay; refunded and mailed once.
    expect((await callback(paid.back.search)).searchParams.get('payment')).toBe('refunded');
    expect(await database.db.selectFrom('payment_refunds').select('id').where('payment_reference', '=', paid.id).execute()).toHaveLength(1);
    expect(await mailsKeyed(`store-payment-refunded:${paid.id}`)).toMatchObject([
      { recipient: deliveryDetails.email, data: expect.objectContaining({ reason: 'stock_lost', amount: PRICE / 100 }) },
    ]);
  });

  it('sells to a late payment whose units are still free', async () => {
    const { orderId, variantId, form } = await orderToPay({ stock: 3 });
    await database.db
      .updateTable('store_orders')
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where('id', '=', orderId)
      .execute();
    const paid = await pay(form);
    expect((await callback(paid.back.search)).pathname).toBe('/success');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_reference: paid.id });
    expect(await stockOf(database.db, variantId)).toBe(2);
  });
});

describe('a server that stopped while a buyer paid at the gateway', () => {
  it('sells the order at its next start, once, when the gateway says it was paid', async () => {
    const { orderId, variantId, form } = await orderToPay({ stock: 3 });
    // The buyer's first return came while 3-D Secure was still open: we heard of the payment, not yet paid.
    const created = await fake.createPayment({
      amount: form.amount,
      currency: form.currency,
      description: form.description,
      callback_url: form.callback_url,
      metadata: form.metadata,
      source: { type: 'creditcard', name: 'Noura Alqahtani', number: '4111111111111111', month: '12', year: '2031', cvc: '123' },
    });
    const id = created.payment.id;
    expect((await callback(`?id=${id}&status=initiated&message=`)).searchParams.get('payment')).toBe('pending');
    // Then the buyer approved at 3-D Secure while the server was down: neither the return nor the webhook reached it.
    await fake.complete3ds(id, 'approve');
    expect((await orderRow(orderId)).status).toBe('pending');

    const recovered = await recoverInterruptedCheckouts(database.db, payments, 'tests:0');
    expect(recovered.storePaymentsChecked).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_reference: id });
    expect(await stockOf(database.db, variantId)).toBe(2);
    const invoices = await database.db.selectFrom('invoices').select('number').where('store_order_id', '=', orderId).execute();
    expect(invoices).toHaveLength(1);
    // A second start finds nothing left to settle for it, and sells nothing twice.
    await recoverInterruptedCheckouts(database.db, payments, 'tests:0');
    expect(await stockOf(database.db, variantId)).toBe(2);
    expect(fake.payments.get(id)).toMatchObject({ status: 'paid', refunded: 0 });
  });
});

describe('someone else with the order link', () => {
  const api = () => apiClient(app);
  /** What a stranger types over the buyer's: another name, mail, mobile and city. */
  const theirDetails = { ...deliveryDetails, fullName: 'Mallory', email: 'mallory@example.com', phone: '0559999999', city: 'Jeddah' };

  /**
   * A pending order opened and started over HTTP by a browser: a signed-in buyer's (its session cookie),
   * or a guest's, which then holds the store key its checkout set.
   */
  async function startedBy(session?: string) {
    const { variantId } = await createTestVariant(database.db, { stock: 3, priceHalalas: PRICE });
    const started = await api().mutate<{ url: string }>(
      'store.checkout',
      { ...checkoutDefaults, items: [{ variantId, quantity: 1 }] },
      session,
    );
    const browser = session ?? cookiePair(started.cookies.find((cookie) => cookie.startsWith('tahaleel_store=')));
    const orderId = orderIdOf(started.data.url);
    const begun = await api().mutate<{ status: string }>('store.hostedCheckout.startPayment', { orderId, ...deliveryDetails }, browser);
    expect(begun.data.status).toBe('payment_required');
    return { orderId, browser };
  }

  it("cannot start paying, rewrite or cancel a guest's or a signed-in buyer's pending order: it is not found to them, and stays as it was; its buyer's browser still can", async () => {
    const buyerAccount = await createTestUser(database.db, 'customer');
    const orders = { "a guest's": await startedBy(), "a signed-in buyer's": await startedBy(buyerAccount.cookie) };
    const strangers = {
      'a signed-out visitor': undefined,
      'another customer': (await createTestUser(database.db, 'customer')).cookie,
      'another guest’s browser, with a store key of its own': (await startedBy()).browser,
    };
    const missing = await api().mutate('store.hostedCheckout.cancel', { orderId: randomUUID() });
    expect(missing).toMatchObject({ status: 404, error: { message: 'NOT_FOUND', data: { appCode: 'NOT_FOUND' } } });

    for (const [whose, { orderId, browser }] of Object.entries(orders)) {
      const before = await orderRow(orderId);
      for (const [who, cookie] of Object.entries(strangers)) {
        const attempts = [
          await api().mutate('store.hostedCheckout.startPayment', { orderId, ...theirDetails }, cookie),
          await api().mutate('store.hostedCheckout.cancel', { orderId }, cookie),
        ];
        for (const answer of attempts) {
          // As for an order that does not exist: the link tells them nothing.
          expect({ whose, who, status: answer.status, error: answer.error?.data.appCode }).toEqual({
            whose,
            who,
            status: 404,
            error: 'NOT_FOUND',
          });
          expect(answer.error?.message).toBe(missing.error?.message);
          expect(answer.error?.data.details).toEqual({ orderId });
        }
      }
      expect(await orderRow(orderId)).toEqual(before);
      expect(before).toMatchObject({ status: 'pending', buyer_email: deliveryDetails.email, ship_city: deliveryDetails.city });

      // The buyer's own browser changes what it typed, and leaves.
      const again = await api().mutate<{ status: string }>(
        'store.hostedCheckout.startPayment',
        { orderId, ...deliveryDetails, city: 'Dammam' },
        browser,
      );
      expect(again.data.status).toBe('payment_required');
      expect(await orderRow(orderId)).toMatchObject({ ship_city: 'Dammam' });
      const left = await api().mutate('store.hostedCheckout.cancel', { orderId }, browser);
      expect(left).toMatchObject({ status: 200, data: { redirectUrl: checkoutDefaults.cancelUrl } });
      expect((await orderRow(orderId)).status).toBe('cancelled');
    }
  });

  it("cannot rewrite a paid order's buyer or address: it is not found to them; the buyer's second try is answered paid", async () => {
    const { orderId, form, caller } = await orderToPay();
    await callback((await pay(form)).back.search);
    const stranger = await storeCallerFor(database.db, { config: env, payments, user: await createTestUser(database.db, 'customer') });
    await expect(stranger.store.hostedCheckout.startPayment({ orderId, ...theirDetails })).rejects.toMatchObject({ message: 'NOT_FOUND' });
    expect(await orderRow(orderId)).toMatchObject({ buyer_email: deliveryDetails.email, ship_city: deliveryDetails.city });
    expect(await caller.store.hostedCheckout.startPayment({ orderId, ...deliveryDetails })).toEqual({
      status: 'paid',
      redirectUrl: `http://localhost:3000/success?order=${orderId}`,
    });
    await expect(stranger.store.hostedCheckout.startPayment({ orderId: randomUUID(), ...deliveryDetails })).rejects.toMatchObject({
      message: 'NOT_FOUND',
    });
  });
});

describe('the admin cancelling a store order paid at Moyasar', () => {
  it('refunds it through the gateway with a credit note, and the transactions show the payment', async () => {
    const { orderId, variantId, form } = await orderToPay({ quantity: 2 });
    const paid = await pay(form);
    await callback(paid.back.search);
    const admin = await storeCallerFor(database.db, { config: env, payments, user: await createTestUser(database.db, 'admin') });
    const listed = (await admin.admin.transactions({ kind: 'store_order' })).items.find((item) => item.id === orderId);
    expect(listed).toMatchObject({ payment: { provider: 'moyasar', reference: paid.id, status: 'paid', refunded: 0 } });

    expect(await admin.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' })).toMatchObject({ refunded: true });
    expect(fake.payments.get(paid.id)).toMatchObject({ status: 'refunded', refunded: 2 * PRICE });
    expect(await stockOf(database.db, variantId)).toBe(5);
    const documents = await database.db
      .selectFrom('invoices')
      .select(['kind', 'total_halalas', 'original_invoice_id'])
      .where('store_order_id', '=', orderId)
      .orderBy('kind', 'desc')
      .execute();
    expect(documents).toMatchObject([
      { kind: 'invoice', total_halalas: 2 * PRICE, original_invoice_id: null },
      { kind: 'credit_note', total_halalas: 2 * PRICE, original_invoice_id: expect.any(String) },
    ]);
    const after = (await admin.admin.transactions({ kind: 'store_order' })).items.find((item) => item.id === orderId);
    expect(after).toMatchObject({ status: 'cancelled', payment: { reference: paid.id, status: 'refunded', refunded: (2 * PRICE) / 100 } });
  });

  it('leaves the order as it was when the gateway refuses the refund', async () => {
    const { orderId, variantId, form } = await orderToPay();
    const paid = await pay(form);
    await callback(paid.back.search);
    fake.payments.get(paid.id)!.refunded = PRICE;
    const admin = await storeCallerFor(database.db, { config: env, payments, user: await createTestUser(database.db, 'admin') });
    await expect(admin.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' })).rejects.toMatchObject({ message: 'REFUND_FAILED' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', refunded_at: null });
    expect(await stockOf(database.db, variantId)).toBe(4);
  });
});
