// What the benches that drive the real server share: a scratch PostgreSQL database, the server as a
// child process, signed-in customers and labs open around the clock.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { withServerNodeOptions } from '../scripts/server-node-options.mjs';
import { seedDemoData } from '../seeds/seed.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { createSession, generateSessionToken } from '../src/server/platform/session.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../src/shared/legal.ts';
import { todayIn } from '../src/shared/time.ts';

/** The PostgreSQL server the benches work on (a database on it that they may connect to). */
export const benchAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** How many times each value occurs, e.g. `{ ok: 98, error: 2 }`. */
export function countEach(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  db: Kysely<Database>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A new database next to the admin one, migrated and seeded with the demo data. */
export async function createScratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  // Dropping the database ends its idle connections on purpose (57P01).
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  await seedDemoData(db);
  return {
    name,
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves when the process has gone, with its signal or exit code. */
  exited: Promise<string>;
}

const root = new URL('..', import.meta.url).pathname;
/** Production refuses to start without a results key (docs/decisions/0021); one per bench run, shared by its servers. */
const RESULTS_KEY = randomBytes(32).toString('base64');

/** Starts `src/server/node.ts` (production mode) on the port and waits for /healthz. */
export async function startServer(options: { port: number; databaseUrl: string; env?: Record<string, string> }): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/node.ts'], {
    cwd: root,
    // With the Node options production runs with (npm run serve).
    env: withServerNodeOptions({
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      RESULTS_ENCRYPTION_KEY: RESULTS_KEY,
      ...options.env,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its errors come through; the note that no client is built does not matter to a bench.
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = chunk.split('\n').filter((line) => line !== '' && !line.startsWith('No built client at '));
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  });
  return { child, ...(await untilServing(child, options.port)) };
}

/**
 * Waits until a spawned server answers /healthz on the port, and says how it ends; one that stops or
 * never answers is killed, and the error names why (with `whatItWrote`, if the caller kept it).
 */
export async function untilServing(child: ChildProcess, port: number, whatItWrote?: () => string) {
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(base, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw whatItWrote ? new Error(`${(error as Error).message}; it wrote:\n${whatItWrote()}`) : error;
  }
  return { base, exited };
}

async function waitForServer(base: string, exited: Promise<string>) {
  let gone: string | undefined;
  void exited.then((how) => (gone = how));
  // Generous: a server started through tsx on a busy 2-core machine takes a while to compile and open.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server stopped before answering (${gone})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not answer /healthz within 90 s');
}

export interface BenchCustomer {
  id: string;
  cookie: string;
}

/** Customers with a session each, made in the database (sign-up is rate limited per IP). */
export async function signedInCustomers(db: Kysely<Database>, count: number): Promise<BenchCustomer[]> {
  const ids = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => ({ email: `bench-customer-${i}-${crypto.randomUUID()}@bench.tahaleel.sa` })))
    .returning('id')
    .execute();
  await db
    .insertInto('user_profiles')
    .values(ids.map(({ id }) => ({ id, name: 'Bench customer', user_type: 'customer' as const })))
    .execute();
  // Accepted as at sign-up: the server refuses everything else until they have (docs/decisions/0025).
  await db
    .insertInto('user_consents')
    .values(ids.map(({ id }) => ({ user_id: id, terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION })))
    .execute();
  const customers: BenchCustomer[] = [];
  for (const { id } of ids) {
    const token = generateSessionToken();
    await createSession(db, token, id);
    customers.push({ id, cookie: `tahaleel_session=${token}` });
  }
  return customers;
}

export interface BenchLab {
  id: string;
  lab_test_id: number;
  capacity: number;
}

/**
 * Approved labs open around the clock with 5-minute slots, one per entry of `capacities` (its slot
 * capacity), each offering the same test (one without fasting, so booked at any hour: ADR 0068); in the
 * order given.
 */
export async function createOpenLabs(db: Kysely<Database>, capacities: number[]): Promise<BenchLab[]> {
  const testId = (
    await db.selectFrom('tests').select('id').where('fasting_hours', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow()
  ).id;
  const { rows } = await sql<BenchLab>`
    with new_labs as (
      select gen_random_uuid() as id, i, capacity, 'bench-' || gen_random_uuid() as email
      from unnest(${capacities}::int[]) with ordinality as t(capacity, i)
    ),
    u as (insert into users (id, email) select id, email || '@bench.tahaleel.sa' from new_labs returning id),
    p as (insert into user_profiles (id, name, user_type, approved) select id, 'Bench lab ' || i, 'lab', true from new_labs returning id),
    l as (insert into labs (id, lab_name_ar, lab_name_en, slot_minutes, slot_capacity)
          select id, 'مختبر ' || i, 'Bench Lab ' || i, 5, capacity from new_labs returning id),
    h as (insert into lab_working_hours (lab_id, weekday, opens_at, closes_at)
          select n.id, d, '00:00', '23:55' from new_labs n cross join generate_series(0, 6) as d returning lab_id)
    insert into lab_tests (lab_id, test_id, price_halalas)
    select id, ${testId}, 10000 from new_labs order by i
    returning lab_id as id, id as lab_test_id, (select capacity from new_labs where new_labs.id = lab_id) as capacity`.execute(db);
  await sql`analyze`.execute(db);
  return rows;
}

const tomorrow = new Date(`${todayIn('Asia/Riyadh')}T00:00:00+03:00`).getTime() + 24 * 3600 * 1000;

/** Tomorrow's date in Riyadh (the labs' calendar), the day `slotAt` counts in. */
export const slotDate = todayIn('Asia/Riyadh', new Date(tomorrow));

/** The start of the index-th 5-minute slot of tomorrow (Riyadh), as an ISO instant. */
export function slotAt(index: number): string {
  return new Date(tomorrow + index * 5 * 60 * 1000).toISOString();
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * The CPU time (user + system, ms) each process has used so far, from /proc/<pid>/stat; null where
 * there is no /proc (not Linux). A process that has gone is left out.
 */
function cpuMilliseconds(pids: number[]): Map<number, number> | null {
  if (!existsSync('/proc/self/stat')) return null;
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The command name (field 2) may hold spaces: the fields after its closing parenthesis are fixed.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS); // utime and stime (fields 14 and 15)
    } catch {
      // gone
    }
  }
  return used;
}

/** CPU per request of a run: the server's process and the PostgreSQL backends serving its database. */
export interface CpuSplit {
  serverMs: number;
  databaseMs: number;
}

/**
 * Starts counting the CPU the server process and the database's PostgreSQL backends (those connected
 * now: run it after a warm-up, once the server's pool is open) use; `per(requests)` divides what they
 * used since by the requests made. Needs PostgreSQL on this machine; null where /proc is missing.
 */
export async function countCpu(serverPid: number, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await client.end();
  const backends = rows.map((row) => row.pid);
  const before = cpuMilliseconds([serverPid, ...backends]);
  return {
    per(requests: number): CpuSplit | null {
      const after = cpuMilliseconds([serverPid, ...backends]);
      if (!before || !after || requests === 0) return null;
      // A backend that went meanwhile counts what it had used by the first reading.
      const used = (pid: number) => Math.max(0, (after.get(pid) ?? before.get(pid) ?? 0) - (before.get(pid) ?? 0));
      const backendsMs = backends.reduce((total, pid) => total + used(pid), 0);
      return { serverMs: used(serverPid) / requests, databaseMs: backendsMs / requests };
    },
  };
}
