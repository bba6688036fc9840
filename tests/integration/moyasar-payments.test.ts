// Lab-test checkouts paid at Moyasar (issue #21; ADR 0026), through the real procedures and the real
// routes of the Hono app, against the Moyasar-protocol fake (tests/fakes/moyasar.ts). The callback and
// the webhook only name a payment; nothing is confirmed that the gateway does not say was paid, for
// this checkout's amount, and nothing twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { recordGatewayPayment } from '../../src/server/modules/booking/booking.repository.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { recoverInterruptedCheckouts } from '../../src/server/modules/booking/checkout-recovery.service.ts';
import { moyasarPaymentProvider } from '../../src/server/platform/moyasar.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { priceCheckout } from '../../src/shared/checkout-pricing.ts';
import {
  APPLE_PAY_TEST_AMOUNTS,
  type FakeMoyasar,
  type FakePayment,
  STC_PAY_TEST_CODES,
  STC_PAY_TEST_MOBILES,
  TEST_CARDS,
} from '../fakes/moyasar.ts';
import { halfHourSlots, nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { contextFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { type MoyasarApp, recordingLog, silentLog, startMoyasarApp } from '../setup/moyasar-app.ts';
import { EXPECTED_REASONS } from '../setup/moyasar-failures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const WEBHOOK_SECRET = 'whsec_test_tahaleel';
const PRICE = 15_000;
/** What the customer is charged for it: the price and the Basic plan's 5% booking fee (src/shared/checkout-pricing.ts). */
const CHARGED = priceCheckout('basic', [PRICE]).total_halalas;
let database: TestDatabase;
let fake: FakeMoyasar;
let app: MoyasarApp['app'];
let payments: MoyasarApp['payments'];
let env: MoyasarApp['env'];
let labTestId: number;
const createCaller = createCallerFactory(appRouter);
/** What the server wrote down: the gateway's own words for a failure go here, and nowhere else. */
const written = recordingLog();

beforeAll(async () => {
  database = await openTestDatabase();
  ({ fake, env, payments, app } = await startMoyasarApp(database.db, WEBHOOK_SECRET, written.log));
  // Open every day, one seat a slot: a seat taken by one customer is gone for the next.
  ({ labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '00:00', closesAt: '23:30' },
    { slot_capacity: 1 },
    PRICE,
  ));
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

// Each test its own slot, days ahead (Riyadh is UTC+3 all year).
const nextSlot = halfHourSlots();

async function callerOf(user?: TestUser) {
  return createCaller({ ...(await contextFor(database.db, user)), payments, config: env, log: written.log });
}

/** The log lines about a payment's failure. */
const failureLines = (paymentId: string) =>
  written.lines.filter((line) => line.fields.payment === paymentId && 'gatewayMessage' in line.fields);

/** A customer's checkout of one slot, answered with the payment form's configuration (sent again with the same key: the same checkout). */
async function checkoutFor(customer: TestUser, bookingTime = nextSlot(), idempotencyKey: string = randomUUID()) {
  const caller = await callerOf(customer);
  const answer = await caller.booking.create({ items: [{ labTestId, bookingTime }], idempotencyKey });
  if (!('payment' in answer)) throw new Error('expected payment_required');
  return { ...answer, bookingTime, idempotencyKey };
}

/** The browser's part: the card posted to the gateway with the publishable key, then 3-D Secure. */
async function pay(
  form: Awaited<ReturnType<typeof checkoutFor>>['payment'],
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
      name: 'Sara Alqahtani',
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

/** The form's fields every payment the browser creates carries. */
function gatewayFields(form: Awaited<ReturnType<typeof checkoutFor>>['payment']) {
  return {
    amount: form.amount,
    currency: form.currency,
    description: form.description,
    callback_url: form.callback_url,
    metadata: form.metadata,
  };
}

/** The texted code posted to the STC Pay payment's transaction_url, as the checkout page does. */
const proceed = (transactionUrl: string, code: string) =>
  fetch(transactionUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ otp_value: code }) });

/** The browser's part with STC Pay: the payment created with the wallet's number, then its texted code. */
async function payByStcPay(form: Awaited<ReturnType<typeof checkoutFor>>['payment'], mobile: string, code: string) {
  const created = await fake.createPayment({ ...gatewayFields(form), source: { type: 'stcpay', mobile } });
  expect(created).toMatchObject({ status: 201, payment: { status: 'initiated' } });
  const transactionUrl = created.payment.source.transaction_url!;
  const answer = await proceed(transactionUrl, code);
  expect(answer.status).toBe(200);
  return { payment: (await answer.json()) as FakePayment, transactionUrl };
}

/** The browser following the gateway's redirect back to us: where it is sent then. */
async function callback(query: string) {
  const response = await app.request(`/payments/moyasar/callback${query}`);
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!, 'http://localhost:3000');
}

