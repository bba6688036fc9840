import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { seriesDays } from '../../src/server/modules/booking/series.ts';
import * as seriesPayments from '../../src/server/modules/booking/series-payments.service.ts';
import { seriesSummaries } from '../../src/server/modules/booking/series-summary.service.ts';
import { seriesPaymentTerms } from '../../src/server/modules/booking/series-terms.service.ts';
import { markNoShow } from '../../src/server/modules/lab/lab.service.ts';
import { withAbsoluteLinks } from '../../src/server/modules/mail/outbox-sender.ts';
import { type MailMessage, renderMail } from '../../src/server/modules/mail/templates.tsx';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { nonFastingTestId, openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, createTestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #58: a test that repeats. A series (every 1, 3 or 6 months, up to 4 visits, an RFC 5545 rule
// expanded by `rrule`) is checked and held visit by visit, not only its first (cal.com's known failure):
// a visit the lab cannot give refuses the whole series, naming its date, and holds nothing. Paid together,
// the visits are bookings of their own. The lab opens 08:00–09:00 in Riyadh (UTC+3) with one seat a slot.

let database: TestDatabase;
let testId: number;
const payments = simulatedPaymentProvider(0);
const NOW = new Date('2026-12-01T09:00:00Z');
const at = (day: string, time = '08:00') => new Date(`${day}T${time}:00+03:00`).toISOString();

async function lab(closedOn: number[] = []) {
  return (await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '09:00', closedOn })).labTestId;
}

const holdsOf = (holderId: string) =>
  database.db.selectFrom('slot_holds').select('starts_at').where('holder_id', '=', holderId).orderBy('starts_at').execute();

beforeAll(async () => {
  database = await openTestDatabase();
  testId = await nonFastingTestId(database.db);
});
afterAll(() => database.close());

