import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import type { OutboxSender } from '../../src/server/modules/mail/outbox-sender.ts';
import { diskBlobStore } from '../../src/server/modules/result-files/disk-blob-store.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { insertBooking, nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { callerFor, createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient } from '../setup/http.ts';
import type { ReceivedMail, TestSmtpServer } from '../setup/smtp.ts';
import { approvedPayment, checkoutDefaults, createTestVariant, orderIdOf, storeCallerFor } from '../setup/store.ts';
import type { TestDatabase } from '../setup/test-db.ts';

// Every event that mails (ADR 0016), seen from the recipient's inbox on a real SMTP server.

let database: TestDatabase;
let smtp: TestSmtpServer;
let sender: OutboxSender;
let closeMail: () => Promise<void>;
let lab: TestUser;
let labTestId: number;
let testNames: { ar: string; en: string };

beforeAll(async () => {
  ({ database, smtp, sender, close: closeMail } = await openDatabaseWithMail());
  const testId = await nonFastingTestId(database.db);
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    testId,
    { opensAt: '08:00', closesAt: '20:00' },
    {
      slot_capacity: 2,
      lab_name_ar: 'مختبر البرج',
      lab_name_en: 'Al Burj Lab',
      address_ar: 'طريق الملك فهد، الرياض',
      address_en: 'King Fahd Rd, Riyadh',
    },
    20_000,
  ));
  const test = await database.db.selectFrom('tests').select(['name_ar', 'name_en']).where('id', '=', testId).executeTakeFirstOrThrow();
  testNames = { ar: test.name_ar, en: test.name_en };
});
afterAll(() => closeMail());

async function inbox(user: TestUser): Promise<ReceivedMail[]> {
  await sender.drain();
  return smtp.to(user.email);
}

/** Nothing about the test itself: mail is no place for health data. */
function expectNoHealthData(mail: ReceivedMail) {
  for (const part of [mail.subject, mail.html, mail.text, ...mail.attachments.map((file) => file.content)]) {
    expect(part).not.toContain(testNames.ar);
    expect(part).not.toContain(testNames.en);
  }
}

describe('booking mail', () => {
  it('a booking sends its confirmation with a calendar file in the lab’s zone, schedules a reminder, and a cancellation withdraws it', async () => {
    const customer = await createTestUser(database.db, 'customer');
    // Three days ahead, 10:00 in Riyadh.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const bookingTime = new Date(`${day}T10:00:00+03:00`).toISOString();
    const result = await booking.createBookings(
      database.db,
      simulatedPaymentProvider(0),
      customer,
      [{ labTestId, bookingTime }],
      randomUUID(),
    );
    const bookingId = result.bookings[0]!.id;

    const [confirmed, ...others] = await inbox(customer);
    expect(others).toHaveLength(0);
    expect(confirmed!.subject).toMatch(/[\u0600-\u06ff]/);
    expect(confirmed!.text).toContain('مختبر البرج');
    expect(confirmed!.text).toContain('10:00');
    expect(confirmed!.links).toContain(`${testEnv.PUBLIC_URL}/dashboard`);
    const calendar = confirmed!.attachments.find((file) => file.contentType.startsWith('text/calendar'));
    expect(calendar?.content).toContain('BEGIN:VEVENT');
    expect(calendar?.content).toContain(`DTSTART;TZID=Asia/Riyadh:${day.replaceAll('-', '')}T100000`);
    expect(calendar?.content.replace(/\r\n /g, '')).toContain('طريق الملك فهد');
    // The reference the customer reads out is the one the lab's list shows (ADR 0058).
    const { reference } = result.bookings[0]!;
    expect(reference).toMatch(/^TH-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(confirmed!.text).toContain(reference);
    expect(calendar?.content.replace(/\r\n /g, '')).toContain(`UID:booking-${reference}@tahaleel.sa`);
    expectNoHealthData(confirmed!);

    const reminder = await database.db
      .selectFrom('outbox')
      .select(['status', 'send_after'])
      .where('dedupe_key', '=', `booking-reminder:${bookingId}`)
      .executeTakeFirstOrThrow();
    expect(reminder.status).toBe('pending');
    expect(reminder.send_after.toISOString()).toBe(new Date(new Date(bookingTime).getTime() - 86_400_000).toISOString());

    await (await callerFor(database.db, customer)).booking.cancel({ id: bookingId });
    const mails = await inbox(customer);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).not.toBe(confirmed!.subject);
    expect(mails[1]!.text).toContain(reference);
    expect(
      await database.db.selectFrom('outbox').select('id').where('dedupe_key', '=', `booking-reminder:${bookingId}`).execute(),
    ).toHaveLength(0);
  });

  it('the reminder goes out once, when it is due', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const result = await booking.createBookings(
      database.db,
      simulatedPaymentProvider(0),
      customer,
      [{ labTestId, bookingTime: new Date(`${day}T11:00:00+03:00`).toISOString() }],
      randomUUID(),
    );
    await inbox(customer);
    await database.db
      .updateTable('outbox')
      .set({ send_after: new Date() })
      .where('dedupe_key', '=', `booking-reminder:${result.bookings[0]!.id}`)
      .execute();
    await inbox(customer);
    const mails = await inbox(customer);
    expect(mails).toHaveLength(2);
    expectNoHealthData(mails[1]!);
  });
});

