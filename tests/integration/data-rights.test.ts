import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { create as createReview } from '../../src/server/modules/reviews/reviews.service.ts';
import type { BlobStore } from '../../src/server/platform/blob-store.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../src/shared/legal.ts';
import { insertBooking, offerNamedTest, offerTest } from '../setup/dashboard-fixtures.ts';

/** A completed visit happened: results are entered only for one that did (issue #76). */
const yesterday = () => new Date(Date.now() - 86_400_000 - Math.floor(Math.random() * 3_600_000));

import { createTestUser, insertCheckoutInvoice, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { approvedPayment, checkoutDefaults, createTestVariant, orderIdOf } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #26's data rights and audit log: an append-only log that only admins read, the consent
// record, "download my data" and "delete my account" (docs/decisions/0024).

let database: TestDatabase;
let blobRoot: string;
let blobs: BlobStore;
let app: ReturnType<typeof createApp>;
let api: ReturnType<typeof apiClient>;
let admin: TestUser;
let lab: TestUser;

const report = new TextEncoder().encode(`%PDF-1.4\n% Ferritin 41 ng/mL\n${'1 0 obj << /Type /Catalog >> endobj\n'.repeat(20)}%%EOF\n`);
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-data-rights-'));
  blobs = diskBlobStore(blobRoot);
  // Each request from its own address, so the per-address sign-in limits stay out of the way.
  app = createApp({
    db: database.db,
    env: testEnv,
    blobs,
    clientIp: () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  api = apiClient(app);
  admin = await createTestUser(database.db, 'admin');
  lab = await createTestUser(database.db, 'lab', { approved: true });
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

interface Customer {
  id: string;
  email: string;
  name: string;
  phone: string;
  cookie: string;
}

/** A customer signed up through the API (a password, a recorded consent), with a mobile number on file. */
async function signUpCustomer(locale: 'ar' | 'en' = 'ar'): Promise<Customer> {
  const tag = randomUUID().slice(0, 8);
  const email = `patient-${tag}@example.sa`;
  const name = `ريم الحربي ${tag}`;
  const response = await app.request('/trpc/auth.signUp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testEnv.PUBLIC_URL, 'x-tahaleel-locale': locale },
    body: JSON.stringify({ email, password: PASSWORD, name, userType: 'customer', licenseNumber: null, acceptTerms: true }),
  });
  expect(response.status).toBe(200);
  const { id } = ((await response.json()) as { result: { data: { id: string } } }).result.data;
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await database.db.updateTable('users').set({ phone }).where('id', '=', id).execute();
  return { id, email, name, phone, cookie: cookiePair(response.headers.getSetCookie().find((c) => c.startsWith('tahaleel_session='))) };
}

/** A completed booking of the customer's with a result the lab uploaded; answers the result's id. */
async function withResult(customerId: string): Promise<{ bookingId: string; resultId: string }> {
  const { labTestId } = await offerTest(database.db, lab.id);
  const bookingId = await insertBooking(database.db, { customerId, labTestId, status: 'completed', bookingTime: yesterday() });
  const form = new FormData();
  form.set('bookingId', bookingId);
  form.set('file', new File([report as Uint8Array<ArrayBuffer>], 'ferritin.pdf', { type: 'application/pdf' }));
  const upload = await app.request('/files/results', {
    method: 'POST',
    headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
    body: form,
  });
  expect(upload.status).toBe(201);
  return { bookingId, resultId: ((await upload.json()) as { result: { id: string } }).result.id };
}

/** A released electrolytes report for the customer, its potassium as given; answers its booking. */
async function releasedPotassium(customerId: string, potassium: string): Promise<string> {
  const { labTestId } = await offerNamedTest(database.db, lab.id, 'Electrolytes (Sodium, Potassium, Chloride)');
  const bookingId = await insertBooking(database.db, { customerId, labTestId, status: 'completed', bookingTime: yesterday() });
  const analyte = await database.db.selectFrom('analytes').select('id').where('loinc', '=', '2823-3').executeTakeFirstOrThrow();
  const draft = {
    bookingId,
    patientSex: null,
    releaseAs: 'final',
    note: null,
    observations: [{ analyteId: analyte.id, value: potassium, unit: null, comment: null }],
  };
  expect((await api.mutate('results.saveDraft', draft, lab.cookie)).error).toBeUndefined();
  expect((await api.mutate('results.release', { bookingId }, lab.cookie)).error).toBeUndefined();
  return bookingId;
}

interface AuditPage {
  items: { id: number; action: string; actor_id: string | null; actor_name: string | null; subject_id: string; reason: string | null }[];
  nextCursor: number | null;
}

const auditLog = (input: unknown, cookie = admin.cookie) =>
  api.query<AuditPage>(`admin.auditLog?input=${encodeURIComponent(JSON.stringify(input))}`, cookie);

describe('the audit log', () => {
  it('records a lab approval with its admin, and lists it to an admin filtered by action and actor', async () => {
    const pending = await createTestUser(database.db, 'lab', { approved: false });
    expect((await api.mutate('admin.setLabApproval', { labId: pending.id, approved: true }, admin.cookie)).status).toBe(200);

    const page = await auditLog({ filters: { action: 'lab.approve', actorId: admin.id } });
    expect(page.status).toBe(200);
    expect(page.data.items[0]).toMatchObject({
      action: 'lab.approve',
      actor_id: admin.id,
      actor_name: 'Test admin',
      subject_id: pending.id,
    });
    expect(page.data.items.every((item) => item.action === 'lab.approve' && item.actor_id === admin.id)).toBe(true);
  });

  it('pages newest first by id: no entry twice, none skipped, and the last page says so', async () => {
    for (let i = 0; i < 3; i += 1) {
      const pending = await createTestUser(database.db, 'lab', { approved: false });
      await api.mutate('admin.setLabApproval', { labId: pending.id, approved: true }, admin.cookie);
    }
    const all = await auditLog({ limit: 100, filters: { action: 'lab.approve' } });
    const seen: number[] = [];
    let cursor: number | undefined;
    do {
      const page = await auditLog({ limit: 2, cursor, filters: { action: 'lab.approve' } });
      seen.push(...page.data.items.map((item) => item.id));
      cursor = page.data.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(all.data.items.map((item) => item.id));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });

  it('filters by date range', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await auditLog({ filters: { from: future } })).data.items).toEqual([]);
    expect((await auditLog({ filters: { to: future } })).data.items.length).toBeGreaterThan(0);
  });

  it('shows an admin the reason an admin gave for opening a result', async () => {
    const customer = await signUpCustomer();
    const { resultId } = await withResult(customer.id);
    const read = await app.request(`/files/results/${resultId}?reason=${encodeURIComponent('support ticket 4411')}`, {
      headers: { cookie: admin.cookie },
    });
    expect(read.status).toBe(200);
    const page = await auditLog({ filters: { action: 'result.read', actorId: admin.id } });
    expect(page.data.items[0]).toMatchObject({ subject_id: resultId, reason: 'support ticket 4411' });
  });

  it('is for admins only: a lab and a customer are refused, a visitor must sign in', async () => {
    const customer = await createTestUser(database.db, 'customer');
    expect((await auditLog({}, lab.cookie)).error?.data).toMatchObject({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect((await auditLog({}, customer.cookie)).error?.data).toMatchObject({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect((await api.query('admin.auditLog?input=%7B%7D')).error?.data).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is append-only: the database refuses to change, delete or truncate an entry', async () => {
    const db = database.db;
    await expect(db.updateTable('audit_log').set({ action: 'lab.reject' }).where('action', '=', 'lab.approve').execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_log').where('action', '=', 'lab.approve').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const left = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', 'lab.approve')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBeGreaterThanOrEqual(4);
  });
});

describe('the consent record', () => {
  const me = (cookie: string) => api.query<{ consent_required: boolean } | null>('auth.me', cookie);

  it('sign-up records the versions accepted, so the app does not ask again', async () => {
    const customer = await signUpCustomer();
    expect((await me(customer.cookie)).data?.consent_required).toBe(false);
    const rows = await database.db.selectFrom('user_consents').selectAll().where('user_id', '=', customer.id).execute();
    expect(rows).toEqual([expect.objectContaining({ terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION })]);
  });

  it('asks a user whose newest acceptance is of an older version, and the acceptance answers it', async () => {
    const customer = await signUpCustomer();
    await database.db
      .insertInto('user_consents')
      .values({
        user_id: customer.id,
        terms_version: '2020-01-01',
        privacy_version: PRIVACY_VERSION,
      })
      .execute();
    expect((await me(customer.cookie)).data?.consent_required).toBe(true);

    const stale = await api.mutate('auth.acceptConsent', { termsVersion: '2020-01-01', privacyVersion: PRIVACY_VERSION }, customer.cookie);
    expect(stale.error?.data.appCode).toBe('CONFLICT');
    const accepted = await api.mutate<{ consent_required: boolean }>(
      'auth.acceptConsent',
      { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION },
      customer.cookie,
    );
    expect(accepted.data.consent_required).toBe(false);
    // The history stays: the sign-up's, the older one's and the new acceptance.
    expect(await database.db.selectFrom('user_consents').select('id').where('user_id', '=', customer.id).execute()).toHaveLength(3);
  });

  it('asks an account that never accepted (one made with Google, an admin made by the script)', async () => {
    const made = await createTestUser(database.db, 'admin', { consented: false });
    expect((await me(made.cookie)).data?.consent_required).toBe(true);
  });
});

describe('download my data', () => {
  it('answers 401 without a session', async () => {
    const response = await app.request('/account/export.zip');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { appCode: 'UNAUTHENTICATED' } });
  });

  it.each(['ar', 'en'] as const)(
    'gives the profile, bookings and opened result files, with a README in the user’s language (%s)',
    async (locale) => {
      const customer = await signUpCustomer(locale);
      const { bookingId, resultId } = await withResult(customer.id);
      await createReview(database.db, customer.id, { bookingId, rating: 4, text: 'نتائج سريعة' });
      const valuesBookingId = await releasedPotassium(customer.id, '4.4');
      const response = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tahaleel-data-\d{4}-\d{2}-\d{2}\.zip"$/);

      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      expect(Object.keys(files).sort()).toEqual(
        [
          'README.txt',
          'bookings.json',
          'invoices.json',
          'family-members.json',
          'payments.json',
          'profile.json',
          'result-access-log.json',
          'results.fhir.json',
          'retest-reminders.json',
          'reviews.json',
          'waitlist.json',
          'booking-series.json',
          'wallet.json',
          'referrals.json',
          'insurance.json',
          'nafath-requests.json',
          `results/${bookingId}/${resultId.slice(0, 8)}-ferritin.pdf`,
          'store-orders.json',
        ].sort(),
      );
      expect(strFromU8(files['README.txt']!)).toContain(locale === 'ar' ? 'بياناتك في تحاليل' : 'Your Tahaleel data');
      const profile = JSON.parse(strFromU8(files['profile.json']!));
      expect(profile).toMatchObject({ id: customer.id, email: customer.email, name: customer.name, phone: customer.phone });
      expect(profile.consents).toEqual([expect.objectContaining({ terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION })]);
      expect(JSON.parse(strFromU8(files['bookings.json']!))).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: bookingId, total_price_sar: 200 })]),
      );
      // The values of their results, as FHIR: the potassium of the report, with its range and flag.
      const values = JSON.parse(strFromU8(files['results.fhir.json']!));
      expect(values.resourceType).toBe('Bundle');
      const potassium = values.entry.find(
        (entry: { resource: { resourceType: string; code?: { coding?: { code: string }[] } } }) =>
          entry.resource.resourceType === 'Observation' && entry.resource.code?.coding?.[0]?.code === '2823-3',
      );
      expect(potassium.resource.valueQuantity).toMatchObject({ value: 4.4, code: 'mmol/L' });
      expect(JSON.stringify(values)).toContain(
        (await database.db.selectFrom('bookings').select('reference').where('id', '=', valuesBookingId).executeTakeFirstOrThrow())
          .reference,
      );
      expect(JSON.parse(strFromU8(files['reviews.json']!))).toEqual([
        expect.objectContaining({ booking_id: bookingId, rating: 4, text: 'نتائج سريعة', lab_reply: null, hidden_at: null }),
      ]);
      expect(files[`results/${bookingId}/${resultId.slice(0, 8)}-ferritin.pdf`]).toEqual(report);
      expect(JSON.parse(strFromU8(files['invoices.json']!))).toEqual([]); // its invoices: tests/integration/invoices.test.ts

      // Opening the file for the export is a read of it, shown to the patient like any other.
      const reads = await database.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'result.read')
        .where('subject_id', '=', resultId)
        .execute();
      expect(reads).toEqual([{ details: expect.objectContaining({ role: 'customer', via: 'export' }) }]);
    },
  );

  it('lists the family members the customer books for, removed ones too', async () => {
    const customer = await signUpCustomer();
    const mother = await api.mutate<{ id: string }>(
      'family.add',
      { name: 'نورة العتيبي', relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14', nationalId: '1087654321' },
      customer.cookie,
    );
    expect(mother.status).toBe(200);
    const response = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['family-members.json']!))).toEqual([
      expect.objectContaining({
        id: mother.data.id,
        name: 'نورة العتيبي',
        relation: 'mother',
        date_of_birth: '1961-03-14',
        national_id: '1087654321',
        removed_at: null,
      }),
    ]);
  });

  it('lists the store orders with whom they were for and where they went', async () => {
    const customer = await signUpCustomer();
    const { variantId } = await createTestVariant(database.db, { stock: 1 });
    const started = await api.mutate<{ url: string }>(
      'store.checkout',
      { ...checkoutDefaults, items: [{ variantId, quantity: 1 }] },
      customer.cookie,
    );
    const orderId = orderIdOf(started.data.url);
    expect((await api.mutate('store.hostedCheckout.pay', { orderId, ...approvedPayment }, customer.cookie)).status).toBe(200);
    const response = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['store-orders.json']!))).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'paid',
        card_last4: '4242',
        buyer_name: approvedPayment.fullName,
        buyer_email: approvedPayment.email,
        buyer_phone: '+966551234567',
        ship_street: approvedPayment.street,
        ship_postal_code: approvedPayment.postalCode,
        items: [expect.objectContaining({ quantity: 1 })],
      }),
    ]);
  });

  it('is limited to five a day per user', async () => {
    const customer = await createTestUser(database.db, 'customer');
    for (let i = 0; i < 5; i += 1) {
      expect((await app.request('/account/export.zip', { headers: { cookie: customer.cookie } })).status).toBe(200);
    }
    const sixth = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ error: { appCode: 'RATE_LIMITED' } });
  });
});