describe('the days of a series', () => {
  it('come every 1, 3 or 6 months on the first visit’s day, a month without that day taking its last day, never skipped', () => {
    expect(seriesDays('2027-01-15', 3, 4)).toEqual(['2027-01-15', '2027-04-15', '2027-07-15', '2027-10-15']);
    expect(seriesDays('2027-01-31', 1, 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(seriesDays('2026-11-30', 3, 3)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30']);
    expect(seriesDays('2027-08-20', 6, 2)).toEqual(['2027-08-20', '2028-02-20']);
  });
});

describe('holding a series', () => {
  it('holds every visit, books them together, and each is moved or cancelled alone', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3, visits: 4, payEachVisit: false },
      NOW,
    );
    const times = [at('2027-01-15'), at('2027-04-15'), at('2027-07-15'), at('2027-10-15')];
    expect(held.booking_times).toEqual(times);
    expect((await holdsOf(customer.id)).map((hold) => hold.starts_at.toISOString())).toEqual(times);
    // Someone else sees none of them free.
    expect(await booking.availableSlots(database.db, await labOf(labTestId), '2027-07-15', null, NOW)).toEqual([
      expect.objectContaining({ starts_at: at('2027-07-15', '08:30') }),
    ]);

    const paid = await booking.createBookings(
      database.db,
      payments,
      customer,
      times.map((bookingTime) => ({ labTestId, bookingTime })),
      'series-paid',
      NOW,
    );
    expect(paid.bookings.map((visit) => visit.booking_time)).toEqual(times);
    const [, second, third] = paid.bookings;
    await booking.cancelBooking(database.db, customer.id, second!.id, NOW, payments);
    await booking.rescheduleBooking(database.db, customer.id, third!.id, at('2027-07-15', '08:30'), NOW);
    const mine = await booking.myBookings(database.db, customer.id);
    expect(mine.map((visit) => [visit.booking_time, visit.status]).sort()).toEqual(
      [
        [at('2027-01-15'), 'confirmed'],
        [at('2027-04-15'), 'cancelled'],
        [at('2027-07-15', '08:30'), 'confirmed'],
        [at('2027-10-15'), 'confirmed'],
      ].sort(),
    );
  });

  it('moves a visit whose time is full to the nearest free time that day, and says so before holding', async () => {
    const labTestId = await lab();
    const other = await createTestUser(database.db, 'customer');
    await booking.createBookings(database.db, payments, other, [{ labTestId, bookingTime: at('2027-07-15') }], 'takes-july', NOW);
    const customer = await createTestUser(database.db, 'customer');
    const input = { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3 as const, visits: 4, payEachVisit: false };
    const plan = await booking.seriesPlan(database.db, customer.id, input, NOW);
    expect(plan.visits.map((visit) => [visit.booking_time, visit.moved])).toEqual([
      [at('2027-01-15'), []],
      [at('2027-04-15'), []],
      [at('2027-07-15', '08:30'), ['full']],
      [at('2027-10-15'), []],
    ]);
    const held = await booking.holdSeries(database.db, customer, input, NOW);
    expect(held.booking_times).toEqual(plan.visits.map((visit) => visit.booking_time));
    expect((await holdsOf(customer.id)).map((hold) => hold.starts_at.toISOString())).toEqual(held.booking_times);
  });

  it('moves a visit that falls on a day the lab is closed to the next day it opens, at the same time', async () => {
    // Closed on Mondays: 15 February and 15 March 2027 are.
    const labTestId = await lab([1]);
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 1, visits: 3, payEachVisit: false },
      NOW,
    );
    expect(held.visits.map((visit) => [visit.booking_time, visit.moved])).toEqual([
      [at('2027-01-15'), []],
      [at('2027-02-16'), ['closed']],
      [at('2027-03-16'), ['closed']],
    ]);
    expect((await holdsOf(customer.id)).map((hold) => hold.starts_at.toISOString())).toEqual(held.booking_times);
  });

  it('never skips a period: from 30 November every 3 months, February’s visit is on the 28th at the nearest time its Ramadan hours allow', async () => {
    // Open 08:00–12:00, and 10:00–14:00 in Ramadan (28 February 2027 is 21 Ramadan 1448).
    const { labTestId } = await openLabSelling(
      database.db,
      testId,
      { opensAt: '08:00', closesAt: '12:00' },
      { ramadan_opens_at: '10:00', ramadan_closes_at: '14:00' },
    );
    const customer = await createTestUser(database.db, 'customer');
    const now = new Date('2026-11-28T09:00:00Z');
    const input = { labTestId, bookingTime: at('2026-11-30', '09:00'), everyMonths: 3 as const, visits: 3, payEachVisit: false };
    const expected = [
      [at('2026-11-30', '09:00'), []],
      [at('2027-02-28', '10:00'), ['month_end', 'ramadan_hours']],
      [at('2027-05-30', '09:00'), []],
    ];
    // Shown before holding, then held as shown.
    const plan = await booking.seriesPlan(database.db, customer.id, input, now);
    expect(plan.visits.map((visit) => [visit.booking_time, visit.moved])).toEqual(expected);
    const held = await booking.holdSeries(database.db, customer, input, now);
    expect(held.booking_times).toEqual(expected.map(([time]) => time));
  });
});

