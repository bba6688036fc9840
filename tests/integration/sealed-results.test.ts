import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServerNodeOptions } from '../../scripts/server-node-options.mjs';
import { createApp } from '../../src/server/app.ts';
import type { Env } from '../../src/server/env.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { rotateDataKeys } from '../../src/server/modules/result-files/result-files.service.ts';
import { s3BlobStore } from '../../src/server/modules/result-files/s3-blob-store.ts';
import type { BlobStore } from '../../src/server/platform/blob-store.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { loadKeyring, masterKeyId, UnknownKeyError } from '../../src/server/platform/result-sealing.ts';
import { resultsKeyFromDataDir } from '../../src/server/results-key-file.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { startS3Server, type TestS3Server } from '../setup/s3.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Result files are sealed before any blob store sees them, opened whole and checked before a byte is
// sent, and their master key rotates without touching them (docs/decisions/0021).

const report = new TextEncoder().encode(
  `%PDF-1.4\n% Haemoglobin 13.2 g/dL; patient Reem Al-Harbi\n${'1 0 obj << /Type /Catalog >> endobj\n'.repeat(40)}%%EOF\n`,
);
const secret = new TextEncoder().encode('Haemoglobin 13.2');

let database: TestDatabase;
let s3: TestS3Server;
let diskRoot: string;
let lab: TestUser;
let customer: TestUser;
let admin: TestUser;
let bookingId: string;

const newMasterKey = () => new Uint8Array(randomBytes(32));
const envWith = (current: Uint8Array, old: Uint8Array[] = []): Env => ({
  ...testEnv,
  RESULTS_ENCRYPTION_KEY: current,
  RESULTS_ENCRYPTION_KEYS_OLD: old,
});

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server();
  diskRoot = await mkdtemp(join(tmpdir(), 'tahaleel-sealed-'));
  lab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer');
  admin = await createTestUser(database.db, 'admin');
  const { labTestId } = await offerTest(database.db, lab.id);
  bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
});
afterAll(async () => {
  await s3.close();
  await database.close();
  await rm(diskRoot, { recursive: true, force: true });
});

function appOver(blobs: BlobStore, env: Env = testEnv, log?: Logger) {
  return createApp({ db: database.db, env, blobs, log });
}

async function upload(app: ReturnType<typeof createApp>, bytes = report): Promise<string> {
  const form = new FormData();
  form.set('bookingId', bookingId);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'cbc.pdf', { type: 'application/pdf' }));
  const response = await app.request('/files/results', {
    method: 'POST',
    headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { result: { id: string } }).result.id;
}

function download(app: ReturnType<typeof createApp>, id: string, reader: TestUser = customer) {
  const query = reader === admin ? '?reason=checking%20a%20support%20request' : '';
  return app.request(`/files/results/${id}${query}`, { headers: { cookie: reader.cookie } });
}

const rowOf = (id: string) => database.db.selectFrom('result_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditOf = (id: string) =>
  database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .where('subject_type', '=', 'result_file')
    .where('subject_id', '=', id)
    .where('action', '<>', 'result.upload')
    .orderBy('id')
    .execute();

/** Whether `needle` occurs anywhere in `haystack`. */
function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack).indexOf(Buffer.from(needle)) !== -1;
}

function capturingLogger() {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  const log: Logger = { info: () => {}, warn: () => {}, error: (fields, message) => errors.push({ fields, message }) };
  return { log, errors };
}

describe('what the blob store holds', () => {
  it.each([
    ['on disk', () => diskBlobStore(diskRoot)],
    ['in an S3 object store', () => s3BlobStore(s3.settings)],
  ])('%s: only ciphertext, which downloads as the exact bytes uploaded', async (_, store) => {
    const blobs = store();
    const app = appOver(blobs);
    const id = await upload(app);
    const row = await rowOf(id);
    const stored = (await blobs.get(row.storage_key))!;
    expect(stored).not.toBeNull();
    expect(Buffer.from(stored).equals(Buffer.from(report))).toBe(false);
    expect(contains(stored, secret)).toBe(false);
    expect(contains(stored, new TextEncoder().encode('%PDF'))).toBe(false);
    // AES-GCM: as long as the file, plus the 16-byte tag.
    expect(stored.byteLength).toBe(report.byteLength + 16);
    expect(row).toMatchObject({ seal_version: 1, key_id: await masterKeyId(testEnv.RESULTS_ENCRYPTION_KEY!) });
    expect(row.wrapped_key).toHaveLength(40);
    expect(row.iv).toHaveLength(12);

    const response = await download(app, id);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(report);
  });

  it('seals each file under its own data key and nonce: the same bytes twice are stored differently', async () => {
    const blobs = diskBlobStore(diskRoot);
    const app = appOver(blobs);
    const [first, second] = [await rowOf(await upload(app)), await rowOf(await upload(app))];
    expect(Buffer.from(first.iv!).equals(Buffer.from(second.iv!))).toBe(false);
    expect(Buffer.from(first.wrapped_key!).equals(Buffer.from(second.wrapped_key!))).toBe(false);
    expect(Buffer.from((await blobs.get(first.storage_key))!).equals(Buffer.from((await blobs.get(second.storage_key))!))).toBe(false);
  });
});