/** Every text, JSON and array column of every table, searched for `needle`: where it still occurs. */
async function whereFound(needle: string): Promise<string[]> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`.execute(database.db);
  const found: string[] = [];
  for (const { table_name, column_name } of rows) {
    const { rows: hits } = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(table_name)} where ${sql.ref(column_name)}::text ilike ${`%${needle}%`}`.execute(database.db);
    if (Number(hits[0]?.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/**
 * What deleting an account does to each place a person's data can be: every column that points to a
 * user, and every column named like a person's details. `whose` finds the deleted person's rows; a
 * table without one holds them by value (checked by `whereFound`) or only for staff, whose accounts
 * the platform closes rather than deletes.
 */
type Fate = 'deleted' | 'erased' | `kept: ${string}` | `not personal: ${string}`;
const personalData: Record<string, { whose?: (userId: string) => RawBuilder<boolean>; columns: Record<string, Fate> }> = {
  users: {
    whose: (id) => sql`id = ${id}`,
    columns: { email: 'erased', contact_email: 'erased', phone: 'erased', phone_verified_at: 'erased', email_verified_at: 'erased' },
  },
  user_profiles: {
    whose: (id) => sql`id = ${id}`,
    columns: {
      id: 'kept: the profile row stays with the account, emptied',
      name: 'erased',
      date_of_birth: 'erased',
      // The ID number and its verification by Nafath (ADR 0096).
      national_id: 'erased',
      national_id_verified_at: 'erased',
      national_id_name_ar: 'erased',
      national_id_name_en: 'erased',
    },
  },
  sessions: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  pending_sign_ins: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  passkeys: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted', name: 'deleted' } },
  webauthn_challenges: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  two_factor_totp: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  two_factor_recovery_codes: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  account_tokens: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted', email: 'deleted' } },
  guest_links: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  user_consents: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  outbox: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted', recipient: 'deleted' } },
  newsletter_subscriptions: { columns: { email: 'deleted' } },
  slot_holds: {
    whose: (id) => sql`holder_id = ${id}`,
    columns: { holder_id: 'deleted', client_address: 'deleted', home_latitude: 'deleted', home_longitude: 'deleted' },
  },
  phone_codes: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted', phone: 'deleted', client_address: 'deleted' } },
  phone_messages: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted', recipient: 'deleted' } },
  family_members: {
    whose: (id) => sql`account_id = ${id}`,
    columns: {
      account_id: 'deleted',
      name: 'deleted',
      national_id: 'deleted',
      date_of_birth: 'deleted',
      national_id_verified_at: 'deleted',
      national_id_name_ar: 'deleted',
      national_id_name_en: 'deleted',
    },
  },
  // The requests asked of Nafath for the account's people, with the names it returned (ADR 0096).
  nafath_requests: {
    whose: (id) => sql`user_id = ${id}`,
    columns: { user_id: 'deleted', national_id: 'deleted', name_ar: 'deleted', name_en: 'deleted' },
  },
  person_insurance: {
    whose: (id) => sql`account_id = ${id}`,
    columns: {
      account_id: 'deleted',
      member_id: 'deleted',
    },
  },
  insurers: {
    columns: { name_en: 'kept: an insurer company’s name, not a person’s', name_ar: 'kept: an insurer company’s name, not a person’s' },
  },
  reviews: {
    whose: (id) => sql`customer_id = ${id}`,
    columns: { customer_id: 'deleted', hidden_by: 'kept: the admin who hid a review; staff accounts are closed, not deleted' },
  },
  result_files: {
    whose: (id) => sql`booking_id in (select id from bookings where customer_id = ${id})`,
    columns: { file_name: 'deleted', uploaded_by: 'kept: the lab that uploaded it; staff accounts are closed, not deleted' },
  },
  result_shares: { whose: (id) => sql`customer_id = ${id}`, columns: { customer_id: 'deleted' } },
  lab_unit_aliases: { columns: { created_by: 'kept: the admin who added the spelling; staff accounts are closed, not deleted' } },
  retest_reminders: { whose: (id) => sql`customer_id = ${id}`, columns: { customer_id: 'deleted' } },
  waitlist_entries: { whose: (id) => sql`customer_id = ${id}`, columns: { customer_id: 'deleted' } },
  // The wallet and referrals (ADR 0093): the credit goes with the account, as do its code and devices.
  wallet_movements: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  referral_codes: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  referrals: {
    whose: (id) => sql`referred_id = ${id} or referrer_id = ${id}`,
    columns: { referred_id: 'deleted', referrer_id: 'deleted' },
  },
  account_devices: { whose: (id) => sql`user_id = ${id}`, columns: { user_id: 'deleted' } },
  wallet_settings: { columns: { updated_by: 'kept: the admin who set the amounts; staff accounts are closed, not deleted' } },
  booking_series: {
    whose: (id) => sql`customer_id = ${id}`,
    columns: { customer_id: 'deleted', family_member_id: 'deleted', home_address: 'deleted' },
  },
  result_critical_cases: {
    whose: (id) =>
      sql`version_id in (select v.id from result_report_versions v join result_reports r on r.id = v.report_id
                          join bookings b on b.id = r.booking_id where b.customer_id = ${id})`,
    columns: { caller_name: 'deleted', called_person: 'deleted' },
  },
  bookings: {
    whose: (id) => sql`customer_id = ${id}`,
    columns: {
      customer_id: 'kept: the lab’s figures and the payment records; the account it names has nothing personal left',
      home_address: 'erased',
      home_latitude: 'erased',
      home_longitude: 'erased',
    },
  },
  checkouts: { whose: (id) => sql`customer_id = ${id}`, columns: { customer_id: 'kept: payment records the law requires' } },
  // A promo code's use is part of its checkout's payment record (what it took off is on the invoice); exported with payments.json.
  promo_redemptions: {
    whose: (id) => sql`customer_id = ${id}`,
    columns: { customer_id: 'kept: part of the payment record, as its checkout is' },
  },
  promo_codes: { columns: { created_by: 'kept: the admin who made a code; staff accounts are closed, not deleted' } },
  invoices: {
    whose: (id) => sql`buyer_id = ${id}`,
    columns: {
      buyer_id: 'kept: tax invoices are kept for the years the law requires',
      buyer_name: 'erased',
      seller_name: 'not personal: the platform’s own name',
    },
  },
  plan_subscriptions: {
    whose: (id) => sql`user_id = ${id}`,
    columns: { user_id: 'kept: what was paid for the plan', card_brand: 'erased', card_last_four: 'erased' },
  },
  store_orders: {
    whose: (id) => sql`user_id = ${id}`,
    columns: {
      user_id: 'kept: the items, amounts and payment the tax and stock records need',
      buyer_name: 'erased',
      buyer_email: 'erased',
      buyer_phone: 'erased',
      ship_city: 'erased',
      ship_district: 'erased',
      ship_street: 'erased',
      ship_building_number: 'erased',
      ship_postal_code: 'erased',
      ship_short_address: 'erased',
      card_last4: 'erased',
      client_address: 'erased',
    },
  },
  audit_log: { columns: { actor_id: 'kept: the append-only log names accounts by id only; a deleted one has nothing personal left' } },
  lab_api_keys: {
    columns: {
      created_by: 'kept: the lab account that made a key; staff accounts are closed, not deleted',
      name: 'not personal: the name a lab gave its system’s key',
    },
  },
  lab_payouts: { columns: { recorded_by: 'kept: the admin who recorded a payout; staff accounts are closed, not deleted' } },
  store_stock_adjustments: { columns: { actor_id: 'kept: the admin who changed stock; staff accounts are closed, not deleted' } },
  test_packages: { columns: { reviewed_by: 'kept: the admin who reviewed a package; staff accounts are closed, not deleted' } },
  test_requests: {
    columns: {
      reviewed_by: 'kept: the admin who reviewed it; staff accounts are closed, not deleted',
      test_name_ar: 'not personal: a test’s name',
      test_name_en: 'not personal: a test’s name',
    },
  },
  labs: {
    columns: {
      lab_name_ar: 'not personal: a lab’s public listing',
      lab_name_en: 'not personal: a lab’s public listing',
      address_ar: 'not personal: a lab’s public listing',
      address_en: 'not personal: a lab’s public listing',
      phone: 'not personal: a lab’s public listing',
      latitude: 'not personal: a lab’s public listing',
      longitude: 'not personal: a lab’s public listing',
    },
  },
  categories: { columns: { name_ar: 'not personal: the catalogue', name_en: 'not personal: the catalogue' } },
  tests: { columns: { name_ar: 'not personal: the catalogue', name_en: 'not personal: the catalogue' } },
  analytes: { columns: { name_ar: 'not personal: what a test measures', name_en: 'not personal: what a test measures' } },
  kysely_migration: { columns: { name: 'not personal: a migration’s name' } },
};

/** Columns that point to users.id, and columns named like a person's details: each must be in `personalData`. */
async function columnsThatMayHoldAPerson(): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select c.table_name || '.' || c.column_name as column
      from information_schema.columns c
     where c.table_schema = current_schema()
       and (c.column_name ~ '(^|_)(email|phone|name|address|ip|recipient|buyer|ship|card|national|birth|latitude|longitude)(_|$)'
            or exists (
              select from information_schema.key_column_usage k
                join information_schema.referential_constraints r
                  on r.constraint_schema = k.constraint_schema and r.constraint_name = k.constraint_name
                join information_schema.key_column_usage u
                  on u.constraint_schema = r.unique_constraint_schema and u.constraint_name = r.unique_constraint_name
               where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
                 and u.table_name = 'users' and u.column_name = 'id'))
     order by 1`.execute(database.db);
  return rows.map((row) => row.column);
}

describe('where a person’s data is kept', () => {
  it('lists every table and column that points to a user or names a person, with what deleting the account does to it', async () => {
    const found = await columnsThatMayHoldAPerson();
    const listed = Object.entries(personalData).flatMap(([table, { columns }]) =>
      Object.keys(columns).map((column) => `${table}.${column}`),
    );
    const unlisted = found.filter((column) => !listed.includes(column));
    expect(
      unlisted,
      `These columns may hold a person's data and are not in personalData (tests/integration/data-rights.test.ts): decide what ` +
        'deleting the account does to each (deleted, erased, or kept and why), make eraseAccount do it, and list it there',
    ).toEqual([]);
    const { rows } = await sql<{ column: string }>`
      select table_name || '.' || column_name as column from information_schema.columns where table_schema = current_schema()`.execute(
      database.db,
    );
    const existing = new Set(rows.map((row) => row.column));
    expect(listed.filter((column) => !existing.has(column))).toEqual([]);
  });
});

