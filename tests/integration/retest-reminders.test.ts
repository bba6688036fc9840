import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { OutboxSender } from '../../src/server/modules/mail/outbox-sender.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import type { PlanId } from '../../src/shared/plans.ts';
import { retestDueOn } from '../../src/shared/time.ts';
import { insertBooking, offerNamedTest, refusal } from '../setup/dashboard-fixtures.ts';
import { openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import type { TestSmtpServer } from '../setup/smtp.ts';
import type { TestDatabase } from '../setup/test-db.ts';

// Retest reminders (issue #54): the analysis suggests a retest for a report (HbA1c in the prediabetes
// range: again in 3 months); a Premium customer accepts it, and one mail waits in the outbox for 08:00
// Riyadh time on the day it is due. It is a reminder: a customer who turned reminders off gets none.

const HBA1C_TEST = 'Glycated Hemoglobin (HbA1c)';
const HBA1C = '4548-4';
const PREDIABETES = 'hba1c-prediabetes';

let database: TestDatabase;
let smtp: TestSmtpServer;
let sender: OutboxSender;
let closeMail: () => Promise<void>;
let blobRoot: string;
let app: ReturnType<typeof createApp>;
let lab: TestUser;

beforeAll(async () => {
  ({ database, smtp, sender, close: closeMail } = await openDatabaseWithMail());
  blobRoot = await mkdtemp(join(tmpdir(), 'tahaleel-retests-'));
  app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(blobRoot) });
  lab = await createTestUser(database.db, 'lab', { approved: true });
});
afterAll(async () => {
  await closeMail();
  await rm(blobRoot, { recursive: true, force: true });
});

/** The 10th of a month `monthsFromNow` away (negative: past), 07:00 UTC, which is 10:00 the same day in Riyadh. */
function tenthOfMonth(monthsFromNow: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 10, 7));
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

async function customerOn(tier: PlanId, name?: string) {
  const customer = await createTestUser(database.db, 'customer', name ? { name } : {});
  await database.db.updateTable('user_profiles').set({ subscription_tier: tier }).where('id', '=', customer.id).execute();
  return customer;
}

/** A released HbA1c report with its sample taken at `sampledAt`, for the customer or one of their family. */
async function releasedHbA1c(customerId: string, sampledAt: Date, percent: string, familyMemberId: string | null = null) {
  const { labTestId } = await offerNamedTest(database.db, lab.id, HBA1C_TEST);
  const bookingId = await insertBooking(database.db, { customerId, labTestId, status: 'completed', bookingTime: sampledAt });
  if (familyMemberId)
    await database.db.updateTable('bookings').set({ family_member_id: familyMemberId }).where('id', '=', bookingId).execute();
  const analyte = await database.db.selectFrom('analytes').select('id').where('loinc', '=', HBA1C).executeTakeFirstOrThrow();
  const labCaller = await callerFor(database.db, lab);
  await labCaller.results.saveDraft({
    bookingId,
    patientSex: 'female',
    releaseAs: 'final',
    note: null,
    observations: [{ analyteId: analyte.id, value: percent, unit: null, comment: null }],
  });
  await labCaller.results.release({ bookingId });
  return bookingId;
}

const reminderMails = (reminderId: string) =>
  database.db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'template', 'status', 'send_after', 'data', 'last_error'])
    .where('dedupe_key', '=', `retest-reminder:${reminderId}`)
    .execute();

const remindersOfBooking = (bookingId: string) =>
  database.db.selectFrom('retest_reminders').selectAll().where('booking_id', '=', bookingId).execute();

async function hba1cTestId() {
  return (await database.db.selectFrom('tests').select('id').where('name_en', '=', HBA1C_TEST).executeTakeFirstOrThrow()).id;
}

