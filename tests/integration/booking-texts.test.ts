import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { afterQuietHours, sendDuePhoneMessages } from '../../src/server/modules/phone/phone-messages.service.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { smsSegments } from '../../src/server/platform/sms/sms-provider.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { createTestUser, type TestAccount } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #55: a booking's texts to its customer's confirmed mobile number, beside its mails: confirmed,
// reminders 24 and 2 hours before on the lab's clock (held out of quiet hours, 22:00–08:00, and withdrawn
// when the booking is cancelled or moved), moved, cancelled.

let database: TestDatabase;
let labTestId: number;
const payments = simulatedPaymentProvider(0);
/** Riyadh is UTC+3 all year; the clock is set three days before the appointments. */
const NOW = new Date('2030-03-01T06:00:00Z');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();
const log = { error: () => undefined } as unknown as Logger;

beforeAll(async () => {
  database = await openTestDatabase();
  const testId = await nonFastingTestId(database.db);
  ({ labTestId } = await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '20:00' }, { slot_capacity: 5 }));
});
afterAll(() => database.close());

/** A customer whose mobile number a code confirmed. */
async function customerWithPhone(): Promise<TestAccount & { phone: string }> {
  const customer = await createTestUser(database.db, 'customer');
  const phone = `+96655${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  await database.db.updateTable('users').set({ phone, phone_verified_at: NOW }).where('id', '=', customer.id).execute();
  return { ...customer, phone };
}
const book = (customer: TestAccount, bookingTime: string) =>
  booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime }], randomUUID(), NOW);
const textsTo = (phone: string) =>
  database.db
    .selectFrom('phone_messages')
    .select(['template', 'send_after', 'status', 'data', 'dedupe_key'])
    .where('recipient', '=', phone)
    .orderBy('send_after')
    .execute();

describe('a booking’s text messages', () => {
  it('confirms by SMS with the booking’s reference, and reminds 24 and 2 hours before', async () => {
    const customer = await customerWithPhone();
    const { bookings } = await book(customer, at('2030-03-04', '10:00'));
    const texts = await textsTo(customer.phone);
    expect(texts.map((text) => [text.template, text.send_after.toISOString()])).toEqual([
      ['booking-confirmed', expect.any(String)],
      ['booking-reminder', at('2030-03-03', '10:00')],
      ['booking-reminder', at('2030-03-04', '08:00')],
    ]);
    expect(texts[0]?.data).toMatchObject({ bookingReference: bookings[0]?.reference, startsAt: at('2030-03-04', '10:00') });
  });

  it('holds a reminder due in quiet hours until 08:00, and sends none that would come after the appointment', async () => {
    const customer = await customerWithPhone();
    // 09:00: two hours before is 07:00, quiet; the reminder waits until 08:00.
    await book(customer, at('2030-03-04', '09:00'));
    // 08:00 the next day: 06:00 is quiet and 08:00 is the appointment itself: no second reminder.
    await book(customer, at('2030-03-05', '08:00'));
    const reminders = (await textsTo(customer.phone)).filter((text) => text.template === 'booking-reminder');
    expect(reminders.map((text) => text.send_after.toISOString())).toEqual([
      at('2030-03-03', '09:00'),
      at('2030-03-04', '08:00'),
      at('2030-03-04', '08:00'),
    ]);
    expect(afterQuietHours(new Date(at('2030-03-04', '23:30')))).toEqual(new Date(at('2030-03-05', '08:00')));
    expect(afterQuietHours(new Date(at('2030-03-04', '21:59')))).toEqual(new Date(at('2030-03-04', '21:59')));
  });

  it('withdraws the reminders of a cancelled booking and says it is cancelled; a moved one gets the new time’s', async () => {
    const customer = await customerWithPhone();
    const [cancelled] = (await book(customer, at('2030-03-04', '12:00'))).bookings;
    await booking.cancelBooking(database.db, customer.id, cancelled!.id, NOW, payments);
    const [moved] = (await book(customer, at('2030-03-04', '14:00'))).bookings;
    await booking.rescheduleBooking(database.db, customer.id, moved!.id, at('2030-03-06', '15:00'), NOW);
    const texts = await textsTo(customer.phone);
    const about = (id: string) => texts.filter((text) => text.dedupe_key?.includes(id)).map((text) => text.template);
    expect(about(cancelled!.id)).toEqual(['booking-confirmed', 'booking-cancelled']);
    expect(about(moved!.id)).toEqual(['booking-confirmed', 'booking-rescheduled', 'booking-reminder', 'booking-reminder']);
    const reminders = texts.filter((text) => text.template === 'booking-reminder');
    expect(reminders.map((text) => text.send_after.toISOString())).toEqual([at('2030-03-05', '15:00'), at('2030-03-06', '13:00')]);
  });

  it('sends nothing to a customer without a confirmed number', async () => {
    const customer = await createTestUser(database.db, 'customer');
    await database.db.updateTable('users').set({ phone: '+966551110000' }).where('id', '=', customer.id).execute();
    await book(customer, at('2030-03-04', '16:00'));
    expect(await database.db.selectFrom('phone_messages').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
  });

  it('reads in Arabic with the Hijri date and the reference set apart, in two SMS parts, and skips a reminder the person turned off', async () => {
    const customer = await customerWithPhone();
    await database.db.updateTable('phone_messages').set({ status: 'skipped' }).where('status', '=', 'pending').execute();
    const [row] = (await book(customer, at('2030-03-04', '17:00'))).bookings;
    const sent: { to: string; body: string }[] = [];
    const sms = {
      name: 'dev' as const,
      send: async (message: { to: string; body: string }) => {
        sent.push(message);
        return { providerMessageId: randomUUID() };
      },
    };
    const deps = { db: database.db, sms, publicUrl: 'https://tahaleel.sa', log };
    await sendDuePhoneMessages(deps, NOW);
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body ?? '';
    expect(body).toContain('تم تأكيد موعدك في');
    expect(body).toContain('الساعة 5:00 م');
    // 4 March 2030 is 29 Shawwal 1451 on the Umm al-Qura calendar.
    expect(body).toContain('الاثنين، 4 مارس (29 شوال)');
    expect(body).toContain(`\u2068${row?.reference}\u2069`);
    expect(smsSegments(body).segments).toBeLessThanOrEqual(2);

    await database.db.updateTable('user_profiles').set({ reminder_texts: 'off' }).where('id', '=', customer.id).execute();
    await sendDuePhoneMessages(deps, new Date(at('2030-03-03', '17:01')));
    expect(sent).toHaveLength(1);
    expect((await textsTo(customer.phone)).filter((text) => text.template === 'booking-reminder')[0]).toMatchObject({ status: 'skipped' });
  });
});
