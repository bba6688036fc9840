import { type Kysely, sql } from 'kysely';
import type { Listen, Subscription } from '../db/notifications.ts';
import { PREPARE } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';
import { consoleLogger, type Logger } from './logger.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

/** The version known from announcements, and until when (performance.now()) it may be answered from memory. */
interface Followed {
  version: bigint;
  trustedUntil: number;
}

/** The followed version of each database; absent while nobody is listening. */
const followed = new WeakMap<Kysely<Database>, Followed>();

/**
 * The catalog version, bumped by triggers on every change to tests, labs, offerings, their labs' hours
 * or approvals.
 * Read from memory while the database is followed, otherwise from the table.
 */
export async function catalogVersion(db: Kysely<Database>): Promise<string> {
  return followedCatalogVersion(db) ?? readCatalogVersion(db);
}

/** The version while the database is followed (no query needed), otherwise undefined. */
export function followedCatalogVersion(db: Kysely<Database>): string | undefined {
  const known = followed.get(db);
  return known && performance.now() < known.trustedUntil ? known.version.toString() : undefined;
}

/**
 * Answers remembered per database, keyed with the catalog version (bumped by triggers on every change
 * to tests, labs, offerings, their labs' hours or approvals): once a change's version is known, no
 * answer from before it is served. The oldest entry goes first once the cache is full; nothing
 * (undefined) is not remembered.
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
  /** True while the version is answered from memory. */
  isFollowing(): boolean;
  stop(): Promise<void>;
}

export interface FollowTiming {
  /** How often the listening connection is pinged. */
  pingEveryMs: number;
  /**
   * How long after a ping was sent its answer lets the version be answered from memory: a change
   * is seen by every instance at most this long after it committed, even over a connection that died
   * without a word.
   */
  trustedForMs: number;
  /** A ping unanswered this long means the connection is dead: it is dropped and opened again. */
  pingTimeoutMs: number;
  /** Waits before listening again after a lost connection (the spec's realtime reconnect delays). */
  relistenDelaysMs: number[];
}

const CONNECTION_LOST = 'Catalog version: the LISTEN connection was lost; the version is read from the table until it listens again.';
const CANNOT_LISTEN = 'Catalog version: could not LISTEN; the version is read from the table until it can.';
const LISTENING_AGAIN = 'Catalog version: listening for catalog changes again.';

const defaultTiming: FollowTiming = {
  pingEveryMs: 250,
  trustedForMs: 900,
  pingTimeoutMs: 5000,
  relistenDelaysMs: [1000, 2000, 5000, 10_000],
};

export interface FollowOptions {
  /** Where a lost and a renewed subscription are reported. */
  log?: Pick<Logger, 'info' | 'warn'>;
  timing?: Partial<FollowTiming>;
}

/**
 * Keeps the catalog version in memory from the triggers' NOTIFY messages, so a search need not read
 * it first. A message arrives a moment after its change commits, and a connection can die unnoticed,
 * so the version is answered from memory only while the listening connection has answered a ping
 * sent less than `trustedForMs` ago (the answer comes after every message announced before the ping);
 * otherwise it is read from the table (never stale). A lost subscription is renewed after 1, 2, 5, 10 s.
 */
export function followCatalogVersion(db: Kysely<Database>, listen: Listen, options: FollowOptions = {}): CatalogFollower {
  const timing = { ...defaultTiming, ...options.timing };
  const log = options.log ?? consoleLogger;
  let stopped = false;
  let subscription: Subscription | undefined;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;

  const later = (run: () => void, delayMs: number) => {
    timer = setTimeout(run, delayMs);
    timer.unref();
  };
  const relistenLater = (message: string, reason: string) => {
    followed.delete(db);
    if (stopped) return;
    const delay = timing.relistenDelaysMs[Math.min(attempts++, timing.relistenDelaysMs.length - 1)]!;
    log.warn({ reason, relisten_in_ms: delay }, message);
    later(subscribe, delay);
  };

  async function subscribe() {
    const known: Followed = { version: -1n, trustedUntil: Number.NEGATIVE_INFINITY };
    let lost = false;
    const lose = (message: string, reason: string) => {
      if (lost || stopped) return;
      lost = true;
      clearTimeout(timer);
      void subscription?.close().catch(() => {});
      subscription = undefined;
      relistenLater(message, reason);
    };
    const connectionLost = (reason: string) => lose(CONNECTION_LOST, reason);
    // Versions only grow; a late reply must not move the known version back.
    const learn = (version: bigint) => {
      if (version > known.version) known.version = version;
    };
    const ping = async (current: Subscription) => {
      const sentAt = performance.now();
      try {
        await current.ping(timing.pingTimeoutMs);
      } catch (error) {
        connectionLost((error as Error).message);
        return;
      }
      if (lost || stopped) return;
      known.trustedUntil = sentAt + timing.trustedForMs;
      later(() => ping(current), timing.pingEveryMs);
    };
    try {
      const current = await listen(CATALOG_CHANNEL, (payload) => learn(BigInt(payload)), connectionLost);
      // Stopped meanwhile: nobody else will close it.
      if (stopped) return await current.close();
      subscription = current;
      // Read after LISTEN, so no change can fall between the read and the first message.
      const readAt = performance.now();
      learn(BigInt(await readCatalogVersion(db)));
      if (lost || stopped) return;
      known.trustedUntil = readAt + timing.trustedForMs;
      followed.set(db, known);
      if (attempts > 0) log.info({}, LISTENING_AGAIN);
      attempts = 0;
      later(() => ping(current), timing.pingEveryMs);
    } catch (error) {
      lose(CANNOT_LISTEN, (error as Error).message);
    }
  }
  void subscribe();

  return {
    isFollowing: () => followedCatalogVersion(db) !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      followed.delete(db);
      await subscription?.close();
    },
  };
}