async function webhook(body: unknown) {
  return app.request('/payments/moyasar/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const webhookFor = (id: string, type = 'payment_paid', secret_token = WEBHOOK_SECRET) => ({
  id: randomUUID(),
  type,
  created_at: new Date().toISOString(),
  secret_token,
  live: false,
  data: fake.payments.get(id) ?? { id },
});

const bookingsOf = (customerId: string) =>
  database.db.selectFrom('bookings').select(['id', 'status', 'checkout_id']).where('customer_id', '=', customerId).execute();
const checkoutRow = (id: string) => database.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the checkout in Moyasar mode', () => {
  it("answers the payment form's configuration and keeps the seat held while the customer pays", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    expect(answer).toMatchObject({
      status: 'payment_required',
      payment: {
        amount: CHARGED,
        currency: 'SAR',
        publishable_api_key: 'pk_test_tahaleel',
        callback_url: 'http://localhost:3000/payments/moyasar/callback',
        metadata: { checkout_id: answer.checkout_id },
      },
      gateway_url: fake.apiUrl,
    });
    // The secret key never reaches the browser.
    expect(JSON.stringify(answer)).not.toContain(fake.secretKey);
    const other = await createTestUser(database.db, 'customer');
    const caller = await callerOf(other);
    await expect(caller.booking.holdSlot({ labTestId, bookingTime: answer.bookingTime })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await bookingsOf(customer.id)).toEqual([]);
  });

  it('books once paid through 3-D Secure; the replayed callback and the webhook after it change nothing', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const paid = await pay(answer.payment);
    expect(paid.back.searchParams.get('status')).toBe('paid');
    const landed = await callback(paid.back.search);
    expect(landed.pathname).toBe('/payment-result');
    expect(landed.searchParams.get('outcome')).toBe('paid');
    const once = await bookingsOf(customer.id);
    expect(once).toHaveLength(1);
    expect((await checkoutRow(answer.checkout_id)).payment_reference).toBe(paid.id);

    expect((await callback(paid.back.search)).searchParams.get('outcome')).toBe('paid');
    const late = await webhook(webhookFor(paid.id));
    expect(late.status).toBe(200);
    expect(await bookingsOf(customer.id)).toEqual(once);
    // The confirmation mail went once.
    const mails = await database.db.selectFrom('outbox').select('template').where('user_id', '=', customer.id).execute();
    expect(mails.filter((mail) => mail.template === 'booking-confirmed')).toHaveLength(1);
  });

  it('books from the webhook when it comes before the browser returns, and the callback then only reads', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const paid = await pay(answer.payment);
    expect((await webhook(webhookFor(paid.id))).status).toBe(200);
    expect(await bookingsOf(customer.id)).toHaveLength(1);
    expect((await callback(paid.back.search)).searchParams.get('outcome')).toBe('paid');
    expect(await bookingsOf(customer.id)).toHaveLength(1);
  });

  it('books once when the callback and the webhook arrive at the same moment', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const paid = await pay(answer.payment);
    const [landed, hook] = await Promise.all([callback(paid.back.search), webhook(webhookFor(paid.id)), webhook(webhookFor(paid.id))]);
    expect(landed.searchParams.get('outcome')).toBe('paid');
    expect(hook.status).toBe(200);
    expect(await bookingsOf(customer.id)).toHaveLength(1);
  });

  it('believes the gateway, not the callback: a declined payment said to be paid books nothing, and paying again can', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const declined = await pay(answer.payment, { number: '4123120001090109' });
    expect(declined.back.searchParams.get('status')).toBe('failed');
    const landed = await callback(`?id=${declined.id}&status=paid&message=APPROVED`);
    expect(landed.searchParams.get('outcome')).toBe('failed');
    expect(landed.searchParams.get('reason')).toBe('declined');
    expect(await bookingsOf(customer.id)).toEqual([]);
    expect((await checkoutRow(answer.checkout_id)).status).toBe('pending');

    // 3-D Secure declined by the cardholder, then another card: the same checkout is paid.
    const refused = await pay(answer.payment, { decision: 'decline' });
    expect((await callback(refused.back.search)).searchParams.get('outcome')).toBe('failed');
    const paid = await pay(answer.payment, { number: '4201320111111010' });
    expect((await callback(paid.back.search)).searchParams.get('outcome')).toBe('paid');
    expect(await bookingsOf(customer.id)).toHaveLength(1);
  });

  it('books once paid with STC Pay: the payment is made with the wallet number, the texted code ends it paid', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const wallet = await payByStcPay(answer.payment, '0551234567', '123456');
    expect(wallet.payment).toMatchObject({ status: 'paid', source: { type: 'stcpay', mobile: '0551234567' } });
    const landed = await callback(`?id=${wallet.payment.id}&status=paid&message=Paid`);
    expect(landed.searchParams.get('outcome')).toBe('paid');
    expect(await bookingsOf(customer.id)).toHaveLength(1);
    expect((await checkoutRow(answer.checkout_id)).payment_reference).toBe(wallet.payment.id);
  });

  it('books nothing for STC Pay refused at the start, or ended by a wrong code or an empty wallet, whatever the callback says', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    // The sandbox's unregistered number: failed at once, no code is sent.
    const unregistered = await fake.createPayment({ ...gatewayFields(answer.payment), source: { type: 'stcpay', mobile: '0515555555' } });
    expect(unregistered.payment).toMatchObject({ status: 'failed', source: { transaction_url: null } });
    for (const [code, reason] of [
      ['999999', 'wrong_code'],
      ['111111', 'wallet_insufficient_balance'],
    ] as const) {
      const wallet = await payByStcPay(answer.payment, '0551234567', code);
      expect(wallet.payment.status).toBe('failed');
      const landed = await callback(`?id=${wallet.payment.id}&status=paid&message=Paid`);
      expect(landed.searchParams.get('outcome')).toBe('failed');
      expect(landed.searchParams.get('reason')).toBe(reason);
      // The code is posted once: the payment is over.
      expect((await proceed(wallet.transactionUrl, '123456')).status).toBe(400);
    }
    expect(await bookingsOf(customer.id)).toEqual([]);
    expect((await checkoutRow(answer.checkout_id)).status).toBe('pending');
  });

  it('books once paid with Apple Pay: the Wallet token paid at once, the callback books it; a declined one books nothing', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const token = (card: string) => ({
      paymentData: { version: 'EC_v1', data: 'ZmFrZQ==', signature: 'ZmFrZQ==', header: {} },
      paymentMethod: { displayName: card, network: 'Visa', type: 'debit' },
      transactionIdentifier: randomUUID(),
    });
    const declined = await fake.createPayment({
      ...gatewayFields(answer.payment),
      source: { type: 'applepay', token: token('Visa 0109') },
    });
    expect(declined.payment).toMatchObject({ status: 'failed', source: { type: 'applepay' } });
    expect((await callback(`?id=${declined.payment.id}&status=paid&message=APPROVED`)).searchParams.get('outcome')).toBe('failed');
    expect(await bookingsOf(customer.id)).toEqual([]);

    const paid = await fake.createPayment({ ...gatewayFields(answer.payment), source: { type: 'applepay', token: token('Visa 1111') } });
    expect(paid.payment).toMatchObject({ status: 'paid', source: { type: 'applepay', number: 'XXXX-XXXX-XXXX-1111' } });
    expect((await callback(`?id=${paid.payment.id}&status=paid&message=APPROVED`)).searchParams.get('outcome')).toBe('paid');
    expect(await bookingsOf(customer.id)).toHaveLength(1);
  });

  it("serves Apple Pay's domain association file as Moyasar gave it, and nothing when none is set", async () => {
    const path = '/.well-known/apple-developer-merchantid-domain-association';
    const association = '7B2270737049223A2246414B45227D';
    const withFile = createApp({ db: database.db, env: { ...env, APPLE_PAY_DOMAIN_ASSOCIATION: association }, payments });
    const served = await withFile.request(path);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(association);
    expect((await app.request(path)).status).toBe(404);
  });

  it('confirms nothing for a forged payment id, unknown or malformed', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    for (const id of [randomUUID(), 'pay_forged', `${randomUUID()}/../../payments`, '']) {
      const landed = await callback(`?id=${encodeURIComponent(id)}&status=paid&message=APPROVED`);
      expect(landed.searchParams.get('outcome')).toBe('unknown');
      const hook = await webhook({
        ...webhookFor(id),
        data: { id, status: 'paid', amount: CHARGED, metadata: { checkout_id: answer.checkout_id } },
      });
      expect(hook.status).toBe(200);
    }
    expect(await bookingsOf(customer.id)).toEqual([]);
    expect((await checkoutRow(answer.checkout_id)).status).toBe('pending');
  });

  it('tells the returning customer "pending" while Moyasar does not answer; the webhook hears 503; the next start books a payment left unbooked', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const paid = await pay(answer.payment);
    // This server's way to Moyasar is down (nothing listens there): no 500, no booking, and no guess.
    const down = moyasarPaymentProvider({
      apiUrl: 'http://127.0.0.1:9/v1',
      secretKey: 'sk',
      publishableKey: 'pk',
      webhookSecret: WEBHOOK_SECRET,
    });
    const cutOff = createApp({ db: database.db, env, payments: down, log: silentLog });
    const landed = await cutOff.request(`/payments/moyasar/callback${paid.back.search}`);
    expect(landed.status).toBe(303);
    expect(new URL(landed.headers.get('location')!, 'http://localhost').searchParams.get('outcome')).toBe('pending');
    const hook = await cutOff.request('/payments/moyasar/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookFor(paid.id)),
    });
    expect(hook.status).toBe(503);
    expect(await bookingsOf(customer.id)).toEqual([]);

    // A server stopped after recording the paid payment and before booking it: the next start asks again and books.
    await recordGatewayPayment(
      database.db,
      {
        id: paid.id,
        provider: 'moyasar',
        checkoutId: answer.checkout_id,
        amount: answer.payment.amount,
        currency: 'SAR',
        status: 'paid',
        message: null,
      },
      new Date(),
    );
    const recovered = await recoverInterruptedCheckouts(database.db, payments, 'tests:0');
    expect(recovered.gatewayPaymentsChecked).toBeGreaterThanOrEqual(1);
    expect(await bookingsOf(customer.id)).toMatchObject([{ status: 'confirmed', checkout_id: answer.checkout_id }]);
    expect((await checkoutRow(answer.checkout_id)).payment_reference).toBe(paid.id);
  });

  it('books nothing paid for another amount (that payment goes back whole, ADR 0095), or naming another or no checkout', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const short = await pay(answer.payment, { amount: CHARGED - 100 });
    const shortLanded = await callback(short.back.search);
    expect(Object.fromEntries(shortLanded.searchParams)).toEqual({ outcome: 'refunded', refund: 'amount_changed' });
    expect(fake.payments.get(short.id)).toMatchObject({ status: 'refunded', refunded: CHARGED - 100 });
    const elsewhere = await pay(answer.payment, { metadata: { checkout_id: randomUUID() } });
    expect((await callback(elsewhere.back.search)).searchParams.get('outcome')).toBe('unknown');
    const nameless = await pay(answer.payment, { metadata: {} });
    expect((await callback(nameless.back.search)).searchParams.get('outcome')).toBe('unknown');
    for (const id of [short.id, elsewhere.id, nameless.id]) expect((await webhook(webhookFor(id))).status).toBe(200);
    expect(await bookingsOf(customer.id)).toEqual([]);
    expect((await checkoutRow(answer.checkout_id)).status).toBe('pending');
  });

  it('answers a webhook with a wrong secret_token 401 and changes nothing, even for a paid payment', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const paid = await pay(answer.payment);
    for (const body of [webhookFor(paid.id, 'payment_paid', 'wrong'), { ...webhookFor(paid.id), secret_token: undefined }]) {
      const response = await webhook(body);
      expect(response.status).toBe(401);
    }
    expect(await bookingsOf(customer.id)).toEqual([]);
    expect(await database.db.selectFrom('gateway_payments').select('id').where('id', '=', paid.id).execute()).toEqual([]);
    // The real webhook then books it.
    expect((await webhook(webhookFor(paid.id))).status).toBe(200);
    expect(await bookingsOf(customer.id)).toHaveLength(1);
  });

  it('refunds a second payment of a checkout already paid', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const first = await pay(answer.payment);
    const second = await pay(answer.payment);
    expect((await callback(first.back.search)).searchParams.get('outcome')).toBe('paid');
    expect((await callback(second.back.search)).searchParams.get('outcome')).toBe('paid');
    expect((await webhook(webhookFor(second.id))).status).toBe(200);
    expect(fake.payments.get(first.id)).toMatchObject({ status: 'paid', refunded: 0 });
    expect(fake.payments.get(second.id)).toMatchObject({ status: 'refunded', refunded: CHARGED });
    expect(await bookingsOf(customer.id)).toHaveLength(1);
    expect(await refundMails(customer.id)).toEqual([
      { template: 'payment-refunded', data: expect.objectContaining({ reason: 'duplicate' }) },
    ]);
  });

  it('refunds at once a payment that came after its hold ended and its seat was taken, and says so', async () => {
    const late = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(late);
    // The hold runs out while the customer is at 3-D Secure, and someone else books the seat.
    await database.db
      .updateTable('slot_holds')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('holder_id', '=', late.id)
      .execute();
    const quick = await createTestUser(database.db, 'customer');
    const theirs = await checkoutFor(quick, answer.bookingTime);
    const theirPayment = await pay(theirs.payment);
    expect((await callback(theirPayment.back.search)).searchParams.get('outcome')).toBe('paid');

    const paid = await pay(answer.payment);
    const [landed] = await Promise.all([callback(paid.back.search), webhook(webhookFor(paid.id))]);
    expect(landed.searchParams.get('outcome')).toBe('refunded');
    expect(fake.payments.get(paid.id)).toMatchObject({ status: 'refunded', refunded: CHARGED });
    expect(await bookingsOf(late.id)).toEqual([]);
    expect((await checkoutRow(answer.checkout_id)).status).toBe('failed');
    const refunds = await database.db.selectFrom('payment_refunds').selectAll().where('payment_reference', '=', paid.id).execute();
    expect(refunds).toMatchObject([{ amount_halalas: CHARGED, reason: 'seat_lost' }]);
    // Told again the same on a replay; refunded once.
    expect((await callback(paid.back.search)).searchParams.get('outcome')).toBe('refunded');
    expect(await database.db.selectFrom('payment_refunds').select('id').where('payment_reference', '=', paid.id).execute()).toHaveLength(1);
    // …and mailed once, for the customer who closed the page after paying.
    expect(await refundMails(late.id)).toEqual([
      { template: 'payment-refunded', data: expect.objectContaining({ reason: 'seat_lost', amount: CHARGED / 100 }) },
    ]);
  });
});