describe('retestDueOn', () => {
  it('counts calendar months from the sample’s day in Riyadh, the month’s last day when it has no such day', () => {
    expect(retestDueOn(new Date('2026-03-10T07:00:00Z'), 3)).toBe('2026-06-10');
    // 22:00 UTC on 31 August is already 1 September in Riyadh.
    expect(retestDueOn(new Date('2026-08-31T22:00:00Z'), 3)).toBe('2026-12-01');
    expect(retestDueOn(new Date('2026-11-30T09:00:00Z'), 3)).toBe('2027-02-28');
    expect(retestDueOn(new Date('2027-11-30T09:00:00Z'), 3)).toBe('2028-02-29');
    expect(retestDueOn(new Date('2026-10-15T09:00:00Z'), 12)).toBe('2027-10-15');
  });
});

describe('a Premium customer accepts a suggested retest', () => {
  it('makes one reminder due the sample date + 3 months and one mail for 08:00 Riyadh time that day, however often it is accepted', async () => {
    const customer = await customerOn('premium', 'Reem Al-Harbi');
    const sampledAt = tenthOfMonth(-1);
    const bookingId = await releasedHbA1c(customer.id, sampledAt, '5.9');
    const caller = await callerFor(database.db, customer);

    const reminder = await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES });
    const due = tenthOfMonth(2);
    expect(reminder).toEqual({
      id: expect.any(String),
      dueOn: dayOf(due),
      ruleId: PREDIABETES,
      loinc: HBA1C,
      bookingId,
      test: { id: await hba1cTestId(), name: { ar: expect.any(String), en: HBA1C_TEST } },
      person: { familyMemberId: null, name: 'Reem Al-Harbi' },
      mail: 'pending',
    });
    const [mail, ...others] = await reminderMails(reminder.id);
    expect(others).toEqual([]);
    // 08:00 in Riyadh (UTC+3) is 05:00 UTC.
    expect(mail).toMatchObject({ recipient: customer.email, template: 'retest-reminder', status: 'pending' });
    expect(new Date(mail!.send_after).toISOString()).toBe(`${dayOf(due)}T05:00:00.000Z`);
    expect(mail!.data).toMatchObject({
      name: 'Reem Al-Harbi',
      testName: { en: HBA1C_TEST },
      memberName: null,
      bookLink: `/test/${encodeURIComponent(HBA1C_TEST)}`,
    });
    expect(JSON.stringify(mail!.data)).not.toContain('5.9');

    expect(await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES })).toEqual(reminder);
    expect(await remindersOfBooking(bookingId)).toHaveLength(1);
    expect(await reminderMails(reminder.id)).toHaveLength(1);
    expect(await caller.retestReminders.list()).toEqual([reminder]);

    // Not due yet: the sender leaves it.
    await sender.drain();
    expect((await reminderMails(reminder.id))[0]?.status).toBe('pending');
    expect(smtp.to(customer.email).filter((received) => received.subject.includes('HbA1c'))).toEqual([]);
  });

  it('makes a reminder for a family member’s report in their name, on Enterprise too', async () => {
    const customer = await customerOn('enterprise', 'Fahad Al-Otaibi');
    const member = await database.db
      .insertInto('family_members')
      .values({ account_id: customer.id, name: 'Noura', relation: 'mother', sex: 'female', date_of_birth: '1960-04-02' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-1), '6.1', member.id);
    const reminder = await (await callerFor(database.db, customer)).retestReminders.accept({ bookingId, ruleId: PREDIABETES });
    expect(reminder.person).toEqual({ familyMemberId: member.id, name: 'Noura' });
    expect((await reminderMails(reminder.id))[0]?.data).toMatchObject({ name: 'Fahad Al-Otaibi', memberName: 'Noura' });
  });

  it('lists reminders soonest first and leaves cancelled ones out', async () => {
    const customer = await customerOn('premium');
    const later = await releasedHbA1c(customer.id, tenthOfMonth(-1), '6.0');
    const sooner = await releasedHbA1c(customer.id, tenthOfMonth(-2), '5.8');
    const caller = await callerFor(database.db, customer);
    const first = await caller.retestReminders.accept({ bookingId: later, ruleId: PREDIABETES });
    const second = await caller.retestReminders.accept({ bookingId: sooner, ruleId: PREDIABETES });
    expect((await caller.retestReminders.list()).map((reminder) => reminder.id)).toEqual([second.id, first.id]);
    expect((await caller.retestReminders.cancel({ id: second.id })).map((reminder) => reminder.id)).toEqual([first.id]);
  });

  it('refuses a Basic customer with PREMIUM_REQUIRED and makes nothing', async () => {
    const customer = await customerOn('basic');
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-1), '5.9');
    const caller = await callerFor(database.db, customer);
    expect(await refusal(caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES }))).toEqual({
      code: 'FORBIDDEN',
      appCode: 'PREMIUM_REQUIRED',
    });
    expect(await remindersOfBooking(bookingId)).toEqual([]);
  });

  it('answers NOT_FOUND for another customer’s report, a rule the report does not meet, and a lab', async () => {
    const owner = await customerOn('premium');
    const bookingId = await releasedHbA1c(owner.id, tenthOfMonth(-1), '5.9');
    const stranger = await callerFor(database.db, await customerOn('premium'));
    expect(await refusal(stranger.retestReminders.accept({ bookingId, ruleId: PREDIABETES }))).toMatchObject({ code: 'NOT_FOUND' });

    // Another month's sample: one person has one seat of a test at a time (ADR 0064).
    const normal = await releasedHbA1c(owner.id, tenthOfMonth(-2), '5.2');
    const caller = await callerFor(database.db, owner);
    expect(await refusal(caller.retestReminders.accept({ bookingId: normal, ruleId: PREDIABETES }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(caller.retestReminders.accept({ bookingId, ruleId: 'vitamin-d-deficiency' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal((await callerFor(database.db, lab)).retestReminders.list())).toMatchObject({ code: 'FORBIDDEN' });
    expect([...(await remindersOfBooking(bookingId)), ...(await remindersOfBooking(normal))]).toEqual([]);
  });
});

describe('cancelling a reminder', () => {
  it('withdraws the mail not sent yet; accepting again brings the same reminder and its mail back', async () => {
    const customer = await customerOn('premium');
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-1), '5.9');
    const caller = await callerFor(database.db, customer);
    const reminder = await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES });

    expect(await caller.retestReminders.cancel({ id: reminder.id })).toEqual([]);
    expect(await reminderMails(reminder.id)).toEqual([]);
    expect(await caller.retestReminders.list()).toEqual([]);
    const [row] = await remindersOfBooking(bookingId);
    expect(row?.cancelled_at).toBeInstanceOf(Date);
    // Cancelling again is harmless.
    expect(await caller.retestReminders.cancel({ id: reminder.id })).toEqual([]);

    expect(await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES })).toEqual(reminder);
    expect(await reminderMails(reminder.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('answers another customer NOT_FOUND and leaves the reminder and its mail as they were', async () => {
    const customer = await customerOn('premium');
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-1), '5.9');
    const reminder = await (await callerFor(database.db, customer)).retestReminders.accept({ bookingId, ruleId: PREDIABETES });
    const stranger = await callerFor(database.db, await customerOn('premium'));
    expect(await refusal(stranger.retestReminders.cancel({ id: reminder.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await stranger.retestReminders.list()).toEqual([]);
    expect((await remindersOfBooking(bookingId))[0]?.cancelled_at).toBeNull();
    expect(await reminderMails(reminder.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});

describe('the reminder mail on the day', () => {
  it('goes out once due, naming the test and never the value', async () => {
    const customer = await customerOn('premium');
    // Sampled five months ago: the 3-month retest is already due, so the mail goes at once.
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-5), '6.2');
    const caller = await callerFor(database.db, customer);
    const reminder = await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES });
    expect(reminder.dueOn).toBe(dayOf(tenthOfMonth(-2)));
    await sender.drain();
    const mails = smtp.to(customer.email).filter((received) => received.subject.includes('HbA1c'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links).toContain(`${testEnv.PUBLIC_URL}/test/${encodeURIComponent(HBA1C_TEST)}`);
    for (const part of [mails[0]!.subject, mails[0]!.text, mails[0]!.html]) expect(part).not.toContain('6.2');
    expect((await caller.retestReminders.list())[0]?.mail).toBe('sent');
  });

  it('is not sent to a customer who turned reminders off', async () => {
    const customer = await customerOn('premium');
    const caller = await callerFor(database.db, customer);
    await caller.account.updateMailPreferences({ reminderMail: false, marketingMail: false });
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-5), '6.2');
    const reminder = await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES });
    await sender.drain();
    expect(smtp.to(customer.email).filter((received) => received.subject.includes('HbA1c'))).toEqual([]);
    expect(await reminderMails(reminder.id)).toEqual([
      expect.objectContaining({ status: 'skipped', last_error: 'the user turned reminders off' }),
    ]);
    expect((await caller.retestReminders.list())[0]?.mail).toBe('skipped');
  });
});

