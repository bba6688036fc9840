import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { contextFor, createTestUser, mailedLinkToken, type TestUser, testEnv } from '../setup/fixtures.ts';
import { type SoftwareCredential, softwareAuthenticator } from '../setup/software-authenticator.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Passkeys (issue #26, docs/decisions/0025): added in settings, signed in with instead of a password and
// a code, and every way a signature could be replayed, forged or borrowed refused.

let database: TestDatabase;
const authenticator = softwareAuthenticator(testEnv.PUBLIC_URL);
const createCaller = createCallerFactory(appRouter);
let addressCount = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The context of a request by `user` (or a visitor) from an address of its own; `cookies` collects what it is sent. */
async function contextOf(user?: TestUser) {
  const context = await contextFor(database.db, user);
  addressCount += 1;
  context.clientIp = `10.26.${addressCount >> 8}.${addressCount & 0xff}`;
  return context;
}

async function as(user?: TestUser) {
  return createCaller(await contextOf(user));
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; appCode: string | undefined }> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as { code: string; cause?: { code?: string } },
  );
  return { code: error.code, appCode: error.cause?.code };
}

async function addPasskey(user: TestUser, name = 'هاتفي') {
  const caller = await as(user);
  const options = await caller.account.passkeyRegistrationOptions();
  const made = await authenticator.create(options);
  const list = await caller.account.passkeyRegister({ name, response: made.response });
  return { credential: made.credential, list };
}

async function signInWith(credential: SoftwareCredential, options: { admin?: boolean; counter?: number; userHandle?: Uint8Array } = {}) {
  const context = await contextOf();
  const visitor = createCaller(context);
  const challenge = await visitor.auth.passkeySignInOptions();
  const response = await authenticator.get(credential, challenge, options);
  return { cookies: context.cookies, response, answer: visitor.auth.signInWithPasskey({ response, admin: options.admin }) };
}

describe('adding a passkey', () => {
  it('lists it by the name given, and signs in with it alone: a session at once, no password and no code', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { credential, list } = await addPasskey(customer, 'لابتوب العمل');
    expect(list).toEqual([expect.objectContaining({ name: 'لابتوب العمل', last_used_at: null })]);

    const { cookies, answer } = await signInWith(credential);
    const user = (await answer) as { id: string; signed_in_with_passkey: boolean };
    expect(user.id).toBe(customer.id);
    expect(user.signed_in_with_passkey).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('tahaleel_session=') && !cookie.startsWith('tahaleel_session=;'))).toBe(true);
    const [listed] = await (await as(customer)).account.passkeys();
    expect(listed?.last_used_at).not.toBeNull();
  });

  it('refuses a registration answered for a challenge that was never given, or given to someone else, or answered twice', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const other = await createTestUser(database.db, 'customer');
    const invented = await authenticator.create({ challenge: 'bm90LWEtY2hhbGxlbmdl', rp: {}, user: { id: 'AAAA' } });
    expect((await refusal((await as(customer)).account.passkeyRegister({ name: 'x', response: invented.response }))).appCode).toBe(
      'PASSKEY_FAILED',
    );

    const othersOptions = await (await as(other)).account.passkeyRegistrationOptions();
    const made = await authenticator.create(othersOptions);
    expect((await refusal((await as(customer)).account.passkeyRegister({ name: 'x', response: made.response }))).appCode).toBe(
      'PASSKEY_FAILED',
    );
    // The refusal did not spend the owner's challenge.
    await (await as(other)).account.passkeyRegister({ name: 'مفتاحي', response: made.response });
    expect((await refusal((await as(other)).account.passkeyRegister({ name: 'again', response: made.response }))).appCode).toBe(
      'PASSKEY_FAILED',
    );
  });

  it('is not for a guest', async () => {
    const guest = await createTestUser(database.db, 'customer');
    await database.db.updateTable('users').set({ is_anonymous: true }).where('id', '=', guest.id).execute();
    expect((await refusal((await as(guest)).account.passkeyRegistrationOptions())).code).toBe('FORBIDDEN');
  });
});

