#!/usr/bin/env node
// Smoke test of the production server as an operator runs it (README, "Production"): after
// `npm run build` and `npm prune --omit=dev`, starts `npm run serve` on Node alone and calls it — the
// probes, a server-drawn page, an unknown page (404), the API, a sign-in — reads its JSON request log,
// then stops it with SIGTERM as a process manager would and checks that nothing is left running.
//
//   npm run build && npm prune --omit=dev && node scripts/production-smoke.mjs
//
// With DATABASE_URL (migrated and seeded with the demo data) it serves PostgreSQL; without, a fresh
// embedded database in a temporary DATA_DIR. Needs nothing but Node: no dependency of ours.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SMOKE_PORT ?? 3395);
const base = `http://localhost:${port}`;
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

const output = [];
let server;

function fail(message) {
  console.error(`production-smoke FAILED: ${message}`);
  if (output.length > 0) console.error(`--- server output (last 40 lines) ---\n${output.join('').split('\n').slice(-40).join('\n')}`);
  // SIGTERM, not SIGKILL: npm passes it on to the server (a SIGKILL would leave the server behind).
  if (server && server.exitCode === null) server.kill('SIGTERM');
  process.exit(1);
}

function check(condition, message) {
  if (!condition) fail(message);
}

const require = createRequire(join(root, 'package.json'));
const present = (name) => {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
};
if (process.env.SMOKE_ALLOW_DEV_DEPENDENCIES !== 'true') {
  // (TypeScript itself stays: tRPC names it as a peer dependency, so npm installs it.)
  for (const name of ['tsx', 'vite', 'vitest', 'wrangler']) {
    check(!present(name), `${name} is installed: run \`npm prune --omit=dev\` first, so this proves the server needs no devDependency`);
  }
}
check(existsSync(join(root, 'dist/node/src/server/node.js')), 'no compiled server in dist/node: run `npm run build`');

const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'tahaleel-production-smoke-'));
server = spawn('npm', ['run', 'serve', '--silent'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    // `npm run serve` refuses to start without the key that seals result files (docs/decisions/0021).
    RESULTS_ENCRYPTION_KEY: process.env.RESULTS_ENCRYPTION_KEY || randomBytes(32).toString('base64'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => output.push(chunk.toString()));
server.stderr.on('data', (chunk) => output.push(chunk.toString()));

const started = performance.now();
let ready = false;
while (performance.now() - started < READY_TIMEOUT_MS) {
  check(server.exitCode === null, `npm run serve exited early (code ${server.exitCode})`);
  try {
    const response = await fetch(`${base}/readyz`);
    if (response.status === 200) {
      ready = true;
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((done) => setTimeout(done, 250));
}
check(ready, `/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
const readyIn = ((performance.now() - started) / 1000).toFixed(1);

const health = await fetch(`${base}/healthz`);
check(health.status === 200, `/healthz answered ${health.status}`);

const home = await fetch(base, { headers: { cookie: 'tahaleel_locale=en' } });
const homeHtml = await home.text();
check(
  home.status === 200 && homeHtml.includes('<html lang="en" dir="ltr"'),
  `the home page was not drawn in English on the server (${home.status})`,
);

const missing = await fetch(`${base}/no-such-page`);
const missingHtml = await missing.text();
check(missing.status === 404, `an unknown page answered ${missing.status}, not 404`);
check(missingHtml.includes('الصفحة غير موجودة'), 'the unknown page is not the Arabic "not found" page');

const categories = await fetch(`${base}/trpc/catalog.categories`);
const categoriesBody = await categories.json();
check(categories.status === 200 && categoriesBody.result.data.length === 11, `catalog.categories answered ${categories.status}`);
const requestId = categories.headers.get('x-request-id');
check(Boolean(requestId), 'the response names no X-Request-Id');

const signIn = await fetch(`${base}/trpc/auth.signIn`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: 'customer@demo.tahaleel.sa', password: 'tahaleel-demo' }),
});
check(signIn.status === 200, `the demo customer could not sign in (${signIn.status}: ${(await signIn.text()).slice(0, 200)})`);
const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0];
const me = await (await fetch(`${base}/trpc/auth.me`, { headers: { cookie } })).json();
check(me.result.data?.email === 'customer@demo.tahaleel.sa', 'auth.me does not know the signed-in customer');

// The request log: one JSON line per request, with the id the response named, and no secrets. (The
// lines come through a pipe: give the last ones a moment.)
const logLines = () =>
  output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'));
const loggedLine = () =>
  logLines()
    .map((line) => JSON.parse(line))
    .find((line) => line.msg === 'request' && line.req_id === requestId);
for (let attempt = 0; attempt < 20 && !loggedLine(); attempt++) await new Promise((done) => setTimeout(done, 100));
const logged = loggedLine();
const logText = logLines();
check(
  logged?.path === '/trpc/catalog.categories' && logged.status === 200,
  'no request log line for catalog.categories with its request id',
);
// (The demo accounts' table printed at start-up names their shared password: that is not the log.)
check(!logText.join('\n').includes('tahaleel-demo'), 'the log holds a password');
check(!logText.join('\n').includes(cookie.split('=')[1]), 'the log holds a session token');

// Stopped as a process manager stops it: SIGTERM to `npm run serve`; the server must exit with it.
const pid = server.pid;
const stopping = performance.now();
server.kill('SIGTERM');
const exited = await new Promise((done) => {
  const timer = setTimeout(() => done(false), STOP_TIMEOUT_MS);
  server.once('exit', () => {
    clearTimeout(timer);
    done(true);
  });
});
check(exited, `npm run serve did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
let listening = true;
for (let attempt = 0; attempt < 20 && listening; attempt++) {
  listening = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (listening) await new Promise((done) => setTimeout(done, 250));
}
check(!listening, `something still answers on port ${port} after npm run serve (pid ${pid}) stopped: an orphaned server`);
check(
  output.join('').includes('"msg":"stopped"'),
  'the server did not say it stopped (it should finish requests in flight and close the database)',
);
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

console.log(
  `production-smoke OK (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}): ready in ${readyIn} s; /healthz, /readyz, ` +
    `a page drawn in English, 404 for an unknown page, the API, a sign-in; JSON request log; stopped by SIGTERM in ` +
    `${((performance.now() - stopping) / 1000).toFixed(1)} s with nothing left running`,
);