describe('the customer’s data', () => {
  it('puts their reminders, cancelled ones too, in their data export', async () => {
    const customer = await customerOn('premium');
    const kept = await releasedHbA1c(customer.id, tenthOfMonth(-1), '5.9');
    const dropped = await releasedHbA1c(customer.id, tenthOfMonth(-2), '6.0');
    const caller = await callerFor(database.db, customer);
    const reminder = await caller.retestReminders.accept({ bookingId: kept, ruleId: PREDIABETES });
    const cancelled = await caller.retestReminders.accept({ bookingId: dropped, ruleId: PREDIABETES });
    await caller.retestReminders.cancel({ id: cancelled.id });

    const response = await app.request('/account/export.zip', { headers: { cookie: customer.cookie } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['retest-reminders.json']!));
    expect(exported).toEqual([
      expect.objectContaining({ id: cancelled.id, booking_id: dropped, cancelled_at: expect.any(String), mail_status: null }),
      expect.objectContaining({
        id: reminder.id,
        booking_id: kept,
        family_member_name: null,
        rule_id: PREDIABETES,
        loinc: HBA1C,
        test_name_en: HBA1C_TEST,
        due_on: reminder.dueOn,
        cancelled_at: null,
        mail_status: 'pending',
      }),
    ]);
    expect(strFromU8(files['README.txt']!)).toContain('retest-reminders.json');
  });

  it('deletes their reminders and the mails waiting for them with the account', async () => {
    const customer = await customerOn('premium');
    const bookingId = await releasedHbA1c(customer.id, tenthOfMonth(-1), '5.9');
    const caller = await callerFor(database.db, customer);
    const reminder = await caller.retestReminders.accept({ bookingId, ruleId: PREDIABETES });
    expect(await caller.account.delete({ email: customer.email })).toEqual({ deleted: true });
    expect(await remindersOfBooking(bookingId)).toEqual([]);
    expect(await reminderMails(reminder.id)).toEqual([]);
  });
});

