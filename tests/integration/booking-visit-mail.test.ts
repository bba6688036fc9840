import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import type { OutboxSender } from '../../src/server/modules/mail/outbox-sender.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import type { Locale } from '../../src/shared/locale.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { callerFor, createTestUser, type TestAccount, type TestUser } from '../setup/fixtures.ts';
import type { ReceivedMail, TestSmtpServer } from '../setup/smtp.ts';
import type { TestDatabase } from '../setup/test-db.ts';

// Issue #57: a home collection is told as a visit to the home in its window (never the lab's address,
// a single start time or "arrive a few minutes early"), and a booking for a family member names them,
// in every booking mail and calendar file, in Arabic and in English. Read from a real SMTP server's inbox.

let database: TestDatabase;
let smtp: TestSmtpServer;
let sender: OutboxSender;
let closeMail: () => Promise<void>;
let lab: TestUser;
let labTestId: number;
let testNames: { ar: string; en: string };

const LAB_ADDRESS = { ar: 'طريق الملك فهد، الرياض', en: 'King Fahd Rd, Riyadh' };
const LAB_POINT = { latitude: 24.7136, longitude: 46.6753 };
/** About 5 km from the lab, inside its 15 km. */
const HOME_POINT = { latitude: 24.7536, longitude: 46.6853 };
const HOME_ADDRESS: Record<Locale, string> = {
  ar: 'حي الملقا، شارع الأمير محمد بن سعد، منزل 12',
  en: 'Al Malqa, Prince Mohammed bin Saad St, house 12',
};
const ACCOUNT_HOLDER: Record<Locale, string> = { ar: 'ريم الحربي', en: 'Reem Al-Harbi' };
const MEMBER: Record<Locale, string> = { ar: 'نورة العتيبي', en: 'Noura Al-Otaibi' };

/** What a home visit's mails say and never say, in each language. */
const words = {
  ar: {
    window: '7:00–9:00 ص',
    movedWindow: '9:00–11:00 ص',
    singleTime: 'الوقت:',
    arriveEarly: 'ببضع دقائق',
    prepare: 'ليكن في المنزل شخص بالغ',
  },
  en: {
    // Intl writes thin spaces around the dash and a narrow space before AM.
    window: /7:00\s–\s9:00\sAM/,
    movedWindow: /9:00\s–\s11:00\sAM/,
    singleTime: 'Time:',
    arriveEarly: 'a few minutes before',
    prepare: 'have an adult at home',
  },
};

/** Three days ahead, on the lab's clock in Riyadh (UTC+3). */
const DAY = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => new Date(`${DAY}T${time}+03:00`).toISOString();
const icsDay = DAY.replaceAll('-', '');

beforeAll(async () => {
  ({ database, smtp, sender, close: closeMail } = await openDatabaseWithMail());
  const testId = await nonFastingTestId(database.db);
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    testId,
    { opensAt: '08:00', closesAt: '20:00' },
    {
      ...LAB_POINT,
      slot_capacity: 2,
      lab_name_ar: 'مختبر البرج',
      lab_name_en: 'Al Burj Lab',
      address_ar: LAB_ADDRESS.ar,
      address_en: LAB_ADDRESS.en,
    },
    20_000,
  ));
  testNames = await database.db
    .selectFrom('tests')
    .select(['name_ar as ar', 'name_en as en'])
    .where('id', '=', testId)
    .executeTakeFirstOrThrow();
  // Two-hour windows from 07:00 to 13:00.
  await (await callerFor(database.db, lab)).lab.updateHomeCollection({
    enabled: true,
    fee: 50,
    radiusKm: 15,
    windowMinutes: 120,
    windowCapacity: 5,
    opensAt: '07:00',
    closesAt: '13:00',
  });
});
afterAll(() => closeMail());

/** A customer who reads their mail in `locale`, as the checkout's session reads them (BookingCustomer). */
async function customerIn(locale: Locale): Promise<Omit<TestAccount, 'locale'> & { locale: Locale }> {
  const customer = await createTestUser(database.db, 'customer', { name: ACCOUNT_HOLDER[locale] });
  await database.db.updateTable('user_profiles').set({ locale }).where('id', '=', customer.id).execute();
  return { ...customer, locale };
}

