import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/app-router.ts';
import { parseEnv } from '../../src/server/env.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { missingSecretKeyIds, resealSecrets } from '../../src/server/modules/two-factor/two-factor.service.ts';
import { rateLimits } from '../../src/server/platform/rate-limit.ts';
import { visitorReads } from '../../src/server/trpc/init.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { createTestUser, mailedLinkToken, TEST_RESULTS_KEY, type TestUser, testEnv, testEnvSource } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Second factors (issue #26, docs/decisions/0023), through the real HTTP app with real cookies.

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let database: TestDatabase;
let blobRoot: string;
let app: ReturnType<typeof createApp>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-2fa-'));
  // Each request from its own address: the per-address sign-in limits stay out of the way, the per-account ones do not.
  app = createApp({
    db: database.db,
    env: testEnv,
    blobs: diskBlobStore(blobRoot),
    clientIp: () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  api = apiClient(app);
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

interface Me {
  id: string;
  two_factor_enabled: boolean;
  two_factor_required: boolean;
  two_factor_due_at: string | null;
}

const sessionCookieOf = (cookies: string[]) =>
  cookiePair(cookies.find((value) => value.startsWith('tahaleel_session=') && !value.startsWith('tahaleel_session=;')));
const secondStepCookieOf = (cookies: string[]) => cookiePair(cookies.find((value) => value.startsWith('tahaleel_second_step=')));

/** The code an authenticator app shows `steps` 30-second steps from now. */
function codeAt(secret: string, steps = 0): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + steps), 6);
}

async function signUpCustomer() {
  const email = `two-factor-${randomUUID()}@example.sa`;
  const answer = await api.mutate<Me>('auth.signUp', {
    email,
    password: PASSWORD,
    name: 'ريم الحربي',
    userType: 'customer',
    acceptTerms: true,
  });
  expect(answer.status).toBe(200);
  return { id: answer.data.id, email, cookie: sessionCookieOf(answer.cookies) };
}

/**
 * A customer who turned two-factor on: the secret as shown for manual entry, the code that turned it
 * on, and the recovery codes.
 */
async function enrolledCustomer() {
  const account = await signUpCustomer();
  const setup = await api.mutate<{ secret: string; otpauth_url: string; qr_svg: string }>(
    'account.twoFactorSetup',
    undefined,
    account.cookie,
  );
  expect(setup.status).toBe(200);
  const enableCode = codeAt(setup.data.secret);
  const enabled = await api.mutate<{ recovery_codes: string[] }>('account.twoFactorEnable', { code: enableCode }, account.cookie);
  expect(enabled.status).toBe(200);
  return { ...account, secret: setup.data.secret, enableCode, recoveryCodes: enabled.data.recovery_codes };
}

