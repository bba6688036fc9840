import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnvironment } from '../../scripts/start-env.mjs';
import { premiumCustomer } from '../../seeds/data/demo-results.ts';
import { deterministicUuid } from '../../seeds/deterministic.ts';
import { createApp } from '../../src/server/app.ts';
import { prepareDatabase } from '../../src/server/bootstrap.ts';
import { parseEnv } from '../../src/server/env.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { reservedVisits } from '../../src/server/modules/booking/series-payments.service.ts';
import { testEnvSource } from '../setup/fixtures.ts';
import { apiClient, overHttp } from '../setup/http.ts';
import { freePorts, type ServerProcess, startServerProcess } from '../setup/server-process.ts';
import { dropDatabase, openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const serverUrl = process.env.DATABASE_URL;
const quiet = () => {};

describe('start-up', () => {
  it.skipIf(serverUrl)(
    'seeds an empty embedded database once and keeps its data across a restart',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-restart-'));
      try {
        const env = parseEnv({ DATA_DIR: dataDir });
        const first = await prepareDatabase(env, quiet);
        expect(first.seeded).toBe(true);
        // The Premium customer repeats her HbA1c every three months, paid each visit when due (ADR 0075):
        // the first visit booked, the two others reserved on her bookings.
        const premium = deterministicUuid(`user:${premiumCustomer.email}`);
        const series = (await booking.myBookings(first.db, premium)).flatMap((visit) => (visit.series ? [visit.series] : []));
        expect(series).toEqual([expect.objectContaining({ visit: 1, visits: 3, every_months: 3 })]);
        expect((await reservedVisits(first.db, premium)).map((visit) => visit.series.visit)).toEqual([2, 3]);
        await first.db.insertInto('newsletter_subscriptions').values({ email: 'kept@example.sa' }).execute();
        await first.db.destroy();

        const second = await prepareDatabase(env, quiet);
        expect(second.seeded).toBe(false);
        const categories = await second.db.selectFrom('categories').select('id').execute();
        expect(categories).toHaveLength(11);
        const kept = await second.db.selectFrom('newsletter_subscriptions').select('email').execute();
        expect(kept).toEqual([{ email: 'kept@example.sa' }]);
        await second.db.destroy();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.runIf(serverUrl)('migrates a server database but never seeds it on its own', async () => {
    const name = `tahaleel_startup_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const prepared = await prepareDatabase(parseEnv({ DATABASE_URL: url.toString() }), quiet);
      expect(prepared.seeded).toBe(false);
      expect(await prepared.db.selectFrom('categories').select('id').execute()).toEqual([]);
      await prepared.db.destroy();
    } finally {
      await dropDatabase(admin, name);
      await admin.end();
    }
  });
});

/** This machine's address on its network, where another machine would reach it (none on a machine without one). */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
const DEMO_CUSTOMER = 'customer@demo.tahaleel.sa';

/** The mailbox page's text at `url`, or why there was none. */
async function mailboxAt(url: string, headers: Record<string, string> = {}): Promise<{ status: number | string; text: string }> {
  try {
    const response = await fetch(url, { headers });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: `unreachable (${(error as { cause?: { code?: string } }).cause?.code})`, text: '' };
  }
}

/** The mailbox asked for by another name (a page whose own domain was pointed at 127.0.0.1): fetch cannot set Host. */
function mailboxByName(port: number, host: string): Promise<{ status: number | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path: '/dev/mailbox', headers: { host } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, text }));
    });
    sent.on('error', reject).end();
  });
}

// Issue #56, item 2: `npm start` once showed every mail, with its reset and verification links, to anyone
// who could reach the machine. It runs as scripts/start.mjs starts it: production, nothing else set.
describe.skipIf(serverUrl)('npm start on a fresh clone', () => {
  let server: ServerProcess;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-npm-start-'));
    [port] = (await freePorts(1, 3900, 3999)) as [number];
    server = await startServerProcess({ port, env: startEnvironment({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' }) });
    const reset = await apiClient(overHttp(server.base)).mutate('auth.requestPasswordReset', { email: DEMO_CUSTOMER });
    expect(reset.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows this machine the demo mails with their links at 127.0.0.1, and says at start-up that only this machine can', async () => {
    const mailbox = await mailboxAt(`${server.base}/dev/mailbox`);
    expect(mailbox.status).toBe(200);
    expect(mailbox.text).toContain(DEMO_CUSTOMER);
    const [textLink] = mailbox.text.match(/\/dev\/mailbox\/[0-9a-f-]{36}\/text/) ?? [];
    expect((await mailboxAt(`${server.base}${textLink}`)).text).toMatch(/\/reset-password\?token=/);
    expect(server.output()).toContain(`development mailbox at http://127.0.0.1:${port}/dev/mailbox, reachable from this machine only`);
  });

  it.runIf(networkAddress)("reads no mail to a request at this machine's network address, as another machine makes it", async () => {
    const fromElsewhere = await mailboxAt(`http://${networkAddress}:${port}/dev/mailbox`);
    expect(fromElsewhere.text).not.toContain(DEMO_CUSTOMER);
    // Nothing answers there at all: the server listens on loopback alone.
    expect(fromElsewhere.status).toMatch(/^unreachable/);
  });

  it('reads no mail to a request a proxy on this machine passed on, or one asked for by another name (DNS rebinding)', async () => {
    const proxied = await mailboxAt(`${server.base}/dev/mailbox`, { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(404);
    expect(proxied.text).not.toContain(DEMO_CUSTOMER);
    const rebound = await mailboxByName(port, `rebound.example:${port}`);
    expect(rebound.status).toBe(404);
    expect(rebound.text).not.toContain(DEMO_CUSTOMER);
  });
});

// The same decision where no network address can be tried: the connection's own address, never a header.
describe('the development mailbox, wherever it is on', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .insertInto('outbox')
      .values({ template: 'verify_email', recipient: DEMO_CUSTOMER, locale: 'ar', data: JSON.stringify({}) })
      .execute();
  });
  afterAll(() => database.close());
  const env = parseEnv({ ...testEnvSource, DEV_MAILBOX: 'true' });
  const mailboxFor = (socketAddress: string | undefined) =>
    createApp({ db: database.db, env, socketAddress: () => socketAddress }).request('http://127.0.0.1:3000/dev/mailbox');

  it('answers 404, with no mail, to a connection from another machine', async () => {
    for (const remote of ['192.0.2.7', '::ffff:192.0.2.7', 'fd00::7', undefined]) {
      const response = await mailboxFor(remote);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(DEMO_CUSTOMER);
    }
    for (const local of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
      expect(await (await mailboxFor(local)).text()).toContain(DEMO_CUSTOMER);
    }
  });

  it('is never there where the connection cannot be told (the Worker)', async () => {
    const response = await createApp({ db: database.db, env }).request('http://127.0.0.1:3000/dev/mailbox');
    expect(response.status).toBe(404);
  });
});
