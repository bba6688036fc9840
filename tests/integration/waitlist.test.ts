import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import * as waitlist from '../../src/server/modules/waitlist/waitlist.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestAccount } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #58: the waitlist (ADR 0069). On a full day a customer waits for a seat; when one frees, the first
// entry it suits is offered it (a 15-minute hold and a mail), one offer at a time, never two for one seat;
// an offer let pass goes to the next; leaving takes one step. The clock is set: the lab opens 08:00–09:00
// in Riyadh (UTC+3 all year) with 30-minute slots of one seat each, and it is weeks before the day.

let database: TestDatabase;
let testId: number;
const payments = simulatedPaymentProvider(0);
const DAY = '2027-01-15';
const NOW = new Date('2026-12-01T09:00:00Z');
const at = (time: string) => new Date(`${DAY}T${time}:00+03:00`).toISOString();
const minutesAfter = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** An approved lab open 08:00–09:00 every day (two slots of one seat), selling one test without fasting, its day taken. */
async function fullLab() {
  const { lab, labTestId } = await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '09:00' });
  const booked: Record<string, { customer: TestAccount; bookingId: string }> = {};
  for (const time of ['08:00', '08:30']) {
    const customer = await createTestUser(database.db, 'customer');
    const result = await booking.createBookings(
      database.db,
      payments,
      customer,
      [{ labTestId, bookingTime: at(time) }],
      `full-${time}`,
      NOW,
    );
    booked[time] = { customer, bookingId: result.bookings[0]!.id };
  }
  return { lab, labTestId, booked };
}

const entriesOf = (labTestId: number) =>
  database.db
    .selectFrom('waitlist_entries')
    .select(['customer_id', 'status', 'offered_starts_at'])
    .where('lab_test_id', '=', labTestId)
    .orderBy('position')
    .execute();

const liveHolds = (labTestId: number, startsAt: string, now: Date) =>
  database.db
    .selectFrom('slot_holds')
    .select('holder_id')
    .where('lab_test_id', '=', labTestId)
    .where('starts_at', '=', new Date(startsAt))
    .where('expires_at', '>', now)
    .execute();

const offerMails = (customer: TestAccount) =>
  database.db
    .selectFrom('outbox')
    .select(['recipient', 'data'])
    .where('template', '=', 'waitlist-offer')
    .where('user_id', '=', customer.id)
    .execute();

async function join(customer: TestAccount, labTestId: number, window: { from: string; until: string } | null = null) {
  return waitlist.joinWaitlist(database.db, customer, { labTestId, date: DAY, window }, NOW);
}

beforeAll(async () => {
  database = await openTestDatabase();
  testId = await nonFastingTestId(database.db);
});
afterAll(() => database.close());

