// `npm run db:seed`: load the demo data; idempotent, so a second run inserts nothing.
import { demoAccountsTable } from '../seeds/demo-accounts.ts';
import { seedDemoResults } from '../seeds/demo-results.ts';
import { seedDemoNphiesSettings } from '../seeds/lab-insurance.ts';
import { seedDemoData } from '../seeds/seed.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { parseEnv } from '../src/server/env.ts';
import { sharedKeyring } from '../src/server/platform/result-sealing.ts';

const env = parseEnv(process.env);
const { db, engine, location } = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(db);
  const { inserted } = await seedDemoData(db);
  const total = Object.values(inserted).reduce((sum, rows) => sum + rows, 0);
  if (total === 0) {
    console.log(`${engine} at ${location} already holds the demo data: nothing inserted.`);
  } else {
    for (const [table, rows] of Object.entries(inserted)) if (rows > 0) console.log(`${String(rows).padStart(5)} ${table}`);
    console.log(`Seeded ${engine} at ${location}.`);
  }
  const keyring = await sharedKeyring(env);
  if (keyring) {
    const reports = await seedDemoResults(db, { keyring });
    if (reports > 0) console.log(`${String(reports).padStart(5)} result reports for the Premium customer, sealed under the results key`);
    if (await seedDemoNphiesSettings(db, { keyring })) console.log('    1 NPHIES settings for the demo lab, sealed under the results key');
  } else {
    console.log(
      'No RESULTS_ENCRYPTION_KEY: the Premium customer has no results and the demo lab no NPHIES settings (they are sealed under that key).',
    );
  }
  console.log(demoAccountsTable());
} finally {
  await db.destroy();
}
