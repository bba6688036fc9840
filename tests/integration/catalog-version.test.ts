import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion, followCatalogVersion } from '../../src/server/platform/catalog-version.ts';
import { callerFor } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const tableVersion = async () =>
  (await sql<{ version: string }>`select version::text from catalog_version`.execute(database.db)).rows[0]!.version;

/** Follows the catalog version and waits until it is known from announcements. */
async function follow() {
  const follower = followCatalogVersion(database.db, database.listen);
  await eventually(async () => follower.isFollowing(), true);
  return follower;
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
    const follower = await follow();
    try {
      const start = await tableVersion();
      expect(await catalogVersion(database.db)).toBe(start);
      // A change of the row alone is not announced: the followed version does not read the table.
      await sql`update catalog_version set version = version + 100`.execute(database.db);
      expect(await catalogVersion(database.db)).toBe(start);
      // A catalog change announces the version the trigger wrote.
      await sql`update tests set description_en = description_en where id = (select min(id) from tests)`.execute(database.db);
      const announced = await tableVersion();
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

  it.runIf(process.env.DATABASE_URL)('falls back to the table when the listening connection dies, then listens again', async () => {
    const follower = await follow();
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and query ilike 'listen%'`.execute(database.db);
      await eventually(async () => follower.isFollowing(), false);
      // While the subscription is down, a silent change of the row is seen: the version is read again.
      await sql`update catalog_version set version = version + 1000`.execute(database.db);
      expect(await catalogVersion(database.db)).toBe(await tableVersion());
      // After 1 s it listens again and follows announcements.
      await eventually(async () => follower.isFollowing(), true);
      await sql`update tests set description_en = description_en where id = (select min(id) from tests)`.execute(database.db);
      await eventually(() => catalogVersion(database.db), await tableVersion());
      await sql`update catalog_version set version = version + 7`.execute(database.db);
      expect(BigInt(await catalogVersion(database.db))).toBeLessThan(BigInt(await tableVersion()));
    } finally {
      await follower.stop();
    }
  });
});
