// `npm run bench:abuse`: a customer books while 100 connections do bad things (issue #20's load test).
// The customer browses a lab's slots and books, one request after another, for BENCH_SECONDS (15):
// once alone (quiet) and once while 100 attackers, each from its own address behind the trusted proxy,
// send over-long batches, 2 MB bodies, batches of wrong sign-ins, guest floods and hold grabbing. It
// prints the customer's p50/p99 in both runs and their ratio (goal: p99 under attack ≤ 2× quiet), and
// what the attackers were answered. Real server over HTTP on PostgreSQL (BENCH_DATABASE_URL); 127.0.0.1
// only. The attackers run in a process of their own, so their client work does not delay the customer's,
// at the lowest priority (nice 19, or BENCH_ATTACKERS_NICE): real attackers send from machines of their
// own, while here their generator shares the server's 2 cores (it took 0.3–0.4 of a core); at equal
// priority it took its share from the server and PostgreSQL, and the ratio measured that contest too.
// BENCH_ATTACKERS_NICE=0 runs them at the server's priority.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import {
  benchAdminUrl,
  countEach,
  createOpenLabs,
  createScratchDatabase,
  signedInCustomers,
  slotAt,
  slotDate,
  startServer,
} from './support.ts';

const ATTACKERS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ATTACKERS_NICE = Number(process.env.BENCH_ATTACKERS_NICE ?? 19);