/** The password step: answers that a code is needed, and only the second step's cookie. */
async function passwordStep(email: string) {
  const answer = await api.mutate<{ two_factor_required?: true; id?: string }>('auth.signIn', { email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return answer;
}

async function secondStep(cookie: string, code: string) {
  return api.mutate<Me>('auth.signInSecondFactor', { code }, cookie);
}

describe('enrolment', () => {
  it('shows a secret with its QR code, turns on with the first code and answers ten recovery codes once', async () => {
    const account = await signUpCustomer();
    const setup = await api.mutate<{ secret: string; otpauth_url: string; qr_svg: string }>(
      'account.twoFactorSetup',
      undefined,
      account.cookie,
    );
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tahaleel:/);
    expect(setup.data.otpauth_url).toContain(`secret=${setup.data.secret}`);
    expect(setup.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Not on until a code confirms it.
    expect((await api.query<Me>('auth.me', account.cookie)).data.two_factor_enabled).toBe(false);
    const wrong = await api.mutate('account.twoFactorEnable', { code: '000000' }, account.cookie);
    expect(wrong.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');

    const enabled = await api.mutate<{ recovery_codes: string[] }>(
      'account.twoFactorEnable',
      { code: codeAt(setup.data.secret) },
      account.cookie,
    );
    expect(enabled.data.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.data.recovery_codes).size).toBe(10);
    expect((await api.query<Me>('auth.me', account.cookie)).data.two_factor_enabled).toBe(true);
    expect((await api.query('account.twoFactorStatus', account.cookie)).data).toEqual({ enabled: true, recovery_codes_left: 10 });

    // At rest: the secret sealed (not its bytes), the recovery codes only as hashes.
    const row = await database.db.selectFrom('two_factor_totp').selectAll().where('user_id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.key_id).not.toBeNull();
    expect(Buffer.from(row.secret).equals(Buffer.from(decodeBase32IgnorePadding(setup.data.secret)))).toBe(false);
    const stored = await database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', account.id)
      .execute();
    expect(stored.map((code) => code.code_hash)).not.toContain(enabled.data.recovery_codes[0]);

    // A second setup cannot replace the secret that is on.
    expect((await api.mutate('account.twoFactorSetup', undefined, account.cookie)).error?.data.appCode).toBe('CONFLICT');
  });
});

describe('two-step sign-in', () => {
  it('gives no usable session after the password, and a session after the code', async () => {
    const account = await enrolledCustomer();
    const first = await passwordStep(account.email);
    expect(first.data).toEqual({ two_factor_required: true });
    expect(first.cookies.some((value) => value.startsWith('tahaleel_session=') && !value.startsWith('tahaleel_session=;'))).toBe(false);
    const pending = secondStepCookieOf(first.cookies);
    // The second step's cookie is no session.
    expect((await api.query('auth.me', pending)).data).toBeNull();
    expect((await api.query('booking.mine', pending)).error?.data.appCode).toBe('UNAUTHENTICATED');
    // Without the password step there is nothing to complete.
    expect((await secondStep('', codeAt(account.secret, 1))).error?.data.appCode).toBe('SECOND_FACTOR_EXPIRED');

    const second = await secondStep(pending, codeAt(account.secret, 1));
    expect(second.status).toBe(200);
    expect(second.data.id).toBe(account.id);
    const session = sessionCookieOf(second.cookies);
    expect((await api.query<Me>('auth.me', session)).data.id).toBe(account.id);
    // The pending sign-in is spent.
    expect((await secondStep(pending, codeAt(account.secret, 1))).error?.data.appCode).toBe('SECOND_FACTOR_EXPIRED');
  });

  it('refuses a TOTP code that was already accepted', async () => {
    const account = await enrolledCustomer();
    // The code that turned two-factor on is spent: the same code (its step) is not accepted again. It is
    // the code itself, not the code of the step now: a new 30 s step may have begun since.
    const replay = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), account.enableCode);
    expect(replay.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    const next = codeAt(account.secret, 1);
    expect((await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), next)).status).toBe(200);
    const again = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), next);
    expect(again.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('accepts each recovery code once, and says so when one is used again', async () => {
    const account = await enrolledCustomer();
    const [code] = account.recoveryCodes;
    const used = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), code!.toUpperCase());
    expect(used.status).toBe(200);
    const reused = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), code!);
    expect(reused.error?.data.appCode).toBe('RECOVERY_CODE_USED');
    expect((await api.query('account.twoFactorStatus', sessionCookieOf(used.cookies))).data).toEqual({
      enabled: true,
      recovery_codes_left: 9,
    });
    // A made-up code in the same shape is refused too.
    const madeUp = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), 'aaaaa-bbbbb');
    expect(madeUp.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('limits guesses at the code from each address, so someone who knows the password cannot lock out the owner and their recovery code', async () => {
    const account = await enrolledCustomer();
    let from = '';
    const requests = apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => from }));
    const guess = async (code: string) =>
      requests.mutate<Me>('auth.signInSecondFactor', { code }, secondStepCookieOf((await passwordStep(account.email)).cookies));
    // The password's knower guesses from two addresses until each is refused, even with the right code.
    for (const attacker of ['10.72.0.1', '10.72.0.2']) {
      from = attacker;
      for (let wrong = 0; wrong < rateLimits.secondFactorSignInPerAccountAndIp.limit; wrong++) {
        expect((await guess(String(100000 + wrong))).error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
      }
      const limited = await guess(codeAt(account.secret, 1));
      expect(limited.status).toBe(429);
      expect(limited.error?.data.appCode).toBe('RATE_LIMITED');
    }
    // The owner, from their own address, after the account's ten wrong codes: slowed down, not refused.
    from = '10.72.0.3';
    const owners = await guess(account.recoveryCodes[0]!);
    expect(owners.status).toBe(200);
    expect(owners.data.id).toBe(account.id);
  });
});

