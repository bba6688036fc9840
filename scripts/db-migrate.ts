// `npm run db:migrate`: bring the database (DATABASE_URL, or the embedded one under DATA_DIR) to the newest schema.
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { parseEnv } from '../src/server/env.ts';

const env = parseEnv(process.env);
const { db, engine, location } = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const { results = [] } = await migrateToLatest(db);
  for (const result of results) console.log(`${result.status.padEnd(8)} ${result.migrationName}`);
  console.log(results.length ? `Migrated ${engine} at ${location}.` : `${engine} at ${location} is up to date.`);
} finally {
  await db.destroy();
}
