import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Listen, pgliteListen, postgresListen } from './notifications.ts';
import { preparingPool } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type DatabaseEngine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Where the data lives: the server URL without its password, or the PGlite directory. */
  location: string;
  /** LISTEN for NOTIFY messages on this database. */
  listen: Listen;
}

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir: string;
}

/** `pg` when a server URL is given, otherwise embedded PGlite persisted under the data directory. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return { db, engine: 'postgres', location: redactPassword(options.databaseUrl), listen: postgresListen(options.databaseUrl) };
  }
  const { openPGliteInstance } = await import('./pglite.ts');
  const { PGliteDialect } = await import('./pglite-dialect.ts');
  if (options.dataDir === 'memory://') {
    const pglite = await openPGliteInstance('memory://');
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, engine: 'pglite', location: 'memory://', listen: pgliteListen(pglite) };
  }
  const dataDir = embeddedDataDir(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // PGlite has no lock of its own: a second process on the directory would corrupt it (ADR 0018).
  const { lockDataDir } = await import('./data-dir-lock.ts');
  const lock = await lockDataDir(dataDir);
  try {
    const pglite = await openPGliteInstance(dataDir);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, { afterClose: lock.release }) });
    // Kysely's destroy() closes only a driver it has started: start it, so that destroy() always closes
    // PGlite and releases the lock, even when no query ran.
    await db.connection().execute(async () => {});
    return { db, engine: 'pglite', location: dataDir, listen: pgliteListen(pglite) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Where the embedded database of a DATA_DIR lives. */
export function embeddedDataDir(dataDir: string): string {
  return resolve(dataDir, 'pglite');
}

/** The URL with `***` for its password; by text, since a socket URL (`postgresql://me@/db?host=/run/postgresql`) is no WHATWG URL. */
export function redactPassword(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}
