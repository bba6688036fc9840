import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seededDump } from '../../scripts/seeded-dump.ts';
import { seedDemoData } from '../../seeds/seed.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { setPasswordCost } from '../../src/server/platform/password.ts';
import type { TestDatabaseTemplate } from './test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TestDatabaseTemplate;
  }
}

/**
 * One template database, migrated and seeded, which every test file starts from a copy of: on PostgreSQL
 * (DATABASE_URL) a database made here; on PGlite the dump `npm test` makes once (scripts/seeded-dump.ts).
 */
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

  project.provide('dbTemplate', { engine: 'pglite', dumpPath: await seededDump() });
}
