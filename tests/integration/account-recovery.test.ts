import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { linkLimits } from '../../src/server/modules/auth/account-links.ts';
import type { OutboxSender } from '../../src/server/modules/mail/outbox-sender.ts';
import { rateLimits } from '../../src/server/platform/rate-limit.ts';
import { sessionIdFromToken } from '../../src/server/platform/session.ts';
import { openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { createTestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import type { ReceivedMail, TestSmtpServer } from '../setup/smtp.ts';
import type { TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let smtp: TestSmtpServer;
let sender: OutboxSender;
let closeMail: () => Promise<void>;
let app: ReturnType<typeof createApp>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ({ database, smtp, sender, close: closeMail } = await openDatabaseWithMail());
  // Each request from its own address, so the per-address limits do not bleed between tests.
  app = createApp({
    db: database.db,
    env: testEnv,
    clientIp: () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  api = apiClient(app);
});
afterAll(() => closeMail());

const address = () => `person-${randomUUID()}@example.sa`;
const PASSWORD = 'correct horse battery';

interface Me {
  id: string;
  email: string | null;
  email_verified: boolean;
  user_type: string;
}

/** A mutation as the browser sends it, in the reader's language. */
async function mutateIn(locale: 'ar' | 'en', path: string, input: unknown, cookie?: string) {
  const response = await app.request(`/trpc/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-tahaleel-locale': locale,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: unknown }; error?: { data: { appCode: string } } };
  return { status: response.status, data: body.result?.data, appCode: body.error?.data.appCode, cookies: response.headers.getSetCookie() };
}

async function signUp(email: string, userType: 'customer' | 'lab' = 'customer', locale: 'ar' | 'en' = 'ar') {
  const result = await mutateIn(locale, 'auth.signUp', {
    email,
    password: PASSWORD,
    name: userType === 'lab' ? 'مختبر الشفاء' : 'سارة العتيبي',
    userType,
    licenseNumber: userType === 'lab' ? 'LAB-1' : null,
    acceptTerms: true,
  });
  expect(result.status).toBe(200);
  return { user: result.data as Me, cookie: cookiePair(result.cookies.find((value) => value.startsWith('tahaleel_session='))) };
}

/** Sends what is due and returns the mails `email` received since `before`. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await sender.drain();
  return smtp.to(email);
}

const tokenOf = (mail: ReceivedMail, path: string) => {
  const link = mail.links.find((candidate) => candidate.startsWith(`${testEnv.PUBLIC_URL}${path}?token=`));
  expect(link, `a ${path} link in "${mail.subject}"`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
};

describe('e-mail verification', () => {
  it('sign-up mails a link in the reader’s language; opening it confirms the address once', async () => {
    const email = address();
    const { cookie } = await signUp(email, 'customer', 'en');
    expect((await api.query<Me & { has_password: boolean }>('auth.me', cookie)).data).toMatchObject({
      email_verified: false,
      has_password: true,
    });

    const [mail, ...others] = await mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toMatch(/confirm/i);
    expect(mail!.html).toContain('dir="ltr"');
    const token = tokenOf(mail!, '/verify-email');

    // Opened on another device: no session needed.
    const opened = await api.mutate<{ verified: boolean; email: string; changed: boolean }>('auth.verifyEmail', { token });
    expect(opened.data).toEqual({ verified: true, email, changed: false });
    expect((await api.query<Me>('auth.me', cookie)).data.email_verified).toBe(true);

    expect((await api.mutate('auth.verifyEmail', { token })).error?.data.appCode).toBe('LINK_USED');
  });

  it('an Arabic sign-up gets the Arabic mail, laid out right to left', async () => {
    const email = address();
    await signUp(email);
    const [mail] = await mailsTo(email);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.subject).toMatch(/[\u0600-\u06ff]/);
  });

  it('refuses an expired link, and one that was never sent', async () => {
    const email = address();
    await signUp(email);
    const token = tokenOf((await mailsTo(email))[0]!, '/verify-email');
    await sql`update account_tokens set expires_at = now() - interval '1 second' where email = ${email}`.execute(database.db);
    expect((await api.mutate('auth.verifyEmail', { token })).error?.data.appCode).toBe('LINK_EXPIRED');
    expect((await api.mutate('auth.verifyEmail', { token: 'a'.repeat(32) })).error?.data.appCode).toBe('LINK_INVALID');
    expect((await api.mutate('auth.verifyEmail', { token: 'not a token' })).error?.data.appCode).toBe('VALIDATION_FAILED');
  });

  it('"send again" mails a new link, at most three times in 15 minutes, and only while unconfirmed', async () => {
    const email = address();
    const { cookie } = await signUp(email);
    for (let sent = 0; sent < 3; sent++) expect((await api.mutate('auth.resendVerification', {}, cookie)).status).toBe(200);
    expect((await api.mutate('auth.resendVerification', {}, cookie)).error?.data.appCode).toBe('RATE_LIMITED');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(4);
    // Every link sent still works until used (the newest is not the only one).
    expect((await api.mutate('auth.verifyEmail', { token: tokenOf(mails[1]!, '/verify-email') })).status).toBe(200);
    const other = await signUp(address());
    await api.mutate('auth.verifyEmail', {
      token: tokenOf((await mailsTo((await api.query<Me>('auth.me', other.cookie)).data.email!))[0]!, '/verify-email'),
    });
    expect((await api.mutate('auth.resendVerification', {}, other.cookie)).error?.data.appCode).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('a guest who adds an e-mail and password gets the confirmation mail; a guest cannot ask for one', async () => {
    const guest = await api.mutate<Me>('auth.signInAnonymously', { name: 'فهد', phone: '0551234567' });
    const cookie = cookiePair(guest.cookies.find((value) => value.startsWith('tahaleel_session=')));
    expect((await api.mutate('auth.resendVerification', {}, cookie)).error?.data.appCode).toBe('FORBIDDEN');
    const email = address();
    expect((await api.mutate('auth.upgradeAnonymous', { email, password: PASSWORD }, cookie)).status).toBe(200);
    expect(tokenOf((await mailsTo(email))[0]!, '/verify-email')).toMatch(/^[a-z2-7]{32}$/);
  });

  it('a lab is approved only once its address is confirmed, and is told by mail', async () => {
    const email = address();
    const { user } = await signUp(email, 'lab');
    const admin = await createTestUser(database.db, 'admin');
    const approve = () => api.mutate('admin.setLabApproval', { labId: user.id, approved: true }, admin.cookie);
    expect((await approve()).error?.data.appCode).toBe('EMAIL_NOT_VERIFIED');
    const listed = async () =>
      (
        await api.query<{ items: Array<{ id: string; email_verified: boolean }> }>(
          `admin.labs?input=${encodeURIComponent(JSON.stringify({ q: email }))}`,
          admin.cookie,
        )
      ).data.items.find((lab) => lab.id === user.id);
    expect((await listed())?.email_verified).toBe(false);
    const [verify] = await mailsTo(email);
    await api.mutate('auth.verifyEmail', { token: tokenOf(verify!, '/verify-email') });
    expect((await listed())?.email_verified).toBe(true);
    expect((await approve()).status).toBe(200);
    const approved = (await mailsTo(email)).at(-1)!;
    expect(approved.links).toContain(`${testEnv.PUBLIC_URL}/dashboard`);
    expect(approved.subject).not.toBe(verify!.subject);
    // Approving again sends nothing more; withdrawing the approval tells the lab.
    await approve();
    expect(await mailsTo(email)).toHaveLength(2);
    await api.mutate('admin.setLabApproval', { labId: user.id, approved: false }, admin.cookie);
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('password reset', () => {
  it('answers the same, in the same time, for an unknown address; mails only a known one', async () => {
    const email = address();
    await signUp(email);
    await mailsTo(email);
    const timed = async (target: string) => {
      const started = performance.now();
      const response = await api.mutate('auth.requestPasswordReset', { email: target });
      return { response, ms: performance.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed(address());
    expect(known.response.data).toEqual({ requested: true });
    expect(unknown.response.data).toEqual(known.response.data);
    expect(known.ms).toBeGreaterThanOrEqual(290);
    expect(unknown.ms).toBeGreaterThanOrEqual(290);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(tokenOf(mails[1]!, '/reset-password')).toMatch(/^[a-z2-7]{32}$/);
  });

  it('the link sets a new password, ends every session, signs in, and works once', async () => {
    const email = address();
    const { cookie: oldSession } = await signUp(email);
    await api.mutate('auth.requestPasswordReset', { email });
    const token = tokenOf((await mailsTo(email)).at(-1)!, '/reset-password');
    expect(
      (await api.query<{ status: string }>(`auth.checkResetLink?input=${encodeURIComponent(JSON.stringify({ token }))}`)).data,
    ).toEqual({
      status: 'valid',
    });

    const reset = await api.mutate<Me>('auth.resetPassword', { token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    const newSession = cookiePair(reset.cookies.find((value) => value.startsWith('tahaleel_session=')));
    expect((await api.query<Me>('auth.me', newSession)).data).toMatchObject({ email, email_verified: true });
    expect((await api.query<Me | null>('auth.me', oldSession)).data).toBeNull();

    expect((await api.mutate('auth.signIn', { email, password: PASSWORD })).error?.data.appCode).toBe('INVALID_CREDENTIALS');
    expect((await api.mutate('auth.signIn', { email, password: 'a brand new passphrase' })).status).toBe(200);
    expect((await api.mutate('auth.resetPassword', { token, password: 'yet another passphrase' })).error?.data.appCode).toBe('LINK_USED');
    expect((await mailsTo(email)).at(-1)!.links).toContain(`${testEnv.PUBLIC_URL}/forgot-password`);
  });

  it('a link works until one of them is used, and none after 30 minutes', async () => {
    const email = address();
    await signUp(email);
    const newLink = async () => {
      await api.mutate('auth.requestPasswordReset', { email });
      return tokenOf((await mailsTo(email)).at(-1)!, '/reset-password');
    };
    const first = await newLink();
    const second = await newLink();
    const third = await newLink();
    await sql`update account_tokens set expires_at = now() - interval '1 second' where id = ${sessionIdFromToken(third)}`.execute(
      database.db,
    );
    expect((await api.mutate('auth.resetPassword', { token: third, password: 'a brand new passphrase' })).error?.data.appCode).toBe(
      'LINK_EXPIRED',
    );
    expect((await api.mutate('auth.resetPassword', { token: first, password: 'a brand new passphrase' })).status).toBe(200);
    expect((await api.mutate('auth.resetPassword', { token: second, password: 'another new passphrase' })).error?.data.appCode).toBe(
      'LINK_INVALID',
    );
  });

  it("a stranger's flood of requests for an address neither stops its owner getting a link nor voids the one they have, and mails it a few times only", async () => {
    const email = address();
    await signUp(email);
    await mailsTo(email);
    let from = '10.70.0.1';
    const requests = apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => from }));
    const ask = () => requests.mutate('auth.requestPasswordReset', { email });
    expect((await ask()).data).toEqual({ requested: true });
    const ownersLink = tokenOf((await mailsTo(email)).at(-1)!, '/reset-password');

    for (const attacker of ['10.71.0.1', '10.71.0.2', '10.71.0.3']) {
      from = attacker;
      for (let asked = 0; asked < linkLimits.resetPerIp.limit; asked++) expect((await ask()).data).toEqual({ requested: true });
      // Only the requester's own address is refused.
      expect((await ask()).error?.data.appCode).toBe('RATE_LIMITED');
    }
    // The sign-up's confirmation, then of 31 requests: the owner's, the first attacker's first three (the
    // address had been asked for less than ten times), and each other attacker's first.
    expect(await mailsTo(email)).toHaveLength(1 + 1 + 3 + 1 + 1);

    from = '10.70.0.2';
    expect((await ask()).data).toEqual({ requested: true });
    expect(await mailsTo(email)).toHaveLength(8);
    expect((await api.mutate('auth.resetPassword', { token: ownersLink, password: 'a brand new passphrase' })).status).toBe(200);
  });
});

describe('account settings', () => {
  it('a new address takes effect once confirmed there; the old one is told and its links stop working', async () => {
    const email = address();
    const { cookie, user } = await signUp(email);
    await api.mutate('auth.requestPasswordReset', { email });
    const oldReset = tokenOf((await mailsTo(email)).at(-1)!, '/reset-password');
    const newEmail = address();
    expect((await api.mutate('account.changeEmail', { newEmail, currentPassword: 'wrong password!' }, cookie)).error?.data.appCode).toBe(
      'WRONG_PASSWORD',
    );
    expect((await api.mutate('account.changeEmail', { newEmail, currentPassword: PASSWORD }, cookie)).data).toEqual({
      sent: true,
      email: newEmail,
    });
    expect((await api.query<Me>('auth.me', cookie)).data.email).toBe(email);
    const token = tokenOf((await mailsTo(newEmail))[0]!, '/verify-email');
    expect((await api.mutate('auth.verifyEmail', { token })).data).toEqual({ verified: true, email: newEmail, changed: true });
    expect((await api.query<Me>('auth.me', cookie)).data).toMatchObject({ id: user.id, email: newEmail, email_verified: true });
    const notice = (await mailsTo(email)).at(-1)!;
    expect(notice.text).toContain(newEmail);
    expect((await api.mutate('auth.resetPassword', { token: oldReset, password: 'a brand new passphrase' })).error?.data.appCode).toBe(
      'LINK_INVALID',
    );
  });

  it('answers a change to an address another account has as to a free one; nothing is linked, and that account’s owner is told', async () => {
    const { cookie, user } = await signUp(address());
    const registered = address();
    const { user: owner } = await signUp(registered);
    await mailsTo(registered);
    const free = address();
    const toFree = await api.mutate('account.changeEmail', { newEmail: free, currentPassword: PASSWORD }, cookie);
    const toRegistered = await api.mutate('account.changeEmail', { newEmail: registered, currentPassword: PASSWORD }, cookie);
    expect(toRegistered.status).toBe(toFree.status);
    expect(toRegistered.data).toEqual({ sent: true, email: registered });
    expect(toFree.data).toEqual({ sent: true, email: free });

    const linked = await database.db.selectFrom('account_tokens').select('email').where('user_id', '=', user.id).execute();
    expect(linked.map((token) => token.email)).not.toContain(registered);
    const [notice, ...others] = (await mailsTo(registered)).slice(1);
    expect(others).toHaveLength(0);
    expect(notice!.links).toContain(`${testEnv.PUBLIC_URL}/forgot-password`);
    expect(notice!.links.some((link) => link.includes('/verify-email'))).toBe(false);
    expect((await api.mutate<Me>('auth.signIn', { email: registered, password: PASSWORD })).data.id).toBe(owner.id);
  });

  it('limits requests to change the address per user and per client address', async () => {
    let from = '10.73.0.1';
    const requests = apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => from }));
    const change = (cookie: string) => requests.mutate('account.changeEmail', { newEmail: address(), currentPassword: PASSWORD }, cookie);
    const [first, second, third, fourth] = await Promise.all([signUp(address()), signUp(address()), signUp(address()), signUp(address())]);
    for (let asked = 0; asked < rateLimits.changeEmailPerUser.limit; asked++) expect((await change(first!.cookie)).status).toBe(200);
    expect((await change(first!.cookie)).error?.data.appCode).toBe('RATE_LIMITED');
    from = '10.73.0.2';
    expect((await change(first!.cookie)).error?.data.appCode).toBe('RATE_LIMITED');
    // Ten from one address, whichever accounts ask.
    for (let asked = 0; asked < rateLimits.changeEmailPerIp.limit; asked++) {
      expect((await change(asked % 2 ? second!.cookie : third!.cookie)).status).toBe(200);
    }
    expect((await change(fourth!.cookie)).error?.data.appCode).toBe('RATE_LIMITED');
  });

  it('changing the password tells the owner by mail', async () => {
    const email = address();
    const { cookie } = await signUp(email);
    await mailsTo(email);
    expect(
      (await api.mutate('account.changePassword', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' }, cookie)).status,
    ).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.links).toContain(`${testEnv.PUBLIC_URL}/forgot-password`);
  });

  it('"sign out of all devices" ends every session of the account, and no one else’s', async () => {
    const email = address();
    const { cookie } = await signUp(email);
    const second = await api.mutate('auth.signIn', { email, password: PASSWORD });
    const secondCookie = cookiePair(second.cookies.find((value) => value.startsWith('tahaleel_session=')));
    const bystander = await createTestUser(database.db, 'customer');
    const out = await api.mutate('account.signOutEverywhere', {}, cookie);
    expect(out.data).toEqual({ signedOut: true });
    expect(out.cookies.some((value) => /tahaleel_session=;/.test(value))).toBe(true);
    expect((await api.query('auth.me', cookie)).data).toBeNull();
    expect((await api.query('auth.me', secondCookie)).data).toBeNull();
    expect((await api.query<Me>('auth.me', bystander.cookie)).data.id).toBe(bystander.id);
    expect((await api.mutate('account.signOutEverywhere', {})).error?.data.appCode).toBe('UNAUTHENTICATED');
  });

  it('turning reminders off is kept on the account and stops reminder mail', async () => {
    const email = address();
    const { cookie, user } = await signUp(email);
    const saved = await api.mutate<{ reminder_mail: boolean; marketing_mail: boolean }>(
      'account.updateMailPreferences',
      { reminderMail: false, marketingMail: true },
      cookie,
    );
    expect(saved.data).toMatchObject({ reminder_mail: false, marketing_mail: true });
    const before = (await mailsTo(email)).length;
    await database.db
      .insertInto('outbox')
      .values({
        template: 'booking-reminder',
        recipient: email,
        locale: 'ar',
        user_id: user.id,
        data: JSON.stringify({
          name: 'سارة',
          bookingReference: 'TH-1',
          labName: { ar: 'مختبر', en: 'Lab' },
          labAddress: { ar: 'الرياض', en: 'Riyadh' },
          labPhone: null,
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          minutes: 30,
          timeZone: 'Asia/Riyadh',
          link: `${testEnv.PUBLIC_URL}/dashboard`,
        }),
      })
      .execute();
    expect(await mailsTo(email)).toHaveLength(before);
    const row = await database.db
      .selectFrom('outbox')
      .select(['status'])
      .where('recipient', '=', email)
      .where('template', '=', 'booking-reminder')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('skipped');
  });
});
