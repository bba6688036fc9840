#!/usr/bin/env node
// Smoke test of the Cloudflare Workers entry: starts `wrangler dev --local` (workerd, offline) with the
// Hyperdrive binding pointed at a local PostgreSQL and the R2 bucket simulated on disk, then checks
// /readyz, catalog.categories, a page drawn by the Worker (and "not found", a file, a client-drawn
// page), the demo customer's and lab's sign-in, a booking, the lab's result upload (kept in R2) and
// the customer's download of it; stops it.
//
//   npm run build
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/tahaleel_worker node scripts/worker-smoke.mjs
//
// The database must already be migrated and seeded (from Node; the Worker never migrates):
//   DATABASE_URL=... npm run db:migrate && DATABASE_URL=... npm run db:seed
// Each run books one more slot of the demo lab and stores one more result file for it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const wranglerBin = resolve(root, 'node_modules/wrangler/bin/wrangler.js');
const builtFiles = ['dist/client/index.html', 'dist/server/entry-server.js'].map((file) => resolve(root, file));
const databaseUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/tahaleel_worker';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const EXPECTED_CATEGORIES = 11;
const DEMO_PASSWORD = 'tahaleel-demo';
const DEMO_CUSTOMER = 'customer@demo.tahaleel.sa';
const DEMO_LAB = 'lab@demo.tahaleel.sa';
/** The smallest file the result upload takes for a PDF (it checks the magic bytes). */
const RESULT_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const started = performance.now();
const seconds = (from = started) => ((performance.now() - from) / 1000).toFixed(1);

/** @type {import('node:child_process').ChildProcess | undefined} */
let wrangler;
const persistDir = mkdtempSync(join(tmpdir(), 'tahaleel-worker-smoke-'));
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

/** One request to the Worker: its status, headers and body (bytes, text, and JSON when it is JSON). */
async function call(url, { method = 'GET', headers = {}, body, timeoutMs = 30_000 } = {}) {
  const response = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, text, body: json };
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
      const { status, text } = await call(`${baseUrl}/readyz`, { timeoutMs: 10_000 });
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

/** The API as the browser calls it: tRPC over HTTP (no transformer), mutations from the site's own origin. */
function workerApi(baseUrl, publicUrl) {
  const data = (procedure, answer) => {
    if (answer.status !== 200 || answer.body?.result === undefined) {
      fail(`${procedure} answered HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    return answer.body.result.data;
  };
  return {
    async query(procedure, input, cookie) {
      const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return data(procedure, await call(`${baseUrl}/trpc/${procedure}${search}`, { headers: cookie ? { cookie } : {} }));
    },
    async mutate(procedure, input, cookie) {
      const answer = await call(`${baseUrl}/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(input),
      });
      return { data: data(procedure, answer), setCookies: answer.headers.getSetCookie() };
    },
  };
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The pages the Worker draws (in the cookie's language, with the catalog), "not found", a file, a client page. */
async function checkPages(baseUrl, categories) {
  const english = { cookie: 'tahaleel_locale=en' };
  const homeStarted = performance.now();
  const home = await call(`${baseUrl}/`, { headers: english });
  const homeMs = Math.round(performance.now() - homeStarted);
  if (home.status !== 200) fail(`/ answered HTTP ${home.status}: ${home.text.slice(0, 300)}`);
  if (!home.text.includes('<html lang="en" dir="ltr"')) fail('/ was not drawn on the server in English: no <html lang="en" dir="ltr">.');
  // The home page's strip shows some of the categories, in English: data from the database, drawn here.
  const shown = categories.filter((category) => home.text.includes(`>${escapeHtml(category.name_en)}<`));
  if (shown.length === 0) fail('/ shows none of the categories in English: it was not drawn with the catalog.');
  if (!home.text.includes('id="tahaleel-query-state"')) fail('/ carries no query state for the client to take over.');

  const labsStarted = performance.now();
  const labs = await call(`${baseUrl}/labs`);
  const labsMs = Math.round(performance.now() - labsStarted);
  if (labs.status !== 200 || !labs.text.includes('<html lang="ar" dir="rtl"')) {
    fail(`/labs without a language cookie was not drawn in Arabic (HTTP ${labs.status}).`);
  }

  const missing = await call(`${baseUrl}/no-such-page`, { headers: english });
  if (missing.status !== 404 || !missing.text.includes('<html lang="en"')) {
    fail(`/no-such-page answered HTTP ${missing.status}, not 404 with the "not found" page drawn in English.`);
  }
  const file = await call(`${baseUrl}/boot-locale.js`);
  if (file.status !== 200 || !/javascript/.test(file.headers.get('content-type') ?? '')) {
    fail(`/boot-locale.js answered HTTP ${file.status} (${file.headers.get('content-type')}), not the file from ASSETS.`);
  }
  // The dashboards are drawn for the session's person: without one, the server sends the reader to sign in.
  const dashboard = await call(`${baseUrl}/dashboard`);
  const signInAt = dashboard.headers.get('location') ?? '';
  if (dashboard.status !== 307 || !signInAt.includes('sign_in=%2Fdashboard')) {
    fail(`/dashboard without a session answered HTTP ${dashboard.status} (location ${signInAt || 'none'}), not 307 to the sign-in dialog.`);
  }
  // The checkout is drawn without the cart (the browser's), its heading and payment there already.
  const checkout = await call(`${baseUrl}/checkout`);
  if (checkout.status !== 200 || !checkout.text.includes('إتمام الطلب') || !checkout.text.includes('aria-busy="true"')) {
    fail(`/checkout answered HTTP ${checkout.status}, not the checkout drawn with place-holders for the cart.`);
  }
  const clientPage = await call(`${baseUrl}/success`);
  if (clientPage.status !== 200 || !clientPage.text.includes('<div id="root"></div>')) {
    fail(`/success answered HTTP ${clientPage.status}, not the client-drawn index.html.`);
  }
  return `/ (en) 200 in ${homeMs} ms (the isolate's first page; ${shown.length} categories shown), /labs (ar) 200 in ${labsMs} ms; /no-such-page 404; /boot-locale.js 200 from ASSETS; /dashboard 307 to ${signInAt}; /checkout 200 drawn; /success 200 client-drawn`;
}

/** The stored hash's cost, read from the database, to say what a sign-in's time was spent on. */
async function hashCostOf(email) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select password_hash from users where email = $1', [email]);
    const [, n, r, p] = String(rows[0]?.password_hash).split('$');
    return `N=2^${Math.log2(Number(n))} r=${r} p=${p}`;
  } finally {
    await client.end();
  }
}

