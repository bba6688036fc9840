import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { sendDuePhoneMessages } from '../../src/server/modules/phone/phone-messages.service.ts';
import { fillBody, TEXT_BODIES } from '../../src/server/modules/phone/phone-texts.ts';
import { whatsappWebhookRoutes } from '../../src/server/modules/phone/whatsapp-webhook.routes.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { unifonicSms } from '../../src/server/platform/sms/unifonic.ts';
import { whatsappCloud } from '../../src/server/platform/whatsapp/whatsapp-cloud.ts';
import { type FakeUnifonic, startFakeUnifonic } from '../fakes/unifonic.ts';
import { asciiJson, type FakeWhatsAppCloud, signature, startFakeWhatsAppCloud } from '../fakes/whatsapp-cloud.ts';
import { insertBooking, nonFastingTestId, openLabSelling, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestAccount } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #55 (ADR 0073): each person chooses per kind of message how it reaches their phone (SMS, WhatsApp or
// not at all); WhatsApp goes as Meta's approved templates, which are the SMS's own texts; a WhatsApp message
// that fails is sent once by SMS; a critical value is sent at once, whatever the hour and the choice.

let database: TestDatabase;
let labTestId: number;
let unifonic: FakeUnifonic;
let meta: FakeWhatsAppCloud;
const payments = simulatedPaymentProvider(0);
const APP_SID = 'unifonic-app-sid-test';
const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests-0001';
const NOW = new Date('2030-03-01T06:00:00Z');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();
const log = { error: () => undefined } as unknown as Logger;

/** The templates as Meta approved them: every body's name, in both languages, with its number of blanks. */
const APPROVED = Object.fromEntries(
  Object.values(TEXT_BODIES).map((body) => [
    body.name,
    { languages: ['ar', 'en'], parameters: body.en.match(/\{\{\d+\}\}/g)?.length ?? 0 },
  ]),
);

beforeAll(async () => {
  database = await openTestDatabase();
  unifonic = await startFakeUnifonic({ appSid: APP_SID });
  meta = await startFakeWhatsAppCloud({
    accessToken: 'meta-token',
    phoneNumberId: '106540352242922',
    appSecret: APP_SECRET,
    templates: APPROVED,
  });
  const testId = await nonFastingTestId(database.db);
  ({ labTestId } = await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '20:00' }, { slot_capacity: 5 }));
});
afterAll(async () => {
  await Promise.all([unifonic.close(), meta.close()]);
  await database.close();
});
afterEach(() => vi.useRealTimers());

const deps = () => ({
  db: database.db,
  sms: unifonicSms({ apiUrl: unifonic.url, appSid: APP_SID, senderId: 'Tahaleel' }),
  whatsapp: whatsappCloud({ apiUrl: meta.url, apiVersion: 'v26.0', phoneNumberId: '106540352242922', accessToken: 'meta-token' }),
  publicUrl: 'https://tahaleel.sa',
  log,
});
/** Meta's webhook as the app mounts it. */
const webhook = () => whatsappWebhookRoutes({ db: database.db, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN });
/** Meta reporting on message `id` (failed for a number not on WhatsApp, else delivered), signed as Meta signs. */
async function report(id: string) {
  const body = asciiJson(meta.statusWebhook(id));
  const answer = await webhook().request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(body, APP_SECRET) },
    body,
  });
  expect(answer.status).toBe(200);
}