describe("a series on the customer's bookings", () => {
  it('names each visit’s series, its place and how many, a moved or cancelled visit still one of them, a booking alone none', async () => {
    const labTestId = await lab();
    const otherLabTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const { booking_times: times, series_id: seriesId } = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3, visits: 3, payEachVisit: false },
      NOW,
    );
    // Paid in the same checkout as a booking of another lab's test, which is no series.
    const paid = await booking.createBookings(
      database.db,
      payments,
      customer,
      [...times.map((bookingTime) => ({ labTestId, bookingTime })), { labTestId: otherLabTestId, bookingTime: at('2027-02-10') }],
      'series-listed',
      NOW,
    );
    const bookedAt = (time: string) => paid.bookings.find((visit) => visit.booking_time === time)!;
    const [first, second, third, alone] = [...times, at('2027-02-10')].map(bookedAt);
    // The series is kept, not read from the dates: a moved or cancelled visit is still its visit.
    await booking.rescheduleBooking(database.db, customer.id, second!.id, at('2027-04-20', '08:30'), NOW);
    await booking.cancelBooking(database.db, customer.id, third!.id, NOW, payments);

    const mine = new Map((await booking.myBookings(database.db, customer.id)).map((visit) => [visit.id, visit.series]));
    const series = { id: seriesId, visits: 3, every_months: 3 };
    expect(mine.get(first!.id)).toEqual({ ...series, visit: 1 });
    expect(mine.get(second!.id)).toEqual({ ...series, visit: 2 });
    expect(mine.get(third!.id)).toEqual({ ...series, visit: 3 });
    expect(mine.get(alone!.id)).toBeNull();
  });

  it('reads every month from the 31st, a month without a 31st taking its last day', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const { booking_times: times } = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-31'), everyMonths: 1, visits: 3, payEachVisit: false },
      NOW,
    );
    expect(times).toEqual([at('2027-01-31'), at('2027-02-28'), at('2027-03-31')]);
    await booking.createBookings(
      database.db,
      payments,
      customer,
      times.map((bookingTime) => ({ labTestId, bookingTime })),
      'monthly',
      NOW,
    );
    const mine = await booking.myBookings(database.db, customer.id);
    expect(mine.map((visit) => [visit.booking_time, visit.series?.visit, visit.series?.every_months]).sort()).toEqual([
      [at('2027-01-31'), 1, 1],
      [at('2027-02-28'), 2, 1],
      [at('2027-03-31'), 3, 1],
    ]);
  });

  it('are not a series when one checkout has a test twice for one patient on other days of the month', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const times = [at('2027-01-15'), at('2027-01-22')];
    await booking.createBookings(
      database.db,
      payments,
      customer,
      times.map((bookingTime) => ({ labTestId, bookingTime })),
      'twice',
      NOW,
    );
    expect((await booking.myBookings(database.db, customer.id)).map((visit) => visit.series)).toEqual([null, null]);
  });
});

