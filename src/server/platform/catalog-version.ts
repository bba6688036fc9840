import { type Kysely, sql } from 'kysely';
import type { Listen, Unlisten } from '../db/notifications.ts';
import { PREPARE } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';

export const CATALOG_CHANNEL = 'catalog_changed';
/** Waits before listening again after a lost connection (the spec's realtime reconnect delays). */
const RELISTEN_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** The version announced for each followed database; absent while nobody is listening. */
const followed = new WeakMap<Kysely<Database>, bigint>();

/**
 * The catalog version, bumped by triggers on every change to tests, labs, offerings, their labs' hours
 * or approvals.
 * Read from memory while the database is followed, otherwise from the table.
 */
export async function catalogVersion(db: Kysely<Database>): Promise<string> {
  const known = followed.get(db);
  return known === undefined ? readCatalogVersion(db) : known.toString();
}

/** The version while the database is followed (no query needed), otherwise undefined. */
export function followedCatalogVersion(db: Kysely<Database>): string | undefined {
  return followed.get(db)?.toString();
}

/**
 * Answers remembered per database, keyed with the catalog version (bumped by triggers on every change
 * to tests, labs, offerings, their labs' hours or approvals), so a remembered answer is never stale.
 * The oldest entry goes first once the cache is full; nothing (undefined) is not remembered.
 */
export class VersionedCache<T> {
  private readonly maps = new WeakMap<Kysely<Database>, Map<string, T>>();
  constructor(private readonly size: number) {}

  async remember<R extends T | undefined>(db: Kysely<Database>, key: string, compute: () => Promise<R>): Promise<R> {
    let map = this.maps.get(db);
    if (!map) {
      map = new Map();
      this.maps.set(db, map);
    }
    const hit = map.get(key);
    if (hit !== undefined) return hit as R;
    const value = await compute();
    if (value === undefined) return value;
    map.set(key, value as T);
    if (map.size > this.size) map.delete(map.keys().next().value!);
    return value;
  }
}

async function readCatalogVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: string }>`${sql.raw(PREPARE)} select version::text from catalog_version where id = 1`.execute(db);
  return rows[0]?.version ?? '0';
}

export interface CatalogFollower {
  /** True while the version is known from announcements. */
  isFollowing(): boolean;
  stop(): Promise<void>;
}

/**
 * Keeps the catalog version in memory from the triggers' NOTIFY messages, so a search need not read
 * it first. While the subscription is down, versions are read from the table again (never stale);
 * it is renewed after 1, 2, 5, 10 s.
 */
export function followCatalogVersion(db: Kysely<Database>, listen: Listen): CatalogFollower {
  let stopped = false;
  let unlisten: Unlisten | undefined;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;

  // Versions only grow; a late reply must not move the known version back.
  const learn = (version: bigint) => {
    const known = followed.get(db);
    if (known === undefined || version > known) followed.set(db, version);
  };
  const retry = () => {
    followed.delete(db);
    if (stopped) return;
    timer = setTimeout(start, RELISTEN_DELAYS_MS[Math.min(attempts++, RELISTEN_DELAYS_MS.length - 1)]);
    timer.unref();
  };
  async function start() {
    try {
      unlisten = await listen(CATALOG_CHANNEL, (payload) => learn(BigInt(payload)), retry);
      // Read after LISTEN, so no change can fall between the read and the first message.
      const current = BigInt(await readCatalogVersion(db));
      if (stopped) {
        await unlisten();
        return;
      }
      learn(current);
      attempts = 0;
    } catch {
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      retry();
    }
  }
  void start();

  return {
    isFollowing: () => followed.has(db),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      followed.delete(db);
      await unlisten?.();
    },
  };
}
