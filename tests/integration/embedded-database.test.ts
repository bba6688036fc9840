// The embedded database across real processes: one process per data directory, a lock that a killed
// process does not leave behind, and backups that restore (ADR 0018).

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withServerNodeOptions } from '../../scripts/server-node-options.mjs';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { holderScript } from '../setup/embedded-database-holder.ts';

const projectRoot = resolve(import.meta.dirname, '../..');
/** The run against a PostgreSQL server (CI's second run) has nothing to add here: every case is PGlite's. */
const serverRun = Boolean(process.env.DATABASE_URL);
let dataDir: string;
let databaseDir: string;
const children: ChildProcess[] = [];

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnTs(file: string, args: string[], env: Record<string, string>) {
  // Node itself, not the tsx CLI, so that the child's pid is the pid of the process opening the database.
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: projectRoot,
    env: withServerNodeOptions({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...env }),
  });
}

function run(file: string, args: string[] = [], env: Record<string, string> = {}): Promise<Finished> {
  const child = spawnTs(file, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A real server on the data directory; resolves once it answers HTTP, with the database open. */
async function startServer(): Promise<ChildProcess> {
  const port = await freePort();
  const server = track(spawnTs('src/server/node.ts', [], { PORT: String(port) }));
  while (server.exitCode === null) {
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (answered) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server exited (${server.exitCode})`);
}

/** Another process with the database open through connectDatabase; resolves once it has it. */
function holdDatabase(): Promise<ChildProcess> {
  const holder = track(spawnTs(holderScript, [], {}));
  return new Promise((resolve, reject) => {
    holder.stdout.on('data', (chunk) => String(chunk).includes('holding') && resolve(holder));
    holder.on('exit', (code) => reject(new Error(`the holding process exited (${code})`)));
  });
}

/** Stopped with SIGTERM after each test, unless the test ended it. */
function track<Child extends ChildProcess>(child: Child): Child {
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.on('exit', () => resolve()));
}

async function subscribers(): Promise<string[]> {
  const { db } = await connectDatabase({ dataDir });
  try {
    const rows = await db.selectFrom('newsletter_subscriptions').select('email').orderBy('email').execute();
    return rows.map((row) => row.email);
  } finally {
    await db.destroy();
  }
}

async function subscribe(email: string): Promise<void> {
  const { db } = await connectDatabase({ dataDir });
  try {
    await db.insertInto('newsletter_subscriptions').values({ email }).execute();
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  if (serverRun) return;
  dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-embedded-'));
  databaseDir = join(dataDir, 'pglite');
  // Migrated and seeded by the script, so that no test pays for a server's first start.
  const seeded = await run('scripts/db-seed.ts');
  expect(seeded.stderr).toBe('');
  expect(seeded.code).toBe(0);
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGTERM');
    await exited(child);
  }
});

afterAll(() => dataDir && rm(dataDir, { recursive: true, force: true }));

describe.skipIf(serverRun)('one process per embedded database', () => {
  it('refuses a second server and the scripts while a server runs, naming the directory and the running process', async () => {
    const running = await startServer();

    const [second, migrate] = await Promise.all([
      run('src/server/node.ts', [], { PORT: String(await freePort()) }),
      run('scripts/db-migrate.ts'),
    ]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The embedded database in ${databaseDir} is in use by process ${running.pid} (node.ts, started `);
    expect(second.stderr).toContain('stop that process first, or give this one another DATA_DIR');
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain(`The embedded database in ${databaseDir} is in use by process ${running.pid}`);
  }, 60_000);

  it('lets the next process in at once after the process holding the database was killed with SIGKILL', async () => {
    const killed = await holdDatabase();
    killed.kill('SIGKILL');
    await exited(killed);
    expect(existsSync(`${databaseDir}.lock`)).toBe(true);

    const migrate = await run('scripts/db-migrate.ts');
    expect(migrate.stderr).toBe('');
    expect(migrate.stdout).toContain(`pglite at ${databaseDir} is up to date.`);
    expect(existsSync(`${databaseDir}.lock`)).toBe(false);
  });
});

describe.skipIf(serverRun)('a lock the pid cannot vouch for', () => {
  it('holds while a process in another container keeps its heartbeat, and lapses 30 s after it stops', async () => {
    const directory = join(dataDir, 'shared-volume');
    const lockFile = `${directory}.lock`;
    const otherContainer = { pid: 7, hostname: 'web-2', pidNamespace: null, since: '2026-11-23T08:00:00.000Z', command: 'node.ts' };
    await writeFile(lockFile, JSON.stringify(otherContainer));

    await expect(lockDataDir(directory)).rejects.toThrow(
      `The embedded database in ${directory} is in use by process 7 on host web-2 (node.ts, started 2026-11-23T08:00:00.000Z).`,
    );

    const lastHeartbeat = new Date(Date.now() - 31_000);
    await utimes(lockFile, lastHeartbeat, lastHeartbeat);
    const lock = await lockDataDir(directory);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock file left empty by a crash', async () => {
    const directory = join(dataDir, 'after-a-power-cut');
    await writeFile(`${directory}.lock`, '');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(`${directory}.lock`, longAgo, longAgo);

    const lock = await lockDataDir(directory);
    lock.release();
    expect(existsSync(`${directory}.lock`)).toBe(false);
  });
});

describe.skipIf(serverRun)('backups of the embedded database', () => {
  it('restores the data as it was at the backup, replacing a database only with --force', async () => {
    const backup = join(dataDir, 'backups', 'before.tar.gz');
    await subscribe('before-backup@example.sa');
    const backedUp = await run('scripts/db-backup.ts', [backup]);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toContain(`Backed up the embedded database in ${databaseDir} to ${backup}`);
    await subscribe('after-backup@example.sa');

    const unforced = await run('scripts/db-restore.ts', [backup]);
    expect(unforced.code).toBe(1);
    expect(unforced.stderr).toContain(`${databaseDir} already holds a database: add --force to replace it`);
    expect(await subscribers()).toEqual(['after-backup@example.sa', 'before-backup@example.sa']);

    const restored = await run('scripts/db-restore.ts', [backup, '--force']);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backup} into ${databaseDir}`);
    expect(await subscribers()).toEqual(['before-backup@example.sa']);
  }, 60_000);

  it('refuses to back up or restore while another process has the database open', async () => {
    const backup = join(dataDir, 'backups', 'while-held.tar.gz');
    const holder = await holdDatabase();

    const backedUp = await run('scripts/db-backup.ts', [backup]);
    expect(backedUp.code).toBe(1);
    expect(backedUp.stderr).toContain(`is in use by process ${holder.pid}`);
    expect(existsSync(backup)).toBe(false);

    const restored = await run('scripts/db-restore.ts', [join(dataDir, 'backups', 'before.tar.gz'), '--force']);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain(`The embedded database in ${databaseDir} is in use by process ${holder.pid}`);
  });

  it('points to pg_dump and pg_restore when DATABASE_URL names a server', async () => {
    const server = { DATABASE_URL: 'postgres://tahaleel@db.example.sa/tahaleel' };
    const backedUp = await run('scripts/db-backup.ts', [], server);
    expect(backedUp.code).toBe(1);
    expect(backedUp.stderr).toContain('Back a PostgreSQL server up with pg_dump -Fc');
    const restored = await run('scripts/db-restore.ts', ['backup.dump'], server);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain('Restore a PostgreSQL server with pg_restore');
  });
});