describe('a series paid each visit when it comes due', () => {
  const dueMails = (customerId: string) =>
    database.db
      .selectFrom('outbox')
      .select(['data', 'send_after'])
      .where('template', '=', 'series-visit-due')
      .where('user_id', '=', customerId)
      .execute();
  const hoursBefore = (time: string, hours: number) => new Date(new Date(time).getTime() - hours * 3_600_000);

  it('books the first visit, reserves the others until two days before each, and books each as its visit when paid', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3, visits: 4, payEachVisit: true },
      NOW,
    );
    const [first, second, third, fourth] = held.booking_times;
    // Nothing is reserved before the first visit is paid.
    expect(await seriesPayments.reservedVisits(database.db, customer.id, NOW)).toEqual([]);

    const paid = await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: first! }], 'first-visit', NOW);
    expect(paid.bookings).toHaveLength(1);
    const reserved = await seriesPayments.reservedVisits(database.db, customer.id, NOW);
    expect(reserved.map((visit) => [visit.booking_time, visit.pay_by, visit.series.visit, visit.series.visits])).toEqual([
      [second, hoursBefore(second!, 48).toISOString(), 2, 4],
      [third, hoursBefore(third!, 48).toISOString(), 3, 4],
      [fourth, hoursBefore(fourth!, 48).toISOString(), 4, 4],
    ]);
    // Reserved, a visit's seat is no one else's: the one-seat slot at 08:00 is not free in July.
    expect(await booking.availableSlots(database.db, await labOf(labTestId), '2027-07-15', null, NOW)).toEqual([
      expect.objectContaining({ starts_at: at('2027-07-15', '08:30') }),
    ]);
    // Taking it out of the cart does not let it go; nor do reserved visits count against the cap of holds.
    await booking.releaseHold(database.db, customer.id, labTestId, third!);
    expect(await seriesPayments.reservedVisits(database.db, customer.id, NOW)).toHaveLength(3);
    for (const day of ['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-04', '2027-02-05']) {
      for (const time of ['08:00', '08:30']) await booking.holdSlot(database.db, customer.id, labTestId, at(day, time), NOW);
    }

    // A week before the second visit, its customer is told once that it is due, and until when it is kept:
    // by mail, and by text to their confirmed number.
    await database.db.updateTable('users').set({ phone: '+966551234999', phone_verified_at: NOW }).where('id', '=', customer.id).execute();
    const weekBefore = hoursBefore(second!, 7 * 24 - 1);
    expect(await seriesPayments.mailDueVisits(database.db, hoursBefore(second!, 8 * 24))).toBe(0);
    expect(await seriesPayments.mailDueVisits(database.db, weekBefore)).toBe(1);
    expect(await seriesPayments.mailDueVisits(database.db, weekBefore)).toBe(0);
    expect((await dueMails(customer.id)).map((mail) => mail.data)).toEqual([
      expect.objectContaining({ startsAt: second, payBy: hoursBefore(second!, 48).toISOString(), visit: 2, visits: 4 }),
    ]);
    const texts = await database.db
      .selectFrom('phone_messages')
      .select(['recipient', 'data'])
      .where('template', '=', 'series-visit-due')
      .where('user_id', '=', customer.id)
      .execute();
    expect(texts).toEqual([
      { recipient: '+966551234999', data: expect.objectContaining({ startsAt: second, payBy: hoursBefore(second!, 48).toISOString() }) },
    ]);

    // Paid in its turn, it is booked as the series' second visit.
    await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: second! }], 'second-visit', weekBefore);
    const mine = await booking.myBookings(database.db, customer.id);
    expect(mine.map((visit) => [visit.booking_time, visit.series?.visit, visit.series?.id]).sort()).toEqual([
      [first, 1, held.series_id],
      [second, 2, held.series_id],
    ]);
    expect((await seriesPayments.reservedVisits(database.db, customer.id, weekBefore)).map((visit) => visit.booking_time)).toEqual([
      third,
      fourth,
    ]);

    // Let go, the fourth visit's seat is free at once; it cannot be let go twice.
    const fourthVisit = (await seriesPayments.reservedVisits(database.db, customer.id, weekBefore)).at(-1)!;
    await seriesPayments.releaseReservedVisit(database.db, customer.id, fourthVisit.id);
    await expect(seriesPayments.releaseReservedVisit(database.db, customer.id, fourthVisit.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await booking.availableSlots(database.db, await labOf(labTestId), '2027-10-15', null, weekBefore)).toEqual([
      expect.objectContaining({ starts_at: at('2027-10-15') }),
      expect.objectContaining({ starts_at: at('2027-10-15', '08:30') }),
    ]);

    // Unpaid past its deadline, the third visit's seat is free for others, and it is no longer listed.
    const pastDeadline = hoursBefore(third!, 47);
    expect(await seriesPayments.reservedVisits(database.db, customer.id, pastDeadline)).toEqual([]);
    expect(await booking.availableSlots(database.db, await labOf(labTestId), '2027-07-15', null, pastDeadline)).toEqual([
      expect.objectContaining({ starts_at: at('2027-07-15') }),
      expect.objectContaining({ starts_at: at('2027-07-15', '08:30') }),
    ]);
  });

  it('moves a reserved visit as a booking moves: still that visit, reserved until two days before its new time', async () => {
    const labTestId = await lab();
    const labId = await labOf(labTestId);
    const customer = await createTestUser(database.db, 'customer');
    const { booking_times: times } = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 1, visits: 2, payEachVisit: true },
      NOW,
    );
    await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: times[0]! }], 'to-move', NOW);
    const [visit] = await seriesPayments.reservedVisits(database.db, customer.id, NOW);
    // Someone has 08:00 on 16 February.
    const other = await createTestUser(database.db, 'customer');
    await booking.createBookings(database.db, payments, other, [{ labTestId, bookingTime: at('2027-02-16') }], 'takes-16th', NOW);

    await expect(seriesPayments.moveReservedVisit(database.db, customer.id, visit!.id, at('2027-02-16'), NOW)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    // Less than two days ahead, it could not be paid by its deadline.
    await expect(seriesPayments.moveReservedVisit(database.db, customer.id, visit!.id, at('2026-12-02'), NOW)).rejects.toMatchObject({
      code: 'RESERVED_VISIT_TOO_SOON',
    });
    expect((await seriesPayments.reservedVisits(database.db, customer.id, NOW)).map((moved) => moved.booking_time)).toEqual([times[1]]);

    await seriesPayments.moveReservedVisit(database.db, customer.id, visit!.id, at('2027-02-17', '08:30'), NOW);
    expect(await seriesPayments.reservedVisits(database.db, customer.id, NOW)).toEqual([
      expect.objectContaining({
        booking_time: at('2027-02-17', '08:30'),
        pay_by: hoursBefore(at('2027-02-17', '08:30'), 48).toISOString(),
        series: expect.objectContaining({ visit: 2, visits: 2 }),
      }),
    ]);
    // Its old time is free for others, its new one is not.
    expect(await booking.availableSlots(database.db, labId, '2027-02-15', null, NOW)).toHaveLength(2);
    expect(await booking.availableSlots(database.db, labId, '2027-02-17', null, NOW)).toEqual([
      expect.objectContaining({ starts_at: at('2027-02-17') }),
    ]);
    const intruder = await createTestUser(database.db, 'customer');
    const [moved] = await seriesPayments.reservedVisits(database.db, customer.id, NOW);
    await expect(seriesPayments.moveReservedVisit(database.db, intruder.id, moved!.id, at('2027-02-18'), NOW)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('is let go of by its customer alone', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const { booking_times: times } = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 1, visits: 2, payEachVisit: true },
      NOW,
    );
    await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: times[0]! }], 'mine-alone', NOW);
    const [visit] = await seriesPayments.reservedVisits(database.db, customer.id, NOW);
    const intruder = await createTestUser(database.db, 'customer');
    await expect(seriesPayments.releaseReservedVisit(database.db, intruder.id, visit!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await seriesPayments.reservedVisits(database.db, customer.id, NOW)).toHaveLength(1);
  });

  it('reserves nothing when its first visit is never paid, and is not a guest’s to choose', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 1, visits: 3, payEachVisit: true },
      NOW,
    );
    const later = new Date(NOW.getTime() + 11 * 60_000);
    expect(await seriesPayments.reservedVisits(database.db, customer.id, later)).toEqual([]);
    expect(await booking.availableSlots(database.db, await labOf(labTestId), '2027-02-15', null, later)).toHaveLength(2);

    await expect(
      booking.holdSeries(
        database.db,
        { id: customer.id, is_anonymous: true },
        { labTestId, bookingTime: at('2027-03-15'), everyMonths: 1, visits: 2, payEachVisit: true },
        NOW,
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a series at home', () => {
  // Collecting at home 07:00–11:00 in one-hour windows, one or two homes a window, within 15 km; 5000 halalas a visit.
  // A window's collector reaches homes up to 22.5 km apart (45 minutes at 30 km/h after 15 at the first: ADR 0071).
  const homeLab = (capacity: number) =>
    openLabSelling(
      database.db,
      testId,
      { opensAt: '08:00', closesAt: '09:00' },
      {
        home_collection_fee_halalas: 5_000,
        home_radius_km: 15,
        home_window_minutes: 60,
        home_window_capacity: capacity,
        home_opens_at: '07:00',
        home_closes_at: '11:00',
      },
    );
  /** About 14 km north-east of the lab; and 14 km south-west, about 27 km from it: too far for one window's round. */
  const HOME = { address: 'حي الملقا، شارع الأمير محمد بن سعد، منزل 12', latitude: 24.8136, longitude: 46.7553 };
  const OTHER_SIDE = { address: 'حي الشفا، شارع ديراب، منزل 4', latitude: 24.6136, longitude: 46.5953 };

  it('holds each visit in its home window, books the first at home, and reserves the next with what paying it at home needs', async () => {
    const { lab: homeLabAccount, labTestId } = await homeLab(1);
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15', '07:00'), everyMonths: 1, visits: 2, payEachVisit: true, home: HOME },
      NOW,
    );
    const [first, second] = held.booking_times;
    await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: first!, home: HOME }], 'home-first', NOW);
    const [booked] = await booking.myBookings(database.db, customer.id);
    expect(booked).toMatchObject({ collection: 'home', home_address: HOME.address, series: { visit: 1, visits: 2 } });
    expect(await seriesPayments.reservedVisits(database.db, customer.id, NOW)).toEqual([
      expect.objectContaining({
        booking_time: second,
        home: { ...HOME, lab_id: homeLabAccount.id, fee: 50, ends_at: at('2027-02-15', '08:00') },
      }),
    ]);
    // The window of the second visit is the customer's: no one else is offered it.
    const windows = await booking.availableHomeWindows(database.db, homeLabAccount.id, '2027-02-15', null, NOW, labTestId, HOME);
    expect(windows.map((window) => window.window_time.slice(0, 5))).toEqual(['08:00', '09:00', '10:00']);
  });

  it('moves its second visit to the nearest window whose round can also reach this home', async () => {
    const { labTestId } = await homeLab(2);
    // Someone across the city is visited in the 07:00 window on 15 February.
    const other = await createTestUser(database.db, 'customer');
    await booking.createBookings(
      database.db,
      payments,
      other,
      [{ labTestId, bookingTime: at('2027-02-15', '07:00'), home: OTHER_SIDE }],
      'other-side',
      NOW,
    );
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15', '07:00'), everyMonths: 1, visits: 3, payEachVisit: false, home: HOME },
      NOW,
    );
    expect(held.visits.map((visit) => [visit.booking_time, visit.moved])).toEqual([
      [at('2027-01-15', '07:00'), []],
      [at('2027-02-15', '08:00'), ['full']],
      [at('2027-03-15', '07:00'), []],
    ]);
  });
});

