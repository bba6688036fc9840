// `npm run bench:search`: search throughput and tail latency at 100 connections, against a trivial tRPC
// query measured in the same run. Needs PostgreSQL (BENCH_DATABASE_URL, default the local server) and
// wrk (`apt-get install wrk`). Goal: search ≥ 0.5 × the trivial query's requests/s, p99 ≤ 50 ms.
// Last, a control: a bare node:http server spending the search's CPU per request, driven the same way,
// shows the tail this machine and its load generator produce by themselves (bench/busy-server.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_LABS, BENCH_TESTS, prepareSearchBenchDatabase } from './search-data.ts';
import { benchAdminUrl as adminUrl, startServer } from './support.ts';

const PORT = 3590;
const CONNECTIONS = 100;
const SECONDS = 10;

if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is needed: sudo apt-get install -y wrk');
  process.exit(1);
}

const databaseUrl = await prepareSearchBenchDatabase(adminUrl, 'tahaleel_bench_search');
console.log(`data: ${BENCH_LABS} labs × ${BENCH_TESTS} tests in ${databaseUrl}`);

const server = await startServer({ port: PORT, databaseUrl });
const base = server.base;

// Mixed Arabic and English queries, from points around the five cities.
const queries = [
  'vitamin d',
  'فيتامين د',
  'cbc',
  'صورة الدم',
  'hba1c',
  'السكر التراكمي',
  'thyroid',
  'الغده الدرقيه',
  'vitamn b12',
  'فيتامن د',
  'ferritin',
  'وظائف الكبد',
];
const points = [
  [24.7136, 46.6753],
  [21.5433, 39.1728],
  [26.4207, 50.0888],
  [21.3891, 39.8579],
  [24.5247, 39.5692],
  [24.8, 46.62],
];
const searchPaths = queries.flatMap((query, index) => {
  const [lat, lon] = points[index % points.length]!;
  const input = encodeURIComponent(JSON.stringify({ query, lat, lon }));
  return [`/trpc/search.labTests?input=${input}`];
});

/** Warms a workload up for 3 s (connections, prepared plans, caches, JIT), then measures it. */
function measureAt(target: string, paths: string[], uniqueLocations = false) {
  wrk(target, paths, uniqueLocations, 3);
  return wrk(target, paths, uniqueLocations);
}

/** `paths` in turn; with `uniqueLocations`, every search comes from a different point (no cache hits). */
function wrk(target: string, paths: string[], uniqueLocations = false, seconds = SECONDS) {
  const script = join(tmpdir(), `tahaleel-wrk-${process.pid}.lua`);
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
  writeFileSync(
    script,
    `local paths = {${paths.map((path) => JSON.stringify(path)).join(',')}}
local i = 0
${located}
local errors = 0
response = function(status)
  if status ~= 200 then errors = errors + 1 end
end
done = function(summary, latency)
  io.write(string.format("RESULT %f %f %f %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status))
end`,
  );
  const run = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script, target], { encoding: 'utf8' });
  const line = run.stdout.split('\n').find((entry) => entry.startsWith('RESULT'));
  if (!line) throw new Error(`wrk failed: ${run.stdout}${run.stderr}`);
  const [, rps, p50, p99, errors] = line.split(' ').map(Number);
  return { rps: rps!, p50: p50!, p99: p99!, errors: errors! };
}

try {
  const measure = (paths: string[], uniqueLocations = false) => measureAt(base, paths, uniqueLocations);
  const trivial = measure(['/trpc/auth.providers']);
  const search = measure(searchPaths);
  const unique = measure(searchPaths, true);
  const ratio = search.rps / trivial.rps;
  const row = (name: string, r: typeof trivial) =>
    `${name.padEnd(16)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   non-200 ${r.errors}`;
  console.log(row('trivial query', trivial));
  console.log(row('search.labTests', search));
  console.log(row('  every point new', unique));
  console.log(`ratio search/trivial: ${ratio.toFixed(2)} (goal ≥ 0.50) · search p99 ${search.p99.toFixed(1)} ms (goal ≤ 50 ms)`);
  console.log(`with no repeated point (no cached answer): ratio ${(unique.rps / trivial.rps).toFixed(2)}, p99 ${unique.p99.toFixed(1)} ms`);

  // The control: the same wrk against a bare Node server spending the search's CPU per request (one
  // busy core at the search's throughput). Its p99 is the floor this machine and load generator set.
  server.child.kill('SIGTERM');
  const busyMicroseconds = 1e6 / search.rps;
  const control = await startBusyServer(busyMicroseconds);
  try {
    const bare = measureAt(control.base, ['/']);
    console.log(row(`bare node:http, ${busyMicroseconds.toFixed(0)} µs/request`, bare));
    console.log(`→ the machine's own p99 at that load: ${bare.p99.toFixed(1)} ms (search ${search.p99.toFixed(1)} ms)`);
  } finally {
    control.child.kill('SIGTERM');
  }
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