describe("why a payment failed, said as our reason and never in the gateway's words (issue #61)", () => {
  it('answers every failing test card Moyasar lists, and a cardholder declining at 3-D Secure, with its reason through the callback', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const failing = Object.entries(TEST_CARDS).filter(([, card]) => card.status === 'failed');
    expect(failing.length).toBeGreaterThan(30);
    const cases = [
      ...failing.map(([number, card]) => ({ number, decision: 'approve' as const, message: card.message })),
      {
        number: '4111111111111111',
        decision: 'decline' as const,
        message: '3-D Secure transaction attempt failed (Declined by the cardholder)',
      },
    ];
    for (const { number, decision, message } of cases) {
      const failed = await pay(answer.payment, { number, decision });
      expect(fake.payments.get(failed.id)?.source.message).toBe(message);
      const landed = await callback(failed.back.search);
      expect(landed.pathname).toBe('/payment-result');
      // Our reason only: the page is told no word of the gateway's.
      expect(Object.fromEntries(landed.searchParams), number).toEqual({ outcome: 'failed', reason: EXPECTED_REASONS[message] });
      // The gateway's own words are in the log.
      expect(failureLines(failed.id)[0]?.fields, number).toMatchObject({ gatewayMessage: message, reason: EXPECTED_REASONS[message] });
    }
    expect(await bookingsOf(customer.id)).toEqual([]);
    expect((await checkoutRow(answer.checkout_id)).status).toBe('pending');
  });

  it("answers STC Pay's refused numbers, its failing codes and Apple Pay's failing test amounts with their reasons, to the page that asks", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const caller = await callerOf(customer);
    const said = async (paymentId: string, message: string) => {
      const outcome = await caller.payments.outcome({ paymentId });
      expect(outcome, message).toEqual({ outcome: 'failed', reason: EXPECTED_REASONS[message] });
      expect(failureLines(paymentId)[0]?.fields.gatewayMessage).toBe(message);
    };
    // Refused when the payment is made: the page asks why at once.
    for (const [mobile, message] of Object.entries(STC_PAY_TEST_MOBILES)) {
      const created = await fake.createPayment({ ...gatewayFields(answer.payment), source: { type: 'stcpay', mobile } });
      expect(created.payment).toMatchObject({ status: 'failed', source: { message } });
      await said(created.payment.id, message);
    }
    // Ended by the code: the page asks (to start again after a wrong one), and the callback says the same.
    const codes = [
      ...Object.entries(STC_PAY_TEST_CODES).filter(([, code]) => code.status === 'failed'),
      ['987654', { message: 'Invalid OTP' }] as const,
    ];
    for (const [code, { message }] of codes) {
      const wallet = await payByStcPay(answer.payment, '0551234567', code);
      expect(wallet.payment.source.message).toBe(message);
      await said(wallet.payment.id, message);
      const landed = await callback(`?id=${wallet.payment.id}&status=failed&message=${encodeURIComponent(message)}`);
      expect(Object.fromEntries(landed.searchParams)).toEqual({ outcome: 'failed', reason: EXPECTED_REASONS[message] });
    }
    // Apple Pay's sandbox fails these amounts with a card's message.
    for (const { from, outcome } of APPLE_PAY_TEST_AMOUNTS) {
      const token = { paymentData: { version: 'EC_v1', data: 'ZmFrZQ==' }, paymentMethod: { displayName: 'Visa 1111', network: 'Visa' } };
      const created = await fake.createPayment({ ...gatewayFields(answer.payment), amount: from, source: { type: 'applepay', token } });
      expect(created.payment).toMatchObject({
        status: 'failed',
        source: { message: outcome.message, response_code: outcome.response_code },
      });
      await said(created.payment.id, outcome.message);
    }
    expect(await bookingsOf(customer.id)).toEqual([]);
  });

  it('answers the general reason for an answer it does not know, and keeps that answer in the log as a warning', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const failed = await pay(answer.payment, { number: '4123120001090109' });
    // A gateway answer no table knows (a new issuer code and text).
    Object.assign(fake.payments.get(failed.id)!.source, { message: 'CARD VELOCITY CHECK TRIPPED (REF 8812)', response_code: 'Q7' });
    const landed = await callback(failed.back.search);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ outcome: 'failed', reason: 'unknown' });
    expect(landed.search).not.toMatch(/VELOCITY|8812|Q7/);
    expect(await (await callerOf(customer)).payments.outcome({ paymentId: failed.id })).toEqual({ outcome: 'failed', reason: 'unknown' });
    expect(failureLines(failed.id)[0]).toMatchObject({
      level: 'warn',
      fields: { gatewayMessage: 'CARD VELOCITY CHECK TRIPPED (REF 8812)', responseCode: 'Q7', reason: 'unknown' },
    });
  });

  it('answers nothing of a payment the gateway does not know, and no reason for one that did not fail', async () => {
    const guest = await callerOf();
    expect(await guest.payments.outcome({ paymentId: randomUUID() })).toEqual({ outcome: 'unknown', reason: null });
    const customer = await createTestUser(database.db, 'customer');
    const answer = await checkoutFor(customer);
    const created = await fake.createPayment({ ...gatewayFields(answer.payment), source: { type: 'stcpay', mobile: '0551234567' } });
    expect(await guest.payments.outcome({ paymentId: created.payment.id })).toEqual({ outcome: 'pending', reason: null });
  });
});

