import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { afterQuietHours } from '../../src/server/modules/phone/phone-messages.service.ts';
import { fillBody, textParts } from '../../src/server/modules/phone/phone-texts.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { guaranteeOnResults, guaranteeOnSetOut } from '../../src/server/modules/wallet/guarantee.service.ts';
import { insertBooking, offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { guaranteeCharges, walletMovements } from '../setup/guarantee-ledger.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #79 item 6 (ADR 0093): a lab's stated turnaround and punctual home visits, and the credit its
// customer gets, once per booking and charged to the lab, when it misses them.

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let blobRoot: string;
let lab: TestUser;
let labTestId: number;

const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-guarantee-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot), clientIp: () => '10.79.6.1' });
  lab = await createTestUser(database.db, 'lab', { approved: true });
  ({ labTestId } = await offerTest(database.db, lab.id));
  await database.db.updateTable('lab_tests').set({ stated_turnaround_hours: 24 }).where('id', '=', labTestId).execute();
  await database.db.updateTable('labs').set({ promises_punctual_visits: true }).where('id', '=', lab.id).execute();
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

async function visit(hoursAgo: number, collection: 'lab' | 'home' = 'lab') {
  const customer = await createTestUser(database.db, 'customer');
  const bookingTime = new Date(Date.now() - hoursAgo * HOUR);
  const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime });
  if (collection === 'home') await database.db.updateTable('bookings').set({ collection: 'home' }).where('id', '=', bookingId).execute();
  return { customer, bookingId, bookingTime };
}

const credits = (userId: string) => walletMovements(database.db, userId);
const charges = (bookingId: string) => guaranteeCharges(database.db, bookingId);

describe('the stated turnaround', () => {
  it('credits nothing for results exactly at the stated time, and the admin’s amount a minute after, charged to the lab', async () => {
    const onTime = await visit(30);
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnResults(tx, onTime.bookingId, new Date(onTime.bookingTime.getTime() + 24 * HOUR)));
    expect(await credits(onTime.customer.id)).toEqual([]);

    const late = await visit(30);
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnResults(tx, late.bookingId, new Date(late.bookingTime.getTime() + 24 * HOUR + MINUTE)));
    expect(await credits(late.customer.id)).toEqual([{ kind: 'credit', amount_halalas: 2_000, reason: 'guarantee_late_results' }]);
    expect(await charges(late.bookingId)).toEqual([{ kind: 'guarantee', lab_owed_halalas: -2_000, lab_id: lab.id }]);
    expect(
      await database.db
        .selectFrom('outbox')
        .select('template')
        .where('user_id', '=', late.customer.id)
        .where('template', '=', 'guarantee-credited')
        .execute(),
    ).toHaveLength(1);
    // Asked again: once per booking.
    await database.db.transaction().execute((tx) => guaranteeOnResults(tx, late.bookingId, new Date()));
    expect(await credits(late.customer.id)).toHaveLength(1);
    expect(await charges(late.bookingId)).toHaveLength(1);
  });

  it('pays itself when a late result file is uploaded, and not for a test that states no turnaround', async () => {
    const late = await visit(48);
    const form = new FormData();
    form.set('bookingId', late.bookingId);
    form.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'cbc.pdf', { type: 'application/pdf' }));
    const upload = await app.request('/files/results', {
      method: 'POST',
      headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
      body: form,
    });
    expect(upload.status).toBeLessThan(300);
    expect(await credits(late.customer.id)).toEqual([{ kind: 'credit', amount_halalas: 2_000, reason: 'guarantee_late_results' }]);

    const { labTestId: unstated } = await offerTest(database.db, lab.id);
    const customer = await createTestUser(database.db, 'customer');
    const bookingId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId: unstated,
      bookingTime: new Date(Date.now() - 100 * HOUR),
    });
    await database.db.transaction().execute((tx) => guaranteeOnResults(tx, bookingId, new Date()));
    expect(await credits(customer.id)).toEqual([]);
  });
});