describe('a retest already booked (issue #77 item 11)', () => {
  it('is named with its lab and date instead of being offered as a reminder; a cancelled one or another person’s does not count', async () => {
    const customer = await customerOn('premium');
    const sampledAt = tenthOfMonth(-1);
    const bookingId = await releasedHbA1c(customer.id, sampledAt, '5.9');
    const caller = await callerFor(database.db, customer);
    const suggested = async () => (await caller.analysis.report({ bookingId })).retests.find((retest) => retest.ruleId === PREDIABETES)!;
    expect((await suggested()).booked).toBeNull();

    const { labTestId } = await offerNamedTest(database.db, lab.id, HBA1C_TEST);
    const cancelledId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId,
      status: 'cancelled',
      bookingTime: tenthOfMonth(1),
    });
    const other = await customerOn('premium');
    await insertBooking(database.db, { customerId: other.id, labTestId, bookingTime: tenthOfMonth(2) });
    expect((await suggested()).booked).toBeNull();

    const bookedAt = tenthOfMonth(2);
    const retestId = await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime: bookedAt });
    const labNames = await database.db
      .selectFrom('labs')
      .select(['lab_name_ar', 'lab_name_en'])
      .where('id', '=', lab.id)
      .executeTakeFirstOrThrow();
    expect((await suggested()).booked).toEqual({
      bookingId: retestId,
      at: bookedAt.toISOString(),
      lab: { ar: labNames.lab_name_ar, en: labNames.lab_name_en },
      test: { ar: expect.any(String), en: HBA1C_TEST },
    });
    expect(cancelledId).not.toBe(retestId);
  });
});