/**
 * Rows of the customer's in the tables sign-up, a booking and its result do not fill: a review,
 * sign-in state, second factors, a held seat, a paid plan with its card, and a store order paid through the
 * payment page with their name, e-mail, mobile and an address that names them.
 */
async function givePersonalDataEverywhere(customer: Customer, completedBookingId: string) {
  const db = database.db;
  await createReview(db, customer.id, { bookingId: completedBookingId, rating: 5, text: `شكراً من ${customer.name}` });
  const soon = new Date(Date.now() + 600_000);
  await db.insertInto('pending_sign_ins').values({ id: randomUUID(), user_id: customer.id, expires_at: soon }).execute();
  // A link from the mails of the guest this customer was before (ADR 0066).
  await db
    .insertInto('guest_links')
    .values({ id: `${randomUUID()}${randomUUID()}`.replaceAll('-', ''), user_id: customer.id, expires_at: soon })
    .execute();
  await db
    .insertInto('passkeys')
    .values({ id: randomUUID(), user_id: customer.id, name: `هاتف ${customer.name}`, public_key: Buffer.from([1, 2, 3]) })
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge: randomUUID(), purpose: 'register', user_id: customer.id, expires_at: soon })
    .execute();
  await db
    .insertInto('two_factor_totp')
    .values({ user_id: customer.id, secret: Buffer.alloc(20, 7) })
    .execute();
  await db.insertInto('two_factor_recovery_codes').values({ user_id: customer.id, code_hash: randomUUID() }).execute();
  await db
    .insertInto('account_tokens')
    .values({ id: randomUUID(), user_id: customer.id, email: customer.email, purpose: 'reset_password', expires_at: soon })
    .execute();
  // A link for a doctor to the booking's result (ADR 0061).
  const share = await db
    .insertInto('result_shares')
    .values({ customer_id: customer.id, token_hash: randomUUID().replaceAll('-', '').repeat(2), expires_at: soon })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('result_share_bookings').values({ share_id: share.id, booking_id: completedBookingId }).execute();
  // A retest the analysis suggested for it, which the patient asked to be reminded of (issue #54).
  await db
    .insertInto('retest_reminders')
    .values({
      customer_id: customer.id,
      booking_id: completedBookingId,
      rule_id: 'hba1c-prediabetes',
      loinc: '4548-4',
      due_on: '2030-01-01',
    })
    .execute();
  // Their wallet's credit, their invitation code, who invited them, and a device they signed in on (ADR 0093).
  const friend = await createTestUser(db, 'customer');
  await db.insertInto('referral_codes').values({ user_id: customer.id, code: 'DATA2345' }).execute();
  await db.insertInto('referrals').values({ referred_id: customer.id, referrer_id: friend.id, status: 'rewarded' }).execute();
  await db
    .insertInto('wallet_movements')
    .values({
      user_id: customer.id,
      kind: 'credit',
      amount_halalas: 2_500,
      reason: 'referral_referred',
      source_key: `referral:${customer.id}:referred`,
      expires_at: new Date(Date.now() + 90 * 86_400_000),
    })
    .execute();
  await db.insertInto('account_devices').values({ user_id: customer.id, device_hash: randomUUID() }).execute();
  // Their health insurance card (issue #80).
  const insurer = await db
    .insertInto('insurers')
    .values({ nphies_payer_id: `DATA-${randomUUID().slice(0, 8)}`, name_en: 'Data Insurer', name_ar: 'تأمين البيانات' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('person_insurance')
    .values({
      account_id: customer.id,
      insurer_id: insurer.id,
      member_id: `M-${customer.name}`,
      policy_class: 'B',
      expires_on: '2031-01-01',
    })
    .execute();
  const { labTestId } = await offerTest(db, lab.id);
  // A day they wait for a seat on (issue #58).
  await db
    .insertInto('waitlist_entries')
    .values({ customer_id: customer.id, lab_id: lab.id, lab_test_id: labTestId, on_date: '2030-01-01' })
    .execute();
  // A test they repeat every three months (issue #58).
  await db
    .insertInto('booking_series')
    .values({
      customer_id: customer.id,
      lab_test_id: labTestId,
      every_months: 3,
      visits: 4,
      home_address: `منزل ${customer.name}، حي النخيل`,
    })
    .execute();
  await db
    .insertInto('slot_holds')
    .values({
      holder_id: customer.id,
      lab_id: lab.id,
      lab_test_id: labTestId,
      starts_at: soon,
      expires_at: soon,
      client_address: '10.9.250.250',
      collection: 'home',
      home_latitude: 24.75,
      home_longitude: 46.68,
    })
    .execute();
  // Their ID number, verified by Nafath, and the request that verified it (ADR 0096).
  await db
    .updateTable('user_profiles')
    .set({ national_id: '1000000016', national_id_verified_at: soon, national_id_name_ar: customer.name, national_id_name_en: 'Sarah' })
    .where('id', '=', customer.id)
    .execute();
  await db
    .insertInto('nafath_requests')
    .values({
      id: randomUUID(),
      user_id: customer.id,
      national_id: '1000000016',
      trans_id: randomUUID(),
      random: '42',
      status: 'confirmed',
      expires_at: soon,
      name_ar: customer.name,
      name_en: 'Sarah',
    })
    .execute();
  // A code by SMS confirming their number, and its message (issue #55).
  await db
    .insertInto('phone_codes')
    .values({
      phone: customer.phone,
      purpose: 'verify',
      user_id: customer.id,
      code_hash: 'hash',
      expires_at: soon,
      client_address: '10.9.250.251',
    })
    .execute();
  await db
    .insertInto('phone_messages')
    .values({
      recipient: customer.phone,
      template: 'phone-code',
      locale: 'ar',
      user_id: customer.id,
      data: JSON.stringify({ code: '123456' }),
    })
    .execute();
  await db
    .insertInto('plan_subscriptions')
    .values({
      user_id: customer.id,
      plan: 'premium',
      amount_cents: 9_900,
      currency: 'SAR',
      status: 'active',
      card_brand: 'visa',
      card_last_four: '4242',
      period_end: new Date(Date.now() + 30 * 86_400_000),
    })
    .execute();
  const { variantId } = await createTestVariant(db, { stock: 2 });
  const started = await api.mutate<{ url: string }>(
    'store.checkout',
    { ...checkoutDefaults, items: [{ variantId, quantity: 1 }] },
    customer.cookie,
  );
  const paid = await api.mutate(
    'store.hostedCheckout.pay',
    {
      orderId: orderIdOf(started.data.url),
      ...approvedPayment,
      fullName: customer.name,
      email: customer.email,
      phone: customer.phone,
      street: `طريق ${customer.name}`,
    },
    customer.cookie,
  );
  expect(paid.status).toBe(200);
}

/** How many of the person's rows a table holds, and how many of them still carry an erased column. */
async function personRows(userId: string) {
  const counts: Record<string, { rows: number; unerased: Record<string, number> }> = {};
  for (const [table, { whose, columns }] of Object.entries(personalData)) {
    if (!whose) continue;
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${whose(userId)}`.execute(database.db);
    const unerased: Record<string, number> = {};
    for (const [column, fate] of Object.entries(columns)) {
      if (fate !== 'erased') continue;
      const { rows: left } = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(table)} where ${whose(userId)} and nullif(${sql.ref(column)}::text, '') is not null`.execute(
        database.db,
      );
      unerased[column] = Number(left[0]?.n);
    }
    counts[table] = { rows: Number(rows[0]?.n), unerased };
  }
  return counts;
}

