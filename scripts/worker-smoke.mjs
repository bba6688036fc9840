#!/usr/bin/env node
// Smoke test of the Cloudflare Workers entry: starts `wrangler dev --local` (workerd, offline) with the
// Hyperdrive binding pointed at a local PostgreSQL, checks /readyz and catalog.categories, stops it.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/tahaleel_worker node scripts/worker-smoke.mjs
//
// The database must already be migrated and seeded (from Node; the Worker never migrates):
//   DATABASE_URL=... npm run db:migrate && DATABASE_URL=... npm run db:seed
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const wranglerBin = resolve(root, 'node_modules/wrangler/bin/wrangler.js');
const assetsDir = resolve(root, 'dist/client');
const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/tahaleel_worker';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const EXPECTED_CATEGORIES = 11;

const started = performance.now();
const seconds = (from = started) => ((performance.now() - from) / 1000).toFixed(1);

/** @type {import('node:child_process').ChildProcess | undefined} */
let wrangler;
const output = [];

class SmokeFailure extends Error {
  constructor(message, { showLog = true } = {}) {
    super(message);
    this.showLog = showLog;
  }
}

function fail(message, options) {
  throw new SmokeFailure(message, options);
}

/** Asks PostgreSQL directly (from Node) why the Worker cannot use the database. */
async function diagnoseDatabase() {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return 'Node reaches the database, so the problem is on the Worker side (see the wrangler output).';
    } finally {
      await client.end().catch(() => {});
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const missing = /does not exist/.test(reason)
      ? ` Create it with: createdb -h <host> -U <user> ${new URL(databaseUrl).pathname.slice(1)}`
      : '';
    return `From Node: ${reason}.${missing}`;
  }
}

/** Miniflare's Hyperdrive emulation rejects a connection string without a password, even for
 *  trust-auth servers; a placeholder is harmless there (the server ignores it). */
function hyperdriveConnectionString(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    fail(`DATABASE_URL is not a URL: ${url}`);
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol)) fail(`DATABASE_URL must be a postgresql:// URL, got ${parsed.protocol}`);
  if (!parsed.password) parsed.password = 'local-trust-auth';
  return parsed.toString();
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether a live (not zombie) process is left in the process group `pgid`. */
function groupAlive(pgid) {
  if (existsSync('/proc/self/stat')) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // pid (comm) state ppid pgrp ...; comm may contain spaces, so split after the last ')'.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
      } catch {
        // the process went away while we looked
      }
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @type {Promise<void> | undefined} */
let stopping;
let interrupted = false;

/** SIGINT wrangler (it shuts workerd down), then make sure nothing of its process group survives. */
function stopWrangler() {
  stopping ??= stop();
  return stopping;
}

async function stop() {
  const child = wrangler;
  if (!child?.pid) return;
  const pid = child.pid;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // already gone
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  await Promise.race([exited, new Promise((done) => setTimeout(done, STOP_TIMEOUT_MS))]);
  // wrangler's children (workerd, esbuild) share its process group: wait for them too.
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  if (groupAlive(pid)) {
    console.error('wrangler did not stop on SIGINT; killing its process group.');
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

async function getJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

async function waitForHealthz(baseUrl) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (interrupted) fail('interrupted');
    if (wrangler?.exitCode !== null || wrangler?.signalCode !== null) {
      // wrangler's local Hyperdrive proxy crashes wrangler when PostgreSQL refuses the connection.
      fail(`wrangler exited early (code ${wrangler?.exitCode ?? wrangler?.signalCode}). ${await diagnoseDatabase()}`);
    }
    try {
      const { status, text } = await getJson(`${baseUrl}/readyz`);
      if (status === 200) return;
      last = `HTTP ${status} ${text.slice(0, 200)}`;
      // The Worker answers but the database does not: no point waiting the full minute.
      if (status === 503) {
        fail(
          `/readyz answered 503: the Worker cannot reach ${redact(databaseUrl)} through the Hyperdrive binding. ` +
            (await diagnoseDatabase()),
        );
      }
    } catch (error) {
      if (error instanceof SmokeFailure) throw error;
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  fail(`/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${last}).`);
}

async function main() {
  if (!existsSync(wranglerBin)) fail(`wrangler is not installed (${wranglerBin}); run npm install.`);
  if (!existsSync(assetsDir)) {
    // wrangler refuses to start when [assets].directory is missing; the smoke test only needs the API.
    mkdirSync(assetsDir, { recursive: true });
    console.log(`Created an empty ${assetsDir} for wrangler (run \`npm run build\` to serve the client).`);
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  wrangler = spawn(
    process.execPath,
    [
      wranglerBin,
      'dev',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--show-interactive-dev-session=false',
      '--var',
      `PUBLIC_URL:http://localhost:${port}`,
    ],
    {
      cwd: root,
      // Own process group, so a stuck workerd can be killed with the group.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: hyperdriveConnectionString(databaseUrl),
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
    },
  );
  for (const stream of [wrangler.stdout, wrangler.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk) => output.push(chunk));
  }

  const spawnedAt = performance.now();
  await waitForHealthz(baseUrl);
  const readyIn = seconds(spawnedAt);

  const { status, body, text } = await getJson(`${baseUrl}/trpc/catalog.categories`);
  if (status !== 200) {
    fail(
      `/trpc/catalog.categories answered HTTP ${status}: ${text.slice(0, 300)}\n` +
        `Is the database migrated and seeded? DATABASE_URL=${redact(databaseUrl)} npm run db:migrate && ` +
        `DATABASE_URL=${redact(databaseUrl)} npm run db:seed`,
    );
  }
  const categories = body?.result?.data;
  if (!Array.isArray(categories)) fail(`/trpc/catalog.categories did not answer a list: ${text.slice(0, 300)}`);
  if (categories.length === 0) {
    fail(
      `catalog.categories is empty: ${redact(databaseUrl)} is not seeded. Run:\n` +
        `  DATABASE_URL=${redact(databaseUrl)} npm run db:migrate && DATABASE_URL=${redact(databaseUrl)} npm run db:seed`,
      { showLog: false },
    );
  }
  if (categories.length !== EXPECTED_CATEGORIES) {
    fail(`expected ${EXPECTED_CATEGORIES} categories, got ${categories.length}.`);
  }
  const unnamed = categories.filter(
    (category) => typeof category?.name_ar !== 'string' || !category.name_ar || typeof category?.name_en !== 'string' || !category.name_en,
  );
  if (unnamed.length > 0) fail(`categories without name_ar/name_en: ${JSON.stringify(unnamed).slice(0, 300)}`);

  console.log(
    `worker-smoke OK: wrangler dev ready in ${readyIn} s; /readyz 200; catalog.categories ${categories.length} ` +
      `categories (first: ${categories[0].name_en} / ${categories[0].name_ar}) from ${redact(databaseUrl)} ` +
      `via Hyperdrive; total ${seconds()} s`,
  );
}

let exitCode = 0;
const onSignal = () => {
  interrupted = true;
  console.error('worker-smoke interrupted: stopping wrangler…');
  void stopWrangler().finally(() => process.exit(130));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

try {
  await main();
} catch (error) {
  exitCode = 1;
  if (!interrupted) {
    console.error(`worker-smoke FAILED: ${error instanceof SmokeFailure ? error.message : error}`);
    const log = output.join('').trim();
    const showLog = !(error instanceof SmokeFailure) || error.showLog;
    if (log && showLog) console.error(`--- wrangler output (last 40 lines) ---\n${log.split('\n').slice(-40).join('\n')}`);
  }
} finally {
  await stopWrangler();
}
process.exit(interrupted ? 130 : exitCode);
