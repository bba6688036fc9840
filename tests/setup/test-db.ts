import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type Listen, pgliteListen, postgresListen } from '../../src/server/db/notifications.ts';
import { openPGliteInstance } from '../../src/server/db/pglite.ts';
import { PGliteDialect } from '../../src/server/db/pglite-dialect.ts';
import type { Database } from '../../src/server/db/schema.ts';

export type TestDatabaseTemplate = { engine: 'pglite'; dumpPath: string } | { engine: 'postgres'; adminUrl: string; templateName: string };

export interface TestDatabase {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** The copy's connection URL on a PostgreSQL server (none for PGlite). */
  url?: string;
  /** LISTEN on this database (as the server's DatabaseHandle offers). */
  listen: Listen;
  close(): Promise<void>;
}

/** A private copy of the migrated, seeded template: PGlite from its dump, PostgreSQL via CREATE DATABASE … TEMPLATE. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('dbTemplate');
  if (template.engine === 'pglite') {
    const dump = new Blob([await readFile(template.dumpPath)]);
    const pglite = await openPGliteInstance('memory://', { loadDataDir: dump });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, engine: 'pglite', listen: pgliteListen(pglite), close: () => db.destroy() };
  }

  const name = `tahaleel_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await createFromTemplate(admin, name, template.templateName);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  // Dropping the copy ends its idle connections on purpose (57P01); anything else is real.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    url: url.toString(),
    listen: postgresListen(url.toString()),
    close: async () => {
      await db.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Two files copying the template at once can collide ("being accessed by other users"): retry briefly. */
async function createFromTemplate(admin: pg.Client, name: string, templateName: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${templateName}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && error.message.includes('being accessed by other users');
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Drops a database once its last connection has gone (a closing pool may take a moment). */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && error.message.includes('being accessed by other users');
      if (!busy || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
