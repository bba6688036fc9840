import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/results/disk-blob-store.ts';
import { checkResultFile } from '../../src/server/modules/results/results.service.ts';
import { RESULT_MAX_BYTES } from '../../src/shared/results.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const ORIGIN = 'http://localhost:3000';
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

let database: TestDatabase;
let blobRoot: string;
let app: Hono;
let lab: TestUser;
let otherLab: TestUser;
let pendingLab: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let admin: TestUser;
let bookingId: string;
let cancelledBookingId: string;
let otherLabBookingId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-results-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot) });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
  pendingLab = await createTestUser(database.db, 'lab', { approved: false });
  customer = await createTestUser(database.db, 'customer');
  otherCustomer = await createTestUser(database.db, 'customer');
  admin = await createTestUser(database.db, 'admin');
  const { labTestId } = await offerTest(database.db, lab.id);
  const { labTestId: otherLabTestId } = await offerTest(database.db, otherLab.id);
  bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
  cancelledBookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'cancelled' });
  otherLabBookingId = await insertBooking(database.db, { customerId: customer.id, labTestId: otherLabTestId });
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

interface UploadAnswer {
  result?: { id: string; file_name: string; content_type: string; size_bytes: number };
  error?: { appCode: string };
}

async function upload(
  user: TestUser | undefined,
  file: { bytes: Uint8Array; name: string; type?: string },
  options: { booking?: string; origin?: string } = {},
) {
  const form = new FormData();
  form.set('bookingId', options.booking ?? bookingId);
  form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  const response = await app.request('/files/results', {
    method: 'POST',
    headers: { origin: options.origin ?? ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    body: form,
  });
  const body = response.headers.get('content-type')?.includes('json') ? ((await response.json()) as UploadAnswer) : {};
  return { status: response.status, ...body };
}

function download(user: TestUser | undefined, id: string) {
  return app.request(`/files/results/${id}`, { headers: user ? { cookie: user.cookie } : {} });
}

const readsOf = (id: string) =>
  database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'created_at', 'details'])
    .where('subject_type', '=', 'result_file')
    .where('subject_id', '=', id)
    .where('action', 'in', ['result.read', 'result.read_denied'])
    .orderBy('id')
    .execute();

