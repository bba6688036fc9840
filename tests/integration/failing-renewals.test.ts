// The admin's failing renewals (issue #21; ADR 0042's second amendment), through the real procedures:
// a plan bought at the Moyasar fake, its saved card declined at the renewal, so the plan is in its grace
// period; the operator sees whom to call and until when, and the row goes once the renewal is paid or
// the account is on its free plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewPlans } from '../../src/server/modules/subscriptions/plan-renewals.service.ts';
import type { FakeMoyasar } from '../fakes/moyasar.ts';
import { createTestUser, type TestUser } from '../setup/fixtures.ts';
import { type MoyasarApp, startMoyasarApp } from '../setup/moyasar-app.ts';
import { storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const DAY_MS = 86_400_000;
let database: TestDatabase;
let fake: FakeMoyasar;
let app: MoyasarApp['app'];
let payments: MoyasarApp['payments'];
let env: MoyasarApp['env'];
let admin: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ fake, env, payments, app } = await startMoyasarApp(database.db, 'whsec_failing_renewals'));
  admin = await createTestUser(database.db, 'admin');
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const as = (user: TestUser) => storeCallerFor(database.db, { config: env, payments, user });
const grace = () => env.PLAN_RENEWAL_GRACE_DAYS;
const renew = (now: Date) => renewPlans(database.db, payments, grace(), now);
/** What the admin's list shows for one account (searched by its e-mail). */
const listed = async (user: TestUser) => (await (await as(admin)).admin.failingRenewals({ q: user.email })).items;

/** A paid plan bought at the gateway with a saved card; answers its row and the moment its month is over. */
async function bought(userType: 'customer' | 'lab') {
  const user = await createTestUser(database.db, userType, { name: userType === 'lab' ? 'نورة القحطاني' : 'Noura Alqahtani' });
  const answer = await (await as(user)).subscriptions.choose({ plan: userType === 'lab' ? 'professional' : 'premium' });
  if (!('status' in answer) || answer.status !== 'payment_required') throw new Error('expected payment_required');
  const form = answer.payment;
  const created = await fake.createPayment({
    amount: form.amount,
    currency: form.currency,
    description: form.description,
    callback_url: form.callback_url,
    metadata: form.metadata,
    source: {
      type: 'creditcard',
      name: 'Noura Alqahtani',
      number: '4111111111111111',
      month: '12',
      year: '2031',
      cvc: '123',
      save_card: true,
    },
  });
  await fake.complete3ds(created.payment.id, 'approve');
  expect((await app.request(`/payments/moyasar/callback?id=${created.payment.id}&status=paid`)).status).toBe(303);
  const row = await database.db
    .selectFrom('plan_subscriptions')
    .selectAll()
    .where('id', '=', answer.subscription_id)
    .executeTakeFirstOrThrow();
  return { user, row, due: new Date(row.period_end!.getTime() + 60_000) };
}

describe('admin.failingRenewals', () => {
  it('lists a declined renewal with its failures and the day the plan falls to free, until a retry is paid', async () => {
    const { user, row, due } = await bought('customer');
    // Bought and paid: nothing to chase.
    await expect(listed(user)).resolves.toEqual([]);

    fake.declineSavedCard(row.gateway_token!);
    await renew(due);
    const fallsToFree = new Date(due.getTime() + grace() * DAY_MS).toISOString();
    expect(await listed(user)).toEqual([
      {
        id: row.id,
        account: { id: user.id, name: 'Noura Alqahtani', email: user.email, user_type: 'customer', lab_name_ar: null, lab_name_en: null },
        plan: 'premium',
        period_end: row.period_end!.toISOString(),
        renewal_failures: 1,
        first_failed_at: due.toISOString(),
        falls_to_free_at: fallsToFree,
      },
    ]);
    // The account is told the same day (subscriptions.current), so the operator and the customer agree.
    expect((await (await as(user)).subscriptions.current())?.grace_until?.toISOString()).toBe(fallsToFree);

    // Declined again a day later: counted, the first failure and the day it ends unchanged.
    await renew(new Date(due.getTime() + DAY_MS + 60_000));
    expect(await listed(user)).toMatchObject([{ renewal_failures: 2, first_failed_at: due.toISOString(), falls_to_free_at: fallsToFree }]);

    // The card pays again: the next retry renews the plan, and the row is gone.
    fake.restoreSavedCard(row.gateway_token!, '4111111111111111');
    await renew(new Date(due.getTime() + 2 * DAY_MS + 2 * 60_000));
    await expect(listed(user)).resolves.toEqual([]);
    expect((await (await as(user)).subscriptions.current())?.grace_until).toBeNull();
  });

  it("shows a lab's name, and drops the row once the grace period is over and the lab is on its free plan", async () => {
    const { user, row, due } = await bought('lab');
    fake.declineSavedCard(row.gateway_token!);
    await renew(due);
    expect(await listed(user)).toMatchObject([
      {
        account: { name: 'نورة القحطاني', user_type: 'lab', lab_name_ar: 'مختبر الاختبار', lab_name_en: 'Test Lab' },
        plan: 'professional',
        renewal_failures: 1,
      },
    ]);
    // Found by the lab's name too, in either language.
    const byLabName = await (await as(admin)).admin.failingRenewals({ q: 'Test Lab', limit: 100 });
    expect(byLabName.items.map((item) => item.id)).toContain(row.id);

    await renew(new Date(due.getTime() + grace() * DAY_MS + 60_000));
    await expect(listed(user)).resolves.toEqual([]);
    const profile = await database.db
      .selectFrom('user_profiles')
      .select('subscription_tier')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile.subscription_tier).toBe('starter');
  });

  it('pages by the first failure, soonest to fall first, and counts every match', async () => {
    const first = await bought('customer');
    const second = await bought('customer');
    fake.declineSavedCard(first.row.gateway_token!);
    fake.declineSavedCard(second.row.gateway_token!);
    const start = new Date(Math.max(first.due.getTime(), second.due.getTime()));
    await renew(start);
    const caller = await as(admin);
    const q = 'Noura';
    const seen: string[] = [];
    const fallDates: string[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const page = await caller.admin.failingRenewals({ q, limit: 1, cursor });
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((item) => item.id));
      fallDates.push(...page.items.map((item) => item.falls_to_free_at));
      total = page.total;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(seen).toEqual(expect.arrayContaining([first.row.id, second.row.id]));
    expect(new Set(seen).size).toBe(seen.length);
    expect(fallDates).toEqual([...fallDates].sort());
    // A cursor made for another list is refused.
    await expect(
      caller.admin.failingRenewals({ cursor: Buffer.from('{"sort":"name","key":"a","id":"x"}').toString('base64url') }),
    ).rejects.toThrow();
  });
});
