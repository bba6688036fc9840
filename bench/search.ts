// `npm run bench:search`: search throughput and tail latency at 100 connections, against a trivial tRPC
// query measured in the same run. Needs PostgreSQL (BENCH_DATABASE_URL, default the local server) and
// wrk (`apt-get install wrk`). Goals (issue #25, ratios against controls in the same run):
// - cached (the same questions from the same places): search ≥ 0.5 × the trivial query's requests/s;
// - uncached (every request a new point): ≥ 0.35 × the trivial query's requests/s, and p99 no more than
//   the p99 of a bare node:http server spending the same CPU per request (bench/busy-server.mjs), the
//   tail this machine and its load generator produce by themselves;
// - uncached at 20 connections: p99 ≤ 50 ms.
// `npm run bench:search-scale` shows how the uncached search grows with the data.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BENCH_CITY_CENTRES, BENCH_LABS, BENCH_QUERIES, BENCH_TESTS, prepareSearchBenchDatabase } from './search-data.ts';
import { benchAdminUrl as adminUrl, type CpuSplit, countCpu, startServer } from './support.ts';
import { requireWrk, runWrk, wrkScript, wrkSummaryHook } from './wrk.ts';

const PORT = 3590;
const CONNECTIONS = 100;
const SECONDS = 10;

requireWrk();

const databaseUrl = await prepareSearchBenchDatabase(adminUrl, 'tahaleel_bench_search');
console.log(`data: ${BENCH_LABS} labs × ${BENCH_TESTS} tests in ${databaseUrl}`);

const server = await startServer({ port: PORT, databaseUrl });
const base = server.base;

// Mixed Arabic and English queries (search-data.ts), from points around the five cities.
const queries = BENCH_QUERIES;
const points = [...BENCH_CITY_CENTRES, [24.8, 46.62]];
const searchPaths = queries.flatMap((query, index) => {
  const [lat, lon] = points[index % points.length]!;
  const input = encodeURIComponent(JSON.stringify({ query, lat, lon }));
  return [`/trpc/search.labTests?input=${input}`];
});

/** Warms a workload up for 3 s (connections, prepared plans, caches, JIT), then measures it. */
function measureAt(target: string, paths: string[], uniqueLocations = false, connections = CONNECTIONS) {
  wrk(target, paths, uniqueLocations, 3, connections);
  return wrk(target, paths, uniqueLocations, SECONDS, connections);
}

/** measureAt on the app's server, with the CPU its process and PostgreSQL spent per request. */
async function measureWithCpu(paths: string[], uniqueLocations = false, connections = CONNECTIONS) {
  wrk(base, paths, uniqueLocations, 3, connections);
  const cpu = await countCpu(server.child.pid!, databaseUrl);
  const result = wrk(base, paths, uniqueLocations, SECONDS, connections);
  return { ...result, cpu: cpu.per(result.requests) };
}