describe('a damaged file', () => {
  it.each([
    ['one flipped byte in the stored file', 'file'],
    ['one flipped byte in its wrapped data key', 'wrapped key'],
    ['another sealed file put in its place', 'swapped'],
  ] as const)('%s: answers RESULT_DAMAGED, sends none of it, records no read and logs the event', async (_, damage) => {
    const blobs = s3BlobStore(s3.settings);
    const { log, errors } = capturingLogger();
    const app = appOver(blobs, testEnv, log);
    const id = await upload(app);
    const row = await rowOf(id);
    if (damage === 'file') {
      const stored = (await blobs.get(row.storage_key))!;
      stored[Math.floor(stored.byteLength / 2)]! ^= 0x01;
      await blobs.put(row.storage_key, stored);
    } else if (damage === 'wrapped key') {
      const wrapped = Buffer.from(row.wrapped_key!);
      wrapped[7]! ^= 0x80;
      await database.db.updateTable('result_files').set({ wrapped_key: wrapped }).where('id', '=', id).execute();
    } else {
      const other = await rowOf(await upload(app));
      await blobs.put(row.storage_key, (await blobs.get(other.storage_key))!);
    }

    for (const reader of [customer, admin]) {
      const response = await download(app, id, reader);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = new Uint8Array(await response.arrayBuffer());
      expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ error: { appCode: 'RESULT_DAMAGED', details: { resultId: id } } });
      expect(contains(body, secret)).toBe(false);
    }
    expect(await auditOf(id)).toEqual([
      { action: 'result.damaged', actor_id: customer.id },
      { action: 'result.damaged', actor_id: admin.id },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ fields: { result_id: id }, message: expect.stringContaining('failed its integrity check') });
    // No mail tells the patient staff read a file nobody could read.
    expect(await database.db.selectFrom('outbox').select('id').where('template', '=', 'result-opened-by-staff').execute()).toEqual([]);
  });

  it('a file stored before sealing is served as it is, and refused once it no longer matches its SHA-256', async () => {
    const blobs = diskBlobStore(diskRoot);
    const app = appOver(blobs);
    const id = await upload(app);
    const row = await rowOf(id);
    // As an upload before migration 0017 left it: the plain bytes, no seal.
    await blobs.put(row.storage_key, report);
    await database.db
      .updateTable('result_files')
      .set({ seal_version: null, key_id: null, wrapped_key: null, iv: null })
      .where('id', '=', id)
      .execute();
    const response = await download(app, id);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(report);

    const altered = report.slice();
    altered[20]! ^= 0x01;
    await blobs.put(row.storage_key, altered);
    const { log } = capturingLogger();
    const refused = await download(appOver(blobs, testEnv, log), id);
    expect(refused.status).toBe(500);
    expect(await refused.json()).toMatchObject({ error: { appCode: 'RESULT_DAMAGED' } });
  });
});

describe('rotating the master key', () => {
  it('re-wraps every data key under the new key without touching a file; the old key is then no longer needed', async () => {
    const blobs = s3BlobStore(s3.settings);
    const oldKey = newMasterKey();
    const newKey = newMasterKey();
    const before = appOver(blobs, envWith(oldKey));
    const ids = [await upload(before), await upload(before), await upload(before)];
    const storedBefore = await Promise.all(ids.map(async (id) => (await blobs.get((await rowOf(id)).storage_key))!));

    // Until the rotation, the new key alone does not open them (and says which key it lacks).
    const newOnly = await loadKeyring(newKey);
    const keysBefore = await database.db.selectFrom('result_files').select(['id', 'key_id', 'wrapped_key']).orderBy('id').execute();
    const oldKeyId = await masterKeyId(oldKey);
    await expect(rotateDataKeys(database.db, newOnly)).rejects.toThrow(UnknownKeyError);
    await expect(rotateDataKeys(database.db, newOnly)).rejects.toThrow(oldKeyId);
    expect(await database.db.selectFrom('result_files').select(['id', 'key_id', 'wrapped_key']).orderBy('id').execute()).toEqual(
      keysBefore,
    );

    // Every key that sealed a file in this database: the old one and the test run's.
    const keyring = await loadKeyring(newKey, [oldKey, testEnv.RESULTS_ENCRYPTION_KEY!]);
    const first = await rotateDataKeys(database.db, keyring);
    expect(first.rewrapped).toBeGreaterThanOrEqual(3);
    expect(first.damaged.filter((id) => ids.includes(id))).toEqual([]);
    const again = await rotateDataKeys(database.db, keyring);
    expect(again).toMatchObject({ rewrapped: 0, alreadyCurrent: first.alreadyCurrent + first.rewrapped });

    const newKeyId = await masterKeyId(newKey);
    const after = appOver(blobs, envWith(newKey));
    for (const [index, id] of ids.entries()) {
      const row = await rowOf(id);
      expect(row.key_id).toBe(newKeyId);
      expect((await blobs.get(row.storage_key))!).toEqual(storedBefore[index]);
      const response = await download(after, id);
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(report);
    }
  });
});

describe('starting the server', () => {
  it('refuses to start in production without RESULTS_ENCRYPTION_KEY, saying why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-nokey-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/node.ts'], {
        cwd: join(import.meta.dirname, '../..'),
        env: withServerNodeOptions({
          ...process.env,
          NODE_ENV: 'production',
          RESULTS_ENCRYPTION_KEY: '',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: '3999',
        }),
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('RESULTS_ENCRYPTION_KEY: required in production');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('in development keeps a key of its own under DATA_DIR (mode 0600) and uses it again on the next start', async () => {
    const dataDir = join(tmpdir(), `tahaleel-keyfile-${randomUUID()}`);
    try {
      const made = resultsKeyFromDataDir(dataDir);
      expect(made.created).toBe(true);
      expect(Buffer.from(made.key, 'base64')).toHaveLength(32);
      expect(statSync(made.path).mode & 0o777).toBe(0o600);
      expect(resultsKeyFromDataDir(dataDir)).toEqual({ ...made, created: false });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
