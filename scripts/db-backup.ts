// `npm run db:backup [-- <file>]`: write the embedded database under DATA_DIR to a .tar.gz
// (by default ./backups/tahaleel-<UTC time>.tar.gz). PGlite is one process's: stop the server first (ADR 0018).
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedDataDir } from '../src/server/db/connect.ts';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { openPGliteInstance } from '../src/server/db/pglite.ts';
import { parseEnv } from '../src/server/env.ts';

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals } = parseArgs({ allowPositionals: true });
const env = parseEnv(process.env);
if (env.DATABASE_URL) {
  refuse(
    'DATABASE_URL is set: db:backup is for the embedded database. Back a PostgreSQL server up with pg_dump -Fc ' +
      "(restore with pg_restore), or use your provider's point-in-time recovery.",
  );
}
if (positionals.length > 1) refuse('Usage: npm run db:backup [-- <file.tar.gz>]');

// ISO 8601 in its basic form: no colons, so the name is valid on every file system.
const stamp = new Date().toISOString().replace(/\.\d+/, '').replaceAll(/[-:]/g, '');
const file = resolve(positionals[0] ?? join('backups', `tahaleel-${stamp}.tar.gz`));
const dataDir = embeddedDataDir(env.DATA_DIR);
if (!existsSync(join(dataDir, 'PG_VERSION'))) refuse(`There is no embedded database in ${dataDir} to back up.`);
if (existsSync(file)) refuse(`${file} already exists: give another file name.`);

const lock = await lockDataDir(dataDir).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) refuse(error.message);
  throw error;
});
try {
  const pglite = await openPGliteInstance(dataDir);
  try {
    // Everything written reaches the data files, so the restored copy starts without replaying the WAL.
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('gzip');
    await mkdir(dirname(file), { recursive: true });
    // Written under another name first: a backup cut short never passes for a complete one.
    await writeFile(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    await rename(`${file}.partial`, file);
    console.log(`Backed up the embedded database in ${dataDir} to ${file} (${Math.ceil(dump.size / 1024)} KiB).`);
  } finally {
    await pglite.close();
  }
} finally {
  lock.release();
}
