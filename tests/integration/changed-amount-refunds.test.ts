// A payment made at Moyasar for what a checkout asked before the customer changed it (issue #79, ADR 0095):
// they paid, came back before we heard of it, changed the promo code or the wallet's switch, and paid again.
// The booking (or the store order) is made once, for the new amount; the first payment goes back whole,
// once, however its callback and webhook arrive (together, or not at all until the next start), and the
// customer reads why in their mail. Through the real procedures and routes, the Moyasar-protocol fake
// paid as the browser pays it (the form's configuration posted whole, its given_id with it), mail read at
// a real SMTP server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/app-router.ts';
import { recoverInterruptedCheckouts } from '../../src/server/modules/booking/checkout-recovery.service.ts';
import { grantCredit } from '../../src/server/modules/wallet/wallet.service.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { priceCheckout } from '../../src/shared/checkout-pricing.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { halfHourSlots, nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { type DatabaseWithMail, openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { booked, callerFor, contextFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { gatewayReturns, type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { promoTerms } from '../setup/promo-terms.ts';
import { checkoutDefaults, createTestVariant, deliveryDetails, orderIdOf, storeCallerFor } from '../setup/store.ts';

const WEBHOOK_SECRET = 'whsec_changed_amounts';
const PRICE = 15_000;
/** 150.00 and the Basic plan's 5% booking fee: 157.50. */
const CHARGED = priceCheckout('basic', [PRICE]).total_halalas;
const CREDIT = 5_000;
const STORE_PRICE = 4_999;

let mail: DatabaseWithMail;
let moyasar: MoyasarApp;
let fake: FakeMoyasar;
let labTestId: number;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  mail = await openDatabaseWithMail();
  ({ labTestId } = await openLabSelling(
    mail.database.db,
    await nonFastingTestId(mail.database.db),
    { opensAt: '00:00', closesAt: '23:30' },
    { slot_capacity: 50 },
    PRICE,
  ));
  moyasar = await startMoyasarApp(mail.database.db, WEBHOOK_SECRET);
  fake = moyasar.fake;
});
afterAll(async () => {
  await fake.close();
  await mail.close();
});

const db = () => mail.database.db;

// Each checkout its own time, days ahead (Riyadh is UTC+3 all year).
const nextSlot = halfHourSlots();

async function customer(options: { creditHalalas?: number; locale?: 'ar' | 'en' } = {}): Promise<TestUser> {
  const user = await createTestUser(db(), 'customer');
  if (options.locale) await db().updateTable('user_profiles').set({ locale: options.locale }).where('id', '=', user.id).execute();
  if (options.creditHalalas) {
    await grantCredit(
      db(),
      {
        userId: user.id,
        amountHalalas: options.creditHalalas,
        reason: 'referral_referred',
        sourceKey: `test:${randomUUID()}`,
        validDays: 90,
      },
      new Date(),
    );
  }
  return user;
}

/** booking.create as the checkout page sends it: the same cart and key each time the customer taps Pay. */
async function checkOut(
  user: TestUser,
  cart: { bookingTime: string; key: string },
  paying: { useWallet?: boolean; promoCode?: string } = {},
) {
  const caller = createCaller({ ...(await contextFor(db(), user)), payments: moyasar.payments, config: moyasar.env, log: moyasar.log });
  return caller.booking.create({ items: [{ labTestId, bookingTime: cart.bookingTime }], idempotencyKey: cart.key, ...paying });
}

async function formOf(answer: Awaited<ReturnType<typeof checkOut>>) {
  if (!('payment' in answer)) throw new Error('expected the payment form');
  return answer.payment;
}

/** The browser's part, as card-payment.ts does it: the form's configuration posted whole with the card, then 3-D Secure. */
async function payAtGateway(form: Record<string, unknown>, { approve = true } = {}) {
  const created = await fake.createPayment({
    ...form,
    source: { type: 'creditcard', name: 'Sara Alqahtani', number: '4111111111111111', month: '12', year: '2031', cvc: '123' },
  });
  expect(created.status).toBe(201);
  const back = approve ? await fake.complete3ds(created.payment.id, 'approve') : null;
  return { id: created.payment.id, back: back ? new URL(back).search : `?id=${created.payment.id}` };
}

/** The browser coming back from 3-D Secure (where it is sent), and Moyasar's webhook for a payment as it is now. */
const callback = (query: string) => gatewayReturns(moyasar, WEBHOOK_SECRET).callback(query);
async function webhook(paymentId: string) {
  expect((await gatewayReturns(moyasar, WEBHOOK_SECRET).webhook(paymentId)).status).toBe(200);
}

const refundsOf = (paymentId: string) =>
  db()
    .selectFrom('payment_refunds')
    .select(['amount_halalas', 'reason', 'booking_id', 'store_order_id', 'wallet_halalas'])
    .where('payment_reference', '=', paymentId)
    .execute();
const gatewayRow = (paymentId: string) =>
  db().selectFrom('gateway_payments').select(['status', 'refunded_halalas']).where('id', '=', paymentId).executeTakeFirstOrThrow();
const bookingsOf = (userId: string) =>
  db().selectFrom('bookings').select(['checkout_id', 'status']).where('customer_id', '=', userId).execute();
const checkoutOf = (userId: string) => db().selectFrom('checkouts').selectAll().where('customer_id', '=', userId).executeTakeFirstOrThrow();

/** The mails the customer received, once the outbox is sent. */
async function mailsTo(user: TestUser) {
  await mail.sender.drain();
  return mail.smtp.to(user.email);
}
const REFUND_SUBJECT = { ar: 'أعدنا إليك مبلغ الدفع', en: 'We have refunded your payment' };

describe('a lab-test checkout paid at Moyasar, then changed and paid again', () => {
  it('pay by card, come back, turn on the wallet, pay again: booked once for the new amount, the first payment refunded whole once and mailed, both payments’ callbacks and webhooks arriving at once', async () => {
    const sara = await customer({ creditHalalas: CREDIT });
    const cart = { bookingTime: nextSlot(), key: randomUUID() };
    const first = await formOf(await checkOut(sara, cart));
    expect(first.amount).toBe(CHARGED);
    // Paid at the gateway; the customer went back before the return reached us.
    const a = await payAtGateway(first);

    const second = await formOf(await checkOut(sara, cart, { useWallet: true }));
    expect(second.amount).toBe(CHARGED - CREDIT);
    const b = await payAtGateway(second);

    const landings = await Promise.all([callback(b.back), callback(a.back), webhook(a.id), webhook(b.id), webhook(a.id)]);
    expect(landings[0]!.pathname).toBe('/payment-result');
    expect(landings[0]!.searchParams.get('outcome')).toBe('paid');

    expect(await bookingsOf(sara.id)).toHaveLength(1);
    expect(await checkoutOf(sara.id)).toMatchObject({ status: 'paid', payment_reference: b.id, wallet_halalas: CREDIT });
    expect(fake.payments.get(b.id)).toMatchObject({ status: 'paid', refunded: 0 });
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'refunded', refunded: CHARGED });
    expect(await refundsOf(a.id)).toEqual([
      { amount_halalas: CHARGED, reason: 'amount_changed', booking_id: null, store_order_id: null, wallet_halalas: 0 },
    ]);
    expect(await refundsOf(b.id)).toEqual([]);
    expect(await gatewayRow(a.id)).toEqual({ status: 'refunded', refunded_halalas: CHARGED });

    // Replayed later: nothing more.
    await Promise.all([callback(a.back), webhook(a.id)]);
    expect(await refundsOf(a.id)).toHaveLength(1);

    const refundMails = (await mailsTo(sara)).filter((received) => received.subject.includes(REFUND_SUBJECT.ar));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain('عُدِّل طلبك (رمز الخصم أو الجزء الذي تدفعه من محفظتك) بعد إتمام هذه الدفعة');
    expect(refundMails[0]!.text).toContain('157.50');
  });

  it('a promo code removed after paying, the first payment ending only after the second booked: its callback and webhook, arriving together, refund it once', async () => {
    const code = `CHANGE${randomUUID().slice(0, 6).toUpperCase()}`;
    const admin = await createTestUser(db(), 'admin');
    await (await callerFor(db(), admin)).promo.save(promoTerms(code));
    const omar = await customer({ locale: 'en' });
    const cart = { bookingTime: nextSlot(), key: randomUUID() };
    const discounted = await formOf(await checkOut(omar, cart, { promoCode: code }));
    const fullPrice = priceCheckout('basic', [PRICE]).total_halalas;
    expect(discounted.amount).toBeLessThan(fullPrice);
    // At the bank's 3-D Secure page in another tab, not finished yet.
    const a = await payAtGateway(discounted, { approve: false });

    const whole = await formOf(await checkOut(omar, cart));
    expect(whole.amount).toBe(fullPrice);
    const b = await payAtGateway(whole);
    expect((await callback(b.back)).searchParams.get('outcome')).toBe('paid');

    // The other tab's 3-D Secure now ends, paid for the discounted amount the checkout no longer asks.
    const aBack = new URL(await fake.complete3ds(a.id, 'approve')).search;
    const [landed] = await Promise.all([callback(aBack), webhook(a.id), webhook(a.id)]);
    // Their booking stands (paid by the second payment); the first payment is on its way back.
    expect(landed.searchParams.get('outcome')).toBe('paid');
    expect(await bookingsOf(omar.id)).toHaveLength(1);
    expect(await checkoutOf(omar.id)).toMatchObject({ status: 'paid', payment_reference: b.id, promo_code_id: null });
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'refunded', refunded: discounted.amount });
    expect(await refundsOf(a.id)).toMatchObject([{ amount_halalas: discounted.amount, reason: 'amount_changed' }]);

    const refundMails = (await mailsTo(omar)).filter((received) => received.subject.includes(REFUND_SUBJECT.en));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain('so it no longer matched the amount to pay and we refunded it in full');
  });

  it('the customer paying again before the first payment is confirmed: that payment goes back at once, and its return says so', async () => {
    const huda = await customer({ creditHalalas: CREDIT });
    const cart = { bookingTime: nextSlot(), key: randomUUID() };
    const a = await payAtGateway(await formOf(await checkOut(huda, cart)));
    await formOf(await checkOut(huda, cart, { useWallet: true }));
    // Refunded when the changed checkout was started again, before any return or webhook.
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'refunded', refunded: CHARGED });
    expect(await refundsOf(a.id)).toMatchObject([{ reason: 'amount_changed' }]);
    // Its return, coming late while the checkout waits for the new amount, lands on the page that says why.
    const landed = await callback(a.back);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ outcome: 'refunded', refund: 'amount_changed' });
    expect(await checkoutOf(huda.id)).toMatchObject({ status: 'pending' });
  });

  it('turning on a wallet that pays the whole after paying by card: booked from the wallet, the card payment refunded', async () => {
    const noura = await customer({ creditHalalas: 20_000 });
    const cart = { bookingTime: nextSlot(), key: randomUUID() };
    const a = await payAtGateway(await formOf(await checkOut(noura, cart)));
    const result = booked(await checkOut(noura, cart, { useWallet: true }));
    expect(result).toMatchObject({ wallet_paid: CHARGED / 100 });
    expect(result.bookings).toHaveLength(1);
    await Promise.all([callback(a.back), webhook(a.id)]);
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'refunded', refunded: CHARGED });
    expect(await refundsOf(a.id)).toMatchObject([{ amount_halalas: CHARGED, reason: 'amount_changed' }]);
    expect(await bookingsOf(noura.id)).toHaveLength(1);
  });

  it('paying again unchanged after a payment that went through unheard of: booked by that payment, with no second one asked', async () => {
    const reem = await customer();
    const cart = { bookingTime: nextSlot(), key: randomUUID() };
    const form = await formOf(await checkOut(reem, cart));
    // The payment made is the one the server named: it knows it before hearing from the gateway.
    const a = await payAtGateway(form);
    expect(a.id).toBe(form.given_id);
    const again = await checkOut(reem, cart);
    expect('payment' in again).toBe(false);
    expect(booked(again).bookings).toHaveLength(1);
    expect(await checkoutOf(reem.id)).toMatchObject({ status: 'paid', payment_reference: a.id });
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'paid', refunded: 0 });
  });

  it('a first payment neither returned nor announced by its webhook is refunded at the next start', async () => {
    const faisal = await customer({ creditHalalas: CREDIT });
    const cart = { bookingTime: nextSlot(), key: randomUUID() };
    const a = await payAtGateway(await formOf(await checkOut(faisal, cart)), { approve: false });
    const b = await payAtGateway(await formOf(await checkOut(faisal, cart, { useWallet: true })));
    expect((await callback(b.back)).searchParams.get('outcome')).toBe('paid');
    await fake.complete3ds(a.id, 'approve');

    await recoverInterruptedCheckouts(db(), moyasar.payments, 'tests:changed-amounts');
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'refunded', refunded: CHARGED });
    expect(await refundsOf(a.id)).toMatchObject([{ reason: 'amount_changed' }]);
    expect(await bookingsOf(faisal.id)).toHaveLength(1);
  });
});