describe('punctual home visits', () => {
  it('credits nothing when the collector sets out exactly 30 minutes after the window starts, and credits at 31', async () => {
    const onTime = await visit(2, 'home');
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnSetOut(tx, onTime.bookingId, new Date(onTime.bookingTime.getTime() + 30 * MINUTE)));
    expect(await credits(onTime.customer.id)).toEqual([]);

    const late = await visit(2, 'home');
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnSetOut(tx, late.bookingId, new Date(late.bookingTime.getTime() + 31 * MINUTE)));
    expect(await credits(late.customer.id)).toEqual([{ kind: 'credit', amount_halalas: 2_000, reason: 'guarantee_late_collector' }]);
    expect(await charges(late.bookingId)).toEqual([{ kind: 'guarantee', lab_owed_halalas: -2_000, lab_id: lab.id }]);
    // The results, late too, pay nothing more: once per booking.
    await database.db.transaction().execute((tx) => guaranteeOnResults(tx, late.bookingId, new Date(Date.now() + 48 * HOUR)));
    expect(await credits(late.customer.id)).toHaveLength(1);
  });

  it('promises nothing at a lab that does not state punctual visits, nor for a visit at the lab', async () => {
    const atLab = await visit(2, 'lab');
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnSetOut(tx, atLab.bookingId, new Date(atLab.bookingTime.getTime() + 90 * MINUTE)));
    expect(await credits(atLab.customer.id)).toEqual([]);
    await database.db.updateTable('labs').set({ promises_punctual_visits: false }).where('id', '=', lab.id).execute();
    try {
      const home = await visit(2, 'home');
      await database.db
        .transaction()
        .execute((tx) => guaranteeOnSetOut(tx, home.bookingId, new Date(home.bookingTime.getTime() + 90 * MINUTE)));
      expect(await credits(home.customer.id)).toEqual([]);
    } finally {
      await database.db.updateTable('labs').set({ promises_punctual_visits: true }).where('id', '=', lab.id).execute();
    }
  });
});

describe("the lab page's on-time record (last 90 days)", () => {
  it('counts results at the stated time as on time and a minute after as late, and collectors at 30 and 31 minutes, with nothing invented', async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offer } = await offerTest(database.db, fresh.id);
    const page = async () => (await (await callerFor(database.db)).catalog.lab({ labId: fresh.id })).on_time;
    // Nothing stated, nothing given: nothing to show.
    expect(await page()).toEqual({ days: 90, results: null, visits: null });

    await database.db.updateTable('lab_tests').set({ stated_turnaround_hours: 24 }).where('id', '=', offer).execute();
    const book = async (bookingTime: Date) =>
      insertBooking(database.db, { customerId: (await createTestUser(database.db, 'customer')).id, labTestId: offer, bookingTime });
    async function resultsAfter(bookingTime: Date, afterMs: number) {
      const bookingId = await book(bookingTime);
      await database.db
        .insertInto('result_files')
        .values({
          booking_id: bookingId,
          uploaded_by: fresh.id,
          storage_key: `${bookingId}/${crypto.randomUUID()}`,
          file_name: 'result.pdf',
          content_type: 'application/pdf',
          size_bytes: 1,
          sha256: '0'.repeat(64),
          created_at: new Date(bookingTime.getTime() + afterMs),
        })
        .execute();
    }
    const twoDaysAgo = new Date(Date.now() - 48 * HOUR);
    await resultsAfter(twoDaysAgo, 24 * HOUR);
    await resultsAfter(twoDaysAgo, 24 * HOUR + MINUTE);
    // Given before the 90 days: not counted.
    await resultsAfter(new Date(Date.now() - 95 * 24 * HOUR), HOUR);
    expect(await page()).toEqual({ days: 90, results: { onTime: 1, total: 2 }, visits: null });

    async function setOutAfter(afterMs: number) {
      const bookingTime = new Date(Date.now() - 3 * HOUR);
      const bookingId = await book(bookingTime);
      await database.db
        .updateTable('bookings')
        .set({ collection: 'home', collector_left_at: new Date(bookingTime.getTime() + afterMs) })
        .where('id', '=', bookingId)
        .execute();
    }
    await setOutAfter(30 * MINUTE);
    await setOutAfter(31 * MINUTE);
    // Visits count only once the lab promises punctuality.
    expect((await page()).visits).toBeNull();
    await database.db.updateTable('labs').set({ promises_punctual_visits: true }).where('id', '=', fresh.id).execute();
    expect((await page()).visits).toEqual({ onTime: 1, total: 2 });
  });
});