describe('joining the waitlist', () => {
  it('is for a full day only, once per test and day, for a signed-up customer, in hours the lab has', async () => {
    const { labTestId } = await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '09:00' });
    const customer = await createTestUser(database.db, 'customer');

    // Both times are free: they are booked, not waited for.
    await expect(join(customer, labTestId)).rejects.toMatchObject({ code: 'WAITLIST_TIMES_FREE' });
    // 08:30 is taken; 08:00 is still free, so the morning is not full, but 08:30–09:00 is.
    await booking.createBookings(
      database.db,
      payments,
      await createTestUser(database.db, 'customer'),
      [{ labTestId, bookingTime: at('08:30') }],
      'j1',
      NOW,
    );
    await expect(join(customer, labTestId, { from: '08:00', until: '09:00' })).rejects.toMatchObject({ code: 'WAITLIST_TIMES_FREE' });
    // The lab has no time between 10:00 and 11:00 at all.
    await expect(join(customer, labTestId, { from: '10:00', until: '11:00' })).rejects.toMatchObject({ code: 'WAITLIST_NO_TIMES' });
    const { id } = await join(customer, labTestId, { from: '08:30', until: '09:00' });
    // Joining again (a second tab) is the same entry, in the same place.
    expect(await join(customer, labTestId, { from: '08:30', until: '09:00' })).toEqual({ id });
    expect(await database.db.selectFrom('waitlist_entries').select('id').where('customer_id', '=', customer.id).execute()).toEqual([
      { id },
    ]);

    // A guest is asked to sign up first: an offer comes by mail to an account.
    await expect(
      waitlist.joinWaitlist(database.db, { id: customer.id, is_anonymous: true }, { labTestId, date: DAY }, NOW),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Bad input is refused before anything is read: a window that ends before it starts.
    const caller = await callerFor(database.db, customer);
    await expect(caller.waitlist.join({ labTestId, date: DAY, window: { from: '09:00', until: '08:00' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('a freed seat', () => {
  it('goes to one of 50 racing customers at a time, in waitlist order, never held twice; one not taken passes on', async () => {
    const { lab, labTestId, booked } = await fullLab();
    const waiting: TestAccount[] = [];
    for (let index = 0; index < 50; index += 1) waiting.push(await createTestUser(database.db, 'customer'));
    for (const customer of waiting) await join(customer, labTestId);
    expect(await waitlist.offerSeats(database.db, lab.id, NOW)).toBe(0);

    // 08:00 frees. Ten rounds at once (as many instances) and all 50 trying to hold it themselves.
    await booking.cancelBooking(database.db, booked['08:00']!.customer.id, booked['08:00']!.bookingId, NOW, payments);
    const rounds = await Promise.all(Array.from({ length: 10 }, () => waitlist.offerSeats(database.db, lab.id, NOW)));
    const grabs = await Promise.allSettled(
      waiting.slice(1).map((customer) => booking.holdSlot(database.db, customer.id, labTestId, at('08:00'), NOW)),
    );
    expect(rounds.reduce((sum, offers) => sum + offers, 0)).toBe(1);
    expect(grabs.every((grab) => grab.status === 'rejected' && (grab.reason as { code: string }).code === 'SLOT_UNAVAILABLE')).toBe(true);
    expect((await liveHolds(labTestId, at('08:00'), NOW)).map((hold) => hold.holder_id)).toEqual([waiting[0]!.id]);
    const entries = await entriesOf(labTestId);
    expect(entries.filter((entry) => entry.status === 'offered').map((entry) => entry.customer_id)).toEqual([waiting[0]!.id]);
    // The first is mailed the time and until when it is kept.
    const [mail] = await offerMails(waiting[0]!);
    expect(mail).toMatchObject({
      recipient: waiting[0]!.email,
      data: { startsAt: at('08:00'), heldUntil: minutesAfter(15).toISOString() },
    });

    // 14 minutes on, it is still theirs; at 15 it passes to the second, and only to the second.
    expect(await waitlist.offerSeats(database.db, lab.id, minutesAfter(14))).toBe(0);
    expect(await Promise.all([1, 2, 3].map(() => waitlist.offerSeats(database.db, lab.id, minutesAfter(15))))).toContain(1);
    const after = await entriesOf(labTestId);
    expect(after[0]).toMatchObject({ status: 'lapsed' });
    expect(after.filter((entry) => entry.status === 'offered').map((entry) => entry.customer_id)).toEqual([waiting[1]!.id]);
    expect((await liveHolds(labTestId, at('08:00'), minutesAfter(15))).map((hold) => hold.holder_id)).toEqual([waiting[1]!.id]);
    expect(await offerMails(waiting[2]!)).toHaveLength(0);

    // The second leaves in one step: the third is offered it at once.
    const second = (await waitlist.myWaitlist(database.db, waiting[1]!.id, minutesAfter(16)))[0]!;
    expect(second).toMatchObject({ status: 'offered', offer: { starts_at: at('08:00') } });
    // Nobody else can take them off the list: another's entry is not found, and stays.
    await expect(waitlist.leaveWaitlist(database.db, waiting[5]!.id, second.id, minutesAfter(16))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await waitlist.myWaitlist(database.db, waiting[1]!.id, minutesAfter(16)))[0]).toMatchObject({ status: 'offered' });
    await waitlist.leaveWaitlist(database.db, waiting[1]!.id, second.id, minutesAfter(16));
    expect((await liveHolds(labTestId, at('08:00'), minutesAfter(16))).map((hold) => hold.holder_id)).toEqual([waiting[2]!.id]);

    // The third takes it as the page does (into the cart, then paid): booked, and the list offers no more.
    const third = waiting[2]!;
    await booking.holdSlot(database.db, third.id, labTestId, at('08:00'), minutesAfter(20));
    await booking.createBookings(
      database.db,
      payments,
      third,
      [{ labTestId, bookingTime: at('08:00') }],
      'from-waitlist',
      minutesAfter(21),
    );
    expect(await waitlist.offerSeats(database.db, lab.id, minutesAfter(40))).toBe(0);
    const last = await entriesOf(labTestId);
    expect(last[2]).toMatchObject({ status: 'booked' });
    expect(last.filter((entry) => entry.status === 'offered')).toHaveLength(0);
    expect(last.filter((entry) => entry.status === 'waiting')).toHaveLength(47);
  });

  it("leaves the customer's waitlist the moment the offered time is booked and paid, with no round in between (#77 item 5)", async () => {
    const { lab, labTestId, booked } = await fullLab();
    const customer = await createTestUser(database.db, 'customer');
    await join(customer, labTestId);
    await booking.cancelBooking(database.db, booked['08:00']!.customer.id, booked['08:00']!.bookingId, NOW, payments);
    expect(await waitlist.offerSeats(database.db, lab.id, NOW)).toBe(1);
    expect(await waitlist.myWaitlist(database.db, customer.id, minutesAfter(1))).toMatchObject([{ status: 'offered' }]);

    await booking.holdSlot(database.db, customer.id, labTestId, at('08:00'), minutesAfter(2));
    await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: at('08:00') }], 'offer-paid', minutesAfter(3));
    expect(await waitlist.myWaitlist(database.db, customer.id, minutesAfter(3))).toEqual([]);
    expect(await entriesOf(labTestId)).toMatchObject([{ customer_id: customer.id, status: 'booked' }]);
  });

  it('goes to the first entry whose hours it suits, and a person keeps one offer at a time', async () => {
    const { lab, labTestId, booked } = await fullLab();
    const [late, anyTime, another] = [
      await createTestUser(database.db, 'customer'),
      await createTestUser(database.db, 'customer'),
      await createTestUser(database.db, 'customer'),
    ];
    await join(late!, labTestId, { from: '08:30', until: '09:00' });
    await join(anyTime!, labTestId);
    await join(another!, labTestId);

    // 08:00 frees: the first entry only comes from 08:30, so the second is offered it.
    await booking.cancelBooking(database.db, booked['08:00']!.customer.id, booked['08:00']!.bookingId, NOW, payments);
    expect(await waitlist.offerSeats(database.db, lab.id, NOW)).toBe(1);
    // 08:30 frees too: the first, whose hours it suits, is offered it; nobody is offered two.
    await booking.cancelBooking(database.db, booked['08:30']!.customer.id, booked['08:30']!.bookingId, NOW, payments);
    expect(await waitlist.offerSeats(database.db, lab.id, NOW)).toBe(1);
    const entries = await entriesOf(labTestId);
    expect(entries.map((entry) => [entry.status, entry.offered_starts_at?.toISOString() ?? null])).toEqual([
      ['offered', at('08:30')],
      ['offered', at('08:00')],
      ['waiting', null],
    ]);
  });

  it('is texted to a confirmed number as well, but for quiet hours, and a text not yet sent goes with a customer who leaves', async () => {
    const offerTexts = (customer: TestAccount) =>
      database.db
        .selectFrom('phone_messages')
        .select(['channel', 'recipient', 'data'])
        .where('template', '=', 'waitlist-offer')
        .where('user_id', '=', customer.id)
        .execute();
    const withPhone = async (phone: string) => {
      const customer = await createTestUser(database.db, 'customer');
      await database.db.updateTable('users').set({ phone, phone_verified_at: NOW }).where('id', '=', customer.id).execute();
      return customer;
    };

    // Noon in Riyadh: the offer comes by mail and by text, which says until when the seat is held.
    const day = await fullLab();
    const first = await withPhone('+966551230001');
    const entry = await join(first, day.labTestId);
    await booking.cancelBooking(database.db, day.booked['08:00']!.customer.id, day.booked['08:00']!.bookingId, NOW, payments);
    expect(await waitlist.offerSeats(database.db, day.lab.id, NOW)).toBe(1);
    expect(await offerMails(first)).toHaveLength(1);
    expect(await offerTexts(first)).toEqual([
      {
        channel: 'sms',
        recipient: '+966551230001',
        data: expect.objectContaining({ startsAt: at('08:00'), heldUntil: minutesAfter(15).toISOString() }),
      },
    ]);
    // Leaving before the text went withdraws it.
    await waitlist.leaveWaitlist(database.db, first.id, entry.id, NOW);
    expect(await offerTexts(first)).toEqual([]);

    // 23:00 in Riyadh: the mail only, as the seat is held for 15 minutes, not until the morning.
    const night = await fullLab();
    const late = await withPhone('+966551230002');
    await join(late, night.labTestId);
    const eleven = new Date('2026-12-01T20:00:00Z');
    await booking.cancelBooking(database.db, night.booked['08:00']!.customer.id, night.booked['08:00']!.bookingId, eleven, payments);
    expect(await waitlist.offerSeats(database.db, night.lab.id, eleven)).toBe(1);
    expect(await offerMails(late)).toHaveLength(1);
    expect(await offerTexts(late)).toEqual([]);
  });

  it('stops at the end of the day, and is gone with the account', async () => {
    const { lab, labTestId } = await fullLab();
    const customer = await createTestUser(database.db, 'customer');
    await join(customer, labTestId);
    await waitlist.offerSeats(database.db, lab.id, new Date(`2027-01-16T00:30:00+03:00`));
    expect((await entriesOf(labTestId))[0]).toMatchObject({ status: 'ended' });
    await database.db.deleteFrom('users').where('id', '=', customer.id).execute();
    expect(await entriesOf(labTestId)).toHaveLength(0);
  });
});