describe('signing in with a passkey', () => {
  it('refuses an assertion sent a second time (replayed)', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { credential } = await addPasskey(customer);
    const first = await signInWith(credential);
    await first.answer;
    const replay = (await as()).auth.signInWithPasskey({ response: first.response });
    expect(await refusal(replay)).toEqual({ code: 'BAD_REQUEST', appCode: 'PASSKEY_FAILED' });
  });

  it('refuses a forged assertion: a challenge never given, a key that is not the passkey, a signature counter that did not grow', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { credential } = await addPasskey(customer);

    const invented = await authenticator.get(credential, { challenge: 'aW52ZW50ZWQtY2hhbGxlbmdl' });
    expect((await refusal((await as()).auth.signInWithPasskey({ response: invented }))).appCode).toBe('PASSKEY_FAILED');

    const impostor = await authenticator.create({ challenge: 'eA', rp: {}, user: { id: 'AAAA' } });
    const forged = { ...impostor.credential, id: credential.id, userHandle: credential.userHandle };
    expect((await refusal((await signInWith(forged)).answer)).appCode).toBe('PASSKEY_FAILED');

    await (await signInWith(credential, { counter: 5 })).answer;
    expect((await refusal((await signInWith(credential, { counter: 5 })).answer)).appCode).toBe('PASSKEY_FAILED');
    expect((await refusal((await signInWith(credential, { counter: 3 })).answer)).appCode).toBe('PASSKEY_FAILED');
    await (await signInWith(credential, { counter: 6 })).answer;
  });

  it('refuses a challenge that has lapsed', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { credential } = await addPasskey(customer);
    const visitor = await as();
    const challenge = await visitor.auth.passkeySignInOptions();
    await database.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('challenge', '=', challenge.challenge)
      .execute();
    const response = await authenticator.get(credential, challenge);
    expect((await refusal(visitor.auth.signInWithPasskey({ response }))).appCode).toBe('PASSKEY_FAILED');
  });

  it("refuses another user's credential: named for someone else, or removed by someone who does not own it", async () => {
    const owner = await createTestUser(database.db, 'customer');
    const other = await createTestUser(database.db, 'customer');
    const { credential, list } = await addPasskey(owner);
    const otherHandle = new TextEncoder().encode(other.id);
    expect((await refusal((await signInWith(credential, { userHandle: otherHandle })).answer)).appCode).toBe('PASSKEY_FAILED');

    expect((await refusal((await as(other)).account.passkeyRemove({ id: list[0]!.id }))).code).toBe('NOT_FOUND');
    expect(await (await as(other)).account.passkeys()).toEqual([]);
    expect(((await (await signInWith(credential)).answer) as { id: string }).id).toBe(owner.id);
  });

  it('tells the owner by mail of each passkey added or removed, and keeps both in the audit log', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { list } = await addPasskey(customer, 'هاتف العمل');
    await (await as(customer)).account.passkeyRemove({ id: list[0]!.id });
    const mails = await database.db
      .selectFrom('outbox')
      .select(['template', 'data'])
      .where('recipient', '=', customer.email)
      .where('template', '=', 'sign-in-method-changed')
      .orderBy('created_at')
      .execute();
    expect(mails.map((mail) => mail.data)).toEqual([
      expect.objectContaining({ change: 'passkey_added', passkeyName: 'هاتف العمل' }),
      expect.objectContaining({ change: 'passkey_removed', passkeyName: 'هاتف العمل' }),
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'passkey.add', actor_id: customer.id },
      { action: 'passkey.remove', actor_id: customer.id },
    ]);
  });

  it('no longer signs in with a passkey its owner removed', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const { credential, list } = await addPasskey(customer);
    expect(await (await as(customer)).account.passkeyRemove({ id: list[0]!.id })).toEqual([]);
    expect((await refusal((await signInWith(credential)).answer)).appCode).toBe('PASSKEY_FAILED');
  });

  it('lets an admin in from the admin login only, as a password does', async () => {
    const admin = await createTestUser(database.db, 'admin');
    const { credential } = await addPasskey(admin);
    expect((await refusal((await signInWith(credential)).answer)).appCode).toBe('USE_ADMIN_LOGIN');
    expect(((await (await signInWith(credential, { admin: true })).answer) as { id: string }).id).toBe(admin.id);
  });
});

