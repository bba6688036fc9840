import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { riyadhToday } from '../../src/shared/insurance-schemas.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Health insurance (issue #80, ADR 0094): the admin's insurers, and each person's card. A card's last day
// is the Kingdom's today at the earliest (a daughter's card below ends today and is still in force).

let database: TestDatabase;
let blobRoot: string;
let app: Hono;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-insurance-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot) });
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The same date in Arabic-Indic digits, as a phone's Arabic keyboard types it. */
const arabicDigits = (text: string) => text.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { cause } = error as TRPCError & { cause?: { code?: string; details?: unknown; flatten?: () => { fieldErrors: unknown } } };
  return { code: (error as TRPCError).code, appCode: cause?.code, details: cause?.details, fields: cause?.flatten?.().fieldErrors };
}

async function newInsurer(payerId: string, active = true) {
  const admin = await createTestUser(database.db, 'admin');
  const api = await callerFor(database.db, admin);
  const { id } = await api.insurance.saveInsurer({
    nphiesPayerId: payerId,
    nameEn: `Insurer ${payerId}`,
    nameAr: `تأمين ${payerId}`,
    active,
  });
  return { id, api };
}

describe('the insurers the admin keeps', () => {
  it('adds and changes an insurer, audited; its payer id is one insurer’s alone', async () => {
    const { id, api } = await newInsurer('INS-ADMIN-1');
    expect((await api.insurance.allInsurers()).find((insurer) => insurer.id === id)).toMatchObject({
      nphies_payer_id: 'INS-ADMIN-1',
      name_en: 'Insurer INS-ADMIN-1',
      active: true,
    });
    await api.insurance.saveInsurer({ id, nphiesPayerId: 'INS-ADMIN-1', nameEn: 'Renamed', nameAr: 'اسم جديد', active: false });
    expect((await api.insurance.allInsurers()).find((insurer) => insurer.id === id)).toMatchObject({ name_en: 'Renamed', active: false });
    // Hidden: no longer offered to people or labs.
    expect((await api.insurance.insurers()).map((insurer) => insurer.id)).not.toContain(id);
    const audit = await database.db.selectFrom('audit_log').select(['action', 'subject_type']).where('subject_id', '=', id).execute();
    expect(audit).toEqual([
      { action: 'insurer.save', subject_type: 'insurer' },
      { action: 'insurer.save', subject_type: 'insurer' },
    ]);

    const second = await newInsurer('INS-ADMIN-2');
    expect(
      await refusal(
        second.api.insurance.saveInsurer({ id: second.id, nphiesPayerId: 'INS-ADMIN-1', nameEn: 'X', nameAr: 'س', active: true }),
      ),
    ).toMatchObject({ appCode: 'CONFLICT', details: { field: 'nphiesPayerId' } });
    expect(await refusal(api.insurance.saveInsurer({ nphiesPayerId: 'INS ADMIN', nameEn: '', nameAr: 'س', active: true }))).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { nphiesPayerId: ['invalid'], nameEn: ['required'] },
    });
  });
});