describe('turning it off and resetting it', () => {
  it('asks for the password and a code', async () => {
    const account = await enrolledCustomer();
    const noPassword = await api.mutate('account.twoFactorDisable', { code: codeAt(account.secret, 1) }, account.cookie);
    expect(noPassword.error?.data.appCode).toBe('WRONG_PASSWORD');
    const wrongPassword = await api.mutate(
      'account.twoFactorDisable',
      { password: 'not the password', code: codeAt(account.secret, 1) },
      account.cookie,
    );
    expect(wrongPassword.error?.data.appCode).toBe('WRONG_PASSWORD');
    const wrongCode = await api.mutate('account.twoFactorDisable', { password: PASSWORD, code: '123456' }, account.cookie);
    expect(wrongCode.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await api.query<Me>('auth.me', account.cookie)).data.two_factor_enabled).toBe(true);

    const off = await api.mutate('account.twoFactorDisable', { password: PASSWORD, code: codeAt(account.secret, 1) }, account.cookie);
    expect(off.data).toEqual({ disabled: true });
    expect((await passwordStep(account.email)).data).toMatchObject({ id: account.id });

    // The owner was told of both changes, each once, and the audit log kept them.
    const mails = await database.db
      .selectFrom('outbox')
      .select('data')
      .where('recipient', '=', account.email)
      .where('template', '=', 'sign-in-method-changed')
      .orderBy('created_at')
      .execute();
    expect(mails.map((mail) => (mail.data as { change: string }).change)).toEqual(['two_factor_enabled', 'two_factor_disabled']);
    const audit = await database.db.selectFrom('audit_log').select('action').where('subject_id', '=', account.id).orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['two_factor.enable', 'two_factor.disable']);
  });

  it('new recovery codes replace the old ones', async () => {
    const account = await enrolledCustomer();
    const fresh = await api.mutate<{ recovery_codes: string[] }>(
      'account.twoFactorRecoveryCodes',
      { code: codeAt(account.secret, 1) },
      account.cookie,
    );
    expect(fresh.data.recovery_codes).toHaveLength(10);
    const old = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), account.recoveryCodes[0]!);
    expect(old.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    const current = await secondStep(secondStepCookieOf((await passwordStep(account.email)).cookies), fresh.data.recovery_codes[0]!);
    expect(current.status).toBe(200);
  });

  it('only an administrator resets another account; the owner is mailed and the audit log keeps who did it', async () => {
    const account = await enrolledCustomer();
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    const customer = await createTestUser(database.db, 'customer');
    const admin = await createTestUser(database.db, 'admin');
    for (const wrongUser of [lab, customer]) {
      const refused = await api.mutate('admin.resetTwoFactor', { userId: account.id }, wrongUser.cookie);
      expect(refused.error?.data.appCode).toBe('FORBIDDEN');
    }
    expect((await api.mutate('admin.resetTwoFactor', { userId: account.id })).error?.data.appCode).toBe('UNAUTHENTICATED');
    expect((await api.query<Me>('auth.me', account.cookie)).data.two_factor_enabled).toBe(true);
    // Not their own: an administrator's second factor is reset by another administrator.
    expect((await api.mutate('admin.resetTwoFactor', { userId: admin.id }, admin.cookie)).error?.data.appCode).toBe('FORBIDDEN');

    const reset = await api.mutate('admin.resetTwoFactor', { userId: account.id }, admin.cookie);
    expect(reset.data).toEqual({ reset: true });
    expect((await passwordStep(account.email)).data).toMatchObject({ id: account.id });
    const mail = await database.db
      .selectFrom('outbox')
      .select(['template', 'recipient'])
      .where('user_id', '=', account.id)
      .where('template', '=', 'two-factor-reset')
      .execute();
    expect(mail).toEqual([{ template: 'two-factor-reset', recipient: account.email }]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'subject_type'])
      .where('action', '=', 'two_factor.reset')
      .where('subject_id', '=', account.id)
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id, subject_type: 'user' }]);
  });
});