describe('a passkey and the staff two-factor rule', () => {
  it('counts as both factors: staff past the grace period signed in with one reach everything, with a password alone only enrolment', async () => {
    const admin = await createTestUser(database.db, 'admin');
    await database.db
      .updateTable('users')
      .set({ two_factor_due_at: new Date(Date.now() - 60_000) })
      .where('id', '=', admin.id)
      .execute();
    expect((await refusal((await as(admin)).admin.overview())).appCode).toBe('TWO_FACTOR_SETUP_REQUIRED');

    // A passkey may be added from the password session, as the authenticator app may.
    const { credential } = await addPasskey(admin);
    expect((await refusal((await as(admin)).admin.overview())).appCode).toBe('TWO_FACTOR_SETUP_REQUIRED');

    const attempt = await signInWith(credential, { admin: true });
    await attempt.answer;
    const cookie = attempt.cookies.find((value) => value.startsWith('tahaleel_session=') && !value.startsWith('tahaleel_session=;'));
    const token = cookie!.split(';')[0]!.slice('tahaleel_session='.length);
    const viaPasskey = await as({ ...admin, token, cookie: `tahaleel_session=${token}` });
    await expect(viaPasskey.admin.overview()).resolves.toBeDefined();
    expect((await viaPasskey.auth.me())?.signed_in_with_passkey).toBe(true);
  });

  it('lets staff held at enrolment sign in again with the passkey they just added, from the same browser', async () => {
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    await database.db
      .updateTable('users')
      .set({ two_factor_due_at: new Date(Date.now() - 60_000) })
      .where('id', '=', lab.id)
      .execute();
    const { credential } = await addPasskey(lab);
    // Still signed in with the password only: the passkey sign-in is one of the few things it may call.
    const context = await contextOf(lab);
    const held = createCaller(context);
    expect((await refusal(held.booking.mine())).appCode).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const challenge = await held.auth.passkeySignInOptions();
    const response = await authenticator.get(credential, challenge);
    const user = await held.auth.signInWithPasskey({ response });
    expect(user).toMatchObject({ id: lab.id, signed_in_with_passkey: true });
    expect(context.cookies.some((cookie) => cookie.startsWith('tahaleel_session=') && !cookie.startsWith('tahaleel_session=;'))).toBe(true);
  });
});