describe('a person’s insurance card', () => {
  it('keeps the holder’s and a family member’s cards; typed in Arabic-Indic digits; listed, changed and removed', async () => {
    const { id: insurerId } = await newInsurer('INS-CARD-1');
    const customer = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, customer);
    const daughter = await api.family.add({ name: 'ريم', relation: 'child', sex: 'female', dateOfBirth: '2015-02-01' });

    await api.insurance.save({
      familyMemberId: null,
      insurerId,
      memberId: ` ${arabicDigits('12345678')} `,
      policyClass: 'VIP',
      network: '',
      expiresOn: arabicDigits(day(200)),
    });
    await api.insurance.save({
      familyMemberId: daughter.id,
      insurerId,
      memberId: '12345678-02',
      policyClass: 'A',
      network: 'Gold',
      expiresOn: riyadhToday(),
    });
    expect(await api.insurance.mine()).toEqual([
      expect.objectContaining({
        family_member_id: null,
        insurer_id: insurerId,
        insurer_name_en: 'Insurer INS-CARD-1',
        member_id: '12345678',
        policy_class: 'VIP',
        network: null,
        expires_on: day(200),
        in_force: true,
        has_card_photo: false,
      }),
      expect.objectContaining({
        family_member_id: daughter.id,
        member_id: '12345678-02',
        network: 'Gold',
        expires_on: riyadhToday(),
        in_force: true,
      }),
    ]);

    // A second save changes the card: one per person.
    await api.insurance.save({ familyMemberId: null, insurerId, memberId: '87654321', policyClass: 'B', network: '', expiresOn: day(300) });
    const mine = await api.insurance.mine();
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ member_id: '87654321', policy_class: 'B', expires_on: day(300) });

    await api.insurance.remove({ familyMemberId: daughter.id });
    expect((await api.insurance.mine()).map((policy) => policy.family_member_id)).toEqual([null]);
    expect(await refusal(api.insurance.remove({ familyMemberId: daughter.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
  });

  it('refuses a policy that has ended, a member number with other characters, and an insurer no longer listed', async () => {
    const { id: insurerId, api: admin } = await newInsurer('INS-CARD-2');
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const card = { familyMemberId: null, insurerId, memberId: '555', policyClass: 'C', network: '', expiresOn: day(90) };
    expect(await refusal(api.insurance.save({ ...card, expiresOn: day(-2) }))).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { expiresOn: ['policy_expired'] },
    });
    expect(await refusal(api.insurance.save({ ...card, expiresOn: '2026-02-30' }))).toMatchObject({ fields: { expiresOn: ['invalid'] } });
    expect(await refusal(api.insurance.save({ ...card, memberId: '<script>' }))).toMatchObject({ fields: { memberId: ['invalid'] } });
    expect(await refusal(api.insurance.save({ ...card, policyClass: ' ' }))).toMatchObject({ fields: { policyClass: ['required'] } });

    await admin.insurance.saveInsurer({ id: insurerId, nphiesPayerId: 'INS-CARD-2', nameEn: 'Gone', nameAr: 'غائب', active: false });
    expect(await refusal(api.insurance.save(card))).toMatchObject({ appCode: 'NOT_FOUND', details: { field: 'insurerId' } });
    expect(await api.insurance.mine()).toEqual([]);
  });

  it('a card no longer in force says so: its insurer hidden by the admin', async () => {
    const { id: insurerId, api: admin } = await newInsurer('INS-CARD-3');
    const api = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    await api.insurance.save({ familyMemberId: null, insurerId, memberId: '777', policyClass: 'A', network: '', expiresOn: day(30) });
    expect((await api.insurance.mine())[0]).toMatchObject({ in_force: true });
    await admin.insurance.saveInsurer({ id: insurerId, nphiesPayerId: 'INS-CARD-3', nameEn: 'Hidden', nameAr: 'مخفي', active: false });
    expect((await api.insurance.mine())[0]).toMatchObject({ in_force: false });
  });

  it('another account’s family member cannot be given a card, nor their card read or removed', async () => {
    const { id: insurerId } = await newInsurer('INS-CARD-4');
    const owner = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    const son = await owner.family.add({ name: 'سعد', relation: 'child', sex: 'male', dateOfBirth: '2012-09-09' });
    await owner.insurance.save({ familyMemberId: son.id, insurerId, memberId: '111', policyClass: 'B', network: '', expiresOn: day(30) });

    const attacker = await callerFor(database.db, await createTestUser(database.db, 'customer'));
    expect(
      await refusal(
        attacker.insurance.save({
          familyMemberId: son.id,
          insurerId,
          memberId: '999',
          policyClass: 'VIP',
          network: '',
          expiresOn: day(30),
        }),
      ),
    ).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await refusal(attacker.insurance.remove({ familyMemberId: son.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await attacker.insurance.mine()).toEqual([]);
    expect(await owner.insurance.mine()).toEqual([
      expect.objectContaining({ family_member_id: son.id, member_id: '111', policy_class: 'B' }),
    ]);
  });
});

/** A PNG's first bytes and a marker: enough for the type sniffed from its bytes, and findable in the clear. */
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode('CARD-PHOTO-PLAINTEXT')]);

function sendPhoto(user: TestUser, bytes: Uint8Array, familyMemberId = '') {
  const form = new FormData();
  form.set('familyMemberId', familyMemberId);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'card.png', { type: 'image/png' }));
  return app.request('/files/insurance-cards', {
    method: 'POST',
    headers: { origin: testEnv.PUBLIC_URL, cookie: user.cookie },
    body: form,
  });
}