describe('the rule for admins and approved labs', () => {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);
  // Enrolment is an authenticator app or a passkey (a passkey sign-in is both factors: docs/decisions/0025).
  const reachable = [
    'auth.me',
    'auth.signOut',
    'auth.acceptConsent',
    // Signing in again with a passkey just added: a passkey session has both factors.
    'auth.passkeySignInOptions',
    'auth.signInWithPasskey',
    'account.twoFactorSetup',
    'account.twoFactorEnable',
    'account.passkeys',
    'account.passkeyRegistrationOptions',
    'account.passkeyRegister',
    // Adding a passkey may ask for the password first.
    'auth.confirmPassword',
    // What any visitor reads: the site around the enrolment screen (its footer's links) still loads.
    ...visitorReads,
  ];

  it('lets through only reads of what any visitor reads: queries a signed-out caller is answered', async () => {
    const types = new Map(procedures.map(([path, { _def }]) => [path, _def.type]));
    for (const path of visitorReads) {
      expect(types.get(path), path).toBe('query');
      expect((await call(path, 'query', '')).appCode, path).not.toBe('UNAUTHENTICATED');
    }
  });

  async function call(path: string, type: string, cookie: string) {
    const response =
      type === 'query'
        ? await app.request(`/trpc/${path}`, { headers: { cookie } })
        : await app.request(`/trpc/${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: ORIGIN } });
    const body = (await response.json()) as { error?: { data?: { appCode?: string } } };
    return { status: response.status, appCode: body.error?.data?.appCode ?? null };
  }

  async function pastGrace(user: TestUser) {
    await database.db
      .updateTable('users')
      .set({ two_factor_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', user.id)
      .execute();
  }

  async function upload(user: TestUser, bookingId: string) {
    const form = new FormData();
    form.set('bookingId', bookingId);
    form.set('file', new File([pdf as Uint8Array<ArrayBuffer>], 'result.pdf', { type: 'application/pdf' }));
    const response = await app.request('/files/results', { method: 'POST', headers: { origin: ORIGIN, cookie: user.cookie }, body: form });
    return { status: response.status, body: (await response.json()) as { result?: { id: string }; error?: { appCode: string } } };
  }

  it('starts a grace period the first time it applies, during which everything works and auth.me says so', async () => {
    const admin = await createTestUser(database.db, 'admin');
    const before = Date.now();
    const me = (await api.query<Me>('auth.me', admin.cookie)).data;
    expect(me.two_factor_required).toBe(true);
    expect(me.two_factor_enabled).toBe(false);
    const due = Date.parse(me.two_factor_due_at ?? '');
    expect(due).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect((await api.query('admin.overview', admin.cookie)).status).toBe(200);
    // A customer is not required to.
    const customer = await createTestUser(database.db, 'customer');
    expect((await api.query<Me>('auth.me', customer.cookie)).data).toMatchObject({ two_factor_required: false, two_factor_due_at: null });
    // Nor an unapproved lab.
    const pendingLab = await createTestUser(database.db, 'lab', { approved: false });
    expect((await api.query<Me>('auth.me', pendingLab.cookie)).data.two_factor_required).toBe(false);
  });

  it('after the grace period, every procedure but auth.me, enrolment, consent, sign-out and what any visitor reads answers 403 to an admin or approved lab without it', async () => {
    for (const role of ['admin', 'lab'] as const) {
      const staff = await createTestUser(database.db, role, { approved: true });
      await api.query('auth.me', staff.cookie);
      await pastGrace(staff);
      const answered: string[] = [];
      for (const [path, { _def }] of procedures) {
        if (reachable.includes(path)) continue;
        const answer = await call(path, _def.type, staff.cookie);
        if (answer.status !== 403 || answer.appCode !== 'TWO_FACTOR_SETUP_REQUIRED')
          answered.push(`${path}: ${answer.status} ${answer.appCode}`);
      }
      expect(answered, role).toEqual([]);
      expect((await api.query<Me>('auth.me', staff.cookie)).data.two_factor_required).toBe(true);
      expect((await api.query('catalog.socialLinks', staff.cookie)).status, role).toBe(200);
    }
  });

  it('holds for the result files too, and lifts once a second factor is set up', async () => {
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    const customer = await createTestUser(database.db, 'customer');
    const { labTestId } = await offerTest(database.db, lab.id);
    const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'confirmed' });
    await api.query('auth.me', lab.cookie);
    await pastGrace(lab);

    const refused = await upload(lab, bookingId);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.appCode).toBe('TWO_FACTOR_SETUP_REQUIRED');

    const setup = await api.mutate<{ secret: string }>('account.twoFactorSetup', undefined, lab.cookie);
    expect(setup.status).toBe(200);
    expect((await api.mutate('account.twoFactorEnable', { code: codeAt(setup.data.secret) }, lab.cookie)).status).toBe(200);
    const uploaded = await upload(lab, bookingId);
    expect(uploaded.status).toBe(201);
    expect((await api.query('lab.bookings', lab.cookie)).status).toBe(200);

    // A download is refused the same way to an admin past the grace period.
    const admin = await createTestUser(database.db, 'admin');
    await api.query('auth.me', admin.cookie);
    await pastGrace(admin);
    const download = await app.request(`/files/results/${uploaded.body.result?.id}?reason=support`, { headers: { cookie: admin.cookie } });
    expect(download.status).toBe(403);
    expect(((await download.json()) as { error: { appCode: string } }).error.appCode).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('with TWO_FACTOR_GRACE_DAYS=0 asks at once', async () => {
    const strict = createApp({ db: database.db, env: { ...testEnv, TWO_FACTOR_GRACE_DAYS: 0 } });
    const admin = await createTestUser(database.db, 'admin');
    const overview = await strict.request('/trpc/admin.overview', { headers: { cookie: admin.cookie } });
    expect(overview.status).toBe(403);
    const me = await strict.request('/trpc/auth.me', { headers: { cookie: admin.cookie } });
    expect(me.status).toBe(200);
  });
});

describe('a password reset and the second factor (#56)', () => {
  /** The reset link mailed to `email`, as someone who reads only that mailbox would open it. */
  async function resetLinkToken(email: string): Promise<string> {
    expect((await api.mutate('auth.requestPasswordReset', { email })).status).toBe(200);
    return mailedLinkToken(database.db, email, 'reset-password');
  }

  it('gives whoever holds only the mailbox of an administrator with two-factor on no session, so admin.resetTwoFactor stays out of reach', async () => {
    const admin = await enrolledCustomer();
    // Administrators are made with a confirmed address (admin-accounts.ts).
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', admin.id).execute();
    await database.db.updateTable('user_profiles').set({ user_type: 'admin' }).where('id', '=', admin.id).execute();
    const victim = await enrolledCustomer();

    const reset = await api.mutate<{ two_factor_required?: true; id?: string }>('auth.resetPassword', {
      token: await resetLinkToken(admin.email),
      password: 'the attacker chose this',
    });
    expect(reset.status).toBe(200);
    expect(reset.data).toEqual({ two_factor_required: true });
    expect(reset.cookies.some((value) => value.startsWith('tahaleel_session=') && !value.startsWith('tahaleel_session=;'))).toBe(false);
    const secondStepOnly = secondStepCookieOf(reset.cookies);
    expect((await api.query('auth.me', secondStepOnly)).data).toBeNull();
    expect((await api.mutate('admin.resetTwoFactor', { userId: victim.id }, secondStepOnly)).error?.data.appCode).toBe('UNAUTHENTICATED');
    // The administrator's own session ended with the reset; the second factor did not.
    expect((await api.query('auth.me', admin.cookie)).data).toBeNull();
    expect((await api.query<Me>('auth.me', victim.cookie)).data.two_factor_enabled).toBe(true);

    // The owner, with the code, is signed in; the mailbox set the password, so it is asked again before a sensitive action.
    const owner = await secondStep(secondStepOnly, codeAt(admin.secret, 1));
    expect(owner.data.id).toBe(admin.id);
    const session = sessionCookieOf(owner.cookies);
    expect((await api.mutate('admin.resetTwoFactor', { userId: victim.id }, session)).error?.data.appCode).toBe(
      'PASSWORD_CONFIRMATION_REQUIRED',
    );
    expect((await api.mutate('auth.confirmPassword', { password: 'the attacker chose this' }, session)).status).toBe(200);
    expect((await api.mutate('admin.resetTwoFactor', { userId: victim.id }, session)).data).toEqual({ reset: true });
  });

  it('signs an account without a second factor in, but not freshly: an administrator is asked for the password before a sensitive action', async () => {
    const admin = await signUpCustomer();
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', admin.id).execute();
    await database.db.updateTable('user_profiles').set({ user_type: 'admin' }).where('id', '=', admin.id).execute();
    const victim = await enrolledCustomer();
    const reset = await api.mutate<{ id: string }>('auth.resetPassword', {
      token: await resetLinkToken(admin.email),
      password: 'a brand new passphrase',
    });
    expect(reset.data.id).toBe(admin.id);
    const session = sessionCookieOf(reset.cookies);
    expect((await api.mutate('admin.resetTwoFactor', { userId: victim.id }, session)).error?.data.appCode).toBe(
      'PASSWORD_CONFIRMATION_REQUIRED',
    );
  });
});

describe('rotating the master key (npm run keys:rotate)', () => {
  it('seals every secret again under the new key, so two-factor sign-in works once the old key is gone', async () => {
    const oldKey = TEST_RESULTS_KEY;
    const newKey = randomBytes(32).toString('base64');
    const duringRotation = parseEnv({ ...testEnvSource, RESULTS_ENCRYPTION_KEY: newKey, RESULTS_ENCRYPTION_KEYS_OLD: oldKey });
    const afterRotation = parseEnv({ ...testEnvSource, RESULTS_ENCRYPTION_KEY: newKey });
    const customer = await enrolledCustomer();

    // Without the old key the secret sealed under it cannot be opened: the rotation must stop before it starts.
    expect(await missingSecretKeyIds(database.db, afterRotation)).not.toEqual([]);
    expect(await missingSecretKeyIds(database.db, duringRotation)).toEqual([]);

    const first = await resealSecrets(database.db, duringRotation);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(await resealSecrets(database.db, duringRotation)).toEqual({
      resealed: 0,
      alreadyCurrent: first.resealed + first.alreadyCurrent,
    });
    expect(await missingSecretKeyIds(database.db, afterRotation)).toEqual([]);

    // A server that knows only the new key signs the customer in with a code from the same app.
    const rotatedApp = createApp({ db: database.db, env: afterRotation, clientIp: () => '10.7.251.1' });
    const rotatedApi = apiClient(rotatedApp);
    const pending = await rotatedApi.mutate<{ two_factor_required?: true }>('auth.signIn', { email: customer.email, password: PASSWORD });
    expect(pending.data.two_factor_required).toBe(true);
    const signedIn = await rotatedApi.mutate<Me>(
      'auth.signInSecondFactor',
      { code: codeAt(customer.secret, 1) },
      secondStepCookieOf(pending.cookies),
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.data.id).toBe(customer.id);
  });
});
