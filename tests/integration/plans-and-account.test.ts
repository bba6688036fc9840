import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/platform/password.ts';
import { createSession, generateSessionToken } from '../../src/server/platform/session.ts';
import { refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const as = (user?: TestUser) => callerFor(database.db, user);
const tierOf = async (user: TestUser) =>
  (await database.db.selectFrom('user_profiles').select('subscription_tier').where('id', '=', user.id).executeTakeFirstOrThrow())
    .subscription_tier;

describe('plans', () => {
  it('offers the customer and lab plans of spec §9, the middle one most popular', async () => {
    const plans = await (await as()).subscriptions.plans();
    expect(plans.customer.map((plan) => [plan.id, plan.monthlyPrice, plan.feePercent])).toEqual([
      ['basic', 0, 5],
      ['premium', 99, 3],
      ['enterprise', 499, 2],
    ]);
    expect(plans.lab.map((plan) => [plan.id, plan.monthlyPrice, plan.feePercent])).toEqual([
      ['starter', 0, 15],
      ['professional', 499, 10],
      ['premium', 999, 7],
    ]);
    expect(plans.customer.map((plan) => plan.popular)).toEqual([false, true, false]);
    expect(plans.lab.map((plan) => plan.popular)).toEqual([false, true, false]);
  });

  it('sets the tier to the lowercase name of a free plan of the caller’s own audience', async () => {
    const customer = await createTestUser(database.db, 'customer');
    await database.db.updateTable('user_profiles').set({ subscription_tier: 'enterprise' }).where('id', '=', customer.id).execute();
    await expect((await as(customer)).subscriptions.choose({ plan: 'basic', audience: 'customer' })).resolves.toEqual({
      subscription_tier: 'basic',
    });
    expect(await tierOf(customer)).toBe('basic');

    const lab = await createTestUser(database.db, 'lab', { approved: false });
    await (await as(lab)).subscriptions.choose({ plan: 'starter' });
    expect(await tierOf(lab)).toBe('starter');
    expect((await (await as(lab)).auth.me())?.subscription_tier).toBe('starter');
  });

  it("refuses another audience's plan, an admin, and a visitor", async () => {
    const customer = await createTestUser(database.db, 'customer');
    const admin = await createTestUser(database.db, 'admin');
    expect((await refusal((await as(customer)).subscriptions.choose({ plan: 'starter' }))).appCode).toBe('PLAN_NOT_AVAILABLE');
    expect((await refusal((await as(customer)).subscriptions.choose({ plan: 'premium', audience: 'lab' }))).appCode).toBe(
      'PLAN_NOT_AVAILABLE',
    );
    expect((await refusal((await as(admin)).subscriptions.choose({ plan: 'basic' }))).appCode).toBe('PLAN_NOT_AVAILABLE');
    expect(await refusal((await as()).subscriptions.choose({ plan: 'basic' }))).toEqual({
      code: 'UNAUTHORIZED',
      appCode: 'UNAUTHENTICATED',
    });
  });
});

describe('account settings', () => {
  async function withPassword(password: string) {
    const user = await createTestUser(database.db, 'customer');
    await database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
    return user;
  }

  it('changes the name and the language', async () => {
    const user = await createTestUser(database.db, 'customer');
    const updated = await (await as(user)).account.updateProfile({ name: '  نورة القحطاني ', locale: 'en' });
    expect(updated).toMatchObject({ id: user.id, name: 'نورة القحطاني', locale: 'en' });
    expect((await refusal((await as(user)).account.updateProfile({ name: '', locale: 'ar' }))).code).toBe('BAD_REQUEST');
  });

  it('changes the password given the current one, and signs other sessions out', async () => {
    const user = await withPassword('old-password-1');
    const otherToken = generateSessionToken();
    await createSession(database.db, otherToken, user.id);
    expect(
      await refusal((await as(user)).account.changePassword({ currentPassword: 'wrong-guess', newPassword: 'new-password-1' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'WRONG_PASSWORD',
    });
    await (await as(user)).account.changePassword({ currentPassword: 'old-password-1', newPassword: 'new-password-1' });
    const sessions = await database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    // The new password signs in.
    const signedIn = await (await as()).auth.signIn({ email: user.email, password: 'new-password-1' });
    expect('id' in signedIn && signedIn.id).toBe(user.id);
    expect((await refusal((await as(user)).account.changePassword({ currentPassword: 'new-password-1', newPassword: 'short' }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('sends a guest to the account upgrade instead', async () => {
    const guest = await (await as()).auth.signInAnonymously({ name: 'فهد', phone: '0551234567' });
    if (!('id' in guest)) throw new Error('a guest without SMS has no second factor');
    const token = generateSessionToken();
    await createSession(database.db, token, guest.id);
    const guestUser = { id: guest.id, email: '', token, cookie: '' };
    expect((await refusal((await as(guestUser)).account.changePassword({ newPassword: 'guest-password' }))).appCode).toBe('FORBIDDEN');
    const upgraded = await (await as(guestUser)).auth.upgradeAnonymous({
      email: `guest-${guest.id}@example.sa`,
      password: 'guest-password',
    });
    // A guest, with its password kept, until the link mailed to the address is opened.
    expect(upgraded).toMatchObject({ is_anonymous: true, email: null, has_password: true });
  });
});
