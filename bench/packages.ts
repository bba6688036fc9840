// `npm run bench:packages`: comparing packages and "build your own" (issue #79) on 2,000 labs × (300
// tests + 10 packages each), as requests/s against a trivial tRPC query measured in the same run, over
// HTTP with wrk (`apt-get install wrk`) and PostgreSQL (BENCH_DATABASE_URL, default the local server).
// The issue sets no goal for them: the ratios are recorded in docs/benchmarks.md.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/server/db/schema.ts';
import { BENCH_CITY_CENTRES, BENCH_LABS, BENCH_TESTS, prepareSearchBenchDatabase } from './search-data.ts';
import { benchAdminUrl, type CpuSplit, countCpu, startServer } from './support.ts';
import { requireWrk, runWrk, wrkScript, wrkSummaryHook } from './wrk.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3594);
const PACKAGES_PER_LAB = 10;
const CONNECTIONS = 50;
const SECONDS = 10;

requireWrk();

const databaseUrl = await prepareSearchBenchDatabase(benchAdminUrl, 'tahaleel_bench_packages');
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }) });
await addPackages(db);
const { ids, analytes } = await samples(db);
await db.destroy();
console.log(`data: ${BENCH_LABS} labs × (${BENCH_TESTS} tests + ${PACKAGES_PER_LAB} packages) in ${databaseUrl}`);

/** Each lab's packages: 4–14 of the catalogue tests that have analytes, approved and on sale. Idempotent. */
async function addPackages(db: Kysely<Database>) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from test_packages`.execute(db);
  if (Number(rows[0]!.n) >= BENCH_LABS * PACKAGES_PER_LAB * 0.9) return;
  console.log('Adding the packages (one time)…');
  await sql`
    do $$
    declare
      lab record;
      package_id integer;
      n integer;
      members integer[];
    begin
      select array_agg(t.id order by t.id) into members from tests t
       where t.kind = 'test' and exists (select 1 from test_analytes ta where ta.test_id = t.id);
      for lab in select l.id from labs l where not exists (select 1 from test_packages tp where tp.lab_id = l.id) loop
        for n in 1..${sql.lit(PACKAGES_PER_LAB)} loop
          insert into tests (category_id, name_ar, name_en, kind)
          values (1 + n % 11, 'باقة الفحص ' || n, 'Check-up Package ' || n, 'package') returning id into package_id;
          insert into test_packages (test_id, lab_id, status, reviewed_at) values (package_id, lab.id, 'approved', now());
          insert into package_components (package_id, test_id, position)
            select package_id, m, (row_number() over ())::int - 1
              from (select distinct members[1 + floor(random() * array_length(members, 1))::int] as m
                      from generate_series(1, 3 + n)) picked;
          insert into lab_tests (lab_id, test_id, price_halalas) values (lab.id, package_id, (200 + (random() * 800)::int) * 100);
        end loop;
      end loop;
    end $$`.execute(db);
  await sql`analyze`.execute(db);
}

/** Packages to compare (2–4 of one city's labs) and marker lists to price (5–12 analytes), 200 of each. */
async function samples(db: Kysely<Database>) {
  const packages = await db.selectFrom('test_packages').select('test_id').orderBy(sql`random()`).limit(800).execute();
  const markers = (await db.selectFrom('test_analytes').select('analyte_id').distinct().execute()).map((row) => row.analyte_id);
  let seed = 79;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const ids = Array.from({ length: 200 }, (_, i) => packages.slice((i * 4) % 796, ((i * 4) % 796) + 2 + (i % 3)).map((row) => row.test_id));
  const analytes = Array.from({ length: 200 }, () => {
    const wanted = new Set<number>();
    const size = 5 + Math.floor(random() * 8);
    while (wanted.size < size) wanted.add(markers[Math.floor(random() * markers.length)]!);
    return [...wanted];
  });
  return { ids, analytes };
}

const points = BENCH_CITY_CENTRES;
const path = (procedure: string, input: unknown) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
const comparePaths = ids.map((list) => path('packages.list', { ids: list }));
const buildPaths = analytes.map((list, index) => {
  const [lat, lon] = points[index % points.length]!;
  return path('packages.buildYourOwn', { analyteIds: list, lat: lat + ((index % 7) - 3) * 0.03, lon: lon + ((index % 5) - 2) * 0.03 });
});
const buildNowherePaths = analytes.map((list) => path('packages.buildYourOwn', { analyteIds: list }));

/** wrk over `paths` in turn: requests/s, p50 and p99 in ms, non-200 answers. */
function wrk(target: string, paths: string[], seconds: number) {
  const script = wrkScript(
    'wrk-packages',
    `local paths = {${paths.map((entry) => JSON.stringify(entry)).join(',')}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
local errors = 0
response = function(status)
  if status ~= 200 then errors = errors + 1 end
end
${wrkSummaryHook('errors')}`,
  );
  return runWrk({ url: target, script, seconds, connections: CONNECTIONS, threads: 2 });
}

const server = await startServer({ port: PORT, databaseUrl });
try {
  /** Warms up for 3 s (connections, plans, JIT), then measures with the CPU the server and PostgreSQL spent. */
  const measure = async (paths: string[]) => {
    wrk(server.base, paths, 3);
    const cpu = await countCpu(server.child.pid!, databaseUrl);
    const result = wrk(server.base, paths, SECONDS);
    return { ...result, cpu: cpu.per(result.requests) };
  };
  const trivial = await measure(['/trpc/auth.providers']);
  const compare = await measure(comparePaths);
  const build = await measure(buildPaths);
  const buildNowhere = await measure(buildNowherePaths);
  const split = (cpu: CpuSplit | null) =>
    cpu ? `server ${cpu.serverMs.toFixed(2)} ms + PostgreSQL ${cpu.databaseMs.toFixed(2)} ms` : 'CPU not measured';
  const row = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
    `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   non-200 ${r.errors}   ${split(r.cpu)}`;
  console.log(row('trivial query (auth.providers)', trivial));
  console.log(row('compare 2–4 packages (packages.list)', compare));
  console.log(row('build your own, 5–12 markers, near a city', build));
  console.log(row('build your own, no place (most markers held)', buildNowhere));
  console.log(`ratio compare/trivial: ${(compare.rps / trivial.rps).toFixed(3)}`);
  console.log(
    `ratio build-your-own/trivial: ${(build.rps / trivial.rps).toFixed(3)} near a city, ${(buildNowhere.rps / trivial.rps).toFixed(3)} with no place`,
  );
} finally {
  server.child.kill('SIGTERM');
}
