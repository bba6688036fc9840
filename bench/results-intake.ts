// `npm run bench:results-intake`: HL7 v2 ORU^R01 messages of 10 analytes each (a CBC, the fixture
// tests/fixtures/hl7/oru-r01-cbc.hl7) ingested per second by POST /hl7/v2, at 20 connections for 10 s,
// beside a trivial tRPC query (auth.providers) measured in the same run (issue #53). Every message is
// new: its own booking (so its own reference) and its own MSH-10; each is read, found, judged, sealed
// and written with its ACK. The real server over HTTP, PostgreSQL (BENCH_DATABASE_URL, default the
// local server) and wrk (`apt-get install wrk`). Messages are spread over many labs' keys, so no key
// reaches its rate limit (600 a minute).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createKey } from '../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { benchAdminUrl, countCpu, createOpenLabs, createScratchDatabase, signedInCustomers, startServer } from './support.ts';
import { requireWrk, runWrk, wrkScript, wrkSummaryHook } from './wrk.ts';

const NAME = `tahaleel_bench_intake_${Date.now()}`;
const PORT = Number(process.env.BENCH_PORT ?? 3593);
const CONNECTIONS = 20;
const SECONDS = 10;
const LABS = 200;
const BOOKINGS_PER_LAB = 150;

requireWrk();

const fixture = readFileSync(new URL('../tests/fixtures/hl7/oru-r01-cbc.hl7', import.meta.url), 'utf8');
const PLACER = 'TH-4QW8Z2NC';
const CONTROL_ID = 'ALB20261127-000191';
if (!fixture.includes(PLACER) || !fixture.includes(CONTROL_ID)) throw new Error('The CBC fixture changed: update the bench');

const scratch = await createScratchDatabase(benchAdminUrl, NAME);
const db = scratch.db;

// Labs offering the CBC, each with its system's key, and completed bookings waiting for results.
const labs = await createOpenLabs(
  db,
  Array.from({ length: LABS }, () => 10),
);
const cbc = await db.selectFrom('tests').select('id').where('name_en', '=', 'Complete Blood Count (CBC)').executeTakeFirstOrThrow();
await db
  .updateTable('lab_tests')
  .set({ test_id: cbc.id })
  .where(
    'id',
    'in',
    labs.map((lab) => lab.lab_test_id),
  )
  .execute();
const [customer] = await signedInCustomers(db, 1);
const keys = await Promise.all(labs.map(async (lab) => (await createKey(db, lab.id, 'Bench LIS', null)).key));
const { rows: bookings } = await sql<{ reference: string; lab_index: number }>`
  with labs(lab_test_id, lab_index) as (select * from unnest(${labs.map((lab) => lab.lab_test_id)}::int[]) with ordinality)
  insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status, completed_at)
  select ${customer!.id}::uuid, labs.lab_test_id, now() - interval '1 day' - n * interval '1 minute', 10000, 'completed', now()
  from labs cross join generate_series(1, ${BOOKINGS_PER_LAB}) as n
  returning reference, (select lab_index from labs l where l.lab_test_id = bookings.lab_test_id)::int - 1 as lab_index`.execute(db);
await sql`analyze`.execute(db);

const server = await startServer({ port: PORT, databaseUrl: scratch.url });
const base = server.base;
const lua = (value: string) => `[==[${value}]==]`;

try {
  // The message is a template: each request fills in a booking's reference and a fresh control id.
  const [head, tail] = fixture.replaceAll(PLACER, '\u0001').replace(CONTROL_ID, '\u0002').split('\u0002') as [string, string];
  const script = wrkScript(
    'intake',
    `local references = {${bookings.map((booking) => lua(booking.reference)).join(',')}}
local labOf = {${bookings.map((booking) => booking.lab_index + 1).join(',')}}
local keys = {${keys.map(lua).join(',')}}
local head = ${lua(head)}
local tail = ${lua(tail)}
local i = 0
local thread = 0
setup = function(t) thread = thread + 1; t:set("offset", thread * 1000000) end
request = function()
  i = i + 1
  local n = ((i - 1) % #references) + 1
  local body = (head .. "MSG-" .. tostring(i) .. "-" .. tostring(offset or 0) .. tail):gsub("\\1", references[n])
  return wrk.format("POST", "/hl7/v2", { ["content-type"] = "application/hl7-v2", ["authorization"] = "Bearer " .. keys[labOf[n]] }, body)
end
local failed = 0
response = function(status) if status ~= 200 then failed = failed + 1 end end
${wrkSummaryHook()}`,
  );
  const baselineScript = wrkScript('intake-baseline', wrkSummaryHook());
  const wrkRun = (file: string, path: string, seconds: number) =>
    runWrk({ url: `${base}${path}`, script: file, seconds, connections: CONNECTIONS, threads: 1 });
  wrkRun(baselineScript, '/trpc/auth.providers', 2);
  const baselineCpu = await countCpu(server.child.pid!, scratch.url);
  const baseline = wrkRun(baselineScript, '/trpc/auth.providers', SECONDS);
  const baselineSplit = baselineCpu.per(baseline.requests);
  const intakeCpu = await countCpu(server.child.pid!, scratch.url);
  const intake = wrkRun(script, '/hl7/v2', SECONDS);
  const intakeSplit = intakeCpu.per(intake.requests);
  const { rps: baseRps, p99: baseP99 } = baseline;
  const { rps, p50, p99, errors: non200, requests } = intake;
  const stored = await db
    .selectFrom('result_report_versions')
    .select([(eb) => eb.fn.countAll<string>().as('versions'), (eb) => eb.fn.sum<string>('analyte_count').as('values')])
    .executeTakeFirstOrThrow();
  const split = (cpu: typeof baselineSplit) =>
    cpu ? `server ${cpu.serverMs.toFixed(2)} ms + PostgreSQL ${cpu.databaseMs.toFixed(2)} ms` : 'not measured (no /proc)';
  console.log(`baseline: auth.providers at ${CONNECTIONS} connections: ${baseRps.toFixed(0)} req/s, p99 ${baseP99.toFixed(1)} ms`);
  console.log(
    `ORU^R01 (10 analytes) at ${CONNECTIONS} connections, ${SECONDS} s: ${rps.toFixed(0)} messages/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, non-200 ${non200} of ${requests}`,
  );
  console.log(`stored: ${stored.versions} report versions, ${stored.values} values (sealed)`);
  console.log(`ratio messages/trivial query: ${(rps / baseRps).toFixed(3)}`);
  console.log(`CPU per request: trivial query ${split(baselineSplit)} · ORU^R01 ${split(intakeSplit)}`);
  if (requests > bookings.length)
    console.log(`note: ${requests} messages for ${bookings.length} bookings: later ones amended earlier reports`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await scratch.drop();
}
