import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../src/shared/legal.ts';
import { callerFor, createTestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Consent enforced by the server (issue #26, docs/decisions/0024 amended by 0025): until a signed-in user
// accepts the terms and privacy policy in force, nothing answers but auth.me, the acceptance and sign-out.

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let api: ReturnType<typeof apiClient>;
let blobRoot: string;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-consent-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot), clientIp: () => '10.24.0.1' });
  api = apiClient(app);
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as { code: string; cause?: { code?: string } },
  );
  return { code: error.code, appCode: error.cause?.code };
}

describe('a signed-in user who has not accepted the terms and privacy policy in force', () => {
  it('is answered CONSENT_UPDATE_REQUIRED (403) by every procedure but auth.me, the acceptance, sign-out and what any visitor reads', async () => {
    const customer = await createTestUser(database.db, 'customer', { consented: false });
    const caller = await callerFor(database.db, customer);
    expect((await caller.auth.me())?.consent_required).toBe(true);
    const refused = { code: 'FORBIDDEN', appCode: 'CONSENT_UPDATE_REQUIRED' };
    expect(await refusal(caller.booking.mine())).toEqual(refused);
    expect(await refusal(caller.account.updateProfile({ name: 'نورة', locale: 'ar' }))).toEqual(refused);
    expect(await refusal(caller.account.passkeys())).toEqual(refused);
    expect(await refusal(caller.subscriptions.current())).toEqual(refused);

    // Over HTTP as the browser sees it: 403 with the code the client turns into a sentence.
    const answer = await api.query('booking.mine', customer.cookie);
    expect(answer.status).toBe(403);
    expect(answer.error?.data.appCode).toBe('CONSENT_UPDATE_REQUIRED');
  });

  it('still reads what any visitor reads, so the page around the dialog loads without a refused request', async () => {
    const customer = await createTestUser(database.db, 'customer', { consented: false });
    for (const path of ['catalog.categories', 'catalog.popularTests', 'catalog.socialLinks', 'subscriptions.plans']) {
      const answer = await api.query(path, customer.cookie);
      expect(answer.status, path).toBe(200);
    }
  });

  it('is refused result files too, but may always take their data with them', async () => {
    const customer = await createTestUser(database.db, 'customer', { consented: false });
    const file = await app.request(`/files/results/${randomUUID()}`, { headers: { cookie: customer.cookie } });
    expect(file.status).toBe(403);
    expect(((await file.json()) as { error: { appCode: string } }).error.appCode).toBe('CONSENT_UPDATE_REQUIRED');

    const data = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toBe('application/zip');

    // Once accepted, the same unknown file is simply not there.
    await (await callerFor(database.db, customer)).auth.acceptConsent({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect((await app.request(`/files/results/${randomUUID()}`, { headers: { cookie: customer.cookie } })).status).toBe(404);
  });

  it('reaches everything again once they accept, and may always sign out', async () => {
    const customer = await createTestUser(database.db, 'customer', { consented: false });
    const caller = await callerFor(database.db, customer);
    const user = await caller.auth.acceptConsent({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(user?.consent_required).toBe(false);
    const after = await callerFor(database.db, customer);
    await expect(after.catalog.categories()).resolves.toBeDefined();
    await expect(after.booking.mine()).resolves.toBeDefined();

    const other = await createTestUser(database.db, 'customer', { consented: false });
    await expect((await callerFor(database.db, other)).auth.signOut()).resolves.toEqual({ signedOut: true });
  });

  it('is asked again when only an older version was accepted', async () => {
    const customer = await createTestUser(database.db, 'customer', { consented: false });
    await database.db
      .insertInto('user_consents')
      .values({ user_id: customer.id, terms_version: '2020-01-01', privacy_version: PRIVACY_VERSION })
      .execute();
    expect((await refusal((await callerFor(database.db, customer)).booking.mine())).appCode).toBe('CONSENT_UPDATE_REQUIRED');
  });

  it('does not stop staff past their two-factor grace period from accepting first', async () => {
    const admin = await createTestUser(database.db, 'admin', { consented: false });
    await database.db
      .updateTable('users')
      .set({ two_factor_due_at: new Date(Date.now() - 60_000) })
      .where('id', '=', admin.id)
      .execute();
    const caller = await callerFor(database.db, admin);
    await caller.auth.acceptConsent({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect((await refusal((await callerFor(database.db, admin)).admin.overview())).appCode).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });
});

describe('no consent asked', () => {
  it('of a visitor, or of a guest (who accepts on turning the visit into an account)', async () => {
    await expect((await callerFor(database.db)).catalog.categories()).resolves.toBeDefined();
    const guest = await createTestUser(database.db, 'customer', { consented: false });
    await database.db.updateTable('users').set({ is_anonymous: true }).where('id', '=', guest.id).execute();
    await expect((await callerFor(database.db, guest)).booking.mine()).resolves.toBeDefined();
  });
});