describe('mail from the lab and the admin', () => {
  it('results ready: a link to the results, never the result, once per booking', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
    const app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(`/tmp/tahaleel-mail-${randomUUID()}`) });
    const upload = async () => {
      const form = new FormData();
      form.set('bookingId', bookingId);
      form.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'result.pdf', { type: 'application/pdf' }));
      const response = await app.request('/files/results', {
        method: 'POST',
        headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
        body: form,
      });
      expect(response.status).toBe(201);
    };
    await upload();
    await upload();
    const mails = await inbox(customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links).toContain(`${testEnv.PUBLIC_URL}/dashboard`);
    expect(mails[0]!.attachments).toHaveLength(0);
    expectNoHealthData(mails[0]!);
  });

  it('staff opened a result: the patient is told when and why, with a link to every read, and nothing of the result', async () => {
    const customer = await createTestUser(database.db, 'customer');
    const admin = await createTestUser(database.db, 'admin');
    await database.db.updateTable('user_profiles').set({ locale: 'en' }).where('id', '=', customer.id).execute();
    const bookingId = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
    const app = createApp({ db: database.db, env: testEnv, blobs: diskBlobStore(`/tmp/tahaleel-mail-${randomUUID()}`) });
    const form = new FormData();
    form.set('bookingId', bookingId);
    form.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'result.pdf', { type: 'application/pdf' }));
    const upload = await app.request('/files/results', {
      method: 'POST',
      headers: { origin: testEnv.PUBLIC_URL, cookie: lab.cookie },
      body: form,
    });
    const { id } = ((await upload.json()) as { result: { id: string } }).result;
    await inbox(customer); // "your results are ready"

    // Without a reason the administrator reads nothing, and nobody is told anything.
    expect((await app.request(`/files/results/${id}`, { headers: { cookie: admin.cookie } })).status).toBe(400);
    expect(await inbox(customer)).toHaveLength(1);
    // The customer's own read is recorded, but not mailed about.
    expect((await app.request(`/files/results/${id}`, { headers: { cookie: customer.cookie } })).status).toBe(200);
    expect(await inbox(customer)).toHaveLength(1);

    const reason = 'Support ticket 4512: the patient asked us to check the file';
    const read = await app.request(`/files/results/${id}?reason=${encodeURIComponent(reason)}`, { headers: { cookie: admin.cookie } });
    expect(read.status).toBe(200);
    const mails = await inbox(customer);
    expect(mails).toHaveLength(2);
    const told = mails[1]!;
    expect(told.subject).toBe('Tahaleel staff opened one of your results — Tahaleel');
    expect(told.text).toContain(reason);
    const { created_at } = await database.db
      .selectFrom('audit_log')
      .select('created_at')
      .where('subject_id', '=', id)
      .where('actor_id', '=', admin.id)
      .where('action', '=', 'result.read')
      .executeTakeFirstOrThrow();
    const riyadh = new Intl.DateTimeFormat('en-SA-u-ca-gregory', {
      timeZone: 'Asia/Riyadh',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(told.text).toContain(riyadh.format(created_at));
    expect(told.links).toContain(`${testEnv.PUBLIC_URL}/dashboard?section=results`);
    expect(told.attachments).toHaveLength(0);
    expect(told.text).not.toContain('result.pdf');
    expectNoHealthData(told);
  });

  it('a test request decided: the lab is told, in its language', async () => {
    const admin = await createTestUser(database.db, 'admin');
    await database.db.updateTable('user_profiles').set({ locale: 'en' }).where('id', '=', lab.id).execute();
    const request = await database.db
      .insertInto('test_requests')
      .values({
        requested_by_lab_id: lab.id,
        test_name_ar: `تحليل ${randomUUID().slice(0, 6)}`,
        test_name_en: `Test ${randomUUID().slice(0, 6)}`,
      })
      .returning(['id', 'test_name_en'])
      .executeTakeFirstOrThrow();
    await (await callerFor(database.db, admin)).admin.reviewTestRequest({ id: request.id, decision: 'approved' });
    const mail = (await inbox(lab)).at(-1)!;
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.text).toContain(request.test_name_en);
  });
});