function post(base: string, path: string, body: string, headers: Record<string, string>) {
  return fetch(`${base}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const batchOf = (count: number) => `${Array.from({ length: count }, () => 'auth.signIn').join(',')}?batch=1`;
const wrongSignIns = JSON.stringify(
  Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { email: `victim${i}@example.com`, password: 'wrong-password' }])),
);

const allBadThings: Record<string, (base: string, ip: string) => Promise<Response>> = {
  // Eleven calls in one batch: refused before any runs.
  batch: (base, ip) => post(base, batchOf(11), '{}', { 'x-forwarded-for': ip }),
  // A 2 MB body: refused without reading it.
  body: (base, ip) => post(base, 'search.labTests', JSON.stringify({ query: 'x'.repeat(2 * 1024 * 1024) }), { 'x-forwarded-for': ip }),
  // Ten wrong sign-ins in a batch: each counts against the address's limit, and each costs a hash.
  signins: (base, ip) => post(base, batchOf(10), wrongSignIns, { 'x-forwarded-for': ip }),
  // A flood of guests.
  guests: (base, ip) =>
    post(base, 'auth.signInAnonymously', JSON.stringify({ name: 'Flood', phone: '0551234567' }), { 'x-forwarded-for': ip }),
};
/** BENCH_ATTACKS=batch,body,… runs only those (to find which one costs the customer); all by default. */
const attackNames = (process.env.BENCH_ATTACKS ?? Object.keys(allBadThings).join(',')).split(',').filter((name) => name in allBadThings);
const badThings = attackNames.map((name) => allBadThings[name]!);
/** BENCH_HOLDS=0 leaves hold grabbing out. */
const grabsHolds = process.env.BENCH_HOLDS !== '0';

/**
 * Until SIGTERM, each attacker sends one bad thing after another; prints what they were answered, in
 * all (the first line) and second by second from the attack's start (the second line: by the second
 * each request was sent, what it was and how it was answered), which shows when the customer's slow
 * requests met which wave.
 */
async function attack(base: string, labTestId: number, cookies: string[]) {
  let stopped = false;
  process.once('SIGTERM', () => (stopped = true));
  const answers: string[] = [];
  const started = performance.now();
  const sent: { second: number; what: string }[] = [];
  await Promise.all(
    cookies.map(async (cookie, index) => {
      const ip = `198.51.100.${(index % 250) + 1}`;
      for (let round = 0; !stopped; round++) {
        // Every fifth request grabs a hold on the next slot of the other lab, as a signed-in customer.
        const hold = { labTestId, bookingTime: slotAt(round + index * 1000) };
        const grab = grabsHolds && (round % 5 === 4 || badThings.length === 0);
        const second = Math.floor((performance.now() - started) / 1000);
        const response = await (grab
          ? post(base, 'booking.holdSlot', JSON.stringify(hold), { cookie, 'x-forwarded-for': ip })
          : badThings[round % badThings.length]!(base, ip)
        ).catch(() => null);
        await response?.arrayBuffer().catch(() => undefined);
        const answer = response ? String(response.status) : 'connection closed';
        answers.push(answer);
        sent.push({ second, what: `${grab ? 'hold' : attackNames[round % badThings.length]} ${answer}` });
      }
    }),
  );
  const seconds = [...new Set(sent.map(({ second }) => second))].sort((a, b) => a - b);
  const timeline = seconds.map(
    (second) => `${second} s ${JSON.stringify(countEach(sent.filter((request) => request.second === second).map(({ what }) => what)))}`,
  );
  process.stdout.write(`${JSON.stringify(countEach(answers))}\n${timeline.join('; ')}\n`);
}

interface Visits {
  latencies: number[];
  /** When each request began, in seconds from the run's start. */
  startedAt: number[];
  /** Which request it was: the lab's slots, or the booking. */
  kinds: ('slots' | 'booking')[];
  outcomes: string[];
}

/** One customer's visit after another: the lab's slots, then a booking of the next free one. */
async function customerVisits(base: string, lab: { id: string; lab_test_id: number }, cookie: string, seconds: number, firstSlot: number) {
  const headers = { cookie, 'x-forwarded-for': '192.0.2.10' };
  const visits: Visits = { latencies: [], startedAt: [], kinds: [], outcomes: [] };
  const begun = performance.now();
  const until = Date.now() + seconds * 1000;
  for (let slot = firstSlot; Date.now() < until; slot++) {
    const input = encodeURIComponent(JSON.stringify({ labId: lab.id, date: slotDate }));
    let started = performance.now();
    visits.startedAt.push((started - begun) / 1000);
    visits.kinds.push('slots');
    const slots = await fetch(`${base}/trpc/booking.availableSlots?input=${input}`, { headers });
    await slots.arrayBuffer();
    visits.latencies.push(performance.now() - started);
    started = performance.now();
    visits.startedAt.push((started - begun) / 1000);
    visits.kinds.push('booking');
    const items = [{ labTestId: lab.lab_test_id, bookingTime: slotAt(slot) }];
    const booked = await post(base, 'booking.create', JSON.stringify({ items, idempotencyKey: `visit-${slot}-${process.pid}` }), headers);
    await booked.arrayBuffer();
    visits.latencies.push(performance.now() - started);
    visits.outcomes.push(slots.ok && booked.ok ? 'booked' : `HTTP ${slots.status}/${booked.status}`);
  }
  return visits;
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. With
 * `ended`, also that of its children that have ended (PostgreSQL's postmaster: a backend that ended
 * during the run took its CPU with it, and the sum over live processes went down, even below zero).
 */
function cpuSeconds(pid: number, ended = false): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (ended ? own + Number(fields[13]) + Number(fields[14]) : own) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by the server, and by every PostgreSQL process together, ended backends included. */
function cpuNow(serverPid: number) {
  let postgres = 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuSeconds(Number(entry), true) ?? 0;
    } catch {
      // The process ended while we looked.
    }
  }
  return { server: cpuSeconds(serverPid) ?? 0, postgres };
}

const cpuLine = (label: string, before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>, seconds: number) =>
  `CPU per second, ${label}: server ${((after.server - before.server) / seconds).toFixed(2)}, PostgreSQL ${((after.postgres - before.postgres) / seconds).toFixed(2)}`;

/** The server's WAL flushes so far (every PostgreSQL database's: pg_stat_wal is the cluster's). */
async function walSyncs(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select wal_sync::text as n from pg_stat_wal`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main() {
  const name = `tahaleel_bench_abuse_${Date.now()}`;
  const scratch = await createScratchDatabase(benchAdminUrl, name);
  const [customerLab, grabbedLab] = await createOpenLabs(scratch.db, [100, 100]);
  const [customer, ...attackerAccounts] = await signedInCustomers(scratch.db, 1 + ATTACKERS);
  // One proxy in front (TRUST_PROXY=1): each party is known by the address the proxy appends.
  const port = Number(process.env.BENCH_PORT ?? 3593);
  const server = await startServer({ port, databaseUrl: scratch.url, env: { PAYMENT_DELAY_MS: '0', TRUST_PROXY: '1' } });
  const visit = (seconds: number, firstSlot: number) => customerVisits(server.base, customerLab!, customer!.cookie, seconds, firstSlot);
  try {
    await visit(2, 0); // warm-up
    const quietFrom = cpuNow(server.child.pid!);
    const quietWal = await walSyncs(scratch.db);
    const quiet = await visit(SECONDS, 100);
    const quietCpu = `${cpuLine('quiet', quietFrom, cpuNow(server.child.pid!), SECONDS)}; WAL flushes ${((await walSyncs(scratch.db)) - quietWal) / SECONDS}`;

    const attackers = spawn(
      'nice',
      ['-n', String(ATTACKERS_NICE), process.execPath, '--import', 'tsx', new URL(import.meta.url).pathname, 'attack'],
      {
        env: {
          ...process.env,
          BENCH_ATTACK: JSON.stringify({
            base: server.base,
            labTestId: grabbedLab!.lab_test_id,
            cookies: attackerAccounts.map((account) => account.cookie),
          }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let said = '';
    attackers.stdout.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
    const done = new Promise((resolve) => attackers.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const attackFrom = { ...cpuNow(server.child.pid!), attackers: cpuSeconds(attackers.pid!) ?? 0, wal: await walSyncs(scratch.db) };
    const underAttack = await visit(SECONDS, 2000);
    const attackTo = { ...cpuNow(server.child.pid!), attackers: cpuSeconds(attackers.pid!) ?? 0, wal: await walSyncs(scratch.db) };
    attackers.kill('SIGTERM');
    await done;

    const line = (label: string, run: Visits) =>
      `${label}: ${run.latencies.length} requests, p50 ${percentile(run.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(run.latencies, 0.99).toFixed(1)} ms; ${JSON.stringify(countEach(run.outcomes))}`;
    console.log(line('customer, quiet', quiet));
    console.log(line(`customer, ${ATTACKERS} attackers`, underAttack));
    const slowest = underAttack.latencies
      .map((ms, i) => ({ ms, at: underAttack.startedAt[i]!, kind: underAttack.kinds[i]! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12);
    console.log(
      `slowest under attack: ${slowest.map(({ ms, at, kind }) => `${ms.toFixed(0)} ms (${kind}) at ${at.toFixed(1)} s`).join(', ')}`,
    );
    console.log(quietCpu);
    console.log(
      `${cpuLine('under attack', attackFrom, attackTo, SECONDS)}, the attackers' own process ${((attackTo.attackers - attackFrom.attackers) / SECONDS).toFixed(2)} at nice ${ATTACKERS_NICE} (of 2 cores on this machine); WAL flushes ${(attackTo.wal - attackFrom.wal) / SECONDS}`,
    );
    const [answered, timeline] = said.trim().split('\n');
    console.log(`attackers were answered (HTTP status: count): ${answered}`);
    console.log(`what they sent, by the second of the attack it was sent in (the customer's run starts at 2 s): ${timeline}`);
    const holds = await scratch.db
      .selectFrom('slot_holds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('lab_test_id', '=', grabbedLab!.lab_test_id)
      .executeTakeFirst();
    console.log(`holds the attackers got on the other lab: ${holds?.n ?? 0} (at most 10 each)`);
    const ratio = percentile(underAttack.latencies, 0.99) / percentile(quiet.latencies, 0.99);
    console.log(`p99 under attack / quiet: ${ratio.toFixed(2)} (goal ≤ 2): ${ratio <= 2 ? 'met' : 'NOT met'}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await scratch.drop();
  }
}

if (process.argv[2] === 'attack') {
  const { base, labTestId, cookies } = JSON.parse(process.env.BENCH_ATTACK ?? '{}') as {
    base: string;
    labTestId: number;
    cookies: string[];
  };
  await attack(base, labTestId, cookies);
} else {
  await main();
}
