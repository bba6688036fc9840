import { randomUUID } from 'node:crypto';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/env.ts';
import { referralCodeOf, rememberDevice } from '../../src/server/modules/wallet/referrals.service.ts';
import { newDeviceKey } from '../../src/server/platform/device-cookie.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../src/shared/legal.ts';
import { startFakeGoogle } from '../setup/fake-google.ts';
import { createTestUser } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await openTestDatabase();
  google = await startFakeGoogle('client-123.apps.googleusercontent.com', 'secret-456');
  const env = parseEnv({
    PUBLIC_URL: 'http://localhost:3000',
    GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'secret-456',
    GOOGLE_TOKEN_URL: google.tokenUrl,
  });
  app = createApp({ db: database.db, env, clientIp: () => '10.1.1.1' });
});
afterAll(async () => {
  await google.close();
  await database.close();
});

/** Starts the flow, approves at the fake Google and returns to our callback with the flow cookies. */
async function signInWithGoogle(user: { sub: string; email: string; email_verified: boolean; name: string }, tamperState = false) {
  const start = await app.request('/auth/google');
  expect(start.status).toBe(302);
  const authorizationUrl = new URL(start.headers.get('location')!);
  const flowCookies = start.headers.getSetCookie().map(cookiePair).join('; ');
  const code = google.approve(authorizationUrl, user);
  const state = tamperState ? 'forged-state' : authorizationUrl.searchParams.get('state')!;
  return {
    authorizationUrl,
    callback: await app.request(`/auth/google/callback?code=${encodeURIComponent(code)}&state=${state}`, {
      headers: { cookie: flowCookies },
    }),
  };
}