describe('store and newsletter mail', () => {
  it('a paid store order is confirmed to the address given at payment, with where it goes and without the items', async () => {
    const buyer = await createTestUser(database.db, 'customer');
    const { variantId } = await createTestVariant(database.db, { stock: 5, priceHalalas: 2500 });
    const caller = await storeCallerFor(database.db, { user: buyer });
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(url), ...approvedPayment, email: buyer.email });
    const [mail] = await inbox(buyer);
    expect(mail!.text).toMatch(/50\.00/);
    expect(mail!.subject).toMatch(/ST-[0-9A-F]{8}/);
    expect(mail!.text).toContain('2929 King Fahd Road، Al Olaya، Riyadh 12211');
    expect(mail!.text).toContain('+966 55 123 4567');
    expect(mail!.text).toContain(`/store/checkout/${orderIdOf(url)}`);
  });

  it('a guest’s store order is confirmed too, to the address the guest gave, in the language they paid in', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 5, priceHalalas: 2500 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, locale: 'en', items: [{ variantId, quantity: 1 }] });
    const email = `guest-${randomUUID()}@example.sa`;
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(url), ...approvedPayment, email });
    await sender.drain();
    const [mail] = smtp.to(email);
    expect(mail!.subject).toMatch(/^Order ST-[0-9A-F]{8} confirmed/);
    expect(mail!.text).toContain('2929 King Fahd Road, Al Olaya, Riyadh 12211');
    expect(mail!.text).toContain('Short address: RRRD2929');
  });

  it('the newsletter asks the address first (double opt-in); its unsubscribe link needs no sign-in', async () => {
    const api = apiClient(createApp({ db: database.db, env: testEnv, clientIp: () => `10.77.0.${Math.floor(Math.random() * 250)}` }));
    const email = `news-${randomUUID()}@example.sa`;
    const row = () =>
      database.db.selectFrom('newsletter_subscriptions').select(['confirmed_at']).where('email', '=', email).executeTakeFirst();
    expect((await api.mutate('newsletter.subscribe', { email })).data).toEqual({ subscribed: true });
    await sender.drain();
    const [mail] = smtp.to(email);
    expect((mail!.headers.get('list') as { unsubscribe?: { url?: string } } | undefined)?.unsubscribe?.url).toContain(
      '/newsletter/unsubscribe?token=',
    );
    const token = (path: string) => new URL(mail!.links.find((link) => link.includes(path))!).searchParams.get('token')!;
    expect((await row())?.confirmed_at).toBeNull();

    expect((await api.mutate('newsletter.confirm', { token: token('/newsletter/confirm') })).data).toEqual({ confirmed: true, email });
    expect((await row())?.confirmed_at).toBeInstanceOf(Date);
    // Subscribing a confirmed address again answers the same and sends nothing.
    expect((await api.mutate('newsletter.subscribe', { email })).data).toEqual({ subscribed: true });
    await sender.drain();
    expect(smtp.to(email)).toHaveLength(1);

    expect((await api.mutate('newsletter.unsubscribe', { token: token('/newsletter/unsubscribe') })).data).toEqual({ unsubscribed: true });
    expect(await row()).toBeUndefined();
    expect((await api.mutate('newsletter.confirm', { token: token('/newsletter/confirm') })).error?.data.appCode).toBe('LINK_INVALID');
  });
});