async function labOf(labTestId: number) {
  const row = await database.db.selectFrom('lab_tests').select('lab_id').where('id', '=', labTestId).executeTakeFirstOrThrow();
  return row.lab_id;
}

describe('paying up front after no-shows', () => {
  it('asks a customer with two no-shows at a lab that asks for it to pay every visit now, and says why', async () => {
    const { lab: prepayLab, labTestId } = await openLabSelling(
      database.db,
      testId,
      { opensAt: '08:00', closesAt: '09:00' },
      { no_show_prepay: true },
    );
    const { lab: otherLab, labTestId: otherLabTestId } = await openLabSelling(database.db, testId, { opensAt: '08:00', closesAt: '09:00' });
    const customer = await createTestUser(database.db, 'customer');
    const missed = async (test: number, labId: string, day: string) => {
      const [row] = booked(
        await booking.createBookings(
          database.db,
          payments,
          customer,
          [{ labTestId: test, bookingTime: at(day) }],
          `missed-${day}-${test}`,
          new Date('2026-08-01T00:00:00Z'),
        ),
      ).bookings;
      await markNoShow(database.db, labId, row!.id, NOW);
    };
    const monthlyTwice = (test: number, payEachVisit: boolean) =>
      booking.holdSeries(
        database.db,
        customer,
        { labTestId: test, bookingTime: at('2027-01-15'), everyMonths: 1, visits: 2, payEachVisit },
        NOW,
      );

    // One no-show in the last 90 days, and one before them: each visit may still be paid when due.
    await missed(labTestId, prepayLab.id, '2026-08-20');
    await missed(labTestId, prepayLab.id, '2026-10-10');
    expect(await seriesPaymentTerms(database.db, customer, prepayLab.id, NOW)).toEqual({
      pay_each_visit: true,
      reason: null,
      no_shows: 1,
      days: 90,
    });

    // A second: the lab asks for every visit now. The panel is told why before choosing, and a series sent anyway is refused.
    await missed(labTestId, prepayLab.id, '2026-11-10');
    expect(await seriesPaymentTerms(database.db, customer, prepayLab.id, NOW)).toEqual({
      pay_each_visit: false,
      reason: 'no_shows',
      no_shows: 2,
      days: 90,
    });
    await expect(monthlyTwice(labTestId, true)).rejects.toMatchObject({ code: 'PAY_UP_FRONT', details: { noShows: 2, days: 90 } });
    expect(await holdsOf(customer.id)).toEqual([]);
    // All visits paid now is theirs to choose.
    await expect(monthlyTwice(labTestId, false)).resolves.toMatchObject({ booking_times: [at('2027-01-15'), at('2027-02-15')] });

    // A lab that does not ask for it, even with two no-shows there, and another customer at this one: each visit when due.
    await missed(otherLabTestId, otherLab.id, '2026-10-10');
    await missed(otherLabTestId, otherLab.id, '2026-11-10');
    expect(await seriesPaymentTerms(database.db, customer, otherLab.id, NOW)).toMatchObject({ pay_each_visit: true, no_shows: 0 });
    await expect(monthlyTwice(otherLabTestId, true)).resolves.toMatchObject({ booking_times: [at('2027-01-15'), at('2027-02-15')] });
    const other = await createTestUser(database.db, 'customer');
    expect(await seriesPaymentTerms(database.db, other, prepayLab.id, NOW)).toMatchObject({ pay_each_visit: true });
    // A guest is told it is an account's choice.
    expect(await seriesPaymentTerms(database.db, { ...other, is_anonymous: true }, prepayLab.id, NOW)).toMatchObject({
      pay_each_visit: false,
      reason: 'guest',
    });
  });
});