/** Every stored blob's bytes under the store's folder. */
async function storedBlobs() {
  const files = (await readdir(blobRoot, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  return Promise.all(files.map((entry) => readFile(join(entry.parentPath, entry.name))));
}

describe('the card’s photo', () => {
  it('is kept sealed, shown to the account holder only, replaced, and gone with the card', async () => {
    const { id: insurerId } = await newInsurer('INS-PHOTO-1');
    const holder = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, holder);
    // No card yet: nothing to attach the photo to.
    expect((await sendPhoto(holder, png)).status).toBe(404);
    await api.insurance.save({ familyMemberId: null, insurerId, memberId: '42', policyClass: 'A', network: '', expiresOn: day(60) });
    const before = (await storedBlobs()).length;
    expect((await sendPhoto(holder, png)).status).toBe(201);
    expect((await api.insurance.mine())[0]).toMatchObject({ has_card_photo: true });
    const blobs = await storedBlobs();
    expect(blobs).toHaveLength(before + 1);
    // Sealed at rest: the store never holds the photo's bytes.
    expect(blobs.some((blob) => blob.includes(Buffer.from('CARD-PHOTO-PLAINTEXT')))).toBe(false);

    const shown = await app.request('/files/insurance-cards', { headers: { cookie: holder.cookie } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(png);

    // Nobody else: another customer has no card there; a lab and an admin are not its readers; a visitor is asked to sign in.
    const stranger = await createTestUser(database.db, 'customer');
    expect((await app.request('/files/insurance-cards', { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const lab = await createTestUser(database.db, 'lab', { approved: true });
    expect((await app.request('/files/insurance-cards', { headers: { cookie: lab.cookie } })).status).toBe(403);
    expect((await app.request('/files/insurance-cards')).status).toBe(401);

    // Only images and PDFs, by their bytes.
    const text = await sendPhoto(holder, new TextEncoder().encode('not a picture'));
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: { appCode: 'FILE_TYPE_NOT_ALLOWED' } });

    // A new photo replaces the old one, whose sealed bytes go.
    expect((await sendPhoto(holder, png)).status).toBe(201);
    expect(await storedBlobs()).toHaveLength(before + 1);
    // Removing the card removes its photo (through the app, whose context holds the blob store).
    expect((await apiClient(app).mutate('insurance.remove', { familyMemberId: null }, holder.cookie)).status).toBe(200);
    expect(await storedBlobs()).toHaveLength(before);
  });

  it('a family member’s card photo goes with the member', async () => {
    const { id: insurerId } = await newInsurer('INS-PHOTO-2');
    const holder = await createTestUser(database.db, 'customer');
    const api = await callerFor(database.db, holder);
    const father = await api.family.add({ name: 'عبدالله', relation: 'father', sex: 'male', dateOfBirth: '1955-05-05' });
    await api.insurance.save({ familyMemberId: father.id, insurerId, memberId: '43', policyClass: 'B', network: '', expiresOn: day(60) });
    const before = (await storedBlobs()).length;
    expect((await sendPhoto(holder, png, father.id)).status).toBe(201);
    // Another account cannot put a photo on it.
    expect((await sendPhoto(await createTestUser(database.db, 'customer'), png, father.id)).status).toBe(404);
    const shown = await app.request(`/files/insurance-cards?familyMemberId=${father.id}`, { headers: { cookie: holder.cookie } });
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(png);
    expect(await storedBlobs()).toHaveLength(before + 1);
    expect((await apiClient(app).mutate('family.remove', { id: father.id }, holder.cookie)).status).toBe(200);
    expect(await storedBlobs()).toHaveLength(before);
    expect(await api.insurance.mine()).toEqual([]);
  });

  it('goes with the account when the account is deleted', async () => {
    const { id: insurerId } = await newInsurer('INS-PHOTO-3');
    const holder = await createTestUser(database.db, 'customer');
    await (await callerFor(database.db, holder)).insurance.save({
      familyMemberId: null,
      insurerId,
      memberId: '44',
      policyClass: 'C',
      network: '',
      expiresOn: day(60),
    });
    const before = (await storedBlobs()).length;
    expect((await sendPhoto(holder, png)).status).toBe(201);
    expect(await storedBlobs()).toHaveLength(before + 1);
    // An account without a password confirms with its address.
    expect((await apiClient(app).mutate('account.delete', { email: holder.email }, holder.cookie)).status).toBe(200);
    expect(await storedBlobs()).toHaveLength(before);
    expect(await database.db.selectFrom('person_insurance').select('id').where('account_id', '=', holder.id).execute()).toEqual([]);
  });
});
