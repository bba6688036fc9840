// Paid plans bought at Moyasar (issue #21; ADR 0042), through the real procedures and the real routes
// of the Hono app, against the Moyasar-protocol fake. Choosing a paid plan answers the gateway form's
// configuration naming the subscription and asking the card saved as a token; only a payment the
// gateway says was paid, for exactly the plan's amount, activates it, and only once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewPlans } from '../../src/server/modules/subscriptions/plan-renewals.service.ts';
import { endLapsedSubscriptions } from '../../src/server/modules/subscriptions/subscriptions.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
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
  options: { amount?: number; metadata?: Record<string, string>; decision?: 'approve' | 'decline'; number?: string } = {},
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

/** The "we refunded your payment" mails queued for the account: why, and how much (SAR). */
const refundMails = async (user: TestUser) =>
  (
    await database.db
      .selectFrom('outbox')
      .select('data')
      .where('user_id', '=', user.id)
      .where('template', '=', 'plan-payment-refunded')
      .execute()
  ).map(({ data }) => {
    const { reason, amount } = (typeof data === 'string' ? JSON.parse(data) : data) as { reason: string; amount: number };
    return { reason, amount };
  });

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
    // Only the gateway's token and the card as its owner recognises it (network, last four): no more of the number.
    const { card_brand, card_last_four, ...rest } = row;
    expect([card_brand, card_last_four]).toEqual(['visa', '1111']);
    // Not the number, nor its first six digits (the row's ids are hex: "1111" may come up in one by chance).
    expect(JSON.stringify(rest)).not.toMatch(/411111/);
    await expect((await as(customer)).subscriptions.current()).resolves.toMatchObject({ card: { brand: 'visa', last_four: '1111' } });
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

  it('a second payment for a plan already bought (two tabs) buys nothing and goes back to the card', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await choosePaid(customer, 'premium');
    const first = await pay(answer.payment);
    const second = await pay(answer.payment);
    expect((await callback(first)).searchParams.get('payment')).toBe('paid');
    expect((await callback(second)).searchParams.get('payment')).toBe('paid');
    expect((await subscriptionRow(answer.subscription_id)).payment_reference).toBe(first);
    expect(fake.payments.get(first)?.refunded).toBe(0);
    expect(fake.payments.get(second)).toMatchObject({ status: 'refunded', refunded: 9_900 });
    // Confirmed again (the webhook after the callback): nothing is refunded twice, and the buyer is told once.
    await callback(second);
    expect(fake.payments.get(second)?.refunded).toBe(9_900);
    expect(await refundMails(customer)).toEqual([{ reason: 'duplicate', amount: 99 }]);
    expect((await (await as(customer)).billing.invoices()).map((invoice) => invoice.total)).toEqual([99]);
  });

  it('a plan chosen again before the first payment was heard of: that payment buys nothing and goes back, the plan is bought once', async () => {
    const customer = await createTestUser(database.db, 'customer');
    // Paid at the gateway, the return lost; the customer comes back and chooses the plan again.
    const before = await choosePaid(customer, 'premium');
    const unheard = await pay(before.payment);
    const again = await choosePaid(customer, 'premium');
    const paid = await pay(again.payment);
    expect((await callback(paid)).searchParams.get('payment')).toBe('paid');
    expect((await callback(unheard)).searchParams.get('payment')).toBe('paid');
    expect((await subscriptionRow(again.subscription_id)).status).toBe('active');
    expect((await subscriptionRow(before.subscription_id)).status).toBe('ended');
    expect(fake.payments.get(paid)?.refunded).toBe(0);
    expect(fake.payments.get(unheard)).toMatchObject({ status: 'refunded', refunded: 9_900 });
    expect(await refundMails(customer)).toEqual([{ reason: 'duplicate', amount: 99 }]);
    expect(await tierOf(customer)).toBe('premium');
    expect((await (await as(customer)).billing.invoices()).map((invoice) => invoice.total)).toEqual([99]);
  });

  it('a lab buys its paid plan the same way', async () => {
    const lab = await createTestUser(database.db, 'lab');
    const answer = await choosePaid(lab, 'professional');
    expect(answer.payment.amount).toBe(49_900);
    // A lab is kept in its dashboard: it comes back to its plan there.
    const landing = await callback(await pay(answer.payment));
    expect(`${landing.pathname}${landing.search}`).toBe('/dashboard?section=payments&payment=paid');
    expect(await tierOf(lab)).toBe('professional');
    // Its plan's invoice is in its own list, and in no one else's.
    const invoices = await (await as(lab)).billing.labInvoices();
    expect(invoices.map((invoice) => [invoice.source, invoice.total])).toEqual([['plan', 499]]);
    const otherLab = await createTestUser(database.db, 'lab');
    await expect((await as(otherLab)).billing.labInvoices()).resolves.toEqual([]);
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

  it("an erased account's plan ends and its card is forgotten here and at the gateway", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const answer = await choosePaid(customer, 'premium');
    await callback(await pay(answer.payment));
    const { gateway_token: token } = await subscriptionRow(answer.subscription_id);
    expect(token).toMatch(/^token_/);
    expect(fake.tokens.has(token!)).toBe(true);
    await (await as(customer)).account.delete({ email: customer.email });
    const row = await subscriptionRow(answer.subscription_id);
    expect(row).toMatchObject({ status: 'ended', gateway_token: null, card_brand: null, card_last_four: null });
    // Deleted at the gateway too: the card can be charged by no one.
    expect(fake.tokens.has(token!)).toBe(false);
  });

  it('with the simulated provider (the demo) a paid plan is charged at once, activated for a month and invoiced', async () => {
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    const simulated = await callerFor(database.db, lab);
    await expect(simulated.subscriptions.choose({ plan: 'professional', audience: 'lab' })).resolves.toEqual({
      status: 'paid',
      subscription_tier: 'professional',
    });
    expect(await tierOf(lab)).toBe('professional');
    const current = await simulated.subscriptions.current();
    expect(current).toMatchObject({ plan: 'professional', cancel_at_period_end: false });
    const row = await database.db.selectFrom('plan_subscriptions').selectAll().where('user_id', '=', lab.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'active', gateway_token: null, amount_cents: 49_900 });
    expect(row.payment_reference).toBe(`sim_${row.id}`);
    const invoices = await database.db
      .selectFrom('invoices')
      .select(['total_halalas', 'kind'])
      .where('plan_subscription_id', '=', row.id)
      .execute();
    expect(invoices).toEqual([{ total_halalas: 49_900, kind: 'invoice' }]);
  });

  describe('renewals from the server', () => {
    const subscriptionsOf = (user: TestUser) =>
      database.db.selectFrom('plan_subscriptions').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute();
    const planInvoices = (user: TestUser) =>
      database.db.selectFrom('invoices').select(['total_halalas', 'plan_subscription_id']).where('buyer_id', '=', user.id).execute();
    /** The "your plan ends soon" mails queued for the account. */
    const endingMails = (user: TestUser) =>
      database.db.selectFrom('outbox').select('id').where('user_id', '=', user.id).where('template', '=', 'plan-ending-unpaid').execute();
    const tokenCharges = (token: string) =>
      [...fake.payments.values()].filter(
        (payment) => payment.source.type === 'creditcard' && payment.source.token === token && !payment.source.transaction_url,
      );

    /** A plan bought with `number` (saved at the gateway), and the moment its month is over. */
    async function bought(number = '4111111111111111') {
      const customer = await createTestUser(database.db, 'customer');
      const answer = await choosePaid(customer, 'premium');
      await callback(await pay(answer.payment, { number }));
      const row = await subscriptionRow(answer.subscription_id);
      return { customer, row, due: new Date(row.period_end!.getTime() + 60_000) };
    }

    it('charges the saved token when the month is over: a new month, its own invoice, the plan kept', async () => {
      const { customer, row, due } = await bought();
      // Not due yet: nothing charged.
      await renewPlans(database.db, payments, 7, new Date(row.period_end!.getTime() - 60_000));
      expect(tokenCharges(row.gateway_token!)).toHaveLength(0);

      await renewPlans(database.db, payments, 7, due);
      const charges = tokenCharges(row.gateway_token!);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ status: 'paid', amount: 9_900, metadata: { subscription_id: charges[0]!.id } });
      const [first, renewal] = await subscriptionsOf(customer);
      expect(first).toMatchObject({ id: row.id, status: 'ended' });
      expect(renewal).toMatchObject({ id: charges[0]!.id, status: 'active', renews_id: row.id, gateway_token: row.gateway_token });
      // The new month follows the old one.
      const days = (renewal!.period_end!.getTime() - row.period_end!.getTime()) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31);
      expect(await tierOf(customer)).toBe('premium');
      const invoices = await planInvoices(customer);
      expect(invoices.map((invoice) => [invoice.plan_subscription_id, invoice.total_halalas])).toEqual([
        [row.id, 9_900],
        [renewal!.id, 9_900],
      ]);
      // Run again: the renewed month is not due, nothing more is charged.
      await renewPlans(database.db, payments, 7, due);
      expect(tokenCharges(row.gateway_token!)).toHaveLength(1);
    });

    it('two instances renewing at once charge a period once', async () => {
      const { customer, row, due } = await bought();
      await Promise.all([
        renewPlans(database.db, payments, 7, due),
        renewPlans(database.db, payments, 7, due),
        renewPlans(database.db, payments, 7, due),
      ]);
      expect(tokenCharges(row.gateway_token!)).toHaveLength(1);
      expect(await planInvoices(customer)).toHaveLength(2);
    });

    it('a declined renewal keeps the plan for now, counts the failure and tries again a day later', async () => {
      // The card paid the first month; by the second its balance has run out.
      const { customer, row, due } = await bought();
      fake.declineSavedCard(row.gateway_token!);
      await renewPlans(database.db, payments, 7, due);
      expect(tokenCharges(row.gateway_token!).map((payment) => payment.status)).toEqual(['failed']);
      expect(await subscriptionRow(row.id)).toMatchObject({ status: 'active', renewal_failures: 1 });
      expect(await tierOf(customer)).toBe('premium');
      // The account is told until when its plan stays while the renewal is retried.
      const current = await (await as(customer)).subscriptions.current();
      expect(current?.grace_until?.getTime()).toBe(due.getTime() + 7 * 86_400_000);
      // The same day: not again.
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 60 * 60_000));
      expect(tokenCharges(row.gateway_token!)).toHaveLength(1);
      // A day later: again.
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 25 * 60 * 60_000));
      expect(tokenCharges(row.gateway_token!)).toHaveLength(2);
      expect((await subscriptionRow(row.id)).renewal_failures).toBe(2);

      // Mailed once at the failure, and once more the day before the grace period ends.
      const mails = await database.db
        .selectFrom('outbox')
        .select(['template', 'recipient', 'send_after', 'data'])
        .where('user_id', '=', customer.id)
        .where('template', 'like', 'plan-%')
        .orderBy('send_after')
        .execute();
      expect(mails.map((mail) => [mail.template, mail.recipient])).toEqual([
        ['plan-renewal-failed', customer.email],
        ['plan-ending-unpaid', customer.email],
      ]);
      expect(mails[0]!.send_after.getTime()).toBeLessThanOrEqual(due.getTime());
      expect(mails[1]!.send_after.getTime()).toBe(due.getTime() + 6 * 86_400_000);
      expect(mails[0]!.data).toMatchObject({ plan: 'premium', amount: 99, link: '/pricing' });

      // The grace period over, still unpaid: the free plan.
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 6 * 86_400_000));
      expect(await tierOf(customer)).toBe('premium');
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 7 * 86_400_000 + 60_000));
      expect((await subscriptionRow(row.id)).status).toBe('ended');
      expect(await tierOf(customer)).toBe('basic');
      await expect((await as(customer)).subscriptions.current()).resolves.toBeNull();
    });

    it('paid on a retry during the grace period: the plan renews and the last-day mail is withdrawn', async () => {
      const { customer, row, due } = await bought();
      fake.declineSavedCard(row.gateway_token!);
      await renewPlans(database.db, payments, 7, due);
      fake.restoreSavedCard(row.gateway_token!, '4111111111111111');
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 25 * 60 * 60_000));
      expect(tokenCharges(row.gateway_token!).map((payment) => payment.status)).toEqual(['failed', 'paid']);
      expect(await tierOf(customer)).toBe('premium');
      expect(await endingMails(customer)).toEqual([]);
    });

    it('during the grace period the account pays with another card: a month from then, the last-day mail withdrawn, the declined card not charged again', async () => {
      const { customer, row, due } = await bought();
      fake.declineSavedCard(row.gateway_token!);
      await renewPlans(database.db, payments, 7, due);
      expect((await (await as(customer)).subscriptions.current())?.grace_until).not.toBeNull();

      // The plan page's "pay with another card": the same plan chosen again, paid with a new card.
      const again = await choosePaid(customer, 'premium');
      await callback(await pay(again.payment, { number: '5421080101000000' }));
      const current = await (await as(customer)).subscriptions.current();
      expect(current).toMatchObject({ plan: 'premium', grace_until: null });
      const fresh = await subscriptionRow(again.subscription_id);
      expect(fresh).toMatchObject({ status: 'active' });
      expect(fresh.gateway_token).not.toBe(row.gateway_token);
      expect((await subscriptionRow(row.id)).status).toBe('ended');

      // A month from the payment, not from the declined renewal.
      const days = (fresh.period_end!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(27);
      expect(days).toBeLessThanOrEqual(31);
      expect(await endingMails(customer)).toEqual([]);
      // The next day's round does not charge the declined card again.
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 25 * 60 * 60_000));
      expect(tokenCharges(row.gateway_token!)).toHaveLength(1);
      expect(await tierOf(customer)).toBe('premium');
    });

    it('a renewal charged while the account paid with another card renews nothing and goes back to the card', async () => {
      const { customer, row } = await bought();
      // The renewal is being charged (its row is open) when the account buys the plan again with another card.
      const renewalId = randomUUID();
      await database.db
        .insertInto('plan_subscriptions')
        .values({
          id: renewalId,
          user_id: customer.id,
          plan: 'premium',
          amount_cents: 9_900,
          currency: 'SAR',
          status: 'pending',
          renews_id: row.id,
        })
        .execute();
      const again = await choosePaid(customer, 'premium');
      await callback(await pay(again.payment, { number: '5421080101000000' }));
      // The charge of the old card then comes back paid.
      const charged = await payments.browser!.chargeToken({
        givenId: renewalId,
        token: row.gateway_token!,
        amount: 9_900,
        currency: 'SAR',
        description: 'renewal',
        metadata: { subscription_id: renewalId },
      });
      expect(charged.status).toBe('paid');
      // The next round settles the interrupted renewal (before the new month is itself due).
      await renewPlans(database.db, payments, 7, new Date(row.period_end!.getTime() - 120_000));
      expect(await subscriptionRow(renewalId)).toMatchObject({ status: 'ended' });
      expect(fake.payments.get(renewalId)).toMatchObject({ status: 'refunded', refunded: 9_900 });
      expect(await refundMails(customer)).toEqual([{ reason: 'renewal_replaced', amount: 99 }]);
      await expect((await as(customer)).subscriptions.current()).resolves.toMatchObject({ plan: 'premium', grace_until: null });
      expect((await subscriptionRow(again.subscription_id)).status).toBe('active');
    });

    it('a renewal the server stopped in the middle of is settled by its given id on a later round', async () => {
      const { customer, row, due } = await bought();
      // The server opened the renewal and charged the token, then stopped before it heard the answer.
      const renewal = await database.db
        .insertInto('plan_subscriptions')
        .values({
          user_id: customer.id,
          plan: row.plan,
          amount_cents: row.amount_cents,
          currency: row.currency,
          renews_id: row.id,
          created_at: due,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await payments.browser.chargeToken({
        givenId: renewal.id,
        token: row.gateway_token!,
        amount: row.amount_cents,
        currency: row.currency,
        description: 'renewal',
        metadata: { subscription_id: renewal.id },
      });
      // Not yet stale: another instance may still be charging it; nothing is charged again.
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 60_000));
      expect(tokenCharges(row.gateway_token!)).toHaveLength(1);
      expect((await subscriptionRow(renewal.id)).status).toBe('pending');
      // Stale: the gateway says it was paid, so it is activated, once, with its invoice.
      await renewPlans(database.db, payments, 7, new Date(due.getTime() + 11 * 60_000));
      expect(tokenCharges(row.gateway_token!)).toHaveLength(1);
      expect(await subscriptionRow(renewal.id)).toMatchObject({ status: 'active', payment_reference: renewal.id });
      expect(await planInvoices(customer)).toHaveLength(2);
    });

    it('a cancelled plan is not renewed: it ends with its period', async () => {
      const { customer, row, due } = await bought();
      await (await as(customer)).subscriptions.cancel();
      await renewPlans(database.db, payments, 7, due);
      expect(tokenCharges(row.gateway_token!)).toHaveLength(0);
      expect((await subscriptionRow(row.id)).status).toBe('ended');
      expect(await tierOf(customer)).toBe('basic');
    });

    /** The page's part of changing the card: the new card saved at the gateway as a token (the publishable key), then 3-D Secure. */
    async function saveCard(
      form: Awaited<ReturnType<Awaited<ReturnType<typeof as>>['subscriptions']['changeCard']>>['token'],
      options: { number?: string; decision?: 'approve' | 'decline'; metadata?: Record<string, string> } = {},
    ) {
      const created = await fake.createToken({
        name: 'Noura Alqahtani',
        number: options.number ?? '5421080101000000',
        month: 12,
        year: 2031,
        cvc: '123',
        callback_url: form.callback_url,
        metadata: options.metadata ?? form.metadata,
      });
      expect(created.status).toBe(201);
      expect(created.token).toMatchObject({ status: 'initiated', verification_url: expect.stringContaining('/3ds/') });
      return { id: created.token.id, back: await fake.completeToken3ds(created.token.id, options.decision ?? 'approve') };
    }

    /** The browser back from the bank at our return address, with this session (or none). */
    async function cardSaved(back: string, user?: TestUser) {
      const url = new URL(back);
      expect(url.pathname).toBe('/payments/moyasar/card-saved');
      const response = await app.request(`${url.pathname}${url.search}`, { headers: user ? { cookie: user.cookie } : {} });
      expect(response.status).toBe(303);
      return new URL(response.headers.get('location')!, 'http://localhost:3000');
    }

    it('the owner changes the card: saved through 3-D Secure, the next renewal charges it, the old card forgotten, a mail sent', async () => {
      const { customer, row, due } = await bought();
      const form = await (await as(customer)).subscriptions.changeCard();
      expect(form).toEqual({
        gateway_url: fake.apiUrl,
        token: {
          publishable_api_key: fake.publishableKey,
          callback_url: 'http://localhost:3000/payments/moyasar/card-saved',
          metadata: { subscription_id: row.id },
        },
      });
      const { id, back } = await saveCard(form.token);
      const landing = await cardSaved(back, customer);
      expect(`${landing.pathname}${landing.search}`).toBe('/pricing?card=saved');
      expect(await subscriptionRow(row.id)).toMatchObject({ gateway_token: id, card_brand: 'master', card_last_four: '0000' });
      await expect((await as(customer)).subscriptions.current()).resolves.toMatchObject({ card: { brand: 'master', last_four: '0000' } });
      // The gateway forgot the old card; the owner is told which card the plan now renews with.
      expect(fake.tokens.has(row.gateway_token!)).toBe(false);
      const mails = await database.db
        .selectFrom('outbox')
        .select('data')
        .where('user_id', '=', customer.id)
        .where('template', '=', 'plan-card-changed')
        .execute();
      expect(mails.map(({ data }) => (typeof data === 'string' ? JSON.parse(data) : data))).toEqual([
        expect.objectContaining({ brand: 'master', lastFour: '0000', plan: 'premium' }),
      ]);
      // Back again (a reload): nothing changes twice.
      await cardSaved(back, customer);
      expect(
        await database.db
          .selectFrom('outbox')
          .select('id')
          .where('user_id', '=', customer.id)
          .where('template', '=', 'plan-card-changed')
          .execute(),
      ).toHaveLength(1);

      await renewPlans(database.db, payments, 7, due);
      expect(tokenCharges(row.gateway_token!)).toHaveLength(0);
      expect(tokenCharges(id)).toMatchObject([{ status: 'paid', amount: 9_900 }]);
      const [, renewal] = await subscriptionsOf(customer);
      expect(renewal).toMatchObject({ status: 'active', gateway_token: id, card_brand: 'master', card_last_four: '0000' });
    });

    it('a card is not changed by a refused card, a token of another plan, a forged or unfinished token, or without the session', async () => {
      const { customer, row } = await bought();
      const { customer: stranger, row: strangerRow } = await bought();
      const form = (await (await as(customer)).subscriptions.changeCard()).token;
      const unchanged = async () =>
        expect(await subscriptionRow(row.id)).toMatchObject({ gateway_token: row.gateway_token, card_last_four: '1111' });

      // Declined at 3-D Secure, and a card the bank refuses: the page says why, never with the bank's own words.
      const declined = await cardSaved((await saveCard(form, { decision: 'decline' })).back, customer);
      expect([declined.searchParams.get('card'), declined.searchParams.get('reason')]).toEqual(['failed', 'authentication_failed']);
      const broke = await cardSaved((await saveCard(form, { number: '4123120001090000' })).back, customer);
      expect([broke.searchParams.get('card'), broke.searchParams.get('reason')]).toEqual(['failed', 'insufficient_funds']);
      expect(broke.searchParams.has('message')).toBe(false);
      // A stranger's card put on the customer's plan (the token names it), or the customer's card on the stranger's.
      const onTheirs = await saveCard(form);
      expect((await cardSaved(onTheirs.back, stranger)).searchParams.get('card')).toBe('unknown');
      const onStrangers = await saveCard(form, { metadata: { subscription_id: strangerRow.id } });
      expect((await cardSaved(onStrangers.back, customer)).searchParams.get('card')).toBe('unknown');
      expect((await subscriptionRow(strangerRow.id)).gateway_token).toBe(strangerRow.gateway_token);
      // A token the gateway does not know, a token whose 3-D Secure never ended, and no session at all.
      expect(
        (
          await cardSaved('http://localhost:3000/payments/moyasar/card-saved?id=token_forged0000000000&status=active', customer)
        ).searchParams.get('card'),
      ).toBe('unknown');
      const unfinished = await fake.createToken({
        name: 'Noura Alqahtani',
        number: '4111111111111111',
        month: 12,
        year: 2031,
        cvc: '123',
        callback_url: form.callback_url,
        metadata: form.metadata,
      });
      expect((await cardSaved(`${form.callback_url}?id=${unfinished.token.id}&status=active`, customer)).searchParams.get('card')).toBe(
        'unknown',
      );
      const anonymous = await cardSaved((await saveCard(form)).back);
      expect(`${anonymous.pathname}${anonymous.search}`).toBe('/pricing?card=unknown');
      await unchanged();
      expect(fake.tokens.has(row.gateway_token!)).toBe(true);

      // No plan, or a cancelled one (it will not renew): there is no card to change.
      const planless = await createTestUser(database.db, 'customer');
      await expect((await as(planless)).subscriptions.changeCard()).rejects.toMatchObject({ message: 'NOT_FOUND' });
      await (await as(customer)).subscriptions.cancel();
      await expect((await as(customer)).subscriptions.changeCard()).rejects.toMatchObject({ message: 'NOT_FOUND' });
    });

    it('with the simulated provider a renewal is a simulated charge', async () => {
      const lab = await createTestUser(database.db, 'lab', { approved: true });
      await (await callerFor(database.db, lab)).subscriptions.choose({ plan: 'premium', audience: 'lab' });
      const [first] = await subscriptionsOf(lab);
      await renewPlans(database.db, simulatedPaymentProvider(0), 7, new Date(first!.period_end!.getTime() + 60_000));
      const [, renewal] = await subscriptionsOf(lab);
      expect(renewal).toMatchObject({ status: 'active', renews_id: first!.id, payment_reference: `sim_${renewal!.id}` });
      expect(await tierOf(lab)).toBe('premium');
    });
  });
});
