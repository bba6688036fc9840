import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemoData } from '../../seeds/seed.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { openPGliteInstance } from '../../src/server/db/pglite.ts';
import { PGliteDialect } from '../../src/server/db/pglite-dialect.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { setPasswordCost } from '../../src/server/platform/password.ts';
import type { TestDatabaseTemplate } from './test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TestDatabaseTemplate;
  }
}

/** Migrates and seeds one template database; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  setPasswordCost('test-only');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = `tahaleel_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${templateName}`;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }) });
    await migrateToLatest(db);
    await seedDemoData(db);
    await db.destroy();
    project.provide('dbTemplate', { engine: 'postgres', adminUrl: databaseUrl, templateName });
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }

  const pglite = await openPGliteInstance('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  await seedDemoData(db);
  await sql`checkpoint`.execute(db);
  const dump = await pglite.dumpDataDir('none');
  const dir = await mkdtemp(join(tmpdir(), 'tahaleel-test-'));
  const dumpPath = join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('dbTemplate', { engine: 'pglite', dumpPath });
  return () => rm(dir, { recursive: true, force: true });
}
