import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { rewardReferral } from '../../src/server/modules/wallet/referrals.service.ts';
import { grantCredit, refundToWallet, spendFromWallet, walletOf } from '../../src/server/modules/wallet/wallet.service.ts';
import { deviceKeyHash } from '../../src/server/platform/device-cookie.ts';
import { insertBooking, offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #79 item 5 (ADR 0093): the wallet as a ledger, referral codes kept through sign-up, the grant
// once the referred person's first paid booking is completed, and a referral to oneself refused.

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let api: ReturnType<typeof apiClient>;
let lab: TestUser;
let labTestId: number;
let blobRoot: string;

const DAY = 86_400_000;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  database = await openTestDatabase();
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-wallet-'));
  app = createApp({
    db: database.db,
    env: testEnv,
    blobs: diskBlobStore(blobRoot),
    clientIp: () => `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  api = apiClient(app);
  lab = await createTestUser(database.db, 'lab', { approved: true });
  ({ labTestId } = await offerTest(database.db, lab.id));
});
afterAll(async () => {
  await database.close();
  await rm(blobRoot, { recursive: true, force: true });
});

interface SignedUp {
  id: string;
  cookie: string;
  device: string;
}

/** A sign-up through the app, as the browser sends it: the device cookie this browser has, if any. */
async function signUp(options: { referralCode?: string | null; device?: string; locale?: 'ar' | 'en' } = {}) {
  const email = `wallet-${randomUUID()}@example.sa`;
  const response = await api.mutate<{ id: string }>(
    'auth.signUp',
    {
      email,
      password: PASSWORD,
      name: 'نورة القحطاني',
      userType: 'customer',
      licenseNumber: null,
      acceptTerms: true,
      referralCode: options.referralCode ?? null,
    },
    options.device ? `tahaleel_device=${options.device}` : undefined,
  );
  return response;
}

function sessionOf(response: Awaited<ReturnType<typeof signUp>>): SignedUp {
  const session = response.cookies.find((c) => c.startsWith('tahaleel_session='));
  const device = response.cookies.find((c) => c.startsWith('tahaleel_device='));
  if (!session) throw new Error(`no session: ${JSON.stringify(response.error)}`);
  const deviceValue = device ? device.split(';')[0]!.split('=')[1]! : '';
  return { id: response.data.id, cookie: session.split(';')[0]!, device: deviceValue };
}

async function codeOf(user: SignedUp | TestUser): Promise<string> {
  const answer = await api.query<{ code: string; link: string }>('wallet.referral', user.cookie);
  expect(answer.error).toBeUndefined();
  return answer.data.code;
}

/** The lab marks the customer's visit of yesterday completed, as its dashboard does. */
async function completedVisit(customerId: string, priceHalalas = 20_000) {
  const bookingId = await insertBooking(database.db, {
    customerId,
    labTestId,
    bookingTime: new Date(Date.now() - DAY + Math.floor(Math.random() * 3_600_000)),
    priceHalalas,
  });
  const answer = await api.mutate('lab.completeBooking', { id: bookingId }, lab.cookie);
  expect(answer.error).toBeUndefined();
  return bookingId;
}

async function movements(userId: string) {
  return database.db
    .selectFrom('wallet_movements')
    .select(['kind', 'amount_halalas', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

async function creditMails(userId: string) {
  return database.db
    .selectFrom('outbox')
    .select(['template', 'data'])
    .where('user_id', '=', userId)
    .where('template', '=', 'wallet-credited')
    .execute();
}

async function referralStatus(referredId: string) {
  return database.db.selectFrom('referrals').select(['status', 'refused_reason']).where('referred_id', '=', referredId).executeTakeFirst();
}

describe('a referral code and link', () => {
  it('gives every customer one code, the same each time, and a link that carries it', async () => {
    const customer = sessionOf(await signUp());
    const first = await api.query<{ code: string; link: string; referrerCredit: number; referredCredit: number }>(
      'wallet.referral',
      customer.cookie,
    );
    expect(first.data.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.data.link).toBe(`${testEnv.PUBLIC_URL.replace(/\/$/, '')}/r/${first.data.code}`);
    expect(first.data).toMatchObject({ referrerCredit: 25, referredCredit: 25 });
    expect((await api.query<{ code: string }>('wallet.referral', customer.cookie)).data.code).toBe(first.data.code);
  });

  it('records who referred whom at sign-up, from a code typed in Arabic-Indic digits, lower case, with a hyphen', async () => {
    const referrer = sessionOf(await signUp());
    const code = await codeOf(referrer);
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const referred = sessionOf(await signUp({ referralCode: typed }));
    expect(
      await database.db.selectFrom('referrals').select(['referrer_id', 'status']).where('referred_id', '=', referred.id).executeTakeFirst(),
    ).toEqual({
      referrer_id: referrer.id,
      status: 'pending',
    });
  });

  it('refuses a code that is nobody’s before making the account, and a malformed one as a field', async () => {
    const unknown = await signUp({ referralCode: 'ZZZZ2222' });
    expect(unknown.error?.data.appCode).toBe('REFERRAL_CODE_UNKNOWN');
    expect(unknown.status).toBe(400);
    const malformed = await signUp({ referralCode: 'no' });
    expect(malformed.error?.data.fieldErrors).toMatchObject({ referralCode: ['invalid'] });
    expect(malformed.cookies.find((c) => c.startsWith('tahaleel_session='))).toBeUndefined();
  });
});

describe('the referral credit', () => {
  it('credits both, once, when the referred person’s first paid booking is completed; not at booking, not again', async () => {
    const referrer = sessionOf(await signUp());
    const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    // A free visit (nothing paid) completed: nothing yet.
    await completedVisit(referred.id, 0);
    const confirmed = await insertBooking(database.db, { customerId: referred.id, labTestId });
    expect(await movements(referrer.id)).toEqual([]);
    expect(await movements(referred.id)).toEqual([]);

    const first = await completedVisit(referred.id);
    expect(await movements(referrer.id)).toEqual([{ kind: 'credit', amount_halalas: 2_500, reason: 'referral_referrer' }]);
    expect(await movements(referred.id)).toEqual([{ kind: 'credit', amount_halalas: 2_500, reason: 'referral_referred' }]);
    expect(await referralStatus(referred.id)).toEqual({ status: 'rewarded', refused_reason: null });
    expect(await creditMails(referrer.id)).toEqual([
      {
        template: 'wallet-credited',
        data: expect.objectContaining({ amount: 25, reason: 'referral_referrer', link: '/dashboard?section=wallet' }),
      },
    ]);
    expect(await creditMails(referred.id)).toHaveLength(1);

    // A second paid visit, and the first one's completion asked again: nothing more.
    await completedVisit(referred.id);
    await database.db.transaction().execute((tx) => rewardReferral(tx, first));
    expect(await movements(referrer.id)).toHaveLength(1);
    expect(await movements(referred.id)).toHaveLength(1);
    expect(await creditMails(referrer.id)).toHaveLength(1);
    expect(confirmed).toBeTruthy();
  });

  it('is granted once when two completions race', async () => {
    const referrer = sessionOf(await signUp());
    const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    const bookings: string[] = [];
    for (const days of [1, 2, 3]) {
      const { labTestId: test } = await offerTest(database.db, lab.id);
      const bookingTime = new Date(Date.now() - days * DAY);
      bookings.push(await insertBooking(database.db, { customerId: referred.id, labTestId: test, status: 'completed', bookingTime }));
    }
    await Promise.all(bookings.map((id) => database.db.transaction().execute((tx) => rewardReferral(tx, id))));
    expect(await movements(referrer.id)).toHaveLength(1);
    expect(await movements(referred.id)).toHaveLength(1);
  });

  it('is granted when results complete the visit, too', async () => {
    const referrer = sessionOf(await signUp());
    const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    const bookingId = await insertBooking(database.db, { customerId: referred.id, labTestId, bookingTime: new Date(Date.now() - DAY) });
    const form = new FormData();
    form.set('bookingId', bookingId);
    form.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'cbc.pdf', { type: 'application/pdf' }));
    const upload = await app.request('/files/results', {
      method: 'POST',
      headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
      body: form,
    });
    expect(upload.status).toBeLessThan(300);
    expect(await movements(referrer.id)).toEqual([{ kind: 'credit', amount_halalas: 2_500, reason: 'referral_referrer' }]);
  });

  it('pays the amounts the admin set (typed in Arabic-Indic digits), which only an admin may change', async () => {
    const admin = await createTestUser(database.db, 'admin');
    const customer = await createTestUser(database.db, 'customer');
    expect(
      await refusal(
        (await callerFor(database.db, customer)).wallet.saveSettings({ referrerCredit: 500, referredCredit: 500, creditValidDays: 30 }),
      ),
    ).toEqual({
      code: 'FORBIDDEN',
      appCode: 'FORBIDDEN',
    });
    const adminCaller = await callerFor(database.db, admin);
    const saved = await adminCaller.wallet.saveSettings({ referrerCredit: '٣٠', referredCredit: '١٥٫٥', creditValidDays: '٦٠' });
    expect(saved).toMatchObject({ referrerCredit: 30, referredCredit: 15.5, creditValidDays: 60 });
    try {
      const referrer = sessionOf(await signUp());
      const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
      await completedVisit(referred.id);
      expect(await movements(referrer.id)).toEqual([{ kind: 'credit', amount_halalas: 3_000, reason: 'referral_referrer' }]);
      expect(await movements(referred.id)).toEqual([{ kind: 'credit', amount_halalas: 1_550, reason: 'referral_referred' }]);
      const lot = await database.db
        .selectFrom('wallet_movements')
        .select(['expires_at', 'created_at'])
        .where('user_id', '=', referred.id)
        .executeTakeFirstOrThrow();
      expect(new Date(lot.expires_at!).getTime() - new Date(lot.created_at).getTime()).toBe(60 * DAY);
      expect(
        await refusal(adminCaller.wallet.saveSettings({ referrerCredit: '-1', referredCredit: 10, creditValidDays: 10 })),
      ).toMatchObject({ code: 'BAD_REQUEST' });
    } finally {
      await adminCaller.wallet.saveSettings({ referrerCredit: 25, referredCredit: 25, creditValidDays: 90 });
    }
  });
});

describe('a referral to oneself', () => {
  it('is refused on the device the referrer signed in on: recorded, the account made, nobody credited', async () => {
    const referrer = sessionOf(await signUp());
    expect(referrer.device).not.toBe('');
    const code = await codeOf(referrer);
    const sameDevice = await signUp({ referralCode: code, device: referrer.device });
    const referred = sessionOf(sameDevice);
    // The browser kept its device cookie: no new one was set.
    expect(referred.device).toBe('');
    expect(await referralStatus(referred.id)).toEqual({ status: 'refused', refused_reason: 'same_device' });
    await completedVisit(referred.id);
    expect(await movements(referrer.id)).toEqual([]);
    expect(await movements(referred.id)).toEqual([]);
    // Another device is another person.
    const elsewhere = sessionOf(await signUp({ referralCode: code, device: randomUUID() }));
    expect(await referralStatus(elsewhere.id)).toEqual({ status: 'pending', refused_reason: null });
  });

  it('is refused at the grant when the referred person later signs in on the referrer’s device', async () => {
    const referrer = sessionOf(await signUp());
    const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    await database.db
      .insertInto('account_devices')
      .values({ user_id: referred.id, device_hash: deviceKeyHash(referrer.device) })
      .execute();
    await completedVisit(referred.id);
    expect(await referralStatus(referred.id)).toEqual({ status: 'refused', refused_reason: 'same_device' });
    expect(await movements(referrer.id)).toEqual([]);
  });

  it('is refused for a phone both proved they hold, the referrer’s old number too; not for a number only typed', async () => {
    const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const referrer = sessionOf(await signUp());
    // The referrer proved the number with a code, then dropped it; the referred person verified it since.
    await database.db
      .insertInto('phone_codes')
      .values({
        phone,
        purpose: 'verify',
        user_id: referrer.id,
        code_hash: 'x',
        expires_at: new Date(),
        consumed_at: new Date(),
        client_address: '10.0.0.1',
      })
      .execute();
    const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    await database.db.updateTable('users').set({ phone, phone_verified_at: new Date() }).where('id', '=', referred.id).execute();
    await completedVisit(referred.id);
    expect(await referralStatus(referred.id)).toEqual({ status: 'refused', refused_reason: 'same_phone' });
    expect(await movements(referrer.id)).toEqual([]);

    // A number typed on the referrer's account but never proved is not theirs.
    const typedOnly = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const other = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    await database.db.updateTable('users').set({ phone: typedOnly, phone_verified_at: null }).where('id', '=', referrer.id).execute();
    await database.db.updateTable('users').set({ phone: typedOnly, phone_verified_at: new Date() }).where('id', '=', other.id).execute();
    await completedVisit(other.id);
    expect(await referralStatus(other.id)).toEqual({ status: 'rewarded', refused_reason: null });
  });

  it('is refused for the same card (brand and last four on their plans)', async () => {
    const referrer = sessionOf(await signUp());
    const referred = sessionOf(await signUp({ referralCode: await codeOf(referrer) }));
    for (const [userId, lastFour] of [
      [referrer.id, '4242'],
      [referred.id, '4242'],
    ] as const) {
      await database.db
        .insertInto('plan_subscriptions')
        .values({
          user_id: userId,
          plan: 'premium',
          amount_cents: 9_900,
          currency: 'SAR',
          status: 'active',
          card_brand: 'visa',
          card_last_four: lastFour,
        })
        .execute();
    }
    await completedVisit(referred.id);
    expect(await referralStatus(referred.id)).toEqual({ status: 'refused', refused_reason: 'same_card' });
    expect(await movements(referred.id)).toEqual([]);
  });
});

describe('the wallet ledger', () => {
  async function customerWith(credits: { halalas: number; validDays: number; at?: Date }[]) {
    const customer = await createTestUser(database.db, 'customer');
    for (const [index, credit] of credits.entries()) {
      await grantCredit(
        database.db,
        {
          userId: customer.id,
          amountHalalas: credit.halalas,
          reason: 'referral_referred',
          sourceKey: `test:${customer.id}:${index}`,
          validDays: credit.validDays,
        },
        credit.at ?? new Date(),
      );
    }
    return customer;
  }

  it('spends part or all of a checkout, the credit that expires first first, and pays no more than it holds', async () => {
    const customer = await customerWith([
      { halalas: 3_000, validDays: 60 },
      { halalas: 1_000, validDays: 10 },
    ]);
    const paid = await database.db
      .transaction()
      .execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 1_500, spendKey: 'checkout:a' }));
    expect(paid).toBe(1_500);
    const wallet = await walletOf(database.db, customer.id);
    expect(wallet.balance).toBe(25);
    // The 10-day lot was emptied first: what expires next is what is left of the 60-day one.
    expect(wallet.nextExpiry?.amount).toBe(25);
    const rest = await database.db
      .transaction()
      .execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 9_999, spendKey: 'checkout:b' }));
    expect(rest).toBe(2_500);
    expect((await walletOf(database.db, customer.id)).balance).toBe(0);
    expect(
      await database.db.transaction().execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 100, spendKey: 'checkout:c' })),
    ).toBe(0);
    // The same checkout asked again pays nothing more.
    expect(
      await database.db.transaction().execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 1_500, spendKey: 'checkout:a' })),
    ).toBe(1_500);
    expect((await walletOf(database.db, customer.id)).balance).toBe(0);
  });

  it('lets two checkouts at once spend the balance only once (the lots’ row locks)', async () => {
    const customer = await customerWith([{ halalas: 2_000, validDays: 30 }]);
    const paid = await Promise.all(
      ['x', 'y', 'z'].map((key) =>
        database.db.transaction().execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 2_000, spendKey: `checkout:${key}` })),
      ),
    );
    expect(paid.reduce((sum, amount) => sum + amount, 0)).toBe(2_000);
    expect((await walletOf(database.db, customer.id)).balance).toBe(0);
  });

  it('expires a credit at its time, not a millisecond before, and writes the expiry once', async () => {
    const granted = new Date(Date.now() - 10 * DAY);
    const customer = await customerWith([{ halalas: 1_000, validDays: 10, at: granted }]);
    const expiresAt = new Date(granted.getTime() + 10 * DAY);
    expect((await walletOf(database.db, customer.id, new Date(expiresAt.getTime() - 1))).balance).toBe(10);
    expect((await walletOf(database.db, customer.id, expiresAt)).balance).toBe(0);
    const again = await walletOf(database.db, customer.id, new Date(expiresAt.getTime() + DAY));
    expect(again.movements.map((m) => [m.kind, m.amount, m.reason])).toEqual([
      ['expiry', -10, 'expired'],
      ['credit', 10, 'referral_referred'],
    ]);
    expect(
      await database.db
        .transaction()
        .execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 500, spendKey: 'late' }, expiresAt)),
    ).toBe(0);
  });

  it('gives back what a spend took, once, lasting at least two weeks', async () => {
    const customer = await customerWith([{ halalas: 2_000, validDays: 3 }]);
    const now = new Date();
    await database.db.transaction().execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 1_200, spendKey: 'order:1' }, now));
    const back = await database.db.transaction().execute((tx) => refundToWallet(tx, customer.id, 'order:1', now));
    expect(back).toBe(1_200);
    expect(await database.db.transaction().execute((tx) => refundToWallet(tx, customer.id, 'order:1', now))).toBe(0);
    expect(await database.db.transaction().execute((tx) => refundToWallet(tx, customer.id, 'order:never', now))).toBe(0);
    const wallet = await walletOf(database.db, customer.id, now);
    expect(wallet.balance).toBe(20);
    const refund = wallet.movements.find((m) => m.kind === 'refund');
    expect(refund).toMatchObject({ amount: 12, reason: 'refund' });
    expect(new Date(refund!.expires_at!).getTime()).toBe(now.getTime() + 14 * DAY);
  });

  it('gives back a spend in parts, each once, never more than it took', async () => {
    const customer = await customerWith([{ halalas: 3_000, validDays: 30 }]);
    const now = new Date();
    const inTx = <T>(run: (tx: Transaction<Database>) => Promise<T>) => database.db.transaction().execute(run);
    expect(await inTx((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 2_000, spendKey: 'checkout:parts' }, now))).toBe(2_000);
    expect(await inTx((tx) => refundToWallet(tx, customer.id, 'checkout:parts', now, { key: 'booking-1', amountHalalas: 800 }))).toBe(800);
    expect(await inTx((tx) => refundToWallet(tx, customer.id, 'checkout:parts', now, { key: 'booking-1', amountHalalas: 800 }))).toBe(0);
    expect(await inTx((tx) => refundToWallet(tx, customer.id, 'checkout:parts', now, { key: 'booking-2', amountHalalas: 5_000 }))).toBe(
      1_200,
    );
    expect(await inTx((tx) => refundToWallet(tx, customer.id, 'checkout:parts', now))).toBe(0);
    expect((await walletOf(database.db, customer.id, now)).balance).toBe(30);
  });

  it('shows the customer their own movements only; labs and visitors are refused', async () => {
    const customer = await customerWith([{ halalas: 2_500, validDays: 90 }]);
    const other = await customerWith([{ halalas: 999, validDays: 90 }]);
    const mine = await (await callerFor(database.db, customer)).wallet.mine();
    expect(mine.balance).toBe(25);
    expect(mine.movements).toEqual([expect.objectContaining({ kind: 'credit', amount: 25, reason: 'referral_referred' })]);
    expect((await (await callerFor(database.db, other)).wallet.mine()).balance).toBe(9.99);
    expect(await refusal((await callerFor(database.db, lab)).wallet.mine())).toMatchObject({ appCode: 'FORBIDDEN' });
    expect(await refusal((await callerFor(database.db)).wallet.mine())).toMatchObject({ appCode: 'UNAUTHENTICATED' });
  });
});

describe('credit the admin gives by hand', () => {
  it('reaches the customer once per grant, audited with the reason, mailed, and spendable; only a customer takes it', async () => {
    const admin = await createTestUser(database.db, 'admin');
    const customer = await createTestUser(database.db, 'customer');
    const adminCaller = await callerFor(database.db, admin);
    const grant = {
      userId: customer.id,
      grantId: randomUUID(),
      amount: '٥٠٫٢٥',
      validDays: '٣٠',
      note: '  Collector came two hours late  ',
    };
    expect(await adminCaller.wallet.grantGoodwill(grant)).toEqual({ granted: true, balance: 50.25 });
    // A second tap, or the request sent again: the same grant, given once.
    expect(await adminCaller.wallet.grantGoodwill(grant)).toEqual({ granted: false, balance: 50.25 });
    expect(await movements(customer.id)).toEqual([{ kind: 'credit', amount_halalas: 5_025, reason: 'goodwill' }]);
    const mine = await (await callerFor(database.db, customer)).wallet.mine();
    expect(mine.balance).toBe(50.25);
    expect(mine.movements).toEqual([expect.objectContaining({ kind: 'credit', amount: 50.25, reason: 'goodwill' })]);
    const lot = await database.db
      .selectFrom('wallet_movements')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(new Date(lot.expires_at!).getTime() - new Date(lot.created_at).getTime()).toBe(30 * DAY);
    expect((await creditMails(customer.id)).map((mail) => mail.data as { reason: string; amount: number })).toEqual([
      expect.objectContaining({ reason: 'goodwill', amount: 50.25 }),
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'wallet.goodwill_credit')
      .where('subject_id', '=', customer.id)
      .execute();
    expect(audit).toEqual([
      { actor_id: admin.id, details: expect.objectContaining({ amount: 50.25, note: 'Collector came two hours late' }) },
    ]);
    const spent = await database.db
      .transaction()
      .execute((tx) => spendFromWallet(tx, customer.id, { amountHalalas: 10_000, spendKey: 'checkout:goodwill' }));
    expect(spent).toBe(5_025);

    // A second grant is a second credit; a lab's or an admin's account takes none; nor does too much, or no reason.
    await adminCaller.wallet.grantGoodwill({ ...grant, grantId: randomUUID(), amount: 10 });
    expect((await walletOf(database.db, customer.id)).balance).toBe(10);
    expect(await refusal(adminCaller.wallet.grantGoodwill({ ...grant, grantId: randomUUID(), userId: lab.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    expect(await refusal(adminCaller.wallet.grantGoodwill({ ...grant, grantId: randomUUID(), amount: 500.01 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await refusal(adminCaller.wallet.grantGoodwill({ ...grant, grantId: randomUUID(), note: ' ' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await movements(lab.id)).toEqual([]);
  });
});
