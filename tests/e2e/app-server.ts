import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openPGliteInstance } from '../../src/server/db/pglite.ts';
import { type FakeUnifonic, startFakeUnifonic } from '../fakes/unifonic.ts';
import { type BlankTileServer, startBlankTileServer } from '../setup/blank-tiles.ts';
import { startFakeGoogle } from '../setup/fake-google.ts';
import { startS3Server } from '../setup/s3.ts';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp.ts';

/** The client the e2e servers know Google by (its token endpoint is the fake's). */
export const E2E_GOOGLE_CLIENT = { id: 'e2e-client.apps.googleusercontent.com', secret: 'e2e-secret' };

/** The first worker's port; worker N listens on BASE_PORT + N (E2E_PORT moves the range). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const STARTUP_TIMEOUT_MS = 120_000;
/** The server as production runs it (`npm run build` compiles it; `npm run serve` starts it). */
const COMPILED_SERVER = 'dist/node/src/server/node.js';
/** The embedded database as the first start leaves it (migrated and seeded), made once a run (`seedDatabaseTemplate`). */
const TEMPLATE_DATA_DIR = resolve('.data/e2e/template');

/** The compiled server, as `npm run serve` runs it. */
function compiledServer(): string {
  if (!existsSync(COMPILED_SERVER)) throw new Error(`no ${COMPILED_SERVER}: run \`npm run build\` first (\`npm run test:e2e\` does)`);
  return COMPILED_SERVER;
}

/** The run's results key: made by the global setup, inherited by the workers through the environment. */
function runResultsKey(): string {
  process.env.E2E_RESULTS_KEY ??= randomBytes(32).toString('base64');
  return process.env.E2E_RESULTS_KEY;
}

/** What every e2e server runs with: as production runs it, with the test suite's password cost. */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    PASSWORD_COST: 'test-only',
    PUBLIC_URL: `http://localhost:${port}`,
    // Results are sealed (docs/decisions/0021, 0057) and the seed writes the Premium customer's under
    // the template's key: one key for the run, which the global setup sets and the workers inherit.
    RESULTS_ENCRYPTION_KEY: runResultsKey(),
  };
}

/**
 * Playwright's global setup: the embedded database as `npm start` seeds it, from the dump `npm test`
 * makes once (scripts/seeded-dump.ts), started once by the server (which adds what needs the run's
 * results key: the Premium customer's sealed results) and stopped. Every worker's server then starts
 * from a copy of that database instead of migrating and seeding its own.
 */
export async function seedDatabaseTemplate(seededDump: string): Promise<void> {
  await rm(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  await mkdir(TEMPLATE_DATA_DIR, { recursive: true });
  const pglite = await openPGliteInstance(join(TEMPLATE_DATA_DIR, 'pglite'), { loadDataDir: new Blob([await readFile(seededDump)]) });
  await pglite.close();
  const port = BASE_PORT + 99;
  const child = spawn(process.execPath, [compiledServer()], {
    env: serverEnv(port, TEMPLATE_DATA_DIR),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilHealthy(`http://localhost:${port}`, child);
  } finally {
    await stopProcess(child);
  }
}

/** The AppSid the e2e servers send their text messages with, to the worker's fake Unifonic. */
const E2E_UNIFONIC_APP_SID = 'e2e-app-sid';

export interface AppServer {
  url: string;
  dataDir: string;
  /** The SMTP server the app's mail goes to (SMTP_URL), in this worker's process: read what people receive. */
  mailbox: TestSmtpServer;
  /** The map's tiles (blank), so no test fetches tiles from outside. */
  tiles: BlankTileServer;
  /** Unifonic's SMS API as a fake (tests/fakes/unifonic.ts), which the app's text messages go to: read what phones receive. */
  sms: FakeUnifonic;
  /** Google's token endpoint as a fake (tests/setup/fake-google.ts); the browser's visit to Google is routed by the test. */
  google: Awaited<ReturnType<typeof startFakeGoogle>>;
  stop(): Promise<void>;
}

/**
 * One server per Playwright worker, on a fresh embedded database of its own, seeded on first start as
 * `npm start` does: a worker's tests never meet another worker's people, bookings or stock. It runs the
 * built client and the compiled server as production does, and trusts X-Forwarded-For as behind a proxy (fixtures.ts
 * gives every browser context its own client address, so the per-address limits see one visitor each).
 * Its mail goes over SMTP to a real SMTP server in this worker (`mailbox`), its result files to a real
 * S3-protocol server (s3rver). Its output goes to
 * `<dataDir>/server.log`.
 */
export async function startAppServer(
  workerIndex: number,
  /**
   * A second server of the worker with settings of its own (a spec paying at the Moyasar fake): its
   * name keeps its data apart, and its port is 50 above the worker's.
   */
  variant?: { name: string; env: Record<string, string> },
): Promise<AppServer> {
  const port = BASE_PORT + workerIndex + (variant ? 50 : 0);
  const url = `http://localhost:${port}`;
  const dataDir = resolve(`.data/e2e/worker-${workerIndex}${variant ? `-${variant.name}` : ''}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  // The seeded database of this run, when the global setup made it; otherwise the server seeds its own.
  const template = join(TEMPLATE_DATA_DIR, 'pglite');
  if (existsSync(template)) await cp(template, join(dataDir, 'pglite'), { recursive: true });
  const log = createWriteStream(resolve(dataDir, 'server.log'));
  const mailbox = await startSmtpServer();
  const google = await startFakeGoogle(E2E_GOOGLE_CLIENT.id, E2E_GOOGLE_CLIENT.secret);
  // Result files go to an S3-protocol server, as in production with several instances.
  const s3 = await startS3Server();
  const tiles = await startBlankTileServer();
  const sms = await startFakeUnifonic({ appSid: E2E_UNIFONIC_APP_SID });
  const child = spawn(process.execPath, ['--enable-source-maps', compiledServer()], {
    env: {
      ...serverEnv(port, dataDir),
      TRUST_PROXY: 'true',
      SMTP_URL: mailbox.url,
      SMS_PROVIDER: 'unifonic',
      UNIFONIC_API_URL: sms.url,
      UNIFONIC_APP_SID: E2E_UNIFONIC_APP_SID,
      UNIFONIC_SENDER_ID: 'Tahaleel',
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT.secret,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      // Two of the footer's four networks: the others, unset, are not shown (front-of-house.spec.ts).
      SOCIAL_X_URL: 'https://x.com/tahaleel',
      SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/tahaleel',
      MAP_TILES_URL: tiles.urlTemplate,
      ...variant?.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${workerIndex}] ${chunk}`));
  await waitUntilHealthy(url, child);
  return {
    url,
    dataDir,
    mailbox,
    sms,
    tiles,
    google,
    stop: async () => {
      await stopProcess(child);
      await Promise.all([mailbox.close(), sms.close(), google.close(), s3.close(), tiles.close()]);
    },
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode} before it answered`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the e2e server at ${url} did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}
