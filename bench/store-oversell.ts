// 100 shoppers check out and pay for one variant with stock 10, all at once, over the real tRPC
// HTTP path (in-process Hono app): exactly 10 must be paid, stock must end at 0 and never go below.
// Baseline in the same run: the same 100 checkouts one after another.
//
// Usage:  node --import tsx bench/store-oversell.ts [rounds=3] [buyers=100] [stock=10]
//         DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node --import tsx bench/store-oversell.ts
// With DATABASE_URL it works in a scratch database next to that one and drops it afterwards;
// without, in an in-memory PGlite (one connection: the concurrency is then PGlite's queue).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { seedDemoData } from '../seeds/seed.ts';
import { createApp } from '../src/server/app.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { parseEnv } from '../src/server/env.ts';
import { createTestVariant, stockOf } from '../tests/setup/store.ts';
import { type OversellRun, runCheckouts } from '../tests/setup/store-oversell.ts';

const rounds = Number(process.argv[2] ?? 3);
const buyers = Number(process.argv[3] ?? 100);
const stock = Number(process.argv[4] ?? 10);

async function openBenchDatabase(): Promise<{ db: Kysely<Database>; engine: string; close(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await connectDatabase({ dataDir: 'memory://' });
    return { db: handle.db, engine: 'PGlite (in memory)', close: () => handle.db.destroy() };
  }
  const name = `tahaleel_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The app's own pool size (src/server/db/connect.ts).
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // Dropping the scratch database ends its idle connections on purpose (57P01).
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: `PostgreSQL (${(await admin.query('show server_version')).rows[0].server_version}, pool of 10)`,
    close: async () => {
      await db.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function line(label: string, run: OversellRun, finalStock: number, baselineMs?: number) {
  const ratio = baselineMs ? `  ${(run.milliseconds / baselineMs).toFixed(2)}× baseline time` : '';
  return (
    `${label.padEnd(22)} reserved ${String(run.reserved).padStart(3)}  paid ${String(run.paid).padStart(3)}  refused at checkout ${String(run.outOfStock).padStart(3)}` +
    `  at payment ${run.refusedAtPayment}  other ${run.failures.length}` +
    `  stock ${stock}→${finalStock}  lowest seen ${run.lowestStockSeen}  ${run.milliseconds.toFixed(0).padStart(5)} ms` +
    `  (${((buyers / run.milliseconds) * 1000).toFixed(0)} buyers/s)${ratio}`
  );
}

const database = await openBenchDatabase();
try {
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  const env = parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' });
  const app = createApp({ db: database.db, env });
  console.log(`store oversell bench: ${buyers} buyers × 1 unit, stock ${stock}, on ${database.engine}`);

  const warmup = await createTestVariant(database.db, { stock: 5 });
  await runCheckouts(app, database.db, warmup.variantId, 5, 'sequential');

  const sequentialVariant = await createTestVariant(database.db, { stock });
  const sequential = await runCheckouts(app, database.db, sequentialVariant.variantId, buyers, 'sequential');
  console.log(line('baseline (sequential)', sequential, await stockOf(database.db, sequentialVariant.variantId)));

  let correct = sequential.paid === stock && sequential.reserved === stock && sequential.failures.length === 0;
  for (let round = 1; round <= rounds; round++) {
    const { variantId } = await createTestVariant(database.db, { stock });
    const run = await runCheckouts(app, database.db, variantId, buyers, 'concurrent');
    const finalStock = await stockOf(database.db, variantId);
    console.log(line(`concurrent, round ${round}`, run, finalStock, sequential.milliseconds));
    correct &&= run.paid === stock && run.reserved === stock && finalStock === 0 && run.lowestStockSeen >= 0 && run.failures.length === 0;
  }
  console.log(
    correct
      ? `result: never oversold — exactly ${stock} reserved and paid in every round, stock ended at 0, never below`
      : 'result: FAILED — more reserved than stock, oversold, or errors (see above)',
  );
  process.exitCode = correct ? 0 : 1;
} finally {
  await database.close();
}
