import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseEnv, s3Settings } from '../../src/server/env.ts';
import { s3BlobStore } from '../../src/server/modules/result-files/s3-blob-store.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { createTestUser, testEnv } from '../setup/fixtures.ts';
import { startS3Server, type TestS3Server } from '../setup/s3.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let s3: TestS3Server;

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await database.close();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('result files in an S3-compatible object store', () => {
  it('puts, gets and deletes objects; a missing one is null', async () => {
    const store = s3BlobStore(s3.settings);
    const key = `booking-${randomUUID()}/${randomUUID()}`;
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes('%PDF-1.4 result'));
    expect(new TextDecoder().decode((await store.get(key))!)).toBe('%PDF-1.4 result');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // deleting twice is fine
  });

  it('signs every request with its access key: a key the store does not know is refused', async () => {
    // s3rver checks the signature's access key (it does not recompute SigV4 signatures).
    const stranger = s3BlobStore({ ...s3.settings, accessKeyId: 'NOT-A-KEY' });
    await expect(stranger.put(`x/${randomUUID()}`, bytes('x'))).rejects.toThrow(/S3 PUT .* answered 403: .*InvalidAccessKeyId/s);
  });

  it('refuses a key that is not one the server made, before any request', async () => {
    await expect(s3BlobStore(s3.settings).put('../etc/passwd', bytes('x'))).rejects.toThrow(/unsafe blob key/);
  });

  it('is chosen by the S3_* settings, all four or none', () => {
    const env = parseEnv({
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    });
    expect(s3Settings(env)).toEqual(s3.settings);
    expect(s3Settings(parseEnv({}))).toBeNull();
    expect(() => parseEnv({ S3_ENDPOINT: s3.settings.endpoint })).toThrow(/S3_ENDPOINT: set S3_ENDPOINT, S3_BUCKET/);
  });

  it('a result uploaded through one instance downloads through another', async () => {
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    const customer = await createTestUser(database.db, 'customer');
    const stranger = await createTestUser(database.db, 'customer');
    const { labTestId } = await offerTest(database.db, lab.id);
    const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
    // Two instances: nothing shared but the database and the object store.
    const first = createApp({ db: database.db, env: testEnv, blobs: s3BlobStore(s3.settings) });
    const second = createApp({ db: database.db, env: testEnv, blobs: s3BlobStore(s3.settings) });

    const form = new FormData();
    form.set('bookingId', bookingId);
    form.set('file', new File([bytes('%PDF-1.4\n%%EOF\n')], 'result.pdf', { type: 'application/pdf' }));
    const upload = await first.request('/files/results', {
      method: 'POST',
      headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { id } = ((await upload.json()) as { result: { id: string } }).result;
    // The bytes are in the object store, not on either instance's disk.
    const { storage_key } = await database.db
      .selectFrom('result_files')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Sealed before it left the instance (ADR 0021): the store never sees the file itself.
    const stored = await s3BlobStore(s3.settings).get(storage_key);
    expect(stored).not.toBeNull();
    expect(new TextDecoder().decode(stored!)).not.toContain('%PDF');

    const download = await second.request(`/files/results/${id}`, { headers: { cookie: customer.cookie } });
    expect(download.status, await download.clone().text()).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4\n%%EOF\n');
    expect((await second.request(`/files/results/${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
  });
});