describe('uploading a result', () => {
  it("stores a PDF for the lab's own booking behind the blob store, and records the upload", async () => {
    const answer = await upload(lab, { bytes: pdf, name: 'CBC result.pdf', type: 'application/pdf' });
    expect(answer.status).toBe(201);
    expect(answer.result).toMatchObject({ file_name: 'CBC result.pdf', content_type: 'application/pdf', size_bytes: pdf.byteLength });
    const row = await database.db.selectFrom('result_files').selectAll().where('id', '=', answer.result!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ booking_id: bookingId, uploaded_by: lab.id, content_type: 'application/pdf' });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readdir(join(blobRoot, bookingId))).toHaveLength(1);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('subject_id', '=', answer.result!.id)
      .execute();
    expect(audit).toEqual([{ actor_id: lab.id, action: 'result.upload' }]);
  });

  it('judges the type by its magic bytes, not by the name or the declared type', async () => {
    const disguised = await upload(lab, { bytes: png, name: 'scan.pdf', type: 'application/pdf' });
    expect(disguised.status).toBe(201);
    expect(disguised.result).toMatchObject({ content_type: 'image/png', file_name: 'scan.png' });
    expect((await upload(lab, { bytes: jpeg, name: 'photo', type: 'text/plain' })).result).toMatchObject({ content_type: 'image/jpeg' });

    const text = new TextEncoder().encode('just some text pretending to be a report');
    const fake = await upload(lab, { bytes: text, name: 'report.pdf', type: 'application/pdf' });
    expect(fake).toMatchObject({ status: 415, error: { appCode: 'FILE_TYPE_NOT_ALLOWED' } });
    const executable = await upload(lab, { bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3]), name: 'result.png', type: 'image/png' });
    expect(executable).toMatchObject({ status: 415, error: { appCode: 'FILE_TYPE_NOT_ALLOWED' } });
  });

  it('refuses an empty file', async () => {
    expect(await upload(lab, { bytes: new Uint8Array(), name: 'empty.pdf', type: 'application/pdf' })).toMatchObject({
      status: 400,
      error: { appCode: 'FILE_EMPTY' },
    });
  });

  it('refuses a file over 10 MB, before reading it and in the check itself', async () => {
    const big = new Uint8Array(RESULT_MAX_BYTES + 1);
    big.set(pdf.subarray(0, 8));
    expect(await upload(lab, { bytes: big, name: 'big.pdf', type: 'application/pdf' })).toMatchObject({
      status: 413,
      error: { appCode: 'FILE_TOO_LARGE' },
    });
    expect(() => checkResultFile(big)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }));
    const exactly = new Uint8Array(RESULT_MAX_BYTES);
    exactly.set(pdf.subarray(0, 8));
    expect(checkResultFile(exactly)).toBe('application/pdf');
  });

  it("refuses another lab's booking, a cancelled booking, and anyone but an approved lab", async () => {
    const file = { bytes: pdf, name: 'r.pdf' };
    expect(await upload(lab, file, { booking: otherLabBookingId })).toMatchObject({ status: 404, error: { appCode: 'NOT_FOUND' } });
    expect(await upload(lab, file, { booking: cancelledBookingId })).toMatchObject({
      status: 409,
      error: { appCode: 'BOOKING_CANCELLED' },
    });
    expect(await upload(customer, file)).toMatchObject({ status: 403, error: { appCode: 'FORBIDDEN' } });
    expect(await upload(admin, file)).toMatchObject({ status: 403, error: { appCode: 'FORBIDDEN' } });
    expect(await upload(pendingLab, file)).toMatchObject({ status: 403, error: { appCode: 'LAB_NOT_APPROVED' } });
    expect(await upload(undefined, file)).toMatchObject({ status: 401, error: { appCode: 'UNAUTHENTICATED' } });
    expect(await upload(lab, file, { booking: 'not-a-uuid' })).toMatchObject({ status: 400, error: { appCode: 'VALIDATION_FAILED' } });
  });

  it('refuses an upload sent from another site', async () => {
    expect((await upload(lab, { bytes: pdf, name: 'r.pdf' }, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('downloading a result', () => {
  it("is allowed to the booking's customer, its lab and an admin, and looks missing to everyone else", async () => {
    const { result } = await upload(lab, { bytes: pdf, name: 'نتيجة التحليل.pdf', type: 'application/pdf' });
    const id = result!.id;
    for (const reader of [customer, lab, admin]) {
      const response = await download(reader, id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('نتيجة التحليل.pdf')}`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      // Sandboxed, whatever the file holds: the site's own policy must not replace the file's.
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
    }
    for (const stranger of [otherCustomer, otherLab, pendingLab, undefined]) {
      const response = await download(stranger, id);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('%PDF');
    }
    expect((await download(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await download(admin, '..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('records every read with who and when, and every refused attempt by a signed-in user', async () => {
    const { result } = await upload(lab, { bytes: png, name: 'x.png' });
    const id = result!.id;
    const before = Date.now();
    await download(customer, id);
    await download(customer, id);
    await download(admin, id);
    await download(otherCustomer, id);
    const reads = await readsOf(id);
    expect(reads.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['result.read', customer.id],
      ['result.read', customer.id],
      ['result.read', admin.id],
      ['result.read_denied', otherCustomer.id],
    ]);
    expect(reads.every((entry) => entry.created_at.getTime() >= before - 1000)).toBe(true);
  });

  it('lists results to their customer and their lab only', async () => {
    const { result } = await upload(lab, { bytes: pdf, name: 'listed.pdf' });
    const mine = await (await callerFor(database.db, customer)).results.mine();
    expect(mine.find((entry) => entry.id === result!.id)).toMatchObject({
      file_name: 'listed.pdf',
      booking_id: bookingId,
      lab_name_en: 'Test Lab',
    });
    expect(await (await callerFor(database.db, otherCustomer)).results.mine()).toEqual([]);
    expect((await (await callerFor(database.db, lab)).lab.results()).some((entry) => entry.id === result!.id)).toBe(true);
    expect(await (await callerFor(database.db, otherLab)).lab.results()).toEqual([]);
    await expect((await callerFor(database.db, lab)).results.mine()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('without a blob store', () => {
  it('answers 503 rather than pretending to store files', async () => {
    const bare = createApp({ db: database.db, env: testEnv });
    expect((await bare.request('/files/results/00000000-0000-4000-8000-000000000000')).status).toBe(503);
  });
});
