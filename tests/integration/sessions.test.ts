import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { createSession, generateSessionToken, sessionIdFromToken, validateSessionToken } from '../../src/server/platform/session.ts';
import { createTestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const DAY = 24 * 60 * 60 * 1000;

describe('database sessions (Lucia model)', () => {
  it('stores only the SHA-256 of the token', async () => {
    const user = await createTestUser(database.db, 'customer');
    const rows = await database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows.map((row) => row.id)).toEqual([sessionIdFromToken(user.token)]);
    expect(rows[0]?.id).not.toContain(user.token);
  });

  it('slides the expiry forward while the session is used, to 14 days after its last use', async () => {
    const user = await createTestUser(database.db, 'customer');
    const token = generateSessionToken();
    const start = new Date('2026-01-01T00:00:00Z');
    await createSession(database.db, token, user.id, start);

    const early = await validateSessionToken(database.db, token, new Date(start.getTime() + 5 * DAY));
    expect(early?.renewed).toBe(false);
    expect(early?.session.expiresAt.toISOString()).toBe('2026-01-15T00:00:00.000Z');

    const later = new Date(start.getTime() + 10 * DAY);
    const renewed = await validateSessionToken(database.db, token, later);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.session.expiresAt.getTime()).toBe(later.getTime() + 14 * DAY);
  });

  it('ends 30 days after sign-in however often it is used', async () => {
    const user = await createTestUser(database.db, 'customer');
    const token = generateSessionToken();
    const start = new Date('2026-01-01T00:00:00Z');
    await createSession(database.db, token, user.id, start);
    for (const day of [6, 12, 18, 24, 28]) {
      expect(await validateSessionToken(database.db, token, new Date(start.getTime() + day * DAY)), `day ${day}`).not.toBeNull();
    }
    const last = await validateSessionToken(database.db, token, new Date(start.getTime() + 29 * DAY));
    expect(last?.session.expiresAt.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(await validateSessionToken(database.db, token, new Date(start.getTime() + 30 * DAY))).toBeNull();
    const left = await database.db.selectFrom('sessions').select('id').where('id', '=', sessionIdFromToken(token)).execute();
    expect(left).toEqual([]);
  });

  it('rejects and deletes a session unused for 14 days', async () => {
    const user = await createTestUser(database.db, 'customer');
    const token = generateSessionToken();
    const start = new Date('2026-01-01T00:00:00Z');
    await createSession(database.db, token, user.id, start);
    expect(await validateSessionToken(database.db, token, new Date(start.getTime() + 15 * DAY))).toBeNull();
    const left = await database.db.selectFrom('sessions').select('id').where('id', '=', sessionIdFromToken(token)).execute();
    expect(left).toEqual([]);
  });

  it('answers auth.me with the user merged with the profile for a valid cookie, and null without one', async () => {
    const user = await createTestUser(database.db, 'lab', { approved: false, name: 'مختبر التجربة' });
    const app = createApp({ db: database.db, env: testEnv });
    const signedIn = await app.request('/trpc/auth.me', { headers: { cookie: user.cookie } });
    const me = ((await signedIn.json()) as { result: { data: Record<string, unknown> } }).result.data;
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'مختبر التجربة',
      user_type: 'lab',
      approved: false,
      subscription_tier: 'basic',
    });

    const visitor = await app.request('/trpc/auth.me');
    expect(((await visitor.json()) as { result: { data: unknown } }).result.data).toBeNull();
  });

  it('signs out by revoking the session on the server and clearing the cookie', async () => {
    const user = await createTestUser(database.db, 'customer');
    const app = createApp({ db: database.db, env: testEnv });
    const response = await app.request('/trpc/auth.signOut', {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/tahaleel_session=;.*Max-Age=0/);
    expect(await validateSessionToken(database.db, user.token)).toBeNull();

    const after = await app.request('/trpc/auth.me', { headers: { cookie: user.cookie } });
    expect(((await after.json()) as { result: { data: unknown } }).result.data).toBeNull();
  });

  // Every signed-in request looks its session up. Planning that join took ~2 ms of PostgreSQL's CPU, ten
  // times as long as running it (bench:abuse), so the server's pool keeps it as a statement planned once.
  it.runIf(process.env.DATABASE_URL)('looks sessions up with a statement PostgreSQL plans once per connection', async () => {
    const user = await createTestUser(database.db, 'customer');
    const server = await connectDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
    try {
      const plans = await server.db.connection().execute(async (connection) => {
        for (let request = 0; request < 8; request++) expect((await validateSessionToken(connection, user.token))?.user.id).toBe(user.id);
        const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
          select generic_plans::text, custom_plans::text from pg_prepared_statements where statement like '%join "sessions"%'`.execute(
          connection,
        );
        return rows;
      });
      expect(plans).toHaveLength(1);
      // PostgreSQL plans the first five runs for their values, then keeps one plan for the rest.
      expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
    } finally {
      await server.db.destroy();
    }
  });
});
