import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { checkResultFile } from '../../src/server/modules/result-files/result-files.service.ts';
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
  // The address a read is recorded with: the runtime's (node.ts: the socket or the trusted proxy's entry).
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot), clientIp: (c) => c.req.header('x-test-client') });
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

function download(user: TestUser | undefined, id: string, options: { reason?: string; from?: string } = {}) {
  const query = options.reason === undefined ? '' : `?reason=${encodeURIComponent(options.reason)}`;
  return app.request(`/files/results/${id}${query}`, {
    headers: { ...(user ? { cookie: user.cookie } : {}), ...(options.from ? { 'x-test-client': options.from } : {}) },
  });
}

/** An administrator says why they open a patient's result. */
const asStaff = { reason: 'Support request 4512: the patient cannot open the file' };

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
      const response = await download(reader, id, reader === admin ? asStaff : {});
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
    expect((await download(admin, '00000000-0000-4000-8000-000000000000', asStaff)).status).toBe(404);
    expect((await download(admin, '..%2F..%2Fetc%2Fpasswd', asStaff)).status).toBe(404);
  });

  it('records every read with who, in which role, when and from which address, and every refused attempt by a signed-in user', async () => {
    const { result } = await upload(lab, { bytes: png, name: 'x.png' });
    const id = result!.id;
    const before = Date.now();
    await download(customer, id, { from: '10.0.0.1' });
    await download(customer, id, { from: '10.0.0.2', reason: 'a customer needs none; it is not kept' });
    await download(lab, id, { from: '10.0.0.3' });
    await download(admin, id, { ...asStaff, from: '10.0.0.4' });
    await download(otherCustomer, id, { from: '10.0.0.5' });
    const reads = await readsOf(id);
    expect(reads.map((entry) => [entry.action, entry.actor_id, entry.details])).toEqual([
      ['result.read', customer.id, { bookingId, role: 'customer', ip: '10.0.0.1' }],
      ['result.read', customer.id, { bookingId, role: 'customer', ip: '10.0.0.2' }],
      ['result.read', lab.id, { bookingId, role: 'lab', ip: '10.0.0.3' }],
      ['result.read', admin.id, { bookingId, role: 'admin', ip: '10.0.0.4', reason: asStaff.reason }],
      ['result.read_denied', otherCustomer.id, { role: 'customer', ip: '10.0.0.5' }],
    ]);
    expect(reads.every((entry) => entry.created_at.getTime() >= before - 1000)).toBe(true);
  });

  it('asks an administrator for a reason (1–500 characters, no NUL) and records nothing as a read without one', async () => {
    const { result } = await upload(lab, { bytes: pdf, name: 'reasoned.pdf' });
    const id = result!.id;
    for (const reason of [undefined, '', '   ', 'x'.repeat(501), 'audit\u0000']) {
      const response = await download(admin, id, { reason });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { appCode: 'VALIDATION_FAILED', details: { fields: ['reason'] } } });
    }
    expect(await readsOf(id)).toEqual([]);
    const trimmed = await download(admin, id, { reason: `  ${'y'.repeat(500)}  ` });
    expect(trimmed.status).toBe(200);
    expect((await readsOf(id)).map((entry) => (entry.details as { reason: string }).reason)).toEqual(['y'.repeat(500)]);
  });

  it("shows the customer every read of their own results, newest first, and no one else's", async () => {
    const { result } = await upload(lab, { bytes: pdf, name: 'watched.pdf' });
    const id = result!.id;
    await download(customer, id);
    await download(lab, id);
    await download(admin, id, asStaff);
    await download(otherCustomer, id);
    const log = await (await callerFor(database.db, customer)).account.resultAccessLog();
    const reads = log.filter((entry) => entry.result_id === id);
    expect(reads.map((entry) => entry.viewer_role)).toEqual(['admin', 'lab', 'customer']);
    expect(reads[0]).toMatchObject({
      file_name: 'watched.pdf',
      booking_id: bookingId,
      viewer_name: null,
      reason: asStaff.reason,
      test_name_en: expect.any(String),
      test_name_ar: expect.any(String),
    });
    expect(reads[1]).toMatchObject({ viewer_name: { ar: 'مختبر الاختبار', en: 'Test Lab' }, reason: null });
    expect(reads[2]).toMatchObject({ viewer_name: null, reason: null });
    expect(Date.parse(reads[0]!.viewed_at)).toBeGreaterThanOrEqual(Date.parse(reads[1]!.viewed_at));
    for (const other of [otherCustomer, lab, admin]) {
      expect(await (await callerFor(database.db, other)).account.resultAccessLog()).toEqual([]);
    }
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
    expect((await (await callerFor(database.db, lab)).lab.results()).items.some((entry) => entry.id === result!.id)).toBe(true);
    expect(await (await callerFor(database.db, otherLab)).lab.results()).toEqual({ total: 0, items: [], nextCursor: null });
    await expect((await callerFor(database.db, lab)).results.mine()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('without a blob store', () => {
  it('answers 503 rather than pretending to store files', async () => {
    const bare = createApp({ db: database.db, env: testEnv });
    expect((await bare.request('/files/results/00000000-0000-4000-8000-000000000000')).status).toBe(503);
  });
});
