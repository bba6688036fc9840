// `npm run bench:search-scale`: how the uncached search grows with the data (issue #25). The same
// synthetic catalogue as bench:search (300 tests) at 500, 2,000 and 8,000 labs (150k → 2.4M offerings),
// each in its own PostgreSQL database (BENCH_DATABASE_URL, default the local server; built once and
// kept). For each size, searches from points no one asked from before (no cached answer), in turn from
// one client through the server's own code (searchTests, the pool and prepared statements the server
// uses), timed one by one. Goal: latency grows no faster than log-linear in the number of labs.
import { connectDatabase } from '../src/server/db/connect.ts';
import { searchTests } from '../src/server/modules/search/search.service.ts';
import { BENCH_QUERIES, BENCH_TESTS, prepareSearchBenchDatabase } from './search-data.ts';
import { benchAdminUrl as adminUrl } from './support.ts';

const SIZES = [500, 2000, 8000];
const SEARCHES = 600;
const queries = BENCH_QUERIES;
const centres = [
  [24.7136, 46.6753],
  [21.5433, 39.1728],
  [26.4207, 50.0888],
  [21.3891, 39.8579],
  [24.5247, 39.5692],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const results: { labs: number; p50: number; p99: number }[] = [];
for (const labs of SIZES) {
  // 2,000 labs is bench:search's own database.
  const name = labs === 2000 ? 'tahaleel_bench_search' : `tahaleel_bench_search_${labs}`;
  const url = await prepareSearchBenchDatabase(adminUrl, name, labs);
  const { db } = await connectDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    const timings: number[] = [];
    for (let i = 0; i < SEARCHES + 100; i++) {
      const [lat, lon] = centres[i % centres.length]!;
      const input = {
        query: queries[i % queries.length]!,
        lat: lat! + (Math.random() - 0.5) * 0.3,
        lon: lon! + (Math.random() - 0.5) * 0.3,
        sort: 'relevance' as const,
        cursor: 0,
      };
      const started = performance.now();
      const rows = await searchTests(db, input);
      // The first 100 warm the connections, plans and the remembered test matches up.
      if (i >= 100) timings.push(performance.now() - started);
      if (rows.length === 0) throw new Error(`no results for ${input.query}`);
    }
    timings.sort((a, b) => a - b);
    const result = { labs, p50: percentile(timings, 50), p99: percentile(timings, 99) };
    results.push(result);
    console.log(
      `${String(labs).padStart(5)} labs × ${BENCH_TESTS} tests: uncached search p50 ${result.p50.toFixed(2)} ms   p99 ${result.p99.toFixed(2)} ms`,
    );
  } finally {
    await db.destroy();
  }
}

// Log-linear: n log n. The latency may grow by at most that factor from the smallest size to each larger one.
const nLogN = (n: number) => n * Math.log(n);
const [first] = results;
let met = true;
for (const result of results.slice(1)) {
  const grew = result.p50 / first!.p50;
  const allowed = nLogN(result.labs) / nLogN(first!.labs);
  const logGrowth = Math.log(result.labs) / Math.log(first!.labs);
  met &&= grew <= allowed;
  console.log(
    `${first!.labs} → ${result.labs} labs (${(result.labs / first!.labs).toFixed(0)}×): p50 grew ${grew.toFixed(2)}×, p99 ${(result.p99 / first!.p99).toFixed(2)}× (log-linear allows ${allowed.toFixed(1)}×; log alone ${logGrowth.toFixed(2)}×)`,
  );
}
console.log(`scale: uncached latency grows no faster than log-linear: ${met ? 'met' : 'NOT MET'}`);
