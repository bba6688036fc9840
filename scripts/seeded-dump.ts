// The embedded database as `npm start` leaves it on a first start (migrated, the demo data seeded), at
// the test suite's password cost, dumped once and shared by every step of `npm test` that needs it
// (issue #75): `db:types:check` reads its schema, the integration tests copy it into each file's
// PGlite, the e2e global setup starts the servers' template from it.
//
// It is kept in .data/seeded-dump/ under a hash of what makes it (migrations/, seeds/, the server's and
// the shared sources, the lock file), the day in Riyadh (the demo's visits are placed around today) and
// the process's time zone, and made again once it is 30 minutes old: a run of the suite never starts
// from data another day made, and a run a while later makes its own, as each step did before.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Kysely, sql } from 'kysely';
import { seedDemoData } from '../seeds/seed.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openPGliteInstance } from '../src/server/db/pglite.ts';
import { PGliteDialect } from '../src/server/db/pglite-dialect.ts';
import type { Database } from '../src/server/db/schema.ts';
import { setPasswordCost } from '../src/server/platform/password.ts';

const DUMP_DIR = resolve('.data/seeded-dump');
const MADE_FROM = ['migrations', 'seeds', 'src/server', 'src/shared', 'package-lock.json'];
const MAX_AGE_MS = 30 * 60_000;

/** The path of the seeded database's dump (a tar of PGlite's data directory), made if this run has none. */
export async function seededDump(): Promise<string> {
  const path = join(DUMP_DIR, `${await madeFromHash()}.tar`);
  const made = await stat(path).catch(() => null);
  if (made && Date.now() - made.mtimeMs < MAX_AGE_MS) return path;

  setPasswordCost('test-only');
  const pglite = await openPGliteInstance('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
    await sql`checkpoint`.execute(db);
    const dump = await pglite.dumpDataDir('none');
    // Older dumps go; this one is written whole under a name of its own, then renamed, so a step
    // reading it at the same moment never reads half of it.
    await mkdir(DUMP_DIR, { recursive: true });
    for (const old of await readdir(DUMP_DIR)) if (old.endsWith('.tar')) await rm(join(DUMP_DIR, old), { force: true });
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return path;
  } finally {
    await db.destroy();
  }
}

async function madeFromHash(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' }));
  // The seed places some times by the process's clock zone: the integration tests run under TZ=UTC.
  hash.update(Intl.DateTimeFormat().resolvedOptions().timeZone);
  for (const entry of MADE_FROM) {
    const files = (await stat(entry)).isDirectory()
      ? (await readdir(entry, { recursive: true, withFileTypes: true }))
          .filter((file) => file.isFile())
          .map((file) => join(file.parentPath, file.name))
      : [entry];
    for (const file of files.sort()) hash.update(file).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}