describe('delete my account', () => {
  it('refuses a wrong password, and a lab or an admin account', async () => {
    const customer = await signUpCustomer();
    expect((await api.mutate('account.delete', { password: 'not the password' }, customer.cookie)).error?.data.appCode).toBe(
      'WRONG_PASSWORD',
    );
    expect((await api.mutate('account.delete', { password: PASSWORD }, lab.cookie)).error?.data).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api.mutate('account.delete', { password: PASSWORD }, admin.cookie)).error?.data).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api.query<{ id: string } | null>('auth.me', customer.cookie)).data?.id).toBe(customer.id);
  });

  it('erases the person at once: no table holds their name, e-mail or phone, their files are gone, their session is dead', async () => {
    const customer = await signUpCustomer();
    const { bookingId, resultId } = await withResult(customer.id);
    // Values too: a report whose potassium is critical, so it has a case the lab must call about.
    const { labTestId: electrolytes } = await offerNamedTest(database.db, lab.id, 'Electrolytes (Sodium, Potassium, Chloride)');
    const valuesBookingId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId: electrolytes,
      status: 'completed',
      bookingTime: yesterday(),
    });
    const potassium = await database.db.selectFrom('analytes').select('id').where('loinc', '=', '2823-3').executeTakeFirstOrThrow();
    const saved = await api.mutate(
      'results.saveDraft',
      {
        bookingId: valuesBookingId,
        patientSex: null,
        releaseAs: 'final',
        note: null,
        observations: [{ analyteId: potassium.id, value: '6.9', unit: null, comment: null }],
      },
      lab.cookie,
    );
    expect(saved.error).toBeUndefined();
    const { storage_key } = await database.db
      .selectFrom('result_files')
      .select('storage_key')
      .where('id', '=', resultId)
      .executeTakeFirstOrThrow();
    const checkout = await database.db
      .insertInto('checkouts')
      .values({
        customer_id: customer.id,
        idempotency_key: randomUUID(),
        payment_provider: 'simulated',
        payment_reference: 'sim_1',
        status: 'paid',
        total_halalas: 20_000,
        vat_halalas: 2_609,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The booking was paid through that checkout, which got its tax invoice naming the buyer, with a promo code.
    await database.db.updateTable('bookings').set({ checkout_id: checkout.id }).where('id', '=', bookingId).execute();
    const promo = await database.db
      .insertInto('promo_codes')
      .values({ code: 'DATARIGHTS', kind: 'percent', amount: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('promo_redemptions')
      .values({ checkout_id: checkout.id, promo_code_id: promo.id, customer_id: customer.id, discount_halalas: 0, held_until: new Date() })
      .execute();
    const invoice = await database.db
      .transaction()
      .execute((trx) =>
        insertCheckoutInvoice(trx, { id: checkout.id, customerId: customer.id, buyerName: customer.name, totalHalalas: 20_000 }),
      );
    const { number } = await database.db.selectFrom('invoices').select('number').where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(await whereFound(customer.name)).toContain('invoices.buyer_name');
    await database.db.insertInto('newsletter_subscriptions').values({ email: customer.email }).execute();
    await app.request(`/files/results/${resultId}`, { headers: { cookie: customer.cookie } });
    // Before: the person is all over the database (profile, mail, newsletter, limits).
    expect(await whereFound(customer.email)).not.toEqual([]);

    const child = await api.mutate<{ id: string }>(
      'family.add',
      { name: `${customer.name} الابن`, relation: 'child', sex: 'male', dateOfBirth: '2016-09-01', nationalId: '1000000008' },
      customer.cookie,
    );
    // A home visit: where the person lives is theirs too (the address carries their name, which must go).
    await database.db
      .updateTable('bookings')
      .set({
        family_member_id: child.data.id,
        collection: 'home',
        home_address: `منزل ${customer.name}، حي الملقا، الرياض`,
        home_latitude: 24.8,
        home_longitude: 46.6,
      })
      .where('id', '=', bookingId)
      .execute();

    await givePersonalDataEverywhere(customer, bookingId);
    // Limits on codes texted to the person's number are kept by the number (#74).
    await database.db
      .insertInto('auth_rate_limits')
      .values({ key: `phone-code:try:${customer.phone}:ip:10.74.0.9`, window_started_at: new Date(), attempts: 1 })
      .execute();
    expect(await whereFound(customer.phone)).toContain('auth_rate_limits.key');
    const before = await personRows(customer.id);
    expect(
      Object.keys(before).filter((table) => before[table]!.rows === 0),
      'the test gives the person rows in every table personalData finds them by',
    ).toEqual([]);

    const deleted = await api.mutate('account.delete', { password: PASSWORD }, customer.cookie);
    expect(deleted.data).toEqual({ deleted: true });
    const after = await personRows(customer.id);
    expect(after).toEqual(
      Object.fromEntries(
        Object.entries(before).map(([table, { rows, unerased }]) => {
          const rowsGo = Object.values(personalData[table]!.columns).includes('deleted');
          return [table, { rows: rowsGo ? 0 : rows, unerased: Object.fromEntries(Object.keys(unerased).map((column) => [column, 0])) }];
        }),
      ),
    );
    expect(await database.db.selectFrom('family_members').select('id').where('account_id', '=', customer.id).execute()).toEqual([]);
    const kept = await database.db
      .selectFrom('bookings')
      .select(['family_member_id', 'collection', 'home_address', 'home_latitude', 'home_longitude'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ family_member_id: null, collection: 'home', home_address: null, home_latitude: null, home_longitude: null });
    expect(deleted.cookies.find((c) => c.startsWith('tahaleel_session='))).toMatch(/Max-Age=0/);

    expect(await whereFound(customer.name)).toEqual([]);
    expect(await whereFound(customer.email)).toEqual([]);
    expect(await whereFound(customer.phone)).toEqual([]);
    expect(await blobs.get(storage_key)).toBeNull();
    expect(await database.db.selectFrom('result_files').select('id').where('id', '=', resultId).execute()).toEqual([]);
    expect(await database.db.selectFrom('result_reports').select('id').where('booking_id', '=', valuesBookingId).execute()).toEqual([]);
    expect((await api.query('auth.me', customer.cookie)).data).toBeNull();
    expect((await api.mutate('auth.signIn', { email: customer.email, password: PASSWORD })).error?.data.appCode).toBe(
      'INVALID_CREDENTIALS',
    );

    // Kept without the person: the booking for the lab's figures, the payment and its invoice for the tax records.
    expect(
      await database.db.selectFrom('bookings').select(['id', 'status']).where('customer_id', '=', customer.id).orderBy('id').execute(),
    ).toEqual(
      [
        { id: bookingId, status: 'completed' },
        { id: valuesBookingId, status: 'completed' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await database.db.selectFrom('checkouts').select('total_halalas').where('customer_id', '=', customer.id).execute()).toEqual([
      { total_halalas: 20_000 },
    ]);
    // The tax invoice stays for the years the law requires, with the buyer's name gone.
    expect(
      await database.db
        .selectFrom('invoices')
        .select(['number', 'buyer_id', 'buyer_name', 'total_halalas'])
        .where('id', '=', invoice.id)
        .execute(),
    ).toEqual([{ number, buyer_id: customer.id, buyer_name: null, total_halalas: 20_000 }]);
    const entry = await database.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'account.delete')
      .where('subject_id', '=', customer.id)
      .execute();
    expect(entry).toEqual([{ actor_id: customer.id }]);
  });

  it('confirms an account without a password (made with Google) by its e-mail address', async () => {
    const googleOnly = await createTestUser(database.db, 'customer');
    expect((await api.mutate('account.delete', { email: 'someone-else@example.sa' }, googleOnly.cookie)).error?.data.appCode).toBe(
      'EMAIL_MISMATCH',
    );
    expect((await api.mutate('account.delete', { email: googleOnly.email.toUpperCase() }, googleOnly.cookie)).data).toEqual({
      deleted: true,
    });
    expect(await whereFound(googleOnly.email)).toEqual([]);
  });
});
