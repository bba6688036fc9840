// Paid plans bought at Moyasar (issue #21; ADR 0042), through the real procedures and the real routes
// of the Hono app, against the Moyasar-protocol fake. Choosing a paid plan answers the gateway form's
// configuration naming the subscription and asking the card saved as a token; only a payment the
// gateway says was paid, for exactly the plan's amount, activates it, and only once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endLapsedSubscriptions } from '../../src/server/modules/subscriptions/subscriptions.service.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { createTestUser, type TestUser } from '../setup/fixtures.ts';
import { type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const WEBHOOK_SECRET = 'whsec_plans_test';
let database: TestDatabase;
let fake: FakeMoyasar;
let app: MoyasarApp['app'];
let payments: MoyasarApp['payments'];
let env: MoyasarApp['env'];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ fake, env, payments, app } = await startMoyasarApp(database.db, WEBHOOK_SECRET));
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const as = (user: TestUser) => storeCallerFor(database.db, { config: env, payments, user });
const tierOf = async (user: TestUser) =>
  (await database.db.selectFrom('user_profiles').select('subscription_tier').where('id', '=', user.id).executeTakeFirstOrThrow())
    .subscription_tier;

async function choosePaid(user: TestUser, plan: 'premium' | 'professional') {
  const answer = await (await as(user)).subscriptions.choose({ plan });
  if (!('status' in answer) || answer.status !== 'payment_required') throw new Error('expected payment_required');
  return answer;
}

/** The browser's part: the form posts the card to the gateway (saving it, as the form asked), then 3-D Secure. */
async function pay(
  form: Awaited<ReturnType<typeof choosePaid>>['payment'],
  options: { amount?: number; metadata?: Record<string, string>; decision?: 'approve' | 'decline' } = {},
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
      number: '4111111111111111',
      month: '12',
      year: '2031',
      cvc: '123',
      save_card: form.credit_card.save_card,
    },
  });
  expect(created.status).toBe(201);
  await fake.complete3ds(created.payment.id, options.decision ?? 'approve');
  return created.payment.id as string;
}

async function callback(id: string) {
  const response = await app.request(`/payments/moyasar/callback?id=${id}&status=paid`);
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!, 'http://localhost:3000');
}

const subscriptionRow = (id: string) =>
  database.db.selectFrom('plan_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('paid plans bought at Moyasar', () => {
  it("answers the form's configuration, saves the card as a token, activates the plan for a month once", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await choosePaid(customer, 'premium');
    expect(answer).toMatchObject({
      payment: {
        amount: 9_900,
        currency: 'SAR',
        publishable_api_key: fake.publishableKey,
        callback_url: 'http://localhost:3000/payments/moyasar/callback',
        metadata: { subscription_id: answer.subscription_id },
        credit_card: { save_card: true },
      },
      gateway_url: fake.apiUrl,
    });
    expect(JSON.stringify(answer)).not.toContain(fake.secretKey);
    expect(await tierOf(customer)).toBe('basic');

    const id = await pay(answer.payment);
    const landing = await callback(id);
    expect(landing.pathname).toBe('/pricing');
    expect(landing.searchParams.get('payment')).toBe('paid');
    expect(await tierOf(customer)).toBe('premium');
    const row = await subscriptionRow(answer.subscription_id);
    expect(row.status).toBe('active');
    expect(row.payment_reference).toBe(id);
    expect(row.gateway_token).toMatch(/^token_/);
    // Only the gateway's token: no card number of any shape.
    expect(JSON.stringify(row)).not.toMatch(/4111|1111/);
    const days = (row.period_end!.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(32);

    // Replayed: the callback again and the webhook change nothing.
    const periodEnd = row.period_end!.getTime();
    await callback(id);
    const hook = await app.request('/payments/moyasar/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), type: 'payment_paid', secret_token: WEBHOOK_SECRET, live: false, data: { id } }),
    });
    expect(await hook.json()).toMatchObject({ received: true, outcome: 'paid' });
    expect((await subscriptionRow(answer.subscription_id)).period_end!.getTime()).toBe(periodEnd);
    await expect((await as(customer)).subscriptions.current()).resolves.toMatchObject({ plan: 'premium', cancel_at_period_end: false });
    // One simplified tax invoice for the month, however often the payment came back.
    const invoices = await (await as(customer)).billing.invoices();
    expect(invoices.map((invoice) => [invoice.source, invoice.total, invoice.is_credit_note])).toEqual([['plan', 99, false]]);
  });

  it('a lab buys its paid plan the same way', async () => {
    const lab = await createTestUser(database.db, 'lab');
    const answer = await choosePaid(lab, 'professional');
    expect(answer.payment.amount).toBe(49_900);
    await callback(await pay(answer.payment));
    expect(await tierOf(lab)).toBe('professional');
  });

  it('refuses a forged callback, a wrong amount, a payment naming another subscription and a declined card', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await choosePaid(customer, 'premium');

    // A forged status for a payment the gateway does not know.
    expect((await callback(randomUUID())).searchParams.get('payment')).toBeNull();
    // Paid, but 1 SAR.
    const cheap = await pay(answer.payment, { amount: 100 });
    expect((await callback(cheap)).searchParams.get('payment')).toBe('unknown');
    // Paid for a subscription that is not ours.
    const other = await pay(answer.payment, { metadata: { subscription_id: randomUUID() } });
    expect((await callback(other)).searchParams.get('payment')).toBe('unknown');
    // Declined.
    const declined = await pay(answer.payment, { decision: 'decline' });
    expect((await callback(declined)).searchParams.get('payment')).toBe('failed');
    // A forged webhook.
    const hook = await app.request('/payments/moyasar/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), type: 'payment_paid', secret_token: 'wrong', data: { id: cheap } }),
    });
    expect(hook.status).toBe(401);

    expect(await tierOf(customer)).toBe('basic');
    expect((await subscriptionRow(answer.subscription_id)).status).toBe('pending');
  });

  it('cancelled: stays current until the period ends, then the free plan; no one cancels another’s plan', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const stranger = await createTestUser(database.db, 'customer');
    const answer = await choosePaid(customer, 'premium');
    await callback(await pay(answer.payment));

    // The stranger has no paid plan: cancelling touches only their own, and there is none.
    await expect((await as(stranger)).subscriptions.cancel()).rejects.toMatchObject({ message: 'NOT_FOUND' });
    expect((await subscriptionRow(answer.subscription_id)).cancel_at_period_end).toBe(false);

    const cancelled = await (await as(customer)).subscriptions.cancel();
    expect(cancelled).toMatchObject({ plan: 'premium', cancel_at_period_end: true });
    await endLapsedSubscriptions(database.db, new Date());
    expect(await tierOf(customer)).toBe('premium');

    const periodEnd = (await subscriptionRow(answer.subscription_id)).period_end!;
    await endLapsedSubscriptions(database.db, new Date(periodEnd.getTime() + 1000));
    expect(await tierOf(customer)).toBe('basic');
    expect((await subscriptionRow(answer.subscription_id)).status).toBe('ended');
    await expect((await as(customer)).subscriptions.current()).resolves.toBeNull();
  });

  it("an erased account's plan ends and its card token is forgotten", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await choosePaid(customer, 'premium');
    await callback(await pay(answer.payment));
    expect((await subscriptionRow(answer.subscription_id)).gateway_token).toMatch(/^token_/);
    await (await as(customer)).account.delete({ email: customer.email });
    const row = await subscriptionRow(answer.subscription_id);
    expect(row.status).toBe('ended');
    expect(row.gateway_token).toBeNull();
  });
});
