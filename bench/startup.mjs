// Time from starting the server to its first 200, on an empty DATA_DIR (migrate + seed) and on a
// restart of the same DATA_DIR, against a baseline measured in the same run: a bare node:http server.
// Usage: npm run build && node bench/startup.mjs [runs=3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const root = new URL('..', import.meta.url).pathname;

async function timeToFirst200(args, env, port) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const bare = ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)"];
const app = ['--import', 'tsx', 'src/server/node.ts'];
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = { baseline: [], empty: [], restart: [] };
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tahaleel-bench-'));
  try {
    results.baseline.push(await timeToFirst200(bare, {}, 3501));
    results.empty.push(await timeToFirst200(app, { DATA_DIR: dataDir }, 3502));
    results.restart.push(await timeToFirst200(app, { DATA_DIR: dataDir }, 3503));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const base = median(results.baseline);
for (const [name, values] of Object.entries(results)) {
  const ms = median(values);
  console.log(`${name.padEnd(9)} median ${(ms / 1000).toFixed(2)} s  (${(ms / base).toFixed(1)}× bare node:http)`);
}
console.log(`goal: empty DATA_DIR to first 200 ≤ 20 s → ${median(results.empty) <= 20_000 ? 'met' : 'NOT met'}`);
