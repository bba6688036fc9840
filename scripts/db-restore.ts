// `npm run db:restore -- <file> [--force]`: replace the embedded database under DATA_DIR with a
// `db:backup` file. Refused while a process has the database open (ADR 0018); a database already
// there is replaced only with --force, and kept aside rather than deleted.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely } from 'kysely';
import { embeddedDataDir } from '../src/server/db/connect.ts';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openPGliteInstance } from '../src/server/db/pglite.ts';
import { PGliteDialect } from '../src/server/db/pglite-dialect.ts';
import type { Database } from '../src/server/db/schema.ts';
import { parseEnv } from '../src/server/env.ts';

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const env = parseEnv(process.env);
if (env.DATABASE_URL) {
  refuse(
    'DATABASE_URL is set: db:restore is for the embedded database. Restore a PostgreSQL server with pg_restore ' +
      "(from a pg_dump -Fc file), or use your provider's point-in-time recovery.",
  );
}
if (positionals.length !== 1) refuse('Usage: npm run db:restore -- <file.tar.gz> [--force]');

const file = resolve(positionals[0]!);
if (!existsSync(file)) refuse(`There is no backup at ${file}.`);
const dataDir = embeddedDataDir(env.DATA_DIR);
await mkdir(dirname(dataDir), { recursive: true });

const lock = await lockDataDir(dataDir).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) refuse(error.message);
  throw error;
});
try {
  const hasDatabase = existsSync(dataDir) && (await readdir(dataDir)).length > 0;
  if (hasDatabase && !values.force) {
    refuse(`${dataDir} already holds a database: add --force to replace it (it is kept aside, not deleted).`);
  }

  // Loaded and migrated beside the current database, which is left alone unless this succeeds.
  const restoring = `${dataDir}.restoring`;
  await rm(restoring, { recursive: true, force: true });
  await mkdir(restoring);
  const applied = await loadAndMigrate(restoring, new Blob([await readFile(file)])).catch(async (error: unknown) => {
    await rm(restoring, { recursive: true, force: true });
    refuse(`${file} could not be restored as the embedded database: ${error instanceof Error ? error.message : String(error)}`);
  });

  if (hasDatabase) {
    const stamp = new Date().toISOString().replace(/\.\d+/, '').replaceAll(/[-:]/g, '');
    const replaced = `${dataDir}.replaced-${stamp}`;
    await rename(dataDir, replaced);
    console.log(`The database it replaces is kept in ${replaced}: delete it once you no longer need it.`);
  } else {
    await rm(dataDir, { recursive: true, force: true });
  }
  await rename(restoring, dataDir);
  for (const name of applied) console.log(`Success  ${name}`);
  console.log(`Restored ${file} into ${dataDir}${applied.length ? ', migrated to the newest schema' : ''}.`);
} finally {
  lock.release();
}

/** Opens the backup in `dir` and brings it to the newest schema: a backup that does not open is refused here. */
async function loadAndMigrate(dir: string, backup: Blob): Promise<string[]> {
  const pglite = await openPGliteInstance(dir, { loadDataDir: backup });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    const { results = [] } = await migrateToLatest(db);
    return results.map((result) => result.migrationName);
  } finally {
    await db.destroy();
  }
}