describe('a mistyped STC Pay code (issue #61)', () => {
  it('ends that payment, recorded as failed; the same checkout, claimed again, takes a new payment to the same number, which books once and charges once', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const first = await checkoutFor(customer);
    const caller = await callerOf(customer);
    const wrong = await payByStcPay(first.payment, '0551234567', '654321');
    expect(wrong.payment).toMatchObject({ status: 'failed', source: { message: 'Invalid OTP' } });
    // STC Pay takes no second code for that payment.
    expect((await proceed(wrong.transactionUrl, '123456')).status).toBe(400);
    // The page asks why: a wrong code, and the failed payment is recorded as the callback would.
    expect(await caller.payments.outcome({ paymentId: wrong.payment.id })).toEqual({ outcome: 'failed', reason: 'wrong_code' });
    const recorded = await database.db
      .selectFrom('gateway_payments')
      .selectAll()
      .where('id', '=', wrong.payment.id)
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ checkout_id: first.checkout_id, status: 'failed' });

    // A new attempt at once: the same key claims the same checkout, its seat still held, and a new payment is made.
    const again = await checkoutFor(customer, first.bookingTime, first.idempotencyKey);
    expect(again.checkout_id).toBe(first.checkout_id);
    const other = await createTestUser(database.db, 'customer');
    await expect((await callerOf(other)).booking.holdSlot({ labTestId, bookingTime: first.bookingTime })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const right = await payByStcPay(again.payment, '0551234567', '123456');
    expect(right.payment.id).not.toBe(wrong.payment.id);
    const landed = await callback(`?id=${right.payment.id}&status=paid&message=Paid`);
    expect(landed.searchParams.get('outcome')).toBe('paid');

    expect(await bookingsOf(customer.id)).toHaveLength(1);
    expect((await checkoutRow(first.checkout_id)).payment_reference).toBe(right.payment.id);
    const charged = [...fake.payments.values()].filter((payment) => payment.metadata?.checkout_id === first.checkout_id);
    expect(charged.map((payment) => payment.status).sort()).toEqual(['failed', 'paid']);
    expect(charged.every((payment) => payment.refunded === 0)).toBe(true);
    // The failed payment asked about again, late (its webhook, a second tab), changes nothing.
    expect(await caller.payments.outcome({ paymentId: wrong.payment.id })).toEqual({ outcome: 'paid', reason: null });
    expect(await bookingsOf(customer.id)).toHaveLength(1);
  });

  it("stops when STC Pay's own limit of codes is reached: the new payment is refused with that reason, and nothing is booked", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const first = await checkoutFor(customer);
    const wrong = await payByStcPay(first.payment, '0557654321', '111112');
    expect(await (await callerOf(customer)).payments.outcome({ paymentId: wrong.payment.id })).toMatchObject({ reason: 'wrong_code' });
    fake.exhaustCodeAttempts('0557654321');
    const again = await checkoutFor(customer, first.bookingTime, first.idempotencyKey);
    const refused = await fake.createPayment({ ...gatewayFields(again.payment), source: { type: 'stcpay', mobile: '0557654321' } });
    expect(refused.payment).toMatchObject({ status: 'failed', source: { transaction_url: null } });
    expect(await (await callerOf(customer)).payments.outcome({ paymentId: refused.payment.id })).toEqual({
      outcome: 'failed',
      reason: 'code_attempts_exhausted',
    });
    expect(await bookingsOf(customer.id)).toEqual([]);
  });
});