/** A customer whose mobile number a code confirmed, with these choices. */
async function customerWithPhone(
  choices: Partial<Record<'booking_texts' | 'reminder_texts' | 'result_texts', 'sms' | 'whatsapp' | 'off'>> = {},
) {
  const customer = await createTestUser(database.db, 'customer');
  const phone = `+96655${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  await database.db.updateTable('users').set({ phone, phone_verified_at: NOW }).where('id', '=', customer.id).execute();
  if (Object.keys(choices).length > 0) await database.db.updateTable('user_profiles').set(choices).where('id', '=', customer.id).execute();
  return { ...customer, phone };
}
const book = (customer: TestAccount, bookingTime: string) =>
  booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime }], randomUUID(), NOW);
/** The rows of the messages to `phone` of one kind, oldest first (a fallback after what it stands for). */
const rowsTo = (phone: string, template: string) =>
  database.db
    .selectFrom('phone_messages')
    .select(['id', 'channel', 'template', 'status', 'provider', 'provider_message_id', 'send_after', 'fallback_of'])
    .where('recipient', '=', phone)
    .where('template', '=', template)
    .orderBy('created_at')
    .execute();
const smsTo = (phone: string) => unifonic.messages.filter((message) => message.recipient === phone.slice(1));
const whatsappTo = (phone: string) => meta.messages.filter((message) => message.to === phone.slice(1));
/** Nothing else is pending: each test's rounds send only its own customer's messages. */
const quiet = () => database.db.updateTable('phone_messages').set({ status: 'skipped' }).where('status', '=', 'pending').execute();

describe('WhatsApp for those who chose it', () => {
  it('sends a booking’s confirmation as the approved template with its words, whose body is the SMS’s text, and records its delivery', async () => {
    await quiet();
    const customer = await customerWithPhone({ booking_texts: 'whatsapp' });
    const [row] = (await book(customer, at('2030-03-04', '17:00'))).bookings;
    await sendDuePhoneMessages(deps(), NOW);

    expect(smsTo(customer.phone)).toEqual([]);
    const [message] = whatsappTo(customer.phone);
    expect(message).toMatchObject({ template: 'booking_confirmed', language: 'ar' });
    expect(message?.parameters[2]).toBe(row?.reference);
    const text = fillBody(TEXT_BODIES['booking-confirmed'].ar, message?.parameters ?? []);
    expect(text).toContain('تم تأكيد موعدك في');
    expect(text).toContain('الاثنين، 4 مارس (29 شوال)، الساعة 5:00 م');

    const [sent] = await rowsTo(customer.phone, 'booking-confirmed');
    expect(sent).toMatchObject({ channel: 'whatsapp', status: 'sent', provider: 'whatsapp', provider_message_id: message?.id });
    await report(message!.id);
    expect((await rowsTo(customer.phone, 'booking-confirmed'))[0]).toMatchObject({ status: 'delivered' });
  });

  it('follows a choice made after the booking: its reminder goes by WhatsApp, chosen in the settings', async () => {
    await quiet();
    const customer = await customerWithPhone();
    await book(customer, at('2030-03-04', '17:00'));
    await sendDuePhoneMessages(deps(), NOW);
    expect(smsTo(customer.phone)).toHaveLength(1);

    const caller = await callerFor(database.db, customer);
    const user = await caller.account.updateTextChoices({ booking: 'sms', reminder: 'whatsapp', result: 'sms', order: 'off' });
    expect(user).toMatchObject({ booking_texts: 'sms', reminder_texts: 'whatsapp', result_texts: 'sms', order_texts: 'off' });
    await sendDuePhoneMessages(deps(), new Date(at('2030-03-03', '17:01')));
    expect(whatsappTo(customer.phone).map((message) => message.template)).toEqual(['booking_reminder']);
    expect(smsTo(customer.phone)).toHaveLength(1);
  });
});

describe('a WhatsApp failure falls back to SMS once', () => {
  it('when Meta reports the message failed (a number not on WhatsApp), however often it says so', async () => {
    await quiet();
    const customer = await customerWithPhone({ booking_texts: 'whatsapp' });
    meta.notOnWhatsApp(customer.phone);
    const [row] = (await book(customer, at('2030-03-05', '10:00'))).bookings;
    await sendDuePhoneMessages(deps(), NOW);
    const [message] = whatsappTo(customer.phone);
    expect(message).toBeDefined();

    await report(message!.id);
    await report(message!.id);
    await sendDuePhoneMessages(deps(), NOW);
    await sendDuePhoneMessages(deps(), new Date(NOW.getTime() + 60_000));
    await report(message!.id);
    await sendDuePhoneMessages(deps(), new Date(NOW.getTime() + 120_000));

    const sms = smsTo(customer.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(`\u2068${row?.reference}\u2069`);
    const rows = await rowsTo(customer.phone, 'booking-confirmed');
    expect(rows.map((text) => [text.channel, text.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
    expect(rows[1]?.fallback_of).toBe(rows[0]?.id);
    expect(whatsappTo(customer.phone)).toHaveLength(1);
  });

  it('when the Cloud API fails twice for a while, and at once when it refuses the message for good', async () => {
    await quiet();
    const customer = await customerWithPhone({ booking_texts: 'whatsapp' });
    await book(customer, at('2030-03-05', '11:00'));
    meta.failNext(2);
    await sendDuePhoneMessages(deps(), NOW);
    expect(smsTo(customer.phone)).toEqual([]);
    await sendDuePhoneMessages(deps(), new Date(NOW.getTime() + 31_000));
    await sendDuePhoneMessages(deps(), new Date(NOW.getTime() + 32_000));
    await sendDuePhoneMessages(deps(), new Date(NOW.getTime() + 600_000));
    expect(smsTo(customer.phone)).toHaveLength(1);
    expect(whatsappTo(customer.phone)).toEqual([]);

    // A token Meta refuses (190) is not tried again: the SMS goes in the next round.
    await quiet();
    const other = await customerWithPhone({ booking_texts: 'whatsapp' });
    await book(other, at('2030-03-05', '12:00'));
    const refused = {
      ...deps(),
      whatsapp: whatsappCloud({ apiUrl: meta.url, apiVersion: 'v26.0', phoneNumberId: '106540352242922', accessToken: 'revoked' }),
    };
    await sendDuePhoneMessages(refused, NOW);
    await sendDuePhoneMessages(refused, NOW);
    expect(smsTo(other.phone)).toHaveLength(1);
    expect((await rowsTo(other.phone, 'booking-confirmed')).map((text) => [text.channel, text.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
  });
});

describe('critical values and quiet hours', () => {
  it('sends a critical value at once at 23:30, by SMS when the person turned results off, and holds the results notice until 08:00', async () => {
    await quiet();
    const customer = await customerWithPhone({ result_texts: 'off' });
    const { lab, labTestId: potassiumTest } = await labOfferingElectrolytes();
    const bookingId = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId: potassiumTest,
      status: 'completed',
      bookingTime: new Date(Date.now() - 86_400_000),
    });
    const labCaller = await callerFor(database.db, lab);
    // 23:30 in Riyadh, a night ahead of the real clock (the database's own clock stays real).
    const night = new Date(Date.now() + 2 * 86_400_000);
    night.setUTCHours(20, 30, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: night });

    await labCaller.results.saveDraft({
      bookingId,
      patientSex: 'female',
      releaseAs: 'final',
      note: null,
      observations: [{ analyteId: await analyteId('2823-3'), value: '6.8', unit: null, comment: null }],
    });
    await sendDuePhoneMessages(deps(), night);
    const [critical] = smsTo(customer.phone);
    expect(critical?.body).toContain(`تحاليل: يحتاج ${lab.name}`);
    expect(critical?.body).toContain('إلى التحدث معك بشأن نتيجتك اليوم');
    expect(critical?.body).not.toMatch(/6[.,]8|٦|potassium|البوتاسيوم/i);

    await labCaller.results.recordCriticalCall({
      bookingId,
      callerName: 'Dr. Huda Al-Qahtani',
      calledPerson: 'The patient',
      calledAt: night.toISOString(),
      readBack: true,
    });
    await labCaller.results.release({ bookingId });
    const [ready] = await rowsTo(customer.phone, 'results-ready');
    const eight = new Date(night.getTime() + 8.5 * 3_600_000);
    expect(ready?.send_after).toEqual(eight);
    await sendDuePhoneMessages(deps(), night);
    expect(smsTo(customer.phone)).toHaveLength(1);
    // At 08:00 it is due, and the person's choice (results off) leaves it unsent.
    await sendDuePhoneMessages(deps(), eight);
    expect((await rowsTo(customer.phone, 'results-ready'))[0]).toMatchObject({ status: 'skipped' });
    expect(smsTo(customer.phone)).toHaveLength(1);
  });
});

describe('a home visit’s collector on the way', () => {
  it('is said by the lab from two hours before the window, texts the patient at once and once, and shows on both bookings', async () => {
    await quiet();
    const customer = await customerWithPhone();
    const { lab, labTestId: offering } = await labOfferingElectrolytes();
    const homeVisit = async (startsInMinutes: number) => {
      const id = await insertBooking(database.db, {
        customerId: customer.id,
        labTestId: offering,
        bookingTime: new Date(Date.now() + startsInMinutes * 60_000),
      });
      await database.db
        .updateTable('bookings')
        .set({ collection: 'home', home_address: 'حي الملقا، منزل 12', home_latitude: 24.75, home_longitude: 46.68 })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const labCaller = await callerFor(database.db, lab);
    const tooEarly = await homeVisit(150);
    expect(await refusal(labCaller.lab.collectorOnTheWay({ id: tooEarly }))).toMatchObject({ appCode: 'HOME_VISIT_NOT_NOW' });

    const soon = await homeVisit(60);
    const first = await labCaller.lab.collectorOnTheWay({ id: soon });
    expect(await labCaller.lab.collectorOnTheWay({ id: soon })).toEqual(first);
    const other = await callerFor(database.db, await createTestUser(database.db, 'lab', { approved: true }));
    expect(await refusal(other.lab.collectorOnTheWay({ id: soon }))).toMatchObject({ code: 'NOT_FOUND' });

    await sendDuePhoneMessages(deps(), new Date());
    const texts = smsTo(customer.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`تحاليل: مندوب ${lab.name} في الطريق إليك لزيارتك المنزلية`);
    const mine = await (await callerFor(database.db, customer)).booking.mine();
    expect(mine.find((row) => row.id === soon)).toMatchObject({ collector_left_at: first.leftAt });
    expect(mine.find((row) => row.id === tooEarly)).toMatchObject({ collector_left_at: null });
  });
});

async function analyteId(loinc: string) {
  return (await database.db.selectFrom('analytes').select('id').where('loinc', '=', loinc).executeTakeFirstOrThrow()).id;
}

/** A lab (named, with a phone) offering the electrolytes panel. */
async function labOfferingElectrolytes() {
  const test = await database.db
    .selectFrom('tests')
    .select('id')
    .where('name_en', '=', 'Electrolytes (Sodium, Potassium, Chloride)')
    .executeTakeFirstOrThrow();
  const { lab, labTestId: id } = await openLabSelling(database.db, test.id, { opensAt: '08:00', closesAt: '20:00' });
  const named = await database.db
    .updateTable('labs')
    .set({ phone: '+966112345678' })
    .where('id', '=', lab.id)
    .returning('lab_name_ar as name')
    .executeTakeFirstOrThrow();
  return { lab: { ...lab, name: named.name }, labTestId: id };
}