describe('who may add a passkey, and what a proof of the address removes (#56)', () => {
  const PASSWORD = 'correct horse battery';

  /** A real sign-up (a password, an unconfirmed address), as a TestUser for `as`. */
  async function signUp(email = `passkey-${randomUUID()}@example.sa`): Promise<TestUser> {
    const context = await contextOf();
    const user = await createCaller(context).auth.signUp({
      email,
      password: PASSWORD,
      name: 'ريم',
      userType: 'customer',
      acceptTerms: true,
    });
    const token = context.cookies
      .find((cookie) => cookie.startsWith('tahaleel_session='))!
      .split(';')[0]!
      .slice('tahaleel_session='.length);
    return { id: user.id, email, token, cookie: `tahaleel_session=${token}` };
  }

  /** Its sign-in, and the password's last entry, `minutes` ago: a session stolen later than that. */
  async function ageSession(user: TestUser, minutes: number) {
    const then = new Date(Date.now() - minutes * 60_000);
    await sql`update sessions set created_at = ${then}, password_confirmed_at = ${then} where user_id = ${user.id}`.execute(database.db);
  }

  const mailedToken = (email: string, template: 'reset-password' | 'verify-email') => mailedLinkToken(database.db, email, template);

  async function removalMails(email: string) {
    const rows = await database.db
      .selectFrom('outbox')
      .select('data')
      .where('recipient', '=', email)
      .where('template', '=', 'sign-in-methods-removed')
      .execute();
    return rows.map((row) => row.data);
  }

  it('is refused to a session whose password was entered over 15 minutes ago, until the password is entered again', async () => {
    const owner = await signUp();
    const freshOptions = await (await as(owner)).account.passkeyRegistrationOptions();
    await ageSession(owner, 16);
    // Whoever stole the cookie has neither the password nor a fresh challenge's answer accepted.
    const stolen = await as(owner);
    expect((await refusal(stolen.account.passkeyRegistrationOptions())).appCode).toBe('PASSWORD_CONFIRMATION_REQUIRED');
    const made = await authenticator.create(freshOptions);
    expect((await refusal(stolen.account.passkeyRegister({ name: 'سارق', response: made.response }))).appCode).toBe(
      'PASSWORD_CONFIRMATION_REQUIRED',
    );
    expect((await refusal(stolen.auth.confirmPassword({ password: 'a guess at it' }))).appCode).toBe('WRONG_PASSWORD');
    expect(await (await as(owner)).account.passkeys()).toEqual([]);

    await (await as(owner)).auth.confirmPassword({ password: PASSWORD });
    expect((await addPasskey(owner, 'هاتفي')).list).toEqual([expect.objectContaining({ name: 'هاتفي' })]);
  });

  it('nor may an authenticator app, or a first password for an account made with Google, be added on a stolen session', async () => {
    const owner = await signUp();
    await ageSession(owner, 16);
    const stolen = await as(owner);
    // An authenticator app the thief holds would lock the owner out behind the thief's codes.
    expect((await refusal(stolen.account.twoFactorSetup())).appCode).toBe('PASSWORD_CONFIRMATION_REQUIRED');
    expect((await refusal(stolen.account.twoFactorEnable({ code: '123456' }))).appCode).toBe('PASSWORD_CONFIRMATION_REQUIRED');
    await (await as(owner)).auth.confirmPassword({ password: PASSWORD });
    expect((await (await as(owner)).account.twoFactorSetup()).secret).toMatch(/^[A-Z2-7]+$/);

    // An account made with Google has no password: a stolen session would set one, and then add the rest.
    const googleAccount = await createTestUser(database.db, 'customer');
    await ageSession(googleAccount, 16);
    const stolenGoogle = await as(googleAccount);
    expect((await refusal(stolenGoogle.account.changePassword({ newPassword: 'a thief chose this passphrase' }))).appCode).toBe(
      'PASSWORD_CONFIRMATION_REQUIRED',
    );
    expect(
      (await database.db.selectFrom('users').select('password_hash').where('id', '=', googleAccount.id).executeTakeFirstOrThrow())
        .password_hash,
    ).toBeNull();
    // Soon after signing in with Google it is the owner's to set.
    await sql`update sessions set created_at = now() where user_id = ${googleAccount.id}`.execute(database.db);
    expect(await (await as(googleAccount)).account.changePassword({ newPassword: 'the owner chose this passphrase' })).toEqual({
      changed: true,
    });
  });

  it('may be added soon after signing in with another passkey, the password not asked', async () => {
    const owner = await signUp();
    const { credential } = await addPasskey(owner, 'هاتفي');
    const attempt = await signInWith(credential);
    await attempt.answer;
    const token = attempt.cookies
      .find((cookie) => cookie.startsWith('tahaleel_session='))!
      .split(';')[0]!
      .slice('tahaleel_session='.length);
    expect((await addPasskey({ ...owner, token, cookie: `tahaleel_session=${token}` }, 'لابتوب')).list).toHaveLength(2);
  });

  it("is removed, with the second factor and every session, when the address's owner resets the password of an account someone else signed up with it", async () => {
    const email = `victim-${randomUUID()}@example.sa`;
    const attacker = await signUp(email);
    const { credential } = await addPasskey(attacker, 'مفتاح المهاجم');
    const setup = await (await as(attacker)).account.twoFactorSetup();
    const code = generateHOTP(decodeBase32IgnorePadding(setup.secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
    await (await as(attacker)).account.twoFactorEnable({ code });

    const victim = await contextOf();
    await createCaller(victim).auth.requestPasswordReset({ email });
    const signedIn = await createCaller(victim).auth.resetPassword({
      token: await mailedToken(email, 'reset-password'),
      password: 'the owner’s own passphrase',
    });
    // Not held at the attacker's second factor: it is gone, and the owner is in.
    expect(signedIn).toMatchObject({ id: attacker.id, email_verified: true, two_factor_enabled: false });
    expect(await (await as(attacker)).auth.me()).toBeNull();
    expect((await refusal((await signInWith(credential)).answer)).appCode).toBe('PASSKEY_FAILED');
    expect(await database.db.selectFrom('passkeys').select('id').where('user_id', '=', attacker.id).execute()).toEqual([]);
    expect(await removalMails(email)).toEqual([{ name: 'ريم', passkeyNames: ['مفتاح المهاجم'], twoFactor: true }]);
  });

  it('is removed, with every other session, when the owner opens the confirmation link of an account someone else signed up with the address', async () => {
    const email = `victim-${randomUUID()}@example.sa`;
    const attacker = await signUp(email);
    const { credential } = await addPasskey(attacker, 'مفتاح المهاجم');

    expect(await (await as()).auth.verifyEmail({ token: await mailedToken(email, 'verify-email') })).toMatchObject({ verified: true });
    expect(await (await as(attacker)).auth.me()).toBeNull();
    expect((await refusal((await signInWith(credential)).answer)).appCode).toBe('PASSKEY_FAILED');
    expect(await removalMails(email)).toEqual([{ name: 'ريم', passkeyNames: ['مفتاح المهاجم'], twoFactor: false }]);
    // Its reset later keeps what was added once the address was the owner's.
    const owner = await signUp();
    await (await as(owner)).auth.verifyEmail({ token: await mailedToken(owner.email, 'verify-email') });
    await addPasskey(owner, 'هاتفي');
    const visitor = await contextOf();
    await createCaller(visitor).auth.requestPasswordReset({ email: owner.email });
    await createCaller(visitor).auth.resetPassword({
      token: await mailedToken(owner.email, 'reset-password'),
      password: 'a brand new passphrase',
    });
    expect(await (await as(owner)).auth.me()).toBeNull();
    expect(await database.db.selectFrom('passkeys').select('name').where('user_id', '=', owner.id).execute()).toEqual([{ name: 'هاتفي' }]);
    expect(await removalMails(owner.email)).toEqual([]);
  });
});

describe('a passkey and the data rights', () => {
  it('is listed in the data export and erased with the account', async () => {
    const blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-passkeys-'));
    const app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot), clientIp: () => '10.26.250.1' });
    const customer = await createTestUser(database.db, 'customer');
    const { credential } = await addPasskey(customer, 'مفتاح الأمان');
    const response = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { passkeys: { name: string }[] };
    expect(profile.passkeys.map((passkey) => passkey.name)).toEqual(['مفتاح الأمان']);

    await database.db.updateTable('users').set({ password_hash: null }).where('id', '=', customer.id).execute();
    await (await as(customer)).account.delete({ email: customer.email });
    const left = await database.db.selectFrom('passkeys').select('id').where('user_id', '=', customer.id).execute();
    expect(left).toEqual([]);
    expect((await refusal((await signInWith(credential)).answer)).appCode).toBe('PASSKEY_FAILED');
    await rm(blobRoot, { recursive: true, force: true });
  });
});
