import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import type { OutboxSender } from '../../src/server/modules/mail/outbox-sender.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { CANCEL_BEFORE_HOURS } from '../../src/shared/cancellation.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { openDatabaseWithMail } from '../setup/database-with-mail.ts';
import { callerFor, createTestUser, type TestAccount, type TestUser } from '../setup/fixtures.ts';
import type { TestSmtpServer } from '../setup/smtp.ts';
import type { TestDatabase } from '../setup/test-db.ts';

// booking.reschedule (issue #22): a confirmed booking moves to another slot of the same lab test,
// under the same capacity rule as a new booking and the same cut-off as a cancellation.

let database: TestDatabase;
let smtp: TestSmtpServer;
let sender: OutboxSender;
let closeMail: () => Promise<void>;
let lab: TestUser;
let labTestId: number;
const payments = simulatedPaymentProvider(0);

// 2030-01-06 is a Sunday; Riyadh is UTC+3 all year. The lab opens 08:00–12:00, two seats a slot.
const SUNDAY = '2030-01-06';
const EARLY = new Date('2030-01-01T00:00:00Z');
const at = (time: string) => new Date(`${SUNDAY}T${time}+03:00`).toISOString();

beforeAll(async () => {
  ({ database, smtp, sender, close: closeMail } = await openDatabaseWithMail());
  ({ lab, labTestId } = await openLabSelling(
    database.db,
    await nonFastingTestId(database.db),
    { opensAt: '08:00', closesAt: '12:00', closedOn: [5, 6] },
    { slot_capacity: 2 },
  ));
});
afterAll(() => closeMail());

const customer = () => createTestUser(database.db, 'customer');

async function bookAt(person: TestAccount, bookingTime: string, now = EARLY) {
  const result = await booking.createBookings(database.db, payments, person, [{ labTestId, bookingTime }], randomUUID(), now);
  return result.bookings[0]!;
}

async function seatsTaken(time: string) {
  const row = await database.db
    .selectFrom('lab_slot_usage')
    .select('booked_count')
    .where('lab_id', '=', lab.id)
    .where('starts_at', '=', new Date(time))
    .executeTakeFirst();
  return row?.booked_count ?? 0;
}