async function signIn(api, email) {
  const started = performance.now();
  const { data: user, setCookies } = await api.mutate('auth.signIn', { email, password: DEMO_PASSWORD });
  const ms = Math.round(performance.now() - started);
  const cookie = setCookies
    .map((line) => line.split(';')[0])
    .filter((pair) => /session=./.test(pair))
    .join('; ');
  if (!cookie) fail(`auth.signIn as ${email} set no session cookie.`);
  return { user, cookie, ms, cost: await hashCostOf(email) };
}

/** The customer books the demo lab's first test at the last free slot of the first day it has one. */
async function bookDemoLab(api, customer, lab) {
  const { tests } = await api.query('catalog.lab', { labId: lab.user.id });
  const offering = tests?.[0];
  if (!offering) fail(`${DEMO_LAB} offers no test: is the database seeded?`);
  for (let day = 0; day < 14; day++) {
    // The lab's calendar day (the demo labs are in Asia/Riyadh).
    const date = new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
    // The times of this test, as the booking panel asks (one needing fasting is kept to the morning).
    const slots = await api.query('booking.availableSlots', { labId: lab.user.id, date, labTestId: offering.lab_test_id }, customer.cookie);
    const slot = slots.at(-1);
    if (!slot) continue;
    const item = { labTestId: offering.lab_test_id, bookingTime: slot.starts_at };
    await api.mutate('booking.holdSlot', item, customer.cookie);
    const { data: checkout } = await api.mutate(
      'booking.create',
      { items: [item], idempotencyKey: `worker-smoke-${crypto.randomUUID()}` },
      customer.cookie,
    );
    const booking = checkout.bookings?.[0];
    if (booking?.status !== 'confirmed') fail(`booking.create did not confirm a booking: ${JSON.stringify(checkout).slice(0, 300)}`);
    return { booking, testName: offering.name_en };
  }
  fail(`${DEMO_LAB} has no free slot in the next 14 days.`);
}

/** How many objects `wrangler dev` keeps in its local R2 buckets (miniflare writes each as a file under `blobs`). */
function objectsInLocalR2(persistDir) {
  const r2 = join(persistDir, 'v3', 'r2');
  if (!existsSync(r2)) return 0;
  return readdirSync(r2, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && /[\\/]blobs([\\/]|$)/.test(entry.parentPath),
  ).length;
}

/** The lab uploads a result for the booking (kept in the R2 bucket); the customer downloads the same bytes. */
async function uploadAndDownloadResult(baseUrl, publicUrl, { booking, customer, lab, persistDir }) {
  const form = new FormData();
  form.set('bookingId', booking.id);
  form.set('file', new File([RESULT_PDF], 'worker smoke result.pdf', { type: 'application/pdf' }));
  const upload = await call(`${baseUrl}/files/results`, { method: 'POST', headers: { origin: publicUrl, cookie: lab.cookie }, body: form });
  if (upload.status !== 201 || !upload.body?.result?.id)
    fail(`the result upload answered HTTP ${upload.status}: ${upload.text.slice(0, 300)}`);
  if (objectsInLocalR2(persistDir) === 0) fail(`the upload left nothing in the local R2 bucket (${persistDir}).`);

  const download = await call(`${baseUrl}/files/results/${upload.body.result.id}`, { headers: { cookie: customer.cookie } });
  if (download.status !== 200) fail(`the customer's download answered HTTP ${download.status}: ${download.text.slice(0, 300)}`);
  const type = download.headers.get('content-type');
  const same = download.bytes.length === RESULT_PDF.length && download.bytes.every((byte, i) => byte === RESULT_PDF[i]);
  if (type !== 'application/pdf' || !same)
    fail(`the customer downloaded ${download.bytes.length} bytes of ${type}, not the PDF the lab uploaded.`);
  return `${download.bytes.length} bytes, ${type}`;
}