/** `paths` in turn; with `uniqueLocations`, every search comes from a different point (no cache hits). */
function wrk(target: string, paths: string[], uniqueLocations = false, seconds = SECONDS, connections = CONNECTIONS) {
  const located = uniqueLocations
    ? `local queries = {${queries.map((query) => JSON.stringify(encodeURIComponent(JSON.stringify(query)))).join(',')}}
local centres = {${points.map(([lat, lon]) => `{${lat},${lon}}`).join(',')}}
math.randomseed(os.time())
request = function()
  i = i + 1
  local c = centres[(i % #centres) + 1]
  local lat = c[1] + (math.random() - 0.5) * 0.3
  local lon = c[2] + (math.random() - 0.5) * 0.3
  local input = '%7B%22query%22%3A' .. queries[(i % #queries) + 1] .. string.format('%%2C%%22lat%%22%%3A%.5f%%2C%%22lon%%22%%3A%.5f%%7D', lat, lon)
  return wrk.format("GET", "/trpc/search.labTests?input=" .. input)
end`
    : `request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end`;
  const script = wrkScript(
    'wrk',
    `local paths = {${paths.map((path) => JSON.stringify(path)).join(',')}}
local i = 0
${located}
local errors = 0
response = function(status)
  if status ~= 200 then errors = errors + 1 end
end
${wrkSummaryHook()}`,
  );
  return runWrk({ url: target, script, seconds, connections, threads: 2 });
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

try {
  const trivial = await measureWithCpu(['/trpc/auth.providers']);
  const search = await measureWithCpu(searchPaths);
  const unique = await measureWithCpu(searchPaths, true);
  const unique20 = await measureWithCpu(searchPaths, true, 20);
  const ratio = search.rps / trivial.rps;
  const uniqueRatio = unique.rps / trivial.rps;
  const row = (name: string, r: ReturnType<typeof wrk>) =>
    `${name.padEnd(16)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   non-200 ${r.errors}`;
  console.log(row('trivial query', trivial));
  console.log(row('search.labTests', search));
  console.log(row('  every point new', unique));
  console.log(row('  every point new, 20 connections', unique20));
  console.log(`ratio search/trivial: ${ratio.toFixed(2)} (goal ≥ 0.50: ${verdict(ratio >= 0.5)}) · search p99 ${search.p99.toFixed(1)} ms`);
  console.log(`with no repeated point (no cached answer): ratio ${uniqueRatio.toFixed(2)}, p99 ${unique.p99.toFixed(1)} ms`);
  console.log(
    `uncached at 20 connections: p99 ${unique20.p99.toFixed(1)} ms (goal ≤ 50 ms: ${verdict(unique20.p99 <= 50)}), ${unique20.rps.toFixed(0)} req/s`,
  );
  // Where a request's time goes (Linux): the server is one thread, so its CPU per request bounds its
  // requests/s; PostgreSQL's shares the machine's other core with wrk.
  const split = (cpu: CpuSplit | null) =>
    cpu ? `server ${cpu.serverMs.toFixed(2)} ms + PostgreSQL ${cpu.databaseMs.toFixed(2)} ms` : 'not measured (no /proc)';
  console.log(
    `CPU per request: trivial query ${split(trivial.cpu)} · search, cached ${split(search.cpu)} · uncached ${split(unique.cpu)} · uncached at 20 connections ${split(unique20.cpu)}`,
  );

  // The controls: the same wrk against a bare Node server spending the search's CPU per request (one
  // busy core at the search's throughput, cached and uncached). Their p99 is the floor this machine and
  // load generator set.
  server.child.kill('SIGTERM');
  const controls: [string, number, number][] = [
    ['cached', 1e6 / search.rps, CONNECTIONS],
    ['uncached', 1e6 / unique.rps, CONNECTIONS],
    ['uncached, 20 connections', 1e6 / unique20.rps, 20],
  ];
  const bare: Record<string, ReturnType<typeof wrk>> = {};
  for (const [name, busyMicroseconds, connections] of controls) {
    const control = await startBusyServer(busyMicroseconds);
    try {
      bare[name] = measureAt(control.base, ['/'], false, connections);
      console.log(row(`bare node:http, ${busyMicroseconds.toFixed(0)} µs/request (${name})`, bare[name]!));
    } finally {
      control.child.kill('SIGTERM');
    }
  }
  console.log(`→ the machine's own p99 at that load: ${bare.cached!.p99.toFixed(1)} ms (search ${search.p99.toFixed(1)} ms)`);
  console.log(
    `uncached: ratio search/trivial ${uniqueRatio.toFixed(2)} (goal ≥ 0.35: ${verdict(uniqueRatio >= 0.35)}) · p99 ${unique.p99.toFixed(1)} ms against the control's own p99 ${bare.uncached!.p99.toFixed(1)} ms (goal ≤: ${verdict(unique.p99 <= bare.uncached!.p99)})`,
  );
  // The 20-connection goal is absolute; its control shows how much of that p99 the machine and wrk
  // give by themselves at the same throughput (the server, PostgreSQL and wrk share two cores).
  console.log(
    `20 connections: the control's own p99 at that load ${bare['uncached, 20 connections']!.p99.toFixed(1)} ms (search ${unique20.p99.toFixed(1)} ms)`,
  );
} finally {
  server.child.kill('SIGTERM');
}

async function startBusyServer(busyMicroseconds: number) {
  const port = PORT + 1;
  const child = spawn(process.execPath, [join(import.meta.dirname, 'busy-server.mjs')], {
    env: { ...process.env, PORT: String(port), BUSY_MICROSECONDS: String(busyMicroseconds) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the control server stopped (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}
