// Two real server processes (node src/server/node.ts) that share nothing but one PostgreSQL database
// and one object store, as instances behind a load balancer do. Needs a PostgreSQL server: DATABASE_URL,
// else the local one.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../bench/support.ts';
import { DEMO_PASSWORD } from '../../seeds/demo-accounts.ts';
import { listenerName } from '../../src/server/db/notifications.ts';
import { CATALOG_CHANNEL } from '../../src/server/platform/catalog-version.ts';
import { todayIn } from '../../src/shared/time.ts';
import { createTestUser } from '../setup/fixtures.ts';
import { type ApiResponse, apiClient, cookiePair, overHttp } from '../setup/http.ts';
import { type PostgresProxy, startPostgresProxy } from '../setup/pg-proxy.ts';
import { startS3Server, type TestS3Server } from '../setup/s3.ts';
import { freePorts, type ServerProcess, startServerProcess } from '../setup/server-process.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const unreachable = await whyUnreachable(adminUrl);

async function whyUnreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

interface Instance {
  server: ServerProcess;
  api: ReturnType<typeof apiClient>;
  request(path: string, init?: RequestInit): Promise<Response>;
}

const CUSTOMER = 'customer@demo.tahaleel.sa';
const LAB = 'lab@demo.tahaleel.sa';
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const withInput = (path: string, input: unknown) => `${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

let scratch: ScratchDatabase;
let s3: TestS3Server;
let proxy: PostgresProxy;
let dataDir: string;
let origin: string;
/** A reaches PostgreSQL directly, B through a proxy that can make its LISTEN connection go silent. */
let a: Instance;
let b: Instance;
/** The demo lab (one seat per slot here) and one test it offers. */
let demo: { labId: string; labTestId: number; testId: number; testName: string };
/** Free slots of the demo lab, on the first coming day with enough of them. */
let slots: string[];
/** The instances' settings, for a third one started in a test. */
let env: Record<string, string>;

describe.skipIf(unreachable)('two server processes on one PostgreSQL database and one object store', () => {
  beforeAll(async () => {
    [scratch, s3, dataDir] = await Promise.all([
      createScratchDatabase(adminUrl, `tahaleel_instances_${randomUUID().replaceAll('-', '').slice(0, 10)}`),
      startS3Server(),
      mkdtemp(join(tmpdir(), 'tahaleel-instances-')),
    ]);
    proxy = await startPostgresProxy(scratch.url);
    demo = await demoOffering();
    await scratch.db.updateTable('labs').set({ slot_capacity: 1 }).where('id', '=', demo.labId).execute();

    const ports = await freePorts(2, 3700, 3799);
    origin = `http://localhost:${ports[0]}`;
    env = {
      NODE_ENV: 'test',
      PASSWORD_COST: 'test-only',
      PAYMENT_DELAY_MS: '0',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    };
    const [first, second] = await Promise.all([
      startServerProcess({ port: ports[0]!, env: { ...env, DATABASE_URL: scratch.url } }),
      startServerProcess({ port: ports[1]!, env: { ...env, DATABASE_URL: proxy.url } }),
    ]);
    a = instance(first!);
    b = instance(second!);
    slots = await freeSlotsAhead(6);
    // Two servers compiled by tsx at once: on a busy 2-core machine that can take most of a minute.
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.server.stop(), b?.server.stop()]);
    await proxy?.close();
    await Promise.all([scratch?.drop(), s3?.close(), dataDir && rm(dataDir, { recursive: true, force: true })]);
  });

  function instance(server: ServerProcess): Instance {
    const http = overHttp(server.base);
    return { server, api: apiClient(http, origin), request: http.request };
  }

  async function demoOffering() {
    const lab = await scratch.db.selectFrom('users').select('id').where('email', '=', LAB).executeTakeFirstOrThrow();
    const offering = await scratch.db
      .selectFrom('lab_tests')
      .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
      .select(['lab_tests.id', 'tests.id as test_id', 'tests.name_en'])
      .where('lab_tests.lab_id', '=', lab.id)
      .where('lab_tests.is_active', '=', true)
      .orderBy('lab_tests.id')
      .executeTakeFirstOrThrow();
    return { labId: lab.id, labTestId: offering.id, testId: offering.test_id, testName: offering.name_en };
  }

  async function freeSlotsAhead(count: number): Promise<string[]> {
    for (let day = 1; day <= 14; day++) {
      const date = todayIn('Asia/Riyadh', new Date(Date.now() + day * 86_400_000));
      const answer = await b.api.query<{ starts_at: string }[]>(withInput('booking.availableSlots', { labId: demo.labId, date }));
      if (answer.data.length >= count) return answer.data.slice(0, count).map((slot) => slot.starts_at);
    }
    throw new Error(`the demo lab has no day with ${count} free slots in the coming two weeks`);
  }

  const ok = <T>(answer: ApiResponse<T>) => {
    expect(answer.error).toBeUndefined();
    return answer.data;
  };

  async function signIn(on: Instance, email: string) {
    const answer = await on.api.mutate('auth.signIn', { email, password: DEMO_PASSWORD });
    ok(answer);
    return cookiePair(answer.cookies[0]);
  }

  it("keeps an idle connection open for the next request longer than Node's 5 s, so a proxy reusing it gets no reset", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = httpGet(`${a.server.base}/healthz`, { agent }, (response) => {
          response.resume().on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
        });
        request.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await sleep(6000);
      expect(await get(), "the second request goes over the first one's connection").toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('a session started on one instance is valid on the other, and signing out on one ends it on both', async () => {
    const cookie = await signIn(a, CUSTOMER);
    expect(ok(await b.api.query<{ email: string } | null>('auth.me', cookie))).toMatchObject({ email: CUSTOMER });
    ok(await b.api.mutate('auth.signOut', {}, cookie));
    expect(ok(await a.api.query('auth.me', cookie))).toBeNull();
  });

  it('counts failed sign-ins on one instance towards the limit on the other', async () => {
    const email = `nobody-${randomUUID()}@test.tahaleel.sa`;
    const attempt = (on: Instance) => on.api.mutate('auth.signIn', { email, password: 'not-the-password' });
    for (let i = 0; i < 5; i++) expect((await attempt(a)).error?.data.appCode).toBe('INVALID_CREDENTIALS');
    const sixth = await attempt(b);
    expect([sixth.status, sixth.error?.data.appCode]).toEqual([429, 'RATE_LIMITED']);
  });

  it('a seat held on one instance is taken for the other until it is released', async () => {
    const holder = await createTestUser(scratch.db, 'customer');
    const other = await signIn(b, CUSTOMER);
    const seat = { labTestId: demo.labTestId, bookingTime: slots[0]! };
    const date = todayIn('Asia/Riyadh', new Date(seat.bookingTime));
    const freeOnB = async () =>
      ok(await b.api.query<{ starts_at: string }[]>(withInput('booking.availableSlots', { labId: demo.labId, date }), other)).map(
        (slot) => slot.starts_at,
      );

    ok(await a.api.mutate('booking.holdSlot', seat, holder.cookie));
    expect(await freeOnB()).not.toContain(seat.bookingTime);
    expect((await b.api.mutate('booking.holdSlot', seat, other)).error?.data.appCode).toBe('SLOT_UNAVAILABLE');

    ok(await b.api.mutate('booking.releaseHold', seat, holder.cookie));
    expect(await freeOnB()).toContain(seat.bookingTime);
    ok(await a.api.mutate('booking.holdSlot', seat, other));
  });

  it('signs in on one instance, books on the other; the lab uploads the result on one and the customer downloads it on the other', async () => {
    const customer = await signIn(a, CUSTOMER);
    const item = { labTestId: demo.labTestId, bookingTime: slots[1]! };
    const booked = ok(
      await b.api.mutate<{ bookings: { id: string }[] }>(
        'booking.create',
        { items: [item], idempotencyKey: `journey-${randomUUID()}` },
        customer,
      ),
    );
    const bookingId = booked.bookings[0]!.id;
    expect(ok(await a.api.query<{ id: string }[]>('booking.mine', customer)).map((row) => row.id)).toContain(bookingId);

    const lab = await signIn(b, LAB);
    expect(
      ok(await a.api.query<{ items: { id: string }[] }>(withInput('lab.bookings', { q: bookingId }), lab)).items.map((row) => row.id),
    ).toContain(bookingId);
    const form = new FormData();
    form.set('bookingId', bookingId);
    form.set('file', new File([pdf], 'result.pdf', { type: 'application/pdf' }));
    const upload = await a.request('/files/results', { method: 'POST', headers: { origin, cookie: lab }, body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { id } = ((await upload.json()) as { result: { id: string } }).result;

    const download = await b.request(`/files/results/${id}`, { headers: { cookie: customer } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    const stranger = await createTestUser(scratch.db, 'customer');
    expect((await b.request(`/files/results/${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
  });

  /** The price of the demo offering in B's search answer (cached per catalog version), or undefined if it is not there. */
  const searchedPriceOnB = async () => {
    const answer = await b.api.query<{ lab_test_id: number; price: number }[]>(
      withInput('search.labTests', { query: demo.testName, sort: 'priceLowHigh' }),
    );
    return ok(answer).find((row) => row.lab_test_id === demo.labTestId)?.price;
  };

  /**
   * Changes the price through A, then reads it through B without a pause for 1 s, then 10 more times.
   * A change reaches B a moment after it commits, so the first reads may still answer the old price,
   * but once B has answered the new one it never goes back, and from 1 s on every read answers it.
   */
  async function changePriceOnAReadOnB(lab: string, price: number) {
    ok(await a.api.mutate('lab.updateOffering', { labTestId: demo.labTestId, price }, lab));
    const changedAt = performance.now();
    const early: (number | undefined)[] = [];
    while (performance.now() - changedAt < 1000) early.push(await searchedPriceOnB());
    const firstFresh = early.indexOf(price);
    expect(firstFresh).toBeGreaterThanOrEqual(0);
    expect(early.slice(firstFresh).every((read) => read === price)).toBe(true);
    const late = await Promise.all(Array.from({ length: 10 }, searchedPriceOnB));
    expect(late).toEqual(late.map(() => price));
  }

  it('an instance killed while a customer pays ends that checkout when it starts again: the customer is mailed, and sending it again books at once', async () => {
    const [port] = await freePorts(1, 3800, 3899);
    const customer = await createTestUser(scratch.db, 'customer');
    const checkout = { items: [{ labTestId: demo.labTestId, bookingTime: slots[3]! }], idempotencyKey: `killed-${randomUUID()}` };
    // A third instance whose payments take 20 s: it is killed (SIGKILL, no goodbye) in the middle of one.
    const slow = instance(await startServerProcess({ port: port!, env: { ...env, DATABASE_URL: scratch.url, PAYMENT_DELAY_MS: '20000' } }));
    void slow.api.mutate('booking.create', checkout, customer.cookie).catch(() => {});
    await waitForRow(() =>
      scratch.db
        .selectFrom('checkouts')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    );
    slow.server.child.kill('SIGKILL');
    await slow.server.stop();

    // Meanwhile the other instances tell the customer to wait…
    expect((await b.api.mutate('booking.create', checkout, customer.cookie)).error?.data.appCode).toBe('CHECKOUT_IN_PROGRESS');
    // …until the killed one starts again (same host and port, so the same instance name).
    const restarted = instance(await startServerProcess({ port: port!, env: { ...env, DATABASE_URL: scratch.url } }));
    try {
      const mail = await scratch.db
        .selectFrom('outbox')
        .select(['template', 'recipient'])
        .where('recipient', '=', customer.email)
        .where('template', '=', 'checkout-interrupted')
        .execute();
      expect(mail).toHaveLength(1);
      const booked = ok(await b.api.mutate<{ bookings: { booking_time: string }[] }>('booking.create', checkout, customer.cookie));
      expect(booked.bookings.map((row) => row.booking_time)).toEqual([slots[3]]);
    } finally {
      await restarted.server.stop();
    }
  }, 240_000);

  it('answers a price changed through one instance from the other within 1 s: search, the catalog and bookings', async () => {
    const lab = await signIn(a, LAB);
    const customer = await signIn(b, CUSTOMER);
    // B has remembered the search page and the offering (a hold reads it) at the old price.
    expect(await searchedPriceOnB()).toBeDefined();
    ok(await b.api.mutate('booking.holdSlot', { labTestId: demo.labTestId, bookingTime: slots[2]! }, customer));

    for (const price of [1, 1.5, 1, 1.5]) await changePriceOnAReadOnB(lab, price);

    const labsForTest = ok(
      await b.api.query<{ lab_test_id: number; price: number }[]>(withInput('catalog.labsForTest', { testId: demo.testId })),
    );
    expect(labsForTest.find((row) => row.lab_test_id === demo.labTestId)?.price).toBe(1.5);
    const booked = ok(
      await b.api.mutate<{ subtotal: number }>(
        'booking.create',
        { items: [{ labTestId: demo.labTestId, bookingTime: slots[2]! }], idempotencyKey: `price-${randomUUID()}` },
        customer,
      ),
    );
    expect(booked.subtotal).toBe(1.5);
  });

  it('keeps answering fresh prices while the LISTEN connection of an instance is silent or cut, logs it and listens again', async () => {
    const lab = await signIn(a, LAB);
    // B's LISTEN connection goes silent (no message, no answer, no close): B stops trusting it within 1 s.
    expect(proxy.silenceListeners()).toBe(1);
    await changePriceOnAReadOnB(lab, 2);

    // Both LISTEN connections are cut: both instances say so, read the version from the table, and listen again.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = ${listenerName(CATALOG_CHANNEL)}`.execute(scratch.db);
    const lost = /Catalog version: the LISTEN connection was lost; the version is read from the table until it listens again\./;
    const again = /Catalog version: listening for catalog changes again\./;
    for (const on of [a, b]) await waitFor(() => lost.test(on.server.output()));
    ok(await a.api.mutate('lab.updateOffering', { labTestId: demo.labTestId, price: 2.5 }, lab));
    expect(await searchedPriceOnB()).toBe(2.5);
    expect(b.server.output()).not.toMatch(again);
    for (const on of [a, b]) await waitFor(() => again.test(on.server.output()));
    await changePriceOnAReadOnB(lab, 3);
  });
});

/** Polls `find` every 50 ms until it answers a row, for at most 10 s. */
async function waitForRow(find: () => Promise<unknown>) {
  const deadline = Date.now() + 10_000;
  while (!(await find())) {
    if (Date.now() > deadline) throw new Error('no such row after 10 s');
    await sleep(50);
  }
}

/** Polls `condition` every 50 ms, for at most 10 s. */
async function waitFor(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not so after 10 s: ${condition}`);
    await sleep(50);
  }
}

if (unreachable) {
  describe('two server processes on one PostgreSQL database and one object store', () => {
    it.skip(`needs a PostgreSQL server at ${adminUrl} (${unreachable})`, () => {});
  });
}
