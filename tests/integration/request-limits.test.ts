// Limits a request meets before any procedure runs (issue #20: one request must not spoil the service;
// issue #74: no work before a lab's key, every body bounded).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/env.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { parseOruR01 } from '../../src/server/modules/result-intake/hl7-oru.ts';
import { moyasarPaymentProvider } from '../../src/server/platform/moyasar.ts';
import {
  MAX_API_BODY_BYTES,
  MAX_BATCH_CALLS,
  MAX_BODY_BYTES,
  MAX_INPUT_DEPTH,
  MULTIPART_OVERHEAD_BYTES,
} from '../../src/shared/api-limits.ts';
import { RESULT_MAX_BYTES } from '../../src/shared/results.ts';
import { STORE_IMAGE_MAX_BYTES } from '../../src/shared/store-admin-schemas.ts';
import { createTestUser, testEnv, testEnvSource } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// The HL7 reader as it is, watched: a message refused before its key is checked must never be parsed.
vi.mock('../../src/server/modules/result-intake/hl7-oru.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/modules/result-intake/hl7-oru.ts')>();
  return { ...original, parseOruR01: vi.fn(original.parseOruR01) };
});

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

/** An ORU^R01 of about `bytes` bytes: one order and as many OBX segments as fill it. */
function largeOru(bytes: number, controlId: string) {
  const header = `MSH|^~\\&|LABSYS|ALBORG|TAHALEEL|TAHALEEL|20261127091502+0300||ORU^R01^ORU_R01|${controlId}|P|2.5.1\rPID|1||MRN1\rOBR|1|TH-7K3M9QX2||24326-1^Electrolytes^LN|||20261127071500+0300||||||||||||||||||F\r`;
  const obx = 'OBX|1|NM|2951-2^Sodium^LN||139|mmol/L|136-145|N|||F\r';
  return header + obx.repeat(Math.floor((bytes - header.length) / obx.length));
}

describe("a lab system's message without a valid key (#74)", () => {
  it('is refused from its first line alone: the message is never parsed, and the ACK still answers its MSH-10', async () => {
    const message = largeOru(MAX_BODY_BYTES - 1024, 'CTRL-74-NOKEY');
    const sent = [{}, { authorization: 'Bearer not-a-key' }, { authorization: `Bearer thk_${'A'.repeat(43)}` }] as Record<string, string>[];
    for (const headers of sent) {
      const response = await app().request('/hl7/v2', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/hl7-v2' },
        body: message,
      });
      expect(response.status).toBe(401);
      const ack = (await response.text()).split('\r');
      expect(ack.find((segment) => segment.startsWith('MSA|'))).toMatch(/^MSA\|AR\|CTRL-74-NOKEY(\||$)/);
    }
    expect(parseOruR01).not.toHaveBeenCalled();
  });

  it('is slowed as other refusals are, the HL7 and the FHIR door alike', async () => {
    const maxDelay = 2000;
    const server = createApp({ db: database.db, env: { ...testEnv, SLOW_REFUSALS_MAX_MS: maxDelay }, clientIp: () => '192.0.2.74' });
    const timed = async (path: string, contentType: string, body: string) => {
      const started = performance.now();
      const response = await server.request(path, { method: 'POST', headers: { 'content-type': contentType }, body });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    };
    const hl7 = await timed('/hl7/v2', 'application/hl7-v2', largeOru(4096, 'CTRL-74-SLOW'));
    expect(hl7.status).toBe(401);
    expect(hl7.ms).toBeGreaterThanOrEqual(maxDelay / 4 - 5);
    const fhir = await timed('/fhir/r4', 'application/fhir+json', '{"resourceType":"Bundle"}');
    expect(fhir.status).toBe(401);
    expect(fhir.ms).toBeGreaterThanOrEqual((2 * maxDelay) / 4 - 5);
  });
});

describe('every route that takes a body (#74)', () => {
  let blobRoot: string;
  beforeAll(async () => {
    blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-body-limits-'));
  });
  afterAll(() => rm(blobRoot, { recursive: true, force: true }));

  /** The app with every route it can have: webhooks of SMS, WhatsApp and Moyasar, files, the dev mailbox. */
  function everyRoute() {
    const env = parseEnv({
      ...testEnvSource,
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_API_URL: 'http://127.0.0.1:9/v1',
      MOYASAR_SECRET_KEY: 'sk_test_tahaleel',
      MOYASAR_PUBLISHABLE_KEY: 'pk_test_tahaleel',
      MOYASAR_WEBHOOK_SECRET: 'moyasar-webhook-secret-74',
      SMS_WEBHOOK_SECRET: 'sms-webhook-secret-of-74',
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret-74',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-74',
    });
    const payments = moyasarPaymentProvider({
      apiUrl: env.MOYASAR_API_URL,
      secretKey: 'sk_test_tahaleel',
      publishableKey: 'pk_test_tahaleel',
      webhookSecret: 'moyasar-webhook-secret-74',
    });
    return createApp({
      db: database.db,
      env: { ...env, DEV_MAILBOX: true },
      payments,
      blobs: diskBlobStore(blobRoot),
      clientIp: () => address,
      socketAddress: () => '127.0.0.1',
    });
  }

  /** How much of a body a route may read: 1 MB, or under /files the largest upload (each bounds its own below it). */
  const limitOf = (path: string) =>
    path.startsWith('/files/') ? Math.max(RESULT_MAX_BYTES, STORE_IMAGE_MAX_BYTES) + MULTIPART_OVERHEAD_BYTES : MAX_BODY_BYTES;

  it('refuses a body past its limit with 413 while it streams, and one that says it is larger without reading it', async () => {
    const server = everyRoute();
    const posts = [...new Set(server.routes.filter((route) => route.method === 'POST').map((route) => route.path))];
    // Each webhook and upload is there, so a route added later is walked too.
    expect(posts).toEqual(
      expect.arrayContaining([
        '/hl7/v2',
        '/fhir/r4',
        '/sms/receipts/unifonic',
        '/whatsapp/webhook',
        '/payments/moyasar/webhook',
        '/files/results',
      ]),
    );
    const CHUNK = 64 * 1024;
    for (const route of [...posts, '/trpc/auth.signIn', '/no/such/route']) {
      const path = route.replaceAll(/:\w+/g, 'x');
      const limit = limitOf(path);
      let pulled = 0;
      const body = new ReadableStream({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(CHUNK));
          if (pulled * CHUNK > limit + 4 * CHUNK) controller.close();
        },
      });
      const streamed = await server.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect({ path, status: streamed.status }).toEqual({ path, status: 413 });
      expect(pulled * CHUNK, path).toBeLessThanOrEqual(limit + 2 * CHUNK);

      let announcedPulled = 0;
      const announced = await server.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(150 * 1024 * 1024) },
        body: new ReadableStream({
          pull(controller) {
            announcedPulled += 1;
            controller.enqueue(new Uint8Array(CHUNK));
            if (announcedPulled > 64) controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect({ path, status: announced.status }).toEqual({ path, status: 413 });
      expect(announcedPulled, path).toBeLessThanOrEqual(2);
    }
  });
});
