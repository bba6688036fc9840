// Limits a request meets before any procedure runs (issue #20: one request must not spoil the service).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { MAX_API_BODY_BYTES, MAX_BATCH_CALLS, MAX_INPUT_DEPTH } from '../../src/shared/api-limits.ts';
import { createTestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const ORIGIN = 'http://localhost:3000';
const address = '10.20.30.40';

function app() {
  return createApp({ db: database.db, env: testEnv, clientIp: () => address });
}

const attemptsCounted = () => database.db.selectFrom('auth_rate_limits').select('key').where('key', 'like', `%${address}%`).execute();

interface Refusal {
  error: { data: { httpStatus: number; appCode: string; details: Record<string, unknown> } };
}

describe('tRPC batches', () => {
  it(`refuses a batch of more than ${MAX_BATCH_CALLS} calls with 400 before running any of them`, async () => {
    const calls = MAX_BATCH_CALLS + 1;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, index) => [index, { email: `someone-${index}@example.sa`, password: 'not-the-password' }]),
    );
    const response = await app().request(`/trpc/${Array(calls).fill('auth.signIn').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(input),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Refusal;
    expect(body.error.data).toMatchObject({ httpStatus: 400, appCode: 'REQUEST_TOO_LARGE', details: { maxCalls: MAX_BATCH_CALLS, calls } });
    // Not one sign-in ran: none was counted against the address or an account.
    expect(await attemptsCounted()).toEqual([]);
  });

  it(`answers a batch of ${MAX_BATCH_CALLS} calls, as the app's own client sends at most`, async () => {
    const response = await app().request(`/trpc/${Array(MAX_BATCH_CALLS).fill('catalog.categories').join(',')}?batch=1`);
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown[]).toHaveLength(MAX_BATCH_CALLS);
  });
});

describe('request bodies', () => {
  it('refuses a body that says it is over 1 MB with 413, without reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (pulled > 64) controller.close();
      },
    });
    const response = await app().request('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'content-length': String(100 * 1024 * 1024) },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as Refusal).error.data).toMatchObject({
      appCode: 'REQUEST_TOO_LARGE',
      details: { maxBytes: MAX_API_BODY_BYTES },
    });
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it('stops reading a body sent without its length once it passes 1 MB', async () => {
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
        if (sent >= 50 * 1024 * 1024) controller.close();
      },
    });
    const response = await app().request('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(2 * MAX_API_BODY_BYTES);
    expect(await attemptsCounted()).toEqual([]);
  });
});

describe('nested inputs', () => {
  /** `{"a":{"a":…1…}}`, `depth` objects deep. */
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const failures: unknown[] = [];
  const watchedApp = () =>
    createApp({
      db: database.db,
      env: testEnv,
      clientIp: () => address,
      log: { info() {}, warn() {}, error: (fields) => failures.push(fields) },
    });

  it('refuses JSON nested 5,000 deep (30 KB, signed out) with 400 REQUEST_TOO_LARGE, posted or in the query, and logs no failure', async () => {
    const body = nested(5000);
    expect(body.length).toBeLessThan(31 * 1024);
    const posted = await watchedApp().request('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body,
    });
    const queried = await watchedApp().request(`/trpc/catalog.test?input=${encodeURIComponent(nested(2000))}`);
    for (const response of [posted, queried]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as Refusal).error.data).toMatchObject({
        httpStatus: 400,
        appCode: 'REQUEST_TOO_LARGE',
        details: { maxDepth: MAX_INPUT_DEPTH },
      });
    }
    expect(failures).toEqual([]);
    expect(await attemptsCounted()).toEqual([]);
  });

  it(`refuses one level past ${MAX_INPUT_DEPTH} and reads ${MAX_INPUT_DEPTH} levels as the procedure's input`, async () => {
    const deep = await apiClient(watchedApp()).mutate('auth.signIn', JSON.parse(nested(MAX_INPUT_DEPTH + 1)));
    expect(deep.error?.data).toMatchObject({ appCode: 'REQUEST_TOO_LARGE' });
    // As deep as allowed, it reaches the procedure's schema, which refuses it as any wrong form is.
    const allowed = await apiClient(watchedApp()).mutate('auth.signIn', JSON.parse(nested(MAX_INPUT_DEPTH)));
    expect(allowed.status).toBe(400);
    expect(allowed.error?.data).toMatchObject({ appCode: 'VALIDATION_FAILED' });
    expect(failures).toEqual([]);
  });
});

describe('answers to a signed-in person', () => {
  it('are kept by no cache, while public answers to a visitor may be', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const signedIn = await app().request('/trpc/auth.me', { headers: { cookie: customer.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const catalog = await app().request('/trpc/catalog.categories', { headers: { cookie: customer.cookie } });
    expect(catalog.headers.get('cache-control')).toBe('no-store');
    const visitor = await app().request('/trpc/catalog.categories');
    expect(visitor.headers.get('cache-control')).toBeNull();
  });
});

describe('answers to refused requests', () => {
  const MAX_DELAY = 4000;
  const STEP = MAX_DELAY / 4;
  const slowApp = () =>
    createApp({ db: database.db, env: { ...testEnv, SLOW_REFUSALS_MAX_MS: MAX_DELAY }, clientIp: (c) => c.req.header('x-test-client') });
  const overLongBatch = `/trpc/${Array(MAX_BATCH_CALLS + 1)
    .fill('catalog.categories')
    .join(',')}?batch=1`;
  /** The request's status and how long its answer took, in ms. */
  const timed = async (server: ReturnType<typeof slowApp>, path: string, from: string) => {
    const started = performance.now();
    const response = await server.request(path, { headers: { 'x-test-client': from } });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };

  it('go out later the more an address was refused lately; its other requests and other addresses are not slowed', async () => {
    const server = slowApp();
    const first = await timed(server, overLongBatch, '192.0.2.61');
    expect(first.status).toBe(400);
    expect(first.ms).toBeGreaterThanOrEqual(STEP - 5);
    const second = await timed(server, overLongBatch, '192.0.2.61');
    expect(second.ms).toBeGreaterThanOrEqual(2 * STEP - 5);
    // What the address asks within the limits is answered as soon as it is ready.
    const allowed = await timed(server, '/trpc/catalog.categories', '192.0.2.61');
    expect(allowed.status).toBe(200);
    expect(allowed.ms).toBeLessThan(STEP);
    // Another address's first refusal waits as a first one does, not as the other address's third.
    const elsewhere = await timed(server, overLongBatch, '192.0.2.62');
    expect(elsewhere.ms).toBeGreaterThanOrEqual(STEP - 5);
    expect(elsewhere.ms).toBeLessThan(2 * STEP);
  });

  it('leave a mistake in a form alone: an input the schema refuses is answered at once', async () => {
    const server = slowApp();
    const input = encodeURIComponent(JSON.stringify({ labId: 'not-a-lab-id', date: '2030-01-01' }));
    for (let i = 0; i < 3; i += 1) {
      const answer = await timed(server, `/trpc/booking.availableSlots?input=${input}`, '192.0.2.63');
      expect(answer.status).toBe(400);
      expect(answer.ms).toBeLessThan(STEP);
    }
  });
});
