import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { subscribePerIp } from '../../src/server/modules/newsletter/newsletter.service.ts';
import { testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const app = createApp({ db: database.db, env: testEnv });
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  });
}

describe('errors crossing the API', () => {
  it('flattens a zod failure into field errors with message keys, not English sentences', async () => {
    const response = await post('/trpc/newsletter.subscribe', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { appCode: string; fieldErrors: Record<string, string[]> } } };
    expect(body.error.data.appCode).toBe('VALIDATION_FAILED');
    expect(body.error.data.fieldErrors.email).toEqual(['invalid_email']);
  });

  it('subscribes an e-mail once, however often and in whatever case it is sent', async () => {
    for (const email of ['Reader@Example.sa', 'reader@example.sa']) {
      const response = await post('/trpc/newsletter.subscribe', { email });
      expect(response.status).toBe(200);
    }
    const rows = await database.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', 'reader@example.sa').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.locale).toBe('ar');
  });

  it('refuses a form post from another origin (CSRF)', async () => {
    const app = createApp({ db: database.db, env: testEnv });
    const response = await app.request('/trpc/newsletter.subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'email=a@b.sa',
    });
    expect(response.status).toBe(403);
  });
});

describe('newsletter rate limit', () => {
  afterEach(() => vi.useRealTimers());

  /** Each caller comes from its own address, so limits never bleed between tests. */
  let addresses = 0;
  const fromNewAddress = () => {
    const address = `10.8.0.${++addresses}`;
    return apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => address }));
  };
  const reader = () => `reader-${randomUUID()}@example.sa`;
  const stored = async (email: string) =>
    (await database.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', email).execute()).length;

  it('answers one address past its hourly limit with 429 RATE_LIMITED and the seconds to wait, and stores nothing', async () => {
    const api = fromNewAddress();
    for (let attempt = 0; attempt < subscribePerIp.limit; attempt++) {
      expect((await api.mutate('newsletter.subscribe', { email: reader() })).status).toBe(200);
    }
    const refused = reader();
    const response = await api.mutate('newsletter.subscribe', { email: refused });
    expect(response.status).toBe(429);
    expect(response.error?.data.appCode).toBe('RATE_LIMITED');
    const retryAfter = response.error?.data.details?.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(subscribePerIp.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(subscribePerIp.windowSeconds);
    expect(await stored(refused)).toBe(0);
  });

  it('counts a repeated e-mail as an attempt too, so resending the same address cannot go on forever', async () => {
    const api = fromNewAddress();
    const email = reader();
    for (let attempt = 0; attempt < subscribePerIp.limit; attempt++) {
      expect((await api.mutate('newsletter.subscribe', { email })).status).toBe(200);
    }
    expect((await api.mutate('newsletter.subscribe', { email })).status).toBe(429);
    expect(await stored(email)).toBe(1);
  });

  it('limits each address on its own', async () => {
    const flooding = fromNewAddress();
    for (let attempt = 0; attempt <= subscribePerIp.limit; attempt++) {
      await flooding.mutate('newsletter.subscribe', { email: reader() });
    }
    expect((await flooding.mutate('newsletter.subscribe', { email: reader() })).status).toBe(429);

    const neighbour = fromNewAddress();
    const email = reader();
    expect((await neighbour.mutate('newsletter.subscribe', { email })).status).toBe(200);
    expect(await stored(email)).toBe(1);
  });

  it('lets the address subscribe again once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-10-02T09:00:00Z'));
    const api = fromNewAddress();
    for (let attempt = 0; attempt < subscribePerIp.limit; attempt++) {
      await api.mutate('newsletter.subscribe', { email: reader() });
    }
    expect((await api.mutate('newsletter.subscribe', { email: reader() })).status).toBe(429);

    vi.setSystemTime(new Date(Date.now() + subscribePerIp.windowSeconds * 1000));
    const email = reader();
    expect((await api.mutate('newsletter.subscribe', { email })).status).toBe(200);
    expect(await stored(email)).toBe(1);
  });

  it('rejects a malformed e-mail before counting it, so typos never lock a reader out', async () => {
    const api = fromNewAddress();
    for (let attempt = 0; attempt <= subscribePerIp.limit; attempt++) {
      expect((await api.mutate('newsletter.subscribe', { email: 'reader@' })).status).toBe(400);
    }
    expect((await api.mutate('newsletter.subscribe', { email: reader() })).status).toBe(200);
  });
});
