import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Listen, listenerName, postgresListen } from '../../src/server/db/notifications.ts';
import { CATALOG_CHANNEL, catalogVersion, type FollowTiming, followCatalogVersion } from '../../src/server/platform/catalog-version.ts';
import { callerFor } from '../setup/fixtures.ts';
import { startPostgresProxy } from '../setup/pg-proxy.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const CONNECTION_LOST = 'Catalog version: the LISTEN connection was lost; the version is read from the table until it listens again.';
const LISTENING_AGAIN = 'Catalog version: listening for catalog changes again.';

const tableVersion = async () =>
  (await sql<{ version: string }>`select version::text from catalog_version`.execute(database.db)).rows[0]!.version;

/** What the follower logs, as `message (reason)`, kept for the test to read. */
function logLines() {
  const lines: string[] = [];
  const keep = (fields: Record<string, unknown>, message: string) =>
    void lines.push(fields.reason ? `${message} (${fields.reason})` : message);
  return { lines, log: { info: keep, warn: keep } };
}

/** A short ping timeout, so a silent connection is given up in half a second, and a quick renewal. */
const quickTiming: Partial<FollowTiming> = { pingTimeoutMs: 500, relistenDelaysMs: [200] };
/** For tests that tell memory from the table: trusted long enough that a slow machine does not fall back mid-test. */
const longTrust: Partial<FollowTiming> = { ...quickTiming, trustedForMs: 60_000 };

/** Follows the catalog version and waits until it is known from announcements. */
async function follow(listen: Listen = database.listen, log = logLines().log, timing = quickTiming) {
  const follower = followCatalogVersion(database.db, listen, { log, timing });
  await eventually(async () => follower.isFollowing(), true);
  return follower;
}

/** A catalog change (through a trigger), and the version it made. */
async function changeCatalog() {
  await sql`update tests set description_en = description_en where id = (select min(id) from tests)`.execute(database.db);
  return tableVersion();
}

