import type { Kysely } from 'kysely';
import { demoAccountsTable } from '../../seeds/demo-accounts.ts';
import { seedDemoResults } from '../../seeds/demo-results.ts';
import { seedDemoSeries } from '../../seeds/demo-series.ts';
import { seedDemoNphiesSettings } from '../../seeds/lab-insurance.ts';
import { seedDemoData } from '../../seeds/seed.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import type { Env } from './env.ts';
import { sharedKeyring } from './platform/result-sealing.ts';

export interface PreparedDatabase extends DatabaseHandle {
  seeded: boolean;
}

/**
 * Opens the database and migrates it. The embedded database is a demo database: on its first
 * start it is seeded. A server database (DATABASE_URL) is seeded only by `npm run db:seed`.
 */
export async function prepareDatabase(env: Env, log = console.log): Promise<PreparedDatabase> {
  const handle = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrateToLatest(handle.db);
  let seeded = false;
  if (handle.engine === 'pglite' && (await isEmpty(handle.db))) {
    log('First start of an empty embedded database: seeding demo data…');
    await seedDemoData(handle.db);
    seeded = true;
  }
  // The Premium customer's results are sealed, so they are written once the results key is known.
  if (handle.engine === 'pglite') {
    const keyring = await sharedKeyring(env);
    if (keyring) await seedDemoResults(handle.db, { keyring });
    // The demo lab's NPHIES credentials are sealed under the same key (ADR 0094).
    if (keyring) await seedDemoNphiesSettings(handle.db, { keyring });
    // Her HbA1c repeats every three months: a series paid each visit when due (ADR 0075).
    await seedDemoSeries(handle.db);
  }
  return { ...handle, seeded };
}

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export function describeDemoAccounts(handle: PreparedDatabase): string | null {
  return handle.engine === 'pglite' ? demoAccountsTable() : null;
}