async function inbox(user: TestUser): Promise<ReceivedMail[]> {
  await sender.drain();
  return smtp.to(user.email);
}

/** Sends the booking's reminder now, as if its day had come, and answers it. */
async function reminderOf(user: TestUser, bookingId: string): Promise<ReceivedMail> {
  const before = (await inbox(user)).length;
  await database.db
    .updateTable('outbox')
    .set({ send_after: new Date() })
    .where('dedupe_key', '=', `booking-reminder:${bookingId}`)
    .execute();
  const mails = await inbox(user);
  expect(mails).toHaveLength(before + 1);
  return mails.at(-1)!;
}

/** The calendar file's value of a property, unfolded and unescaped (RFC 5545). */
function calendarValue(mail: ReceivedMail, name: string): string {
  const ics = mail.attachments.find((file) => file.contentType.startsWith('text/calendar'))?.content ?? '';
  const line = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .find((entry) => entry.startsWith(`${name}:`) || entry.startsWith(`${name};`));
  if (!line) throw new Error(`no ${name} in the calendar file`);
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\\n/g, '\n')
    .replace(/\\([,;\\])/g, '$1');
}

/** Every part of a mail a reader sees: subject, plain text, HTML and the calendar file. */
const partsOf = (mail: ReceivedMail) => [mail.subject, mail.text, mail.html, ...mail.attachments.map((file) => file.content)];

function expectNoHealthData(mail: ReceivedMail) {
  for (const part of partsOf(mail)) {
    expect(part).not.toContain(testNames.ar);
    expect(part).not.toContain(testNames.en);
  }
}

/** The visit, told as a visit: its window, the home's address and the patient; never the lab's address or a time to arrive early. */
function expectToldAsHomeVisit(mail: ReceivedMail, locale: Locale, patient: string, window: string | RegExp) {
  const w = words[locale];
  if (typeof window === 'string') expect(mail.text).toContain(window);
  else expect(mail.text).toMatch(window);
  expect(mail.text).toContain(HOME_ADDRESS[locale]);
  expect(mail.html).toContain(HOME_ADDRESS[locale]);
  expect(mail.text).toContain(patient);
  expect(mail.text).not.toContain(w.singleTime);
  for (const part of partsOf(mail)) {
    expect(part).not.toContain(LAB_ADDRESS.ar);
    expect(part).not.toContain(LAB_ADDRESS.en);
    expect(part).not.toContain(w.arriveEarly);
  }
  expectNoHealthData(mail);
}

describe('a home collection’s mails and calendar file', () => {
  for (const locale of ['ar', 'en'] as const) {
    it(`give the visit window, the home’s address, the patient and what to prepare, never the lab’s address (${locale})`, async () => {
      const w = words[locale];
      const customer = await customerIn(locale);
      const home = { address: HOME_ADDRESS[locale], ...HOME_POINT };
      const result = await booking.createBookings(
        database.db,
        simulatedPaymentProvider(0),
        customer,
        [{ labTestId, bookingTime: at('07:00:00'), home }],
        randomUUID(),
      );
      const bookingId = result.bookings[0]!.id;

      const [confirmed] = await inbox(customer);
      expectToldAsHomeVisit(confirmed!, locale, ACCOUNT_HOLDER[locale], w.window);
      expect(confirmed!.text).toContain(w.prepare);
      // The calendar entry is at home, for the whole window.
      expect(calendarValue(confirmed!, 'LOCATION')).toBe(HOME_ADDRESS[locale]);
      expect(calendarValue(confirmed!, 'DTSTART;TZID=Asia/Riyadh')).toBe(`${icsDay}T070000`);
      expect(calendarValue(confirmed!, 'DTEND;TZID=Asia/Riyadh')).toBe(`${icsDay}T090000`);
      expect(calendarValue(confirmed!, 'DESCRIPTION')).toContain(w.prepare);
      expect(calendarValue(confirmed!, 'DESCRIPTION')).toContain(ACCOUNT_HOLDER[locale]);

      const reminder = await reminderOf(customer, bookingId);
      expectToldAsHomeVisit(reminder, locale, ACCOUNT_HOLDER[locale], w.window);
      if (typeof w.window === 'string') expect(reminder.subject).toContain(w.window);
      else expect(reminder.subject).toMatch(w.window);

      const caller = await callerFor(database.db, customer);
      await caller.booking.reschedule({ id: bookingId, bookingTime: at('09:00:00') });
      const moved = (await inbox(customer)).at(-1)!;
      expectToldAsHomeVisit(moved, locale, ACCOUNT_HOLDER[locale], w.movedWindow);
      expect(calendarValue(moved, 'LOCATION')).toBe(HOME_ADDRESS[locale]);
      expect(calendarValue(moved, 'DTSTART;TZID=Asia/Riyadh')).toBe(`${icsDay}T090000`);
      expect(calendarValue(moved, 'DTEND;TZID=Asia/Riyadh')).toBe(`${icsDay}T110000`);

      await caller.booking.cancel({ id: bookingId });
      const cancelled = (await inbox(customer)).at(-1)!;
      expectToldAsHomeVisit(cancelled, locale, ACCOUNT_HOLDER[locale], w.movedWindow);
    });
  }
});