describe('booking.reschedule', () => {
  it('moves the booking to the new slot, takes its seat and gives the old seat back in one step', async () => {
    const person = await customer();
    const booked = await bookAt(person, at('08:00:00'));
    const before = await seatsTaken(at('08:00:00'));

    const moved = await booking.rescheduleBooking(database.db, person.id, booked.id, at('08:30:00'), EARLY);

    expect(moved).toMatchObject({ id: booked.id, status: 'confirmed', booking_time: at('08:30:00') });
    expect(await seatsTaken(at('08:00:00'))).toBe(before - 1);
    expect(await seatsTaken(at('08:30:00'))).toBe(1);
    const [mine] = await (await callerFor(database.db, person)).booking.mine();
    expect(mine).toMatchObject({ id: booked.id, booking_time: at('08:30:00'), rescheduled_at: EARLY.toISOString() });
  });

  it('refuses a full slot under the same capacity rule as a new booking, and keeps the booking where it was', async () => {
    const [a, b, mover] = [await customer(), await customer(), await customer()];
    await bookAt(a, at('09:00:00'));
    await bookAt(b, at('09:00:00'));
    const booked = await bookAt(mover, at('09:30:00'));

    await expect(booking.rescheduleBooking(database.db, mover.id, booked.id, at('09:00:00'), EARLY)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    expect(await seatsTaken(at('09:00:00'))).toBe(2);
    expect(await seatsTaken(at('09:30:00'))).toBe(1);
    const row = await database.db.selectFrom('bookings').select('booking_time').where('id', '=', booked.id).executeTakeFirstOrThrow();
    expect(row.booking_time.toISOString()).toBe(at('09:30:00'));
  });

  it('counts other people’s live holds on the new slot, as a new booking does', async () => {
    const [holderA, holderB, mover] = [await customer(), await customer(), await customer()];
    await booking.holdSlot(database.db, holderA.id, labTestId, at('10:00:00'), EARLY);
    await booking.holdSlot(database.db, holderB.id, labTestId, at('10:00:00'), EARLY);
    const booked = await bookAt(mover, at('10:30:00'));
    await expect(booking.rescheduleBooking(database.db, mover.id, booked.id, at('10:00:00'), EARLY)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
  });

  it('two customers racing for the last seat: one moves, the other gets SLOT_UNAVAILABLE and keeps their booking', async () => {
    const [taken, first, second] = [await customer(), await customer(), await customer()];
    await bookAt(taken, at('11:00:00'));
    const one = await bookAt(first, at('11:30:00'));
    const two = await bookAt(second, at('11:30:00'));

    const results = await Promise.allSettled([
      booking.rescheduleBooking(database.db, first.id, one.id, at('11:00:00'), EARLY),
      booking.rescheduleBooking(database.db, second.id, two.id, at('11:00:00'), EARLY),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    expect(await seatsTaken(at('11:00:00'))).toBe(2);
    expect(await seatsTaken(at('11:30:00'))).toBe(1);
  });

  it('a move and a new booking racing for the last seat never overbook it', async () => {
    const mover = await customer();
    const booked = await bookAt(mover, at('08:00:00'));
    const [other] = [await customer()];
    const day = '2030-01-07'; // Monday
    const monday = (time: string) => new Date(`${day}T${time}+03:00`).toISOString();
    await bookAt(await customer(), monday('08:00:00'));

    const results = await Promise.allSettled([
      booking.rescheduleBooking(database.db, mover.id, booked.id, monday('08:00:00'), EARLY),
      booking.createBookings(database.db, payments, other, [{ labTestId, bookingTime: monday('08:00:00') }], randomUUID(), EARLY),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await seatsTaken(monday('08:00:00'))).toBe(2);
  });

  it(`is refused less than ${CANCEL_BEFORE_HOURS} hours before the appointment, like a cancellation`, async () => {
    const person = await customer();
    const booked = await bookAt(person, at('11:30:00'));
    const justInTime = new Date(new Date(at('11:30:00')).getTime() - CANCEL_BEFORE_HOURS * 3_600_000);
    const tooLate = new Date(justInTime.getTime() + 60_000);

    await expect(booking.rescheduleBooking(database.db, person.id, booked.id, at('11:00:00'), tooLate)).rejects.toMatchObject({
      code: 'RESCHEDULE_WINDOW_PASSED',
    });
    await expect(booking.cancelBooking(database.db, person.id, booked.id, tooLate)).rejects.toMatchObject({ code: 'CANCEL_WINDOW_PASSED' });
    const moved = await booking.rescheduleBooking(database.db, person.id, booked.id, at('10:30:00'), justInTime);
    expect(moved.booking_time).toBe(at('10:30:00'));
  });

  it('refuses a time that is not one of the lab’s slots, or has passed', async () => {
    const person = await customer();
    const booked = await bookAt(person, at('08:30:00'));
    for (const time of [at('08:10:00'), at('12:00:00'), '2029-12-31T06:00:00.000Z']) {
      await expect(booking.rescheduleBooking(database.db, person.id, booked.id, time, EARLY)).rejects.toMatchObject({
        code: 'SLOT_UNAVAILABLE',
      });
    }
  });

  it('refuses a cancelled or completed booking', async () => {
    const person = await customer();
    const booked = await bookAt(person, at('09:30:00'));
    await booking.cancelBooking(database.db, person.id, booked.id, EARLY);
    await expect(booking.rescheduleBooking(database.db, person.id, booked.id, at('10:30:00'), EARLY)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('someone else’s booking looks missing, through the real procedure', async () => {
    const [owner, stranger] = [await customer(), await customer()];
    const booked = await bookAt(owner, '2030-01-08T06:00:00.000Z');
    const asStranger = await callerFor(database.db, stranger);
    await expect(asStranger.booking.reschedule({ id: booked.id, bookingTime: '2030-01-08T06:30:00.000Z' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const asLab = await callerFor(database.db, lab);
    await expect(asLab.booking.reschedule({ id: booked.id, bookingTime: '2030-01-08T06:30:00.000Z' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const row = await database.db.selectFrom('bookings').select('booking_time').where('id', '=', booked.id).executeTakeFirstOrThrow();
    expect(row.booking_time.toISOString()).toBe('2030-01-08T06:00:00.000Z');
  });

  it('the lab sees the new time and that the booking was moved', async () => {
    const person = await customer();
    const booked = await bookAt(person, '2030-01-09T05:00:00.000Z');
    await (await callerFor(database.db, person)).booking.reschedule({ id: booked.id, bookingTime: '2030-01-09T07:00:00.000Z' });
    const labBookings = await (await callerFor(database.db, lab)).lab.bookings({ q: booked.id });
    const seen = labBookings.items.find((row) => row.id === booked.id);
    expect(seen).toMatchObject({ booking_time: '2030-01-09T07:00:00.000Z' });
    expect(seen?.rescheduled_at).not.toBeNull();
  });

  it('mails the updated confirmation with a calendar file that replaces the old entry, and moves the reminder', async () => {
    const person = await customer();
    const booked = await bookAt(person, '2030-01-10T05:00:00.000Z');
    await sender.drain();
    const [confirmed] = smtp.to(person.email);

    await (await callerFor(database.db, person)).booking.reschedule({ id: booked.id, bookingTime: '2030-01-10T08:00:00.000Z' });
    await sender.drain();
    const mails = smtp.to(person.email);
    expect(mails).toHaveLength(2);
    const moved = mails[1]!;
    expect(moved.subject).toContain('تم تغيير موعدك');
    expect(moved.text).toContain('11:00');
    const calendarOf = (mail: typeof moved) => mail.attachments.find((file) => file.contentType.startsWith('text/calendar'))!.content;
    const uid = (ics: string) => ics.match(/^UID:(.*)$/m)?.[1];
    expect(uid(calendarOf(moved))).toBe(uid(calendarOf(confirmed!)));
    expect(calendarOf(moved)).toContain('DTSTART;TZID=Asia/Riyadh:20300110T110000');
    expect(calendarOf(moved)).toMatch(/^SEQUENCE:1\r?$/m);

    const reminder = await database.db
      .selectFrom('outbox')
      .select(['status', 'send_after'])
      .where('dedupe_key', '=', `booking-reminder:${booked.id}`)
      .executeTakeFirstOrThrow();
    expect(reminder.send_after.toISOString()).toBe('2030-01-09T08:00:00.000Z');
  });
});