const refundMails = (userId: string) =>
  database.db
    .selectFrom('outbox')
    .select(['template', 'data'])
    .where('user_id', '=', userId)
    .where('template', '=', 'payment-refunded')
    .execute();

describe('cancelling a booking paid at Moyasar', () => {
  async function paidBooking(customer: TestUser) {
    const answer = await checkoutFor(customer);
    const paid = await pay(answer.payment);
    await callback(paid.back.search);
    const [row] = await bookingsOf(customer.id);
    return { bookingId: row!.id, paymentId: paid.id, bookingTime: answer.bookingTime };
  }

  it('refunds what the rule says: the full price while cancelling is allowed', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { bookingId, paymentId } = await paidBooking(customer);
    const caller = await callerOf(customer);
    expect(await caller.booking.cancel({ id: bookingId })).toEqual({
      cancelled: true,
      refund: CHARGED / 100,
      refund_percent: 100,
      refund_to_wallet: 0,
    });
    expect(fake.payments.get(paymentId)).toMatchObject({ refunded: CHARGED });
    const refunds = await database.db.selectFrom('payment_refunds').selectAll().where('booking_id', '=', bookingId).execute();
    expect(refunds).toMatchObject([{ payment_reference: paymentId, amount_halalas: CHARGED, reason: 'cancellation' }]);
    // The admin's transactions show the gateway's id, status and the refund.
    const admin = await createTestUser(database.db, 'admin');
    const adminCaller = await callerOf(admin);
    const listed = (await adminCaller.admin.transactions()).items.find((item) => item.id === bookingId);
    expect(listed).toMatchObject({ payment: { reference: paymentId, status: 'refunded', refunded: CHARGED / 100 } });
  });

  it('refunds nothing and cancels nothing inside the last hours, and never for another customer', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { bookingId, paymentId, bookingTime } = await paidBooking(customer);
    const stranger = await callerOf(await createTestUser(database.db, 'customer'));
    await expect(stranger.booking.cancel({ id: bookingId })).rejects.toMatchObject({ message: 'NOT_FOUND' });
    const closeBy = new Date(new Date(bookingTime).getTime() - 3 * 3_600_000);
    await expect(booking.cancelBooking(database.db, customer.id, bookingId, closeBy, payments)).rejects.toMatchObject({
      code: 'CANCEL_WINDOW_PASSED',
    });
    expect(fake.payments.get(paymentId)).toMatchObject({ status: 'paid', refunded: 0 });
    expect((await bookingsOf(customer.id))[0]!.status).toBe('confirmed');
  });

  it('leaves the booking as it was when the gateway refuses the refund', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { bookingId, paymentId } = await paidBooking(customer);
    // Refunded already at the gateway (from its dashboard, say): nothing is left to give back.
    fake.payments.get(paymentId)!.refunded = CHARGED;
    const caller = await callerOf(customer);
    await expect(caller.booking.cancel({ id: bookingId })).rejects.toMatchObject({ message: 'REFUND_FAILED' });
    expect((await bookingsOf(customer.id))[0]!.status).toBe('confirmed');
    expect(await database.db.selectFrom('payment_refunds').select('id').where('booking_id', '=', bookingId).execute()).toEqual([]);
  });
});