describe('Google sign-in', () => {
  it('asks Google for the profile and e-mail with PKCE and state: no offline access, no forced consent', async () => {
    const { authorizationUrl } = await signInWithGoogle({
      sub: randomUUID(),
      email: `${randomUUID()}@gmail.com`,
      email_verified: true,
      name: 'Reem',
    });
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(authorizationUrl.searchParams.has('access_type')).toBe(false);
    expect(authorizationUrl.searchParams.has('prompt')).toBe(false);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost:3000/auth/google/callback',
      client_id: 'client-123.apps.googleusercontent.com',
    });
    expect(authorizationUrl.searchParams.get('scope')).toBe('openid profile email');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
  });

  it('creates a customer from a new Google account, starts a session and returns to /', async () => {
    const address = `${randomUUID()}@gmail.com`;
    const { callback } = await signInWithGoogle({ sub: `g-${randomUUID()}`, email: address, email_verified: true, name: 'ريم الشهري' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    const session = callback.headers.getSetCookie().find((value) => value.startsWith('tahaleel_session='));
    expect(session).toMatch(/HttpOnly/);
    const me = await apiClient(app).query<{ email: string; name: string; user_type: string }>('auth.me', cookiePair(session));
    expect(me.data).toMatchObject({ email: address, name: 'ريم الشهري', user_type: 'customer' });
  });

  it('links a Google account to the existing user once both Google and the account vouch for the address', async () => {
    const address = `${randomUUID()}@gmail.com`;
    const signUp = await apiClient(app).mutate<{ id: string }>('auth.signUp', {
      email: address,
      password: 'password-1234',
      name: 'Omar',
      userType: 'customer',
      acceptTerms: true,
    });
    // The owner opened the confirmation link.
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', signUp.data.id).execute();
    const sub = `g-${randomUUID()}`;
    const { callback } = await signInWithGoogle({ sub, email: address, email_verified: true, name: 'Omar A.' });
    const me = await apiClient(app).query<{ id: string }>(
      'auth.me',
      cookiePair(callback.headers.getSetCookie().find((v) => v.startsWith('tahaleel_session='))),
    );
    expect(me.data.id).toBe(signUp.data.id);
    const user = await database.db.selectFrom('users').select('google_sub').where('id', '=', signUp.data.id).executeTakeFirstOrThrow();
    expect(user.google_sub).toBe(sub);
  });

  it('asks an account with two-factor on for its code after Google, with no session before it', async () => {
    const address = `${randomUUID()}@gmail.com`;
    const sub = `g-${randomUUID()}`;
    const first = await signInWithGoogle({ sub, email: address, email_verified: true, name: 'Huda' });
    const session = cookiePair(first.callback.headers.getSetCookie().find((value) => value.startsWith('tahaleel_session=')));
    // An account made with Google accepts the terms in the app's dialog before anything else answers it.
    const consent = { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION };
    expect((await apiClient(app).mutate('auth.acceptConsent', consent, session)).status).toBe(200);
    const setup = await apiClient(app).mutate<{ secret: string }>('account.twoFactorSetup', undefined, session);
    const code = generateTOTP(decodeBase32IgnorePadding(setup.data.secret), 30, 6);
    expect((await apiClient(app).mutate('account.twoFactorEnable', { code }, session)).status).toBe(200);

    const { callback } = await signInWithGoogle({ sub, email: address, email_verified: true, name: 'Huda' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?second_factor=1');
    const cookies = callback.headers.getSetCookie();
    expect(cookies.some((value) => value.startsWith('tahaleel_session='))).toBe(false);
    const secondStep = cookiePair(cookies.find((value) => value.startsWith('tahaleel_second_step=')));
    expect((await apiClient(app).query('auth.me', secondStep)).data).toBeNull();
  });

  it('refuses to link the real owner’s Google account to an account someone else signed up with (pre-account takeover)', async () => {
    const victim = `${randomUUID()}@gmail.com`;
    // An attacker signs up first with the victim's address and a password of their own; the address is never confirmed.
    const squatter = await apiClient(app).mutate<{ id: string }>('auth.signUp', {
      email: victim,
      password: 'attacker-password',
      name: 'Not the owner',
      userType: 'customer',
      acceptTerms: true,
    });
    const { callback } = await signInWithGoogle({ sub: `g-${randomUUID()}`, email: victim, email_verified: true, name: 'The owner' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?auth_error=google_unverified');
    expect(
      callback.headers.getSetCookie().some((value) => value.startsWith('tahaleel_session=') && !/tahaleel_session=;/.test(value)),
    ).toBe(false);
    const user = await database.db.selectFrom('users').select('google_sub').where('id', '=', squatter.data.id).executeTakeFirstOrThrow();
    expect(user.google_sub).toBeNull();
  });

  it('does not link when Google does not vouch for the address either', async () => {
    const address = `${randomUUID()}@gmail.com`;
    const signUp = await apiClient(app).mutate<{ id: string }>('auth.signUp', {
      email: address,
      password: 'password-1234',
      name: 'Huda',
      userType: 'customer',
      acceptTerms: true,
    });
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', signUp.data.id).execute();
    const { callback } = await signInWithGoogle({ sub: `g-${randomUUID()}`, email: address, email_verified: false, name: 'Huda' });
    expect(callback.headers.get('location')).toBe('/?auth_error=google_unverified');
    const user = await database.db.selectFrom('users').select('google_sub').where('id', '=', signUp.data.id).executeTakeFirstOrThrow();
    expect(user.google_sub).toBeNull();
  });

  it('a new account from Google starts with its address confirmed', async () => {
    const address = `${randomUUID()}@gmail.com`;
    const { callback } = await signInWithGoogle({ sub: `g-${randomUUID()}`, email: address, email_verified: true, name: 'Lama' });
    const me = await apiClient(app).query<{ email_verified: boolean; has_password: boolean }>(
      'auth.me',
      cookiePair(callback.headers.getSetCookie().find((v) => v.startsWith('tahaleel_session='))),
    );
    expect(me.data).toMatchObject({ email_verified: true, has_password: false });
  });

  it('refuses a callback whose state does not match, and signs nobody in', async () => {
    const { callback } = await signInWithGoogle(
      { sub: `g-${randomUUID()}`, email: `${randomUUID()}@gmail.com`, email_verified: true, name: 'X' },
      true,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?auth_error=google');
    expect(callback.headers.getSetCookie().some((value) => value.startsWith('tahaleel_session='))).toBe(false);
  });

  it('is not offered when Google is not configured', async () => {
    const plain = createApp({ db: database.db, env: parseEnv({}) });
    expect((await plain.request('/auth/google')).status).toBe(404);
    expect((await apiClient(plain).query<{ google: boolean }>('auth.providers')).data).toMatchObject({ google: false });
    expect((await apiClient(app).query<{ google: boolean }>('auth.providers')).data).toMatchObject({ google: true });
  });
});

describe('an invitation through Google sign-up (ADR 0093)', () => {
  /** The flow started with the browser's kept code (and its device cookie, when given). */
  async function viaGoogle(sub: string, ref: string | null, deviceKey: string | null = null) {
    const start = await app.request(ref ? `/auth/google?ref=${encodeURIComponent(ref)}` : '/auth/google');
    const authorizationUrl = new URL(start.headers.get('location')!);
    const cookies = start.headers
      .getSetCookie()
      .map(cookiePair)
      .filter((pair) => !pair.endsWith('='));
    if (deviceKey) cookies.push(`tahaleel_device=${deviceKey}`);
    const code = google.approve(authorizationUrl, { sub, email: `${sub}@gmail.com`, email_verified: true, name: 'Invited' });
    const callback = await app.request(
      `/auth/google/callback?code=${encodeURIComponent(code)}&state=${authorizationUrl.searchParams.get('state')}`,
      { headers: { cookie: cookies.join('; ') } },
    );
    expect(callback.headers.get('location')).toBe('/');
    return database.db.selectFrom('users').select('id').where('google_sub', '=', sub).executeTakeFirstOrThrow();
  }
  const referralOf = (userId: string) =>
    database.db
      .selectFrom('referrals')
      .select(['referrer_id', 'status', 'refused_reason'])
      .where('referred_id', '=', userId)
      .executeTakeFirst();

  async function inviter() {
    const user = await createTestUser(database.db, 'customer');
    return { id: user.id, code: await referralCodeOf(database.db, user.id) };
  }

  it('records the referral when Google makes a new account, with the code typed any way', async () => {
    const referrer = await inviter();
    const typed = `${referrer.code.slice(0, 4).toLowerCase()}-${referrer.code.slice(4)}`;
    const invited = await viaGoogle(randomUUID(), typed);
    expect(await referralOf(invited.id)).toEqual({ referrer_id: referrer.id, status: 'pending', refused_reason: null });
  });

  it('never refers an account that already existed, and drops a code nobody has', async () => {
    const referrer = await inviter();
    const sub = randomUUID();
    const existing = await viaGoogle(sub, null);
    expect(await referralOf(existing.id)).toBeUndefined();
    // The same person signing in again with an invitation kept: still nobody's referral.
    await viaGoogle(sub, referrer.code);
    expect(await referralOf(existing.id)).toBeUndefined();
    const unknown = await viaGoogle(randomUUID(), 'ZZZZZZZZ');
    expect(await referralOf(unknown.id)).toBeUndefined();
  });

  it("refuses an invitation used on the inviter's own browser: its device seen on the inviter's account", async () => {
    const referrer = await inviter();
    const device = newDeviceKey();
    await rememberDevice(database.db, referrer.id, device);
    const second = await viaGoogle(randomUUID(), referrer.code, device);
    expect(await referralOf(second.id)).toEqual({ referrer_id: referrer.id, status: 'refused', refused_reason: 'same_device' });
  });
});
