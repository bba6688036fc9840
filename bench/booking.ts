// `npm run bench:booking`: (a) 200 customers book the same slot of capacity 2 at once: exactly 2 may
// win; (b) bookings on distinct slots at 50 connections for 10 s: bookings/s and p99 (issue #25's goal:
// ≥ 800/s and p99 ≤ 100 ms on PostgreSQL). Uses the real server over HTTP, PostgreSQL (BENCH_DATABASE_URL, default
// the local server) and wrk (`apt-get install wrk`). The simulated payment's delay is set to 0 here.
import {
  benchAdminUrl,
  type CpuSplit,
  countCpu,
  countEach,
  createOpenLabs,
  createScratchDatabase,
  signedInCustomers,
  slotAt,
  startServer,
} from './support.ts';
import { requireWrk, runWrk, wrkScript, wrkSummaryHook } from './wrk.ts';

const NAME = `tahaleel_bench_booking_${Date.now()}`;
const PORT = Number(process.env.BENCH_PORT ?? 3592);
const LABS = 100;
const RACERS = 200;
const CONNECTIONS = 50;
const SECONDS = 10;

requireWrk();

const scratch = await createScratchDatabase(benchAdminUrl, NAME);
const db = scratch.db;

// Labs open around the clock with 5-minute slots: one of capacity 2 for the race, the rest roomy.
const [raceLab, ...roomyLabs] = await createOpenLabs(db, [2, ...Array.from({ length: LABS }, () => 100)]);
const customers = async (count: number) => (await signedInCustomers(db, count)).map((customer) => customer.cookie);

const server = await startServer({ port: PORT, databaseUrl: scratch.url, env: { PAYMENT_DELAY_MS: '0' } });
const base = server.base;

try {
  // (a) The race.
  const racers = await customers(RACERS);
  const bookingTime = slotAt(12);
  const statuses = await Promise.all(
    racers.map(async (cookie, index) => {
      const response = await fetch(`${base}/trpc/booking.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ items: [{ labTestId: raceLab!.lab_test_id, bookingTime }], idempotencyKey: `race-${index}-${NAME}` }),
      });
      const body = (await response.json()) as { error?: { data?: { appCode?: string } } };
      return response.ok ? 'booked' : (body.error?.data?.appCode ?? String(response.status));
    }),
  );
  const tally = countEach(statuses);
  const stored = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('lab_test_id', '=', raceLab!.lab_test_id)
    .executeTakeFirstOrThrow();
  console.log(`(a) ${RACERS} customers, one slot of capacity 2: ${JSON.stringify(tally)}; bookings stored: ${stored.n}`);
  console.log(
    `    ${tally.booked === 2 && Number(stored.n) === 2 && tally.SLOT_UNAVAILABLE === RACERS - 2 ? 'exactly 2 won, the rest were told the slot is taken' : 'UNEXPECTED'}`,
  );

  // (b) Throughput on distinct slots: every request a new (lab, time) pair.
  const bookers = await customers(CONNECTIONS);
  const requests = 40_000;
  const bodies = Array.from({ length: requests }, (_, index) =>
    JSON.stringify({
      items: [
        { labTestId: roomyLabs[index % roomyLabs.length]!.lab_test_id, bookingTime: slotAt(24 + Math.floor(index / roomyLabs.length)) },
      ],
      idempotencyKey: `tp-${index}-${NAME}`,
    }),
  );
  const script = wrkScript(
    'booking',
    `local bodies = {${bodies.map((body) => `[[${body}]]`).join(',')}}
local cookies = {${bookers.map((cookie) => JSON.stringify(cookie)).join(',')}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("POST", "/trpc/booking.create", { ["content-type"] = "application/json", ["cookie"] = cookies[(i % #cookies) + 1] }, bodies[((i - 1) % #bodies) + 1])
end
local failed = 0
response = function(status) if status ~= 200 then failed = failed + 1 end end
${wrkSummaryHook()}`,
  );
  // Baseline in the same run: a signed-in trivial query (session lookup only) at the same concurrency.
  const baselineScript = wrkScript(
    'booking-baseline',
    `local cookies = {${bookers.map((cookie) => JSON.stringify(cookie)).join(',')}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/trpc/auth.me", { ["cookie"] = cookies[(i % #cookies) + 1] })
end
${wrkSummaryHook()}`,
  );
  const wrkRun = (file: string, seconds: number) => runWrk({ url: base, script: file, seconds, connections: CONNECTIONS, threads: 1 });
  // The CPU the server and PostgreSQL spend per request of a run (Linux), counted after the warm-up.
  const wrkRunWithCpu = async (file: string, seconds: number) => {
    const cpu = await countCpu(server.child.pid!, scratch.url);
    const result = wrkRun(file, seconds);
    return { result, cpu: cpu.per(result.requests) };
  };
  const split = (cpu: CpuSplit | null) =>
    cpu ? `server ${cpu.serverMs.toFixed(2)} ms + PostgreSQL ${cpu.databaseMs.toFixed(2)} ms` : 'not measured (no /proc)';
  wrkRun(baselineScript, 2);
  const baseline = await wrkRunWithCpu(baselineScript, SECONDS);
  const { rps: baseRps, p99: baseP99 } = baseline.result;
  console.log(`    baseline: signed-in auth.me at ${CONNECTIONS} connections: ${baseRps.toFixed(0)} req/s, p99 ${baseP99.toFixed(1)} ms`);
  const booking = await wrkRunWithCpu(script, SECONDS);
  const { rps, p50, p99, errors: non200 } = booking.result;
  const made = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('lab_test_id', '<>', raceLab!.lab_test_id)
    .executeTakeFirstOrThrow();
  console.log(
    `(b) ${CONNECTIONS} connections, ${SECONDS} s, distinct slots: ${rps.toFixed(0)} bookings/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, non-200 ${non200}; bookings stored ${made.n}`,
  );
  console.log(`    ratio bookings/baseline: ${(rps / baseRps).toFixed(2)}`);
  console.log(`    CPU per request: auth.me ${split(baseline.cpu)} · booking ${split(booking.cpu)}`);
  console.log(
    `    goal ≥ 800/s (${rps.toFixed(0)}/s: ${rps >= 800 ? 'met' : 'NOT met'}) and p99 ≤ 100 ms (${p99.toFixed(1)} ms: ${p99 <= 100 ? 'met' : 'NOT met'})`,
  );
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await scratch.drop();
}