describe('the terms of a series at checkout and in its mail', () => {
  const HOUR = 3_600_000;
  const payBy = (time: string) => new Date(new Date(time).getTime() - 48 * HOUR).toISOString();

  it('lists every visit at checkout, each paid now or by its date', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3, visits: 3, payEachVisit: true },
      NOW,
    );
    const [first, second, third] = held.booking_times;
    const [series] = await seriesSummaries(database.db, customer.id, NOW);
    expect(series?.lines.map((line) => [line.visit, line.starts_at, line.pay_by])).toEqual([
      [1, first, null],
      [2, second, payBy(second!)],
      [3, third, payBy(third!)],
    ]);
  });

  it('tells every visit in the confirmation mail: the first paid, the others to pay by a date', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3, visits: 3, payEachVisit: true },
      NOW,
    );
    await booking.createBookings(database.db, payments, customer, [{ labTestId, bookingTime: held.booking_times[0]! }], 'mail-terms', NOW);
    const row = await database.db
      .selectFrom('outbox')
      .select(['template', 'data'])
      .where('user_id', '=', customer.id)
      .where('template', '=', 'booking-confirmed')
      .executeTakeFirstOrThrow();
    const message = { template: row.template, data: withAbsoluteLinks(row.data, testEnv.PUBLIC_URL) } as MailMessage;
    const { text } = renderMail(message, 'en', { publicUrl: testEnv.PUBLIC_URL });
    expect(text).toMatch(/Visit 1 of 3: [^\n]*January 15, 2027[^\n]*paid/);
    expect(text).toMatch(/Visit 2 of 3: [^\n]*April 15, 2027[^\n]*pay by [^\n]*April 13, 2027/);
    expect(text).toMatch(/Visit 3 of 3: [^\n]*July 15, 2027[^\n]*pay by [^\n]*July 13, 2027/);
    const arabic = renderMail(message, 'ar', { publicUrl: testEnv.PUBLIC_URL });
    expect(arabic.text).toMatch(/الزيارة 2 من 3: [^\n]*أبريل 2027[^\n]*ادفع قبل/);
  });

  it('shows a reserved visit at the amount its checkout charges, booking fee included', async () => {
    const labTestId = await lab();
    const customer = await createTestUser(database.db, 'customer');
    const held = await booking.holdSeries(
      database.db,
      customer,
      { labTestId, bookingTime: at('2027-01-15'), everyMonths: 3, visits: 2, payEachVisit: true },
      NOW,
    );
    await booking.createBookings(
      database.db,
      payments,
      customer,
      [{ labTestId, bookingTime: held.booking_times[0]! }],
      'first-of-two',
      NOW,
    );
    const [reserved] = await seriesPayments.reservedVisits(database.db, customer.id, NOW);
    const paid = await booking.createBookings(
      database.db,
      payments,
      customer,
      [{ labTestId, bookingTime: reserved!.booking_time }],
      'second-of-two',
      NOW,
    );
    expect(reserved!.charge).toBe(paid.total_price);
    expect(paid.total_price).toBe(157.5);
  });
});