describe("a store order paid at Moyasar, then paid again with the wallet's part changed", () => {
  it('placed once, for the new card part; the first payment refunded whole once and mailed, the returns and webhooks arriving at once', async () => {
    const layla = await customer({ creditHalalas: 2_000 });
    const { variantId } = await createTestVariant(db(), { stock: 5, priceHalalas: STORE_PRICE });
    const caller = await storeCallerFor(db(), { user: layla, config: moyasar.env, payments: moyasar.payments, locale: 'ar' });
    const orderId = orderIdOf((await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] })).url);
    // The store writes to the address the buyer gives for the order.
    const shipping = { ...deliveryDetails, email: layla.email };

    const first = await caller.store.hostedCheckout.startPayment({ orderId, ...shipping, useWallet: false });
    if (first.status !== 'payment_required') throw new Error('expected the payment form');
    const a = await payAtGateway(first.payment);
    const second = await caller.store.hostedCheckout.startPayment({ orderId, ...shipping, useWallet: true });
    if (second.status !== 'payment_required') throw new Error('expected the payment form');
    expect(second.payment.amount).toBe(STORE_PRICE - 2_000);
    const b = await payAtGateway(second.payment);

    const [bLanded] = await Promise.all([callback(b.back), callback(a.back), webhook(a.id), webhook(b.id)]);
    expect(bLanded.pathname).toBe('/success');
    const order = await db().selectFrom('store_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', payment_reference: b.id, wallet_halalas: 2_000 });
    expect(fake.payments.get(a.id)).toMatchObject({ status: 'refunded', refunded: STORE_PRICE });
    expect(fake.payments.get(b.id)).toMatchObject({ status: 'paid', refunded: 0 });
    expect(await refundsOf(a.id)).toEqual([
      { amount_halalas: STORE_PRICE, reason: 'amount_changed', booking_id: null, store_order_id: orderId, wallet_halalas: 0 },
    ]);

    const refundMails = (await mailsTo(layla)).filter((received) => received.subject.includes(REFUND_SUBJECT.ar));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain('عُدِّل الجزء الذي تدفعه من محفظتك بعد إتمام هذه الدفعة بالبطاقة');
  });
});
