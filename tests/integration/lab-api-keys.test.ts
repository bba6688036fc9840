import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { authenticateLabApiKey, limitLabApiKey } from '../../src/server/modules/lab-api-keys/lab-api-keys.service.ts';
import { hashPassword } from '../../src/server/platform/password.ts';
import { PASSWORD_CONFIRMATION_MINUTES } from '../../src/server/platform/session.ts';
import { LAB_API_KEYS_ACTIVE_MAX } from '../../src/shared/lab-api-key-schemas.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// A lab's API keys for its own laboratory information system (issue #53 item 3, ADR 0059): made under
// Settings (shown once, kept hashed), named, revocable, scoped to the lab; and by operators on the
// command line (npm run lab:api-key).

const projectRoot = resolve(import.meta.dirname, '../..');
const KEY = /^thk_[a-z2-7]{52}$/;

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const approvedLab = () => createTestUser(database.db, 'lab', { approved: true });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as { code: string; cause?: { code?: string; details?: Record<string, unknown> } },
  );
  return { code: error.code, appCode: error.cause?.code, details: error.cause?.details };
}

async function makeKey(lab: TestUser, name = 'نظام المختبر') {
  return (await callerFor(database.db, lab)).labApiKeys.create({ name });
}

const bearer = (key: string) => `Bearer ${key}`;