/** The booking's simplified tax invoice, as the customer downloads it: a PDF drawn by the Worker (pdfkit, the app's Arabic font). */
async function downloadInvoice(api, baseUrl, customer, booking) {
  const invoices = await api.query('billing.invoices', undefined, customer.cookie);
  const items = Array.isArray(invoices) ? invoices : (invoices?.items ?? []);
  const invoice = items.find((row) => row.kind === 'invoice') ?? items[0];
  if (!invoice?.id) fail(`billing.invoices lists no invoice after booking ${booking.id}: ${JSON.stringify(invoices).slice(0, 300)}`);
  const pdf = await call(`${baseUrl}/invoices/${invoice.id}.pdf`, { headers: { cookie: customer.cookie } });
  const head = new TextDecoder().decode(pdf.bytes.slice(0, 5));
  if (pdf.status !== 200 || head !== '%PDF-' || pdf.headers.get('content-type') !== 'application/pdf')
    fail(`the invoice ${invoice.number} answered HTTP ${pdf.status} (${pdf.headers.get('content-type')}): ${pdf.text.slice(0, 300)}`);
  return `${invoice.number}, ${pdf.bytes.length} bytes`;
}

async function main() {
  if (!existsSync(wranglerBin)) fail(`wrangler is not installed (${wranglerBin}); run npm install.`);
  const missingBuild = builtFiles.filter((file) => !existsSync(file));
  // wrangler bundles the page renderer into the Worker and serves dist/client: both come from the build.
  if (missingBuild.length > 0) fail(`${missingBuild.join(' and ')} missing: run \`npm run build\` first.`, { showLog: false });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const publicUrl = `http://localhost:${port}`;
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
      `PUBLIC_URL:${publicUrl}`,
      // A deployment sets it as a secret (`wrangler secret put RESULTS_ENCRYPTION_KEY`): result files are
      // sealed with it (ADR 0021). This run's own key, thrown away with its R2 folder.
      '--var',
      `RESULTS_ENCRYPTION_KEY:${randomBytes(32).toString('base64')}`,
      // The R2 bucket (and any other local state) in a folder of this run's own, removed at the end.
      '--persist-to',
      persistDir,
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
  console.log(`worker-smoke: wrangler dev ready in ${seconds(spawnedAt)} s; /readyz 200`);

  const { status, body, text } = await call(`${baseUrl}/trpc/catalog.categories`);
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
    `worker-smoke: catalog.categories ${categories.length} categories (first: ${categories[0].name_en} / ` +
      `${categories[0].name_ar}) from ${redact(databaseUrl)} via Hyperdrive`,
  );

  console.log(`worker-smoke: pages drawn by the Worker: ${await checkPages(baseUrl, categories)}`);

  const api = workerApi(baseUrl, publicUrl);
  const customer = await signIn(api, DEMO_CUSTOMER);
  const lab = await signIn(api, DEMO_LAB);
  console.log(
    `worker-smoke: signed in ${DEMO_CUSTOMER} in ${customer.ms} ms (scrypt ${customer.cost}) and ${DEMO_LAB} in ${lab.ms} ms (scrypt ${lab.cost})`,
  );

  const { booking, testName } = await bookDemoLab(api, customer, lab);
  console.log(`worker-smoke: booked ${testName} at ${booking.booking_time} (booking ${booking.id}, ${booking.status})`);
  console.log(
    `worker-smoke: the customer downloaded the booking's tax invoice as a PDF (${await downloadInvoice(api, baseUrl, customer, booking)})`,
  );

  const download = await uploadAndDownloadResult(baseUrl, publicUrl, { booking, customer, lab, persistDir });
  console.log(`worker-smoke: the lab uploaded a result to R2; the customer downloaded it (${download})`);

  console.log(`worker-smoke OK: total ${seconds()} s`);
}

let exitCode = 0;
const onSignal = () => {
  interrupted = true;
  console.error('worker-smoke interrupted: stopping wrangler…');
  void stopWrangler().finally(() => {
    rmSync(persistDir, { recursive: true, force: true });
    process.exit(130);
  });
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
  rmSync(persistDir, { recursive: true, force: true });
}
process.exit(interrupted ? 130 : exitCode);
