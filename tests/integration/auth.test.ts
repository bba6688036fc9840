import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/env.ts';
import { consumeAttempt, rateLimits } from '../../src/server/platform/rate-limit.ts';
import { validateSessionToken } from '../../src/server/platform/session.ts';
import { mailedLinkToken, testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  database = await openTestDatabase();
  // Each test comes from its own address so the per-address limits do not bleed between tests.
  api = apiClient(
    createApp({
      db: database.db,
      env: testEnv,
      clientIp: () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    }),
  );
});
afterAll(() => database.close());

const email = () => `user-${randomUUID()}@example.sa`;
const customer = (address = email()) => ({
  email: address,
  password: 'correct horse battery',
  name: 'نورة القحطاني',
  userType: 'customer',
  licenseNumber: null,
  acceptTerms: true,
});

interface Me {
  id: string;
  email: string | null;
  name: string;
  user_type: string;
  approved: boolean;
  subscription_tier: string;
  is_anonymous: boolean;
  license_number: string | null;
}

const linkMailedTo = (address: string, template: string) => mailedLinkToken(database.db, address, template);

describe('sign-up', () => {
  it('makes the account and its session together or not at all: a failed start leaves the e-mail free to try again', async () => {
    const address = email();
    const accounts = async () =>
      Number(
        (
          await database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await accounts();
    // The session cannot be written (as when the database fails at that moment).
    await sql`create function refuse_sessions() returns trigger language plpgsql as $$ begin raise exception 'no sessions now'; end $$`.execute(
      database.db,
    );
    await sql`create trigger refuse_sessions before insert on sessions for each row execute function refuse_sessions()`.execute(
      database.db,
    );
    // The failures are logged as errors, kept here rather than failing the test as unexpected ones.
    const errors: string[] = [];
    const failing = apiClient(
      createApp({
        db: database.db,
        env: testEnv,
        clientIp: () => '10.9.9.9',
        log: { info: () => undefined, warn: () => undefined, error: (_fields, message) => errors.push(message) },
      }),
    );
    try {
      expect((await failing.mutate('auth.signUp', customer(address))).status).toBe(500);
      expect((await failing.mutate('auth.signInAnonymously', { name: 'خالد', phone: '0551234567' })).status).toBe(500);
      expect(errors).toEqual(['procedure failed', 'procedure failed']);
    } finally {
      await sql`drop trigger refuse_sessions on sessions`.execute(database.db);
      await sql`drop function refuse_sessions()`.execute(database.db);
    }
    expect(await accounts()).toBe(before);
    const again = await api.mutate<Me>('auth.signUp', customer(address));
    expect(again.status).toBe(200);
    expect(again.data.email).toBe(address);
  });

  it('creates a customer, starts a session in an HttpOnly SameSite=Lax cookie and answers auth.me', async () => {
    const signUp = await api.mutate<Me>('auth.signUp', customer());
    expect(signUp.status).toBe(200);
    expect(signUp.data).toMatchObject({ user_type: 'customer', name: 'نورة القحطاني', subscription_tier: 'basic', is_anonymous: false });
    const cookie = signUp.cookies.find((value) => value.startsWith('tahaleel_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);

    const me = await api.query<Me>('auth.me', cookiePair(cookie));
    expect(me.data.id).toBe(signUp.data.id);
  });

  it('uses a Secure __Host- cookie when served over HTTPS', async () => {
    const httpsApi = apiClient(
      createApp({ db: database.db, env: parseEnv({ PUBLIC_URL: 'https://tahaleel.sa' }), clientIp: () => '10.9.9.9' }),
      'https://tahaleel.sa',
    );
    const signUp = await httpsApi.mutate('auth.signUp', customer());
    const cookie = signUp.cookies.find((value) => value.startsWith('__Host-tahaleel_session='));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
  });

  it('creates a lab awaiting approval, with its license number', async () => {
    const signUp = await api.mutate<Me>('auth.signUp', {
      ...customer(),
      userType: 'lab',
      name: 'مختبر الأمل',
      licenseNumber: 'MOH-LAB-55555',
    });
    expect(signUp.data).toMatchObject({ user_type: 'lab', approved: false, license_number: 'MOH-LAB-55555' });
    const lab = await database.db.selectFrom('labs').selectAll().where('id', '=', signUp.data.id).executeTakeFirstOrThrow();
    expect(lab.lab_name_ar).toBe('مختبر الأمل');
  });

  it('requires a license number from a lab', async () => {
    const signUp = await api.mutate('auth.signUp', { ...customer(), userType: 'lab', licenseNumber: '' });
    expect(signUp.status).toBe(400);
    expect(signUp.error?.data.fieldErrors?.licenseNumber).toEqual(['required']);
  });

  it('refuses a sign-up without consent to the terms, on the server too', async () => {
    const signUp = await api.mutate('auth.signUp', { ...customer(), acceptTerms: false });
    expect(signUp.status).toBe(400);
    expect(signUp.error?.data.fieldErrors?.acceptTerms).toEqual(['consent_required']);
  });

  it('checks each field and names what is wrong', async () => {
    const signUp = await api.mutate('auth.signUp', { ...customer('not-an-email'), password: 'short', name: ' ' });
    expect(signUp.error?.data.fieldErrors).toMatchObject({ email: ['invalid_email'], password: ['too_short'], name: ['required'] });
    const tooLong = await api.mutate('auth.signUp', { ...customer(), password: 'x'.repeat(129) });
    expect(tooLong.error?.data.fieldErrors?.password).toEqual(['too_long']);
  });

  it('refuses an e-mail that is taken, whatever its case', async () => {
    const address = email();
    await api.mutate('auth.signUp', customer(address));
    const again = await api.mutate('auth.signUp', customer(address.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.error?.data.appCode).toBe('EMAIL_TAKEN');
  });

  it('never lets sign-up create an admin', async () => {
    const attempt = await api.mutate('auth.signUp', { ...customer(), userType: 'admin' });
    expect(attempt.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const address = email();
    await api.mutate('auth.signUp', customer(address));
    const wrong = await api.mutate('auth.signIn', { email: address, password: 'not the password' });
    const unknown = await api.mutate('auth.signIn', { email: email(), password: 'whatever-it-is' });
    for (const attempt of [wrong, unknown]) {
      expect(attempt.status).toBe(401);
      expect(attempt.error?.data.appCode).toBe('INVALID_CREDENTIALS');
    }
  });

  it('starts a new session at every sign-in and revokes the one the browser had', async () => {
    const address = email();
    const signUp = await api.mutate('auth.signUp', customer(address));
    const firstCookie = cookiePair(signUp.cookies[0]);
    const signIn = await api.mutate<Me>('auth.signIn', { email: address, password: 'correct horse battery' }, firstCookie);
    expect(signIn.status).toBe(200);
    const secondCookie = cookiePair(signIn.cookies[0]);
    expect(secondCookie).not.toBe(firstCookie);
    expect(await validateSessionToken(database.db, firstCookie.split('=')[1]!)).toBeNull();
    expect((await api.query<Me>('auth.me', secondCookie)).data.id).toBe(signIn.data.id);
  });

  it('makes a hash from an older cost again at sign-in, and the password still works', async () => {
    const address = email();
    await api.mutate('auth.signUp', customer(address));
    // A hash at another cost than today's, as those made before ADR 0020 are.
    const salt = randomBytes(16);
    const key = scryptSync('correct horse battery'.normalize('NFKC'), salt, 32, { N: 2 ** 11, r: 8, p: 1 });
    const older = ['scrypt', 2 ** 11, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await database.db.updateTable('users').set({ password_hash: older }).where('email', '=', address).execute();

    expect((await api.mutate('auth.signIn', { email: address, password: 'correct horse battery' })).status).toBe(200);
    const stored = await database.db.selectFrom('users').select('password_hash').where('email', '=', address).executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBe(older);
    expect(stored.password_hash?.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect((await api.mutate('auth.signIn', { email: address, password: 'correct horse battery' })).status).toBe(200);
  });

  it('lets an admin in only through admin mode, and nobody else through it', async () => {
    const admin = { email: 'admin@demo.tahaleel.sa', password: 'tahaleel-demo' };
    const normal = await api.mutate('auth.signIn', admin);
    expect(normal.error?.data.appCode).toBe('USE_ADMIN_LOGIN');
    const adminMode = await api.mutate<Me>('auth.signIn', { ...admin, admin: true });
    expect(adminMode.data.user_type).toBe('admin');

    const lab = await api.mutate('auth.signIn', { email: 'lab@demo.tahaleel.sa', password: 'tahaleel-demo', admin: true });
    expect(lab.status).toBe(403);
    expect(lab.error?.data.appCode).toBe('ADMIN_ONLY_LOGIN');
  });

  it('refuses a sixth try from the same address and says how long to wait, yet lets the owner in from elsewhere', async () => {
    const address = email();
    await api.mutate('auth.signUp', customer(address));
    const from = (ip: string) => apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => ip }));
    const stranger = from(`10.66.${Math.floor(Math.random() * 250)}.1`);
    for (let attempt = 0; attempt < rateLimits.signInPerAccountAndIp.limit; attempt++) {
      const failed = await stranger.mutate('auth.signIn', { email: address, password: `wrong-${attempt}` });
      expect(failed.error?.data.appCode).toBe('INVALID_CREDENTIALS');
    }
    // Even the right password waits now, from that address: the limit is per account there, not per guess.
    const locked = await stranger.mutate('auth.signIn', { email: address, password: 'correct horse battery' });
    expect(locked.status).toBe(429);
    expect(locked.error?.data.appCode).toBe('RATE_LIMITED');
    expect(locked.error?.data.details?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // The owner, elsewhere, is not locked out by a stranger's failures.
    const owner = await from(`10.67.${Math.floor(Math.random() * 250)}.1`).mutate('auth.signIn', {
      email: address,
      password: 'correct horse battery',
    });
    expect(owner.status).toBe(200);
  });

  it('slows an account down after ten failures from anywhere, and never refuses its owner', async () => {
    const address = email();
    await api.mutate('auth.signUp', customer(address));
    for (let attempt = 0; attempt < rateLimits.signInPerAccount.limit; attempt++) {
      // Each guess from another address: a botnet spraying one account.
      const failed = await api.mutate('auth.signIn', { email: address, password: `wrong-${attempt}` });
      expect(failed.error?.data.appCode).toBe('INVALID_CREDENTIALS');
    }
    const started = performance.now();
    const owner = await api.mutate('auth.signIn', { email: address, password: 'correct horse battery' });
    expect(owner.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    // Signed in: the count starts again, and the next sign-in does not wait.
    const again = performance.now();
    expect((await api.mutate('auth.signIn', { email: address, password: 'correct horse battery' })).status).toBe(200);
    expect(performance.now() - again).toBeLessThan(950);
  });

  it('refuses a common or guessable password at sign-up, saying why, and keeps nothing', async () => {
    for (const [password, reason] of [
      ['password123', 'common'],
      ['qwertyuiop', 'common'],
      ['alqahtani2024', 'personal'],
    ] as const) {
      const address = `nora.alqahtani.${randomUUID().slice(0, 8)}@example.sa`;
      const refused = await api.mutate('auth.signUp', { ...customer(address), password });
      expect(refused.status, password).toBe(400);
      expect(refused.error?.data.appCode, password).toBe('WEAK_PASSWORD');
      expect(refused.error?.data.details, password).toMatchObject({ field: 'password', reason });
      expect(await database.db.selectFrom('users').select('id').where('email', '=', address).execute()).toEqual([]);
    }
  });
});

describe('rate-limit windows', () => {
  it('recover once the window has passed', async () => {
    const key = `test:${randomUUID()}`;
    const policy = { limit: 2, windowSeconds: 60 };
    const start = new Date('2026-11-21T10:00:00Z');
    await consumeAttempt(database.db, key, policy, start);
    await consumeAttempt(database.db, key, policy, new Date(start.getTime() + 10_000));
    await expect(consumeAttempt(database.db, key, policy, new Date(start.getTime() + 20_000))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 40 },
    });
    // A new window: the attempt is the first of it.
    await expect(consumeAttempt(database.db, key, policy, new Date(start.getTime() + 61_000))).resolves.toMatchObject({ attempts: 1 });
  });

  it('refuse what comes after a refusal in the same window without writing it, with the same wait', async () => {
    const key = `test:${randomUUID()}`;
    const policy = { limit: 1, windowSeconds: 60 };
    const start = new Date('2026-11-21T11:00:00Z');
    const counted = async () =>
      (await database.db.selectFrom('auth_rate_limits').select('attempts').where('key', '=', key).executeTakeFirstOrThrow()).attempts;
    await consumeAttempt(database.db, key, policy, start);
    await expect(consumeAttempt(database.db, key, policy, new Date(start.getTime() + 5_000))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 55 },
    });
    expect(await counted()).toBe(2);
    for (const seconds of [10, 30, 59]) {
      await expect(consumeAttempt(database.db, key, policy, new Date(start.getTime() + seconds * 1000))).rejects.toMatchObject({
        details: { retryAfterSeconds: 60 - seconds },
      });
    }
    // None of them was a write; the next window is asked of the database again and starts at one.
    expect(await counted()).toBe(2);
    await expect(consumeAttempt(database.db, key, policy, new Date(start.getTime() + 60_000))).resolves.toMatchObject({ attempts: 1 });
    expect(await counted()).toBe(1);
  });
});

describe('guest booking accounts', () => {
  it('creates an anonymous customer with a session, and upgrading it keeps the same account and its bookings', async () => {
    const guest = await api.mutate<Me>('auth.signInAnonymously', { name: 'خالد', phone: '050 123 4567' });
    expect(guest.status).toBe(200);
    expect(guest.data).toMatchObject({ user_type: 'customer', is_anonymous: true, email: null, name: 'خالد' });
    const user = await database.db.selectFrom('users').select('phone').where('id', '=', guest.data.id).executeTakeFirstOrThrow();
    expect(user.phone).toBe('+966501234567');

    const labTest = await database.db.selectFrom('lab_tests').select(['id', 'price_halalas']).limit(1).executeTakeFirstOrThrow();
    await database.db
      .insertInto('bookings')
      .values({
        customer_id: guest.data.id,
        lab_test_id: labTest.id,
        booking_time: '2026-12-01T07:00:00Z',
        total_price_halalas: labTest.price_halalas,
      })
      .execute();

    const cookie = cookiePair(guest.cookies[0]);
    const address = email();
    const upgraded = await api.mutate<Me>('auth.upgradeAnonymous', { email: address, password: 'a-new-password' }, cookie);
    // A guest until the address is confirmed.
    expect(upgraded.data).toMatchObject({ id: guest.data.id, email: null, is_anonymous: true });
    // A new session, as at any sign-in: the guest's token signs nobody in any more.
    const fresh = cookiePair(upgraded.cookies.find((value) => value.startsWith('tahaleel_session=')));
    expect(fresh).not.toBe(cookie);
    expect((await api.query<Me | null>('auth.me', cookie)).data).toBeNull();
    expect((await api.query<Me>('auth.me', fresh)).data.id).toBe(guest.data.id);

    expect((await api.mutate('auth.verifyEmail', { token: await linkMailedTo(address, 'verify-email') })).status).toBe(200);
    expect((await api.query<Me>('auth.me', fresh)).data).toMatchObject({ id: guest.data.id, email: address, is_anonymous: false });
    const bookings = await database.db.selectFrom('bookings').select('id').where('customer_id', '=', guest.data.id).execute();
    expect(bookings).toHaveLength(1);

    const signIn = await api.mutate<Me>('auth.signIn', { email: address, password: 'a-new-password' });
    expect(signIn.data.id).toBe(guest.data.id);
    const again = await api.mutate(
      'auth.upgradeAnonymous',
      { email: email(), password: 'another-password' },
      cookiePair(signIn.cookies[0]),
    );
    expect(again.error?.data.appCode).toBe('ALREADY_REGISTERED');
  });

  it('gives the address to whichever of two guests asking for it at once opens its link first; the other link is refused', async () => {
    const guests = await Promise.all(
      ['خالد', 'فهد'].map((name) => api.mutate<Me>('auth.signInAnonymously', { name, phone: '0551234567' })),
    );
    const address = email();
    const answers = await Promise.all(
      guests.map((guest) =>
        api.mutate('auth.upgradeAnonymous', { email: address, password: 'a-new-password' }, cookiePair(guest.cookies[0])),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const links = await database.db
      .selectFrom('outbox')
      .select('data')
      .where('recipient', '=', address)
      .where('template', '=', 'verify-email')
      .execute();
    const [first, second] = links.map((row) => new URL((row.data as { link: string }).link).searchParams.get('token')!);
    expect((await api.mutate('auth.verifyEmail', { token: first })).status).toBe(200);
    expect((await api.mutate('auth.verifyEmail', { token: second })).error?.data.appCode).toBe('EMAIL_TAKEN');
  });

  it("answers a guest's upgrade to a registered address as to a free one: nothing is linked, the guest stays a guest, and the owner is told", async () => {
    const registered = email();
    const owner = await api.mutate<Me>('auth.signUp', customer(registered));
    const upgrade = async (address: string) => {
      const guest = await api.mutate<Me>('auth.signInAnonymously', { name: 'خالد', phone: '0551234567' });
      const answer = await api.mutate<Me>(
        'auth.upgradeAnonymous',
        { email: address, password: 'a-new-password' },
        cookiePair(guest.cookies[0]),
      );
      return { ...answer, id: guest.data.id, cookie: cookiePair(answer.cookies.find((value) => value.startsWith('tahaleel_session='))) };
    };
    const free = await upgrade(email());
    const taken = await upgrade(registered);
    expect(taken.status).toBe(free.status);
    expect({ ...taken.data, id: null }).toEqual({ ...free.data, id: null });

    expect((await api.query<Me>('auth.me', taken.cookie)).data).toMatchObject({ id: taken.id, email: null, is_anonymous: true });
    const linked = await database.db.selectFrom('account_tokens').select('id').where('user_id', '=', taken.id).execute();
    expect(linked).toHaveLength(0);
    const toOwner = await database.db.selectFrom('outbox').select(['template', 'user_id']).where('recipient', '=', registered).execute();
    expect(toOwner.map((mail) => mail.template).sort()).toEqual(['address-in-use', 'verify-email']);
    expect(toOwner.every((mail) => mail.user_id === owner.data.id)).toBe(true);
    // The owner's account is as it was: their password still signs them in.
    expect((await api.mutate<Me>('auth.signIn', { email: registered, password: customer().password })).data.id).toBe(owner.data.id);
  });

  it("counts a guest's upgrades against sign-up's limit per address, as each mails someone", async () => {
    const address = `10.68.${Math.floor(Math.random() * 250)}.1`;
    const from = apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => address }));
    const registered = email();
    expect((await from.mutate('auth.signUp', customer(registered))).status).toBe(200);
    const guest = await from.mutate('auth.signInAnonymously', { name: 'خالد', phone: '0551234567' });
    let cookie = cookiePair(guest.cookies[0]);
    for (let attempt = 1; attempt < rateLimits.signUpPerIp.limit; attempt++) {
      const probe = await from.mutate('auth.upgradeAnonymous', { email: registered, password: 'a-new-password' }, cookie);
      expect(probe.status).toBe(200);
      cookie = cookiePair(probe.cookies.find((value) => value.startsWith('tahaleel_session=')));
    }
    const limited = await from.mutate('auth.upgradeAnonymous', { email: registered, password: 'a-new-password' }, cookie);
    expect(limited.status).toBe(429);
    expect(limited.error?.data.appCode).toBe('RATE_LIMITED');
    // One limit: sign-up from that address waits too.
    expect((await from.mutate('auth.signUp', customer(email()))).error?.data.appCode).toBe('RATE_LIMITED');
  });

  it('needs a Saudi mobile number', async () => {
    const guest = await api.mutate('auth.signInAnonymously', { name: 'خالد', phone: '12345' });
    expect(guest.error?.data.fieldErrors?.phone).toEqual(['invalid_phone']);
  });
});

describe('CSRF', () => {
  it('refuses a JSON mutation sent from another origin', async () => {
    const address = email();
    const foreign = apiClient(createApp({ db: database.db, env: testEnv }), 'https://evil.example');
    const response = await foreign.mutate('auth.signUp', customer(address)).catch(() => null);
    expect(response).toBeNull(); // a plain-text 403, not a tRPC answer
    const raw = await createApp({ db: database.db, env: testEnv }).request('/trpc/auth.signUp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify(customer(address)),
    });
    expect(raw.status).toBe(403);
    const created = await database.db.selectFrom('users').select('id').where('email', '=', address).execute();
    expect(created).toEqual([]);
  });
});