describe('making a key under Settings', () => {
  it('shows the key once, and the list shows its name and prefix but never the key', async () => {
    const lab = await approvedLab();
    const made = await makeKey(lab, '  LabWare LIS  ');
    expect(made.key).toMatch(KEY);

    const list = await (await callerFor(database.db, lab)).labApiKeys.list();
    expect(list).toEqual([
      {
        id: made.id,
        name: 'LabWare LIS',
        prefix: made.key.slice(0, 12),
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(made.key.slice(12));
    expect(JSON.stringify(made.keys)).not.toContain(made.key.slice(12));
  });

  it('keeps no key in the database: only its SHA-256, in the table and the audit log alike', async () => {
    const lab = await approvedLab();
    const { key, id } = await makeKey(lab);
    const secret = key.slice(12);
    const rows = await database.db.selectFrom('lab_api_keys').selectAll().where('lab_id', '=', lab.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const audit = await database.db.selectFrom('audit_log').selectAll().where('subject_id', '=', id).execute();
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([['lab_api_key.create', lab.id]]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('asks for the password again when it was entered more than 15 minutes ago, and makes nothing until then', async () => {
    const password = 'Mukhtabar-Riyadh-2026';
    const stale = new Date(Date.now() - (PASSWORD_CONFIRMATION_MINUTES + 1) * 60_000);
    const lab = await createTestUser(database.db, 'lab', { approved: true, passwordConfirmedAt: stale });
    await database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', lab.id)
      .execute();
    const api = await callerFor(database.db, lab);

    expect(await refusal(api.labApiKeys.create({ name: 'LIS' }))).toMatchObject({
      code: 'FORBIDDEN',
      appCode: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    expect(await api.labApiKeys.list()).toEqual([]);

    await api.auth.confirmPassword({ password });
    const again = await callerFor(database.db, lab);
    expect((await again.labApiKeys.create({ name: 'LIS' })).key).toMatch(KEY);
  });

  it('refuses a lab not approved yet', async () => {
    const pending = await createTestUser(database.db, 'lab', { approved: false });
    expect(await refusal(makeKey(pending))).toMatchObject({ code: 'FORBIDDEN', appCode: 'LAB_NOT_APPROVED' });
    const rows = await database.db.selectFrom('lab_api_keys').select('id').where('lab_id', '=', pending.id).execute();
    expect(rows).toEqual([]);
  });

  it('keeps names apart among working keys (a revoked key leaves its name free) and at most ten working at once', async () => {
    const lab = await approvedLab();
    const api = await callerFor(database.db, lab);
    const first = await api.labApiKeys.create({ name: 'LIS' });
    expect(await refusal(api.labApiKeys.create({ name: 'lis' }))).toMatchObject({
      appCode: 'CONFLICT',
      details: { reason: 'api_key_name_taken', field: 'name' },
    });
    await api.labApiKeys.revoke({ id: first.id });
    await api.labApiKeys.create({ name: 'LIS' });

    for (let index = 1; index < LAB_API_KEYS_ACTIVE_MAX; index++) await api.labApiKeys.create({ name: `LIS ${index}` });
    expect(await refusal(api.labApiKeys.create({ name: 'One too many' }))).toMatchObject({
      appCode: 'CONFLICT',
      details: { reason: 'api_key_limit', limit: LAB_API_KEYS_ACTIVE_MAX },
    });
    const list = await api.labApiKeys.list();
    expect(list.filter((key) => key.revoked_at === null)).toHaveLength(LAB_API_KEYS_ACTIVE_MAX);
  });

  it('refuses an empty or too long name', async () => {
    const lab = await approvedLab();
    expect(await refusal(makeKey(lab, '   '))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await refusal(makeKey(lab, 'x'.repeat(81)))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('a request with the key', () => {
  it('is the lab whose key it is, and its last use is written at most once a minute', async () => {
    const lab = await approvedLab();
    const { key, id } = await makeKey(lab);
    const start = new Date();
    expect(await authenticateLabApiKey(database.db, bearer(key), start)).toEqual({ labId: lab.id, keyId: id });
    expect(await authenticateLabApiKey(database.db, `bearer   ${key}`, start)).toEqual({ labId: lab.id, keyId: id });

    const lastUse = async () => (await (await callerFor(database.db, lab)).labApiKeys.list())[0]!.last_used_at;
    expect(await lastUse()).toBe(start.toISOString());
    await authenticateLabApiKey(database.db, bearer(key), new Date(start.getTime() + 30_000));
    expect(await lastUse()).toBe(start.toISOString());
    const later = new Date(start.getTime() + 90_000);
    await authenticateLabApiKey(database.db, bearer(key), later);
    expect(await lastUse()).toBe(later.toISOString());
  });

  it('is nobody without a key, with anything that is not one, or with a key one character off', async () => {
    const lab = await approvedLab();
    const { key } = await makeKey(lab);
    const changed = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    for (const header of [
      undefined,
      '',
      key,
      `Basic ${key}`,
      `Bearer ${changed}`,
      `Bearer ${key}x`,
      `Bearer ${key.toUpperCase()}`,
      'Bearer ',
    ]) {
      expect(await authenticateLabApiKey(database.db, header)).toBeNull();
    }
  });

  it('is nobody once the key is revoked, at once', async () => {
    const lab = await approvedLab();
    const { key, id } = await makeKey(lab);
    const api = await callerFor(database.db, lab);
    const list = await api.labApiKeys.revoke({ id });
    expect(list[0]).toMatchObject({ id, revoked_at: expect.any(String) });
    expect(await authenticateLabApiKey(database.db, bearer(key))).toBeNull();
    // Revoked once: a second revoke finds no working key.
    expect(await refusal(api.labApiKeys.revoke({ id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'lab_api_key.create', actor_id: lab.id },
      { action: 'lab_api_key.revoke', actor_id: lab.id },
    ]);
  });

  it('is nobody while the lab is not approved (its approval withdrawn), and its lab again once approved', async () => {
    const lab = await approvedLab();
    const { key, id } = await makeKey(lab);
    const approve = (approved: boolean) => database.db.updateTable('user_profiles').set({ approved }).where('id', '=', lab.id).execute();
    await approve(false);
    expect(await authenticateLabApiKey(database.db, bearer(key))).toBeNull();
    await approve(true);
    expect(await authenticateLabApiKey(database.db, bearer(key))).toEqual({ labId: lab.id, keyId: id });
  });

  it('is limited to 600 messages a minute per key; another key of the lab is not held back', async () => {
    const lab = await approvedLab();
    const first = await makeKey(lab, 'first');
    const second = await makeKey(lab, 'second');
    const now = new Date();
    for (let message = 0; message < 600; message++) await limitLabApiKey(database.db, first.id, now);
    const refused = await limitLabApiKey(database.db, first.id, now).then(
      () => null,
      (error: { code?: string; details?: { retryAfterSeconds?: number } }) => error,
    );
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
    await expect(limitLabApiKey(database.db, second.id, now)).resolves.toBeUndefined();
  }, 60_000);
});

describe("another lab and a lab's key", () => {
  it('cannot see it, and cannot revoke it: NOT_FOUND, and the key still works', async () => {
    const lab = await approvedLab();
    const other = await approvedLab();
    const { key, id } = await makeKey(lab);
    const intruder = await callerFor(database.db, other);
    expect(await intruder.labApiKeys.list()).toEqual([]);
    expect(await refusal(intruder.labApiKeys.revoke({ id }))).toMatchObject({ code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
    expect(await authenticateLabApiKey(database.db, bearer(key))).toEqual({ labId: lab.id, keyId: id });
    const row = await database.db.selectFrom('lab_api_keys').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});

describe('npm run lab:api-key', () => {
  interface Finished {
    code: number | null;
    stdout: string;
    stderr: string;
  }

  function runScript(args: string[], env: Record<string, string>): Promise<Finished> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lab-api-key.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
  }

  const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

  /**
   * The script's database and the accounts in it: on a PostgreSQL run the test's own database, open here
   * as a server would have it; otherwise an embedded one in a data directory of its own, closed while
   * the script runs, as the server would be stopped.
   */
  async function scriptDatabase(): Promise<{
    env: Record<string, string>;
    open(): Promise<Kysely<Database>>;
    close(): Promise<void>;
    cleanUp(): Promise<void>;
  }> {
    if (database.url) {
      return { env: { DATABASE_URL: database.url }, open: async () => database.db, close: async () => {}, cleanUp: async () => {} };
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-lab-api-key-'));
    let handle: Awaited<ReturnType<typeof connectDatabase>> | null = null;
    return {
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      open: async () => {
        handle = await connectDatabase({ dataDir });
        await migrateToLatest(handle.db);
        return handle.db;
      },
      close: async () => {
        await handle?.db.destroy();
        handle = null;
      },
      cleanUp: () => rm(dataDir, { recursive: true, force: true }),
    };
  }

  it('makes a working key for an approved lab, printed alone on the last line; and says why it cannot for anyone else', async () => {
    const target = await scriptDatabase();
    try {
      const db = await target.open();
      const lab = await createTestUser(db, 'lab', { approved: true });
      const pending = await createTestUser(db, 'lab', { approved: false });
      const customer = await createTestUser(db, 'customer');
      await target.close();

      const made = await runScript(['--lab-email', lab.email.toUpperCase(), '--name', 'Operator LIS'], target.env);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const key = lastLine(made.stdout);
      expect(key).toMatch(KEY);

      // One after another: an embedded database takes one process at a time.
      const refusals: Finished[] = [];
      for (const args of [
        ['--lab-email', 'nobody@example.sa', '--name', 'LIS'],
        ['--lab-email', customer.email, '--name', 'LIS'],
        ['--lab-email', pending.email, '--name', 'LIS'],
        ['--lab-email', lab.email, '--name', 'x'.repeat(81)],
      ]) {
        refusals.push(await runScript(args, target.env));
      }
      expect(refusals.map((finished) => [finished.code, finished.stdout, lastLine(finished.stderr)])).toEqual([
        [1, '', 'No account has the e-mail nobody@example.sa.'],
        [1, '', `The account ${customer.email} is not a lab.`],
        [1, '', `The lab ${pending.email} is not approved yet: an administrator approves it first.`],
        [1, '', 'Usage: npm run lab:api-key -- --lab-email lab@example.sa --name "Name of the system"'],
      ]);

      const after = await target.open();
      expect(await authenticateLabApiKey(after, bearer(key))).toMatchObject({ labId: lab.id });
      const audit = await after
        .selectFrom('audit_log')
        .select(['actor_id', 'details'])
        .where('action', '=', 'lab_api_key.create')
        .where('details', '@>', JSON.stringify({ labId: lab.id }))
        .execute();
      expect(audit).toEqual([{ actor_id: null, details: expect.objectContaining({ name: 'Operator LIS', via: 'command_line' }) }]);
      await target.close();
    } finally {
      await target.cleanUp();
    }
  }, 120_000);
});