describe('the text beside the mail', () => {
  it("texts the customer's confirmed number which promise was missed and what their wallet received, out of quiet hours; nothing without a number", async () => {
    const late = await visit(30);
    const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await database.db.updateTable('users').set({ phone, phone_verified_at: new Date() }).where('id', '=', late.customer.id).execute();
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnResults(tx, late.bookingId, new Date(late.bookingTime.getTime() + 25 * HOUR)));
    const texts = await database.db
      .selectFrom('phone_messages')
      .select(['template', 'data', 'send_after', 'dedupe_key'])
      .where('recipient', '=', phone)
      .execute();
    expect(texts).toMatchObject([
      { template: 'guarantee-credited', data: { amount: 20, kind: 'late_results' }, dedupe_key: `guarantee-credited:${late.bookingId}` },
    ]);
    expect(texts[0]?.send_after).toEqual(afterQuietHours(texts[0]!.send_after));
    // Asked again: one text.
    await database.db.transaction().execute((tx) => guaranteeOnResults(tx, late.bookingId, new Date()));
    expect(await database.db.selectFrom('phone_messages').select('id').where('recipient', '=', phone).execute()).toHaveLength(1);

    const ar = textParts({ template: 'guarantee-credited', data: { amount: 20, kind: 'late_collector' } }, 'ar', testEnv.PUBLIC_URL);
    expect(fillBody(ar.body.ar, ar.parameters)).toContain('مندوب');
    expect(fillBody(ar.body.ar, ar.parameters)).toContain('/dashboard?section=wallet');
    const en = textParts({ template: 'guarantee-credited', data: { amount: 20, kind: 'late_results' } }, 'en', testEnv.PUBLIC_URL);
    expect(fillBody(en.body.en, en.parameters)).toContain('SAR 20.00 to your wallet');

    const noNumber = await visit(30);
    await database.db
      .transaction()
      .execute((tx) => guaranteeOnResults(tx, noNumber.bookingId, new Date(noNumber.bookingTime.getTime() + 25 * HOUR)));
    expect(await database.db.selectFrom('phone_messages').select('id').where('user_id', '=', noNumber.customer.id).execute()).toEqual([]);
  });
});

describe("the admin's guarantee credits", () => {
  it('are set by an admin only, typed in any digits, validated and audited, and pay the next credit', async () => {
    const admin = await createTestUser(database.db, 'admin');
    const customer = await createTestUser(database.db, 'customer');
    expect(
      await refusal(
        (await callerFor(database.db, customer)).wallet.saveGuaranteeSettings({ lateResultsCredit: 500, lateCollectorCredit: 500 }),
      ),
    ).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect(await refusal((await callerFor(database.db, lab)).wallet.guaranteeSettings())).toMatchObject({ code: 'FORBIDDEN' });
    const adminCaller = await callerFor(database.db, admin);
    expect(await adminCaller.wallet.guaranteeSettings()).toEqual({ lateResultsCredit: 20, lateCollectorCredit: 20 });
    for (const wrong of [
      { lateResultsCredit: '-1' },
      { lateResultsCredit: '1001' },
      { lateResultsCredit: '1.005' },
      { lateCollectorCredit: 'abc' },
    ]) {
      expect(
        await refusal(adminCaller.wallet.saveGuaranteeSettings({ lateResultsCredit: 10, lateCollectorCredit: 10, ...wrong })),
      ).toMatchObject({ code: 'BAD_REQUEST' });
    }
    try {
      const saved = await adminCaller.wallet.saveGuaranteeSettings({ lateResultsCredit: '٣٥٫٥', lateCollectorCredit: '١٠' });
      expect(saved).toEqual({ lateResultsCredit: 35.5, lateCollectorCredit: 10 });
      const audit = await database.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('actor_id', '=', admin.id)
        .where('action', '=', 'wallet.guarantee_settings')
        .execute();
      expect(audit).toEqual([{ action: 'wallet.guarantee_settings', details: { lateResultsCredit: 35.5, lateCollectorCredit: 10 } }]);
      const late = await visit(30);
      await database.db
        .transaction()
        .execute((tx) => guaranteeOnResults(tx, late.bookingId, new Date(late.bookingTime.getTime() + 25 * HOUR)));
      expect(await credits(late.customer.id)).toEqual([{ kind: 'credit', amount_halalas: 3_550, reason: 'guarantee_late_results' }]);
      // The referral settings are left as they were.
      expect(await adminCaller.wallet.settings()).toMatchObject({ referrerCredit: 25, referredCredit: 25, creditValidDays: 90 });
    } finally {
      await adminCaller.wallet.saveGuaranteeSettings({ lateResultsCredit: 20, lateCollectorCredit: 20 });
    }
  });
});
