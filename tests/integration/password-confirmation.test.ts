import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { hashPassword } from '../../src/server/platform/password.ts';
import { PASSWORD_CONFIRMATION_MINUTES } from '../../src/server/platform/session.ts';
import { insertBooking, offerTest } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #20, item 10: an administrator enters the password again before a sensitive action once the
// last entry in the session is PASSWORD_CONFIRMATION_MINUTES old.

const PASSWORD = 'Qamar-Najd-2041-fajr';
const ORIGIN = 'http://localhost:3000';
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let database: TestDatabase;
let blobRoot: string;
let app: Hono;
let lab: TestUser;
let bookingLab: TestUser;
let bookingId: string;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** An administrator with a password, whose session last took it `minutes` ago. */
async function adminEntered(minutes: number) {
  const admin = await createTestUser(database.db, 'admin', { passwordConfirmedAt: minutesAgo(minutes) });
  await database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', admin.id)
    .execute();
  return admin;
}

const codeOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (reason: unknown) => reason,
  )) as { code?: string; cause?: { code?: string } } | null;
  return error && { code: error.code, appCode: error.cause?.code };
};

const stale = PASSWORD_CONFIRMATION_MINUTES + 1;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-reauth-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot) });
  lab = await createTestUser(database.db, 'lab', { approved: false });
  const customer = await createTestUser(database.db, 'customer');
  bookingLab = await createTestUser(database.db, 'lab', { approved: true });
  const { labTestId } = await offerTest(database.db, bookingLab.id);
  bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

describe('an administrator whose password was entered more than 15 minutes ago', () => {
  it('is asked for it again by every action that changes something, and changes nothing', async () => {
    const admin = await adminEntered(stale);
    const api = await callerFor(database.db, admin);
    const asked = { code: 'FORBIDDEN', appCode: 'PASSWORD_CONFIRMATION_REQUIRED' };
    expect(await codeOf(api.admin.setLabApproval({ labId: lab.id, approved: true }))).toEqual(asked);
    expect(await codeOf(api.admin.reviewTestRequest({ id: 1, decision: 'rejected' }))).toEqual(asked);
    expect(await codeOf(api.admin.resetTwoFactor({ userId: lab.id }))).toEqual(asked);
    const profile = await database.db.selectFrom('user_profiles').select('approved').where('id', '=', lab.id).executeTakeFirstOrThrow();
    expect(profile.approved).toBe(false);
    // Reading is not asked again.
    await expect(api.admin.labs()).resolves.toBeDefined();
  });

  it('is asked too by a session that never took the password (null), and not within the 15 minutes', async () => {
    const never = await createTestUser(database.db, 'admin', { passwordConfirmedAt: null });
    expect(await codeOf((await callerFor(database.db, never)).admin.setLabApproval({ labId: lab.id, approved: false }))).toMatchObject({
      appCode: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    const recent = await adminEntered(PASSWORD_CONFIRMATION_MINUTES - 1);
    await expect((await callerFor(database.db, recent)).admin.setLabApproval({ labId: lab.id, approved: false })).resolves.toBeDefined();
  });

  it('goes on once auth.confirmPassword takes the right password, and a wrong one refreshes nothing', async () => {
    const admin = await adminEntered(stale);
    const api = await callerFor(database.db, admin);
    expect(await codeOf(api.auth.confirmPassword({ password: 'not-the-password' }))).toMatchObject({ appCode: 'WRONG_PASSWORD' });
    expect(await codeOf(api.admin.setLabApproval({ labId: lab.id, approved: true }))).toMatchObject({
      appCode: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    await expect(api.auth.confirmPassword({ password: PASSWORD })).resolves.toEqual({ confirmed: true });
    // A new request reads the session again, as the next call from the browser would.
    const again = await callerFor(database.db, admin);
    await expect(again.admin.setLabApproval({ labId: lab.id, approved: true })).resolves.toBeDefined();
  });

  it('is not enough for another user: confirming is per session, and a customer gains nothing from it', async () => {
    const admin = await adminEntered(stale);
    const other = await createTestUser(database.db, 'admin', { passwordConfirmedAt: minutesAgo(stale) });
    // Signed in twice: the password entered in one session leaves the other asking.
    await (await callerFor(database.db, admin)).auth.confirmPassword({ password: PASSWORD });
    expect(await codeOf((await callerFor(database.db, other)).admin.setLabApproval({ labId: lab.id, approved: true }))).toMatchObject({
      appCode: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    const customer = await createTestUser(database.db, 'customer');
    expect(await codeOf((await callerFor(database.db, customer)).admin.setLabApproval({ labId: lab.id, approved: true }))).toMatchObject({
      code: 'FORBIDDEN',
      appCode: 'FORBIDDEN',
    });
    expect(await codeOf((await callerFor(database.db)).auth.confirmPassword({ password: PASSWORD }))).toMatchObject({
      appCode: 'UNAUTHENTICATED',
    });
  });

  it('signs in with the password and may act at once', async () => {
    const admin = await adminEntered(stale);
    await (await callerFor(database.db)).auth.signIn({ email: admin.email, password: PASSWORD, admin: true });
    const session = await database.db
      .selectFrom('sessions')
      .select('password_confirmed_at')
      .where('user_id', '=', admin.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.now() - session.password_confirmed_at!.getTime()).toBeLessThan(60_000);
  });

  it("must enter it again to open a patient's result with a reason", async () => {
    const upload = new FormData();
    upload.set('bookingId', bookingId);
    upload.set('file', new File([pdf], 'result.pdf', { type: 'application/pdf' }));
    const uploaded = await app.request('/files/results', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: bookingLab.cookie },
      body: upload,
    });
    expect(uploaded.status).toBe(201);
    const { result } = (await uploaded.json()) as { result: { id: string } };

    const admin = await adminEntered(stale);
    const read = (user: TestUser) =>
      app.request(`/files/results/${result.id}?reason=support%20ticket%2077`, { headers: { cookie: user.cookie } });
    const refused = await read(admin);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { appCode: 'PASSWORD_CONFIRMATION_REQUIRED' } });
    const reads = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'result.read')
      .where('actor_id', '=', admin.id)
      .execute();
    expect(reads).toEqual([]);

    await (await callerFor(database.db, admin)).auth.confirmPassword({ password: PASSWORD });
    // A reason of invisible characters only (a zero-width space, joiners) is no reason (#74).
    const invisible = await app.request(`/files/results/${result.id}?reason=%E2%80%8B%E2%80%8D`, { headers: { cookie: admin.cookie } });
    expect(invisible.status).toBe(400);
    expect((await read(admin)).status).toBe(200);
  });
});