describe('a booking for a family member', () => {
  for (const locale of ['ar', 'en'] as const) {
    it(`names them in every mail and calendar file, not only the account holder (${locale})`, async () => {
      const customer = await customerIn(locale);
      const caller = await callerFor(database.db, customer);
      const member = await caller.family.add({ name: MEMBER[locale], relation: 'mother', sex: 'female', dateOfBirth: '1961-03-14' });
      const result = await booking.createBookings(
        database.db,
        simulatedPaymentProvider(0),
        customer,
        [{ labTestId, bookingTime: at('10:00:00'), familyMemberId: member.id }],
        randomUUID(),
      );
      const bookingId = result.bookings[0]!.id;

      const [confirmed] = await inbox(customer);
      // Greeted by the account holder's name, about the member's appointment.
      expect(confirmed!.text).toContain(ACCOUNT_HOLDER[locale]);
      expect(confirmed!.text).toContain(MEMBER[locale]);
      expect(confirmed!.html).toContain(MEMBER[locale]);
      expect(calendarValue(confirmed!, 'SUMMARY')).toContain(MEMBER[locale]);
      expect(calendarValue(confirmed!, 'DESCRIPTION')).toContain(MEMBER[locale]);
      // At the lab: its address, the calendar entry there.
      expect(calendarValue(confirmed!, 'LOCATION')).toBe(LAB_ADDRESS[locale]);
      expectNoHealthData(confirmed!);

      expect((await reminderOf(customer, bookingId)).text).toContain(MEMBER[locale]);

      await caller.booking.reschedule({ id: bookingId, bookingTime: at('11:00:00') });
      const moved = (await inbox(customer)).at(-1)!;
      expect(moved.text).toContain(MEMBER[locale]);
      expect(calendarValue(moved, 'SUMMARY')).toContain(MEMBER[locale]);

      await caller.booking.cancel({ id: bookingId });
      const cancelled = (await inbox(customer)).at(-1)!;
      expect(cancelled.text).toContain(MEMBER[locale]);
      expectNoHealthData(cancelled);
    });
  }

  it('is shown on the customer’s own booking card by the member’s name; their own bookings name no one else', async () => {
    const customer = await customerIn('ar');
    const caller = await callerFor(database.db, customer);
    const member = await caller.family.add({ name: MEMBER.ar, relation: 'father', sex: 'male', dateOfBirth: '1958-01-02' });
    const payments = simulatedPaymentProvider(0);
    const forMember = await booking.createBookings(
      database.db,
      payments,
      customer,
      [{ labTestId, bookingTime: at('12:00:00'), familyMemberId: member.id }],
      randomUUID(),
    );
    const own = await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: at('12:30:00') }], randomUUID());
    const mine = await caller.booking.mine();
    expect(mine.find((row) => row.id === forMember.bookings[0]!.id)).toMatchObject({ patient_name: MEMBER.ar });
    expect(mine.find((row) => row.id === own.bookings[0]!.id)).toMatchObject({ patient_name: null });
  });
});