/** Polls until `read` no longer returns `stale`: the milliseconds that took (at most 5 s are waited). */
async function msUntilNot<T>(read: () => Promise<T>, stale: T): Promise<number> {
  const start = performance.now();
  while ((await read()) === stale && performance.now() - start < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
  return performance.now() - start;
}

/** Polls until `read` returns `expected` (notifications arrive asynchronously), or fails after 3 s. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 3000;
  let last: T;
  do {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  } while (Date.now() < deadline);
  expect(last).toBe(expected);
}

describe('catalog version', () => {
  it('is read from the table while nobody follows it', async () => {
    await sql`update catalog_version set version = version + 5`.execute(database.db);
    expect(await catalogVersion(database.db)).toBe(await tableVersion());
  });

  it('comes from the announcements while followed, and from the table again once stopped', async () => {
    const follower = await follow(database.listen, logLines().log, longTrust);
    try {
      const start = await tableVersion();
      expect(await catalogVersion(database.db)).toBe(start);
      // A change of the row alone is not announced: the followed version does not read the table.
      await sql`update catalog_version set version = version + 100`.execute(database.db);
      expect(await catalogVersion(database.db)).toBe(start);
      // A catalog change announces the version the trigger wrote.
      const announced = await changeCatalog();
      expect(BigInt(announced)).toBe(BigInt(start) + 101n);
      await eventually(() => catalogVersion(database.db), announced);
    } finally {
      await follower.stop();
    }
    await sql`update catalog_version set version = version + 1`.execute(database.db);
    expect(await catalogVersion(database.db)).toBe(await tableVersion());
  });

  it('never serves a search answer from before a price change', async () => {
    const follower = await follow();
    try {
      const caller = await callerFor(database.db);
      const before = await caller.search.labTests({ query: 'CBC', sort: 'priceLowHigh' });
      const cheapest = before[0]!;
      await sql`update lab_tests set price_halalas = 100 where id = ${cheapest.lab_test_id}`.execute(database.db);
      await sql`update lab_tests set price_halalas = 99 where id = ${before[1]!.lab_test_id}`.execute(database.db);
      const changed = await tableVersion();
      await eventually(() => catalogVersion(database.db), changed);
      const after = await caller.search.labTests({ query: 'CBC', sort: 'priceLowHigh' });
      expect(after.slice(0, 2).map((row) => [row.lab_test_id, row.price])).toEqual([
        [before[1]!.lab_test_id, 0.99],
        [cheapest.lab_test_id, 1],
      ]);
    } finally {
      await follower.stop();
    }
  });

  it('answers from the table within 1 s once the listening connection goes silent, logs it and listens again', async () => {
    // Messages stop and pings go unanswered, as over a network path that died without a word.
    let silent = false;
    const listen: Listen = async (channel, onMessage, onLost) => {
      const subscription = await database.listen(channel, (payload) => silent || onMessage(payload), onLost);
      return {
        ping: (timeoutMs) =>
          silent
            ? new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer to a ping in ${timeoutMs} ms`)), timeoutMs))
            : subscription.ping(timeoutMs),
        close: subscription.close,
      };
    };
    const { lines, log } = logLines();
    // Given up on only after 2 s: until then, the unanswered pings alone send reads to the table.
    const follower = await follow(listen, log, { ...quickTiming, pingTimeoutMs: 2000 });
    try {
      silent = true;
      const before = await catalogVersion(database.db);
      const changed = await changeCatalog();
      expect(await msUntilNot(() => catalogVersion(database.db), before)).toBeLessThan(1000);
      expect(await catalogVersion(database.db)).toBe(changed);
      expect(lines).toEqual([]);
      await eventually(async () => lines.length, 1);
      expect(lines[0]).toBe(`${CONNECTION_LOST} (no answer to a ping in 2000 ms)`);
      silent = false;
      await eventually(async () => follower.isFollowing(), true);
      expect(lines.slice(1)).toEqual([LISTENING_AGAIN]);
      await eventually(() => catalogVersion(database.db), await changeCatalog());
    } finally {
      await follower.stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)('falls back to the table when the listening connection dies, then listens again', async () => {
    const { lines, log } = logLines();
    const follower = await follow(database.listen, log, longTrust);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and application_name = ${listenerName(CATALOG_CHANNEL)}`.execute(database.db);
      await eventually(async () => follower.isFollowing(), false);
      // While the subscription is down, a silent change of the row is seen: the version is read again.
      await sql`update catalog_version set version = version + 1000`.execute(database.db);
      expect(await catalogVersion(database.db)).toBe(await tableVersion());
      // It listens again and follows announcements.
      await eventually(async () => follower.isFollowing(), true);
      expect(lines).toEqual([
        expect.stringMatching(/^Catalog version: the LISTEN connection was lost; .* \(.*terminat.*\)$/),
        LISTENING_AGAIN,
      ]);
      await eventually(() => catalogVersion(database.db), await changeCatalog());
      await sql`update catalog_version set version = version + 7`.execute(database.db);
      expect(BigInt(await catalogVersion(database.db))).toBeLessThan(BigInt(await tableVersion()));
    } finally {
      await follower.stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)('drops a PostgreSQL connection that stops answering pings, and opens a new one', async () => {
    const template = inject('dbTemplate');
    if (template.engine !== 'postgres') throw new Error('expected a PostgreSQL template');
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
    const url = new URL(template.adminUrl);
    url.pathname = `/${rows[0]!.name}`;
    const proxy = await startPostgresProxy(url.toString());
    const { lines, log } = logLines();
    const follower = await follow(postgresListen(proxy.url), log);
    try {
      expect(proxy.silenceListeners()).toBe(1);
      const before = await catalogVersion(database.db);
      const changed = await changeCatalog();
      expect(await msUntilNot(() => catalogVersion(database.db), before)).toBeLessThan(1000);
      expect(await catalogVersion(database.db)).toBe(changed);
      // The ping times out (500 ms here), the connection is dropped and a new one listens.
      await eventually(async () => lines.length, 2);
      expect(lines).toEqual([`${CONNECTION_LOST} (no answer to a ping in 500 ms)`, LISTENING_AGAIN]);
      await eventually(() => catalogVersion(database.db), await changeCatalog());
    } finally {
      await follower.stop();
      await proxy.close();
    }
  });
});
