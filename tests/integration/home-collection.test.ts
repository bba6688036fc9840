import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/app-router.ts';
import * as booking from '../../src/server/modules/booking/booking.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import { priceCheckout } from '../../src/shared/checkout-pricing.ts';
import { openLabSelling } from '../setup/dashboard-fixtures.ts';
import { booked, callerFor, contextFor, createTestUser, type TestAccount, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Home sample collection (issue #22): a lab's own windows with a capacity, a radius from the lab, one
// fee per visit on the checkout, its invoice and its refunds; search's filter.

let database: TestDatabase;
let lab: TestUser;
let labTestId: number;
let otherLabTestId: number;
let testName: string;
const payments = simulatedPaymentProvider(0);

// 2030-01-06 is a Sunday; Riyadh is UTC+3 all year. The lab opens 08:00–12:00 with 30-minute slots;
// it collects at home 07:00–13:00 in two-hour windows, two visits a window, within 15 km.
const SUNDAY = '2030-01-06';
const EARLY = new Date('2030-01-01T00:00:00Z');
const MONDAY = '2030-01-07';
const at = (time: string, day = SUNDAY) => new Date(`${day}T${time}+03:00`).toISOString();
const LAB_POINT = { latitude: 24.7136, longitude: 46.6753 };
/** About 5 km from the lab. */
const HOME = { address: 'حي الملقا، شارع الأمير محمد بن سعد، منزل 12', latitude: 24.7536, longitude: 46.6853 };
/** About 55 km north of the lab. */
const FAR_HOME = { address: 'Al Artawiyah road, house 3', latitude: 25.2136, longitude: 46.6753 };
const HOME_FEE = 50;
const PRICE = 15_000;
const OTHER_PRICE = 9_000;

const settings = {
  enabled: true,
  fee: HOME_FEE,
  radiusKm: 15,
  windowMinutes: 120,
  windowCapacity: 2,
  opensAt: '07:00',
  closesAt: '13:00',
};

/** A lab in Riyadh open Sunday to Thursday 08:00–12:00, selling a new test and another, collecting at home by `homeSettings`. */
async function openHomeLab(homeSettings: typeof settings) {
  const name = `Home collection probe ${randomUUID().slice(0, 8)}`;
  const category = await database.db.selectFrom('categories').select('id').limit(1).executeTakeFirstOrThrow();
  const test = await database.db
    .insertInto('tests')
    .values({ name_en: name, name_ar: 'فحص تجريبي للزيارة المنزلية', category_id: category.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { lab: homeLab, labTestId } = await openLabSelling(
    database.db,
    test.id,
    { opensAt: '08:00', closesAt: '12:00', closedOn: [5, 6] },
    { ...LAB_POINT, slot_capacity: 3 },
    PRICE,
  );
  const other = await database.db.selectFrom('tests').select('id').where('id', '!=', test.id).limit(1).executeTakeFirstOrThrow();
  const { id: otherLabTestId } = await database.db
    .insertInto('lab_tests')
    .values({ lab_id: homeLab.id, test_id: other.id, price_halalas: OTHER_PRICE })
    .returning('id')
    .executeTakeFirstOrThrow();
  await (await callerFor(database.db, homeLab)).lab.updateHomeCollection(homeSettings);
  return { lab: homeLab, testName: name, labTestId, otherLabTestId };
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ lab, testName, labTestId, otherLabTestId } = await openHomeLab(settings));
});
afterAll(async () => {
  await database.close();
});

const customer = () => createTestUser(database.db, 'customer');

async function bookHome(person: TestAccount, bookingTime: string, home = HOME, items = [labTestId]) {
  return booking.createBookings(
    database.db,
    payments,
    person,
    items.map((id) => ({ labTestId: id, bookingTime, home })),
    randomUUID(),
    EARLY,
  );
}

describe('a lab’s home collection settings', () => {
  it('are the lab’s own: a customer cannot change them, and the lab reads back what it saved', async () => {
    const asCustomer = await callerFor(database.db, await customer());
    await expect(asCustomer.lab.updateHomeCollection(settings)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const profile = await (await callerFor(database.db, lab)).lab.profile();
    expect(profile.home_collection).toEqual({
      enabled: true,
      fee: HOME_FEE,
      radius_km: 15,
      window_minutes: 120,
      window_capacity: 2,
      opens_at: '07:00',
      closes_at: '13:00',
      promises_punctual_visits: false,
    });
  });

  it('keeps the punctual-visits promise the lab makes (the service guarantee, #79 item 6), unchanged when a save does not say', async () => {
    const caller = await callerFor(database.db, lab);
    expect((await caller.lab.updateHomeCollection({ ...settings, promisesPunctualVisits: true })).home_collection).toMatchObject({
      promises_punctual_visits: true,
    });
    expect((await caller.lab.updateHomeCollection(settings)).home_collection.promises_punctual_visits).toBe(true);
    expect((await caller.lab.updateHomeCollection({ ...settings, promisesPunctualVisits: false })).home_collection).toMatchObject({
      promises_punctual_visits: false,
    });
  });

  it('cannot be turned on before the lab has a position on the map, since the radius is measured from it', async () => {
    const nowhere = await createTestUser(database.db, 'lab', { approved: true });
    const caller = await callerFor(database.db, nowhere);
    await expect(caller.lab.updateHomeCollection(settings)).rejects.toMatchObject({ message: 'LAB_LOCATION_REQUIRED' });
    // Turning it off needs no position.
    const off = await caller.lab.updateHomeCollection({ ...settings, enabled: false });
    expect(off.home_collection.enabled).toBe(false);
  });

  it('refuses windows that end before they start', async () => {
    const caller = await callerFor(database.db, lab);
    await expect(caller.lab.updateHomeCollection({ ...settings, opensAt: '13:00', closesAt: '07:00' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('home collection windows', () => {
  it('lists the lab’s windows of the day, apart from its slots, and none on a day it is closed', async () => {
    const caller = await callerFor(database.db);
    const windows = await caller.booking.homeWindows({ labId: lab.id, date: SUNDAY });
    expect(windows.map((window) => [window.window_time, window.ends_time])).toEqual([
      ['07:00:00', '09:00:00'],
      ['09:00:00', '11:00:00'],
      ['11:00:00', '13:00:00'],
    ]);
    // Friday: closed.
    expect(await caller.booking.homeWindows({ labId: lab.id, date: '2030-01-11' })).toEqual([]);
  });

  it('enforces a window’s capacity like a slot’s: two visits, then SLOT_UNAVAILABLE and the window leaves the list', async () => {
    const window = at('11:00:00');
    await bookHome(await customer(), window);
    await bookHome(await customer(), window);
    await expect(bookHome(await customer(), window)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    const windows = await (await callerFor(database.db)).booking.homeWindows({ labId: lab.id, date: SUNDAY });
    expect(windows.map((row) => row.window_time)).not.toContain('11:00:00');
    // The lab's own 11:00 slot is counted apart: it still has all its seats.
    const slots = await booking.availableSlots(database.db, lab.id, SUNDAY, null, EARLY);
    expect(slots.map((slot) => slot.slot_time)).toContain('11:00:00');
  });

  it('counts another customer’s hold on a window, as it does on a slot', async () => {
    const window = at('09:00:00');
    const holders = [await customer(), await customer()];
    for (const holder of holders) await booking.holdSlot(database.db, holder.id, labTestId, window, EARLY, null, HOME);
    await expect(bookHome(await customer(), window)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    for (const holder of holders) await booking.releaseHold(database.db, holder.id, labTestId, window, 'home');
    await expect(bookHome(await customer(), window)).resolves.toMatchObject({ bookings: [{ collection: 'home' }] });
  });

  it('books only at a window’s start: a lab slot’s time is not a window', async () => {
    await expect(bookHome(await customer(), at('08:30:00'))).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
  });
});

describe('booking a home collection', () => {
  it('refuses a home outside the lab’s radius, through the API, and books one inside it with its address', async () => {
    const person = await customer();
    const caller = await callerFor(database.db, person);
    const item = { labTestId, bookingTime: at('07:00:00') };
    await expect(caller.booking.create({ items: [{ ...item, home: FAR_HOME }], idempotencyKey: randomUUID() })).rejects.toMatchObject({
      message: 'OUTSIDE_HOME_AREA',
    });
    await expect(caller.booking.holdSlot({ ...item, home: FAR_HOME })).rejects.toMatchObject({ message: 'OUTSIDE_HOME_AREA' });

    const result = booked(await caller.booking.create({ items: [{ ...item, home: HOME }], idempotencyKey: randomUUID() }));
    expect(result.bookings[0]).toMatchObject({
      collection: 'home',
      home_address: HOME.address,
      home_collection_fee: HOME_FEE,
      window_ends_at: at('09:00:00'),
    });
    const mine = await caller.booking.mine();
    expect(mine.find((row) => row.id === result.bookings[0]!.id)).toMatchObject({ collection: 'home', home_address: HOME.address });
  });

  it('asks for a confirmed mobile number where this site sends SMS, for the hold and for the checkout, and books with one', async () => {
    const person = await customer();
    const withSms = createCallerFactory(appRouter);
    const callerWithSms = async () => withSms({ ...(await contextFor(database.db, person)), config: { ...testEnv, SMS_PROVIDER: 'dev' } });
    const item = { labTestId, bookingTime: at('07:00:00', '2030-01-08'), home: HOME };
    const caller = await callerWithSms();
    await expect(caller.booking.holdSlot(item)).rejects.toMatchObject({ message: 'PHONE_REQUIRED' });
    await expect(caller.booking.create({ items: [item], idempotencyKey: randomUUID() })).rejects.toMatchObject({
      message: 'PHONE_REQUIRED',
    });
    // A visit to the lab needs no number.
    await expect(caller.booking.holdSlot({ labTestId, bookingTime: at('10:00:00', '2030-01-08') })).resolves.toMatchObject({});

    await database.db
      .updateTable('users')
      .set({ phone: `+96655${String(Date.now()).slice(-7)}`, phone_verified_at: new Date() })
      .where('id', '=', person.id)
      .execute();
    const confirmed = await callerWithSms();
    await confirmed.booking.holdSlot(item);
    const result = booked(await confirmed.booking.create({ items: [item], idempotencyKey: randomUUID() }));
    expect(result.bookings[0]).toMatchObject({ collection: 'home', home_address: HOME.address });
  });

  it('refuses a home collection at a lab that does not offer it', async () => {
    const test = await database.db.selectFrom('tests').select('id').limit(1).executeTakeFirstOrThrow();
    // Open on Sunday alone, over the hours a home lab collects: only the home collection is missing.
    const { lab: other, labTestId: offer } = await openLabSelling(
      database.db,
      test.id,
      { opensAt: '07:00', closesAt: '13:00', closedOn: [1, 2, 3, 4, 5, 6] },
      { ...LAB_POINT, slot_capacity: 2 },
      PRICE,
    );
    await expect(bookHome(await customer(), at('09:00:00'), HOME, [offer])).rejects.toMatchObject({
      code: 'HOME_COLLECTION_UNAVAILABLE',
    });
    expect(await (await callerFor(database.db)).booking.homeWindows({ labId: other.id, date: SUNDAY })).toEqual([]);
  });

  it('charges one fee per visit: two tests in the same window pay it once, on the checkout and its invoice', async () => {
    const person = await customer();
    const result = await bookHome(person, at('07:00:00', MONDAY), HOME, [labTestId, otherLabTestId]);
    const tests = priceCheckout('basic', [PRICE, OTHER_PRICE]);
    expect(result.home_collection_fee).toBe(HOME_FEE);
    expect(Math.round(result.total_price * 100)).toBe(tests.total_halalas + HOME_FEE * 100);
    expect(result.bookings.map((row) => row.home_collection_fee).sort()).toEqual([0, HOME_FEE]);

    const invoice = await database.db
      .selectFrom('invoices')
      .selectAll()
      .where('checkout_id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    const lines = invoice.lines as Array<{ kind: string; name_en: string; total_halalas: number }>;
    expect(lines.filter((line) => line.kind === 'home_collection')).toEqual([
      expect.objectContaining({ name_en: 'Home sample collection — Test Lab', total_halalas: HOME_FEE * 100 }),
    ]);
    expect(lines.reduce((sum, line) => sum + line.total_halalas, 0)).toBe(invoice.total_halalas);
  });

  it('keeps the visit’s fee while one of its tests is still booked, and gives it back with the last', async () => {
    const person = await customer();
    const caller = await callerFor(database.db, person);
    const result = await bookHome(person, at('09:00:00', MONDAY), HOME, [labTestId, otherLabTestId]);
    const carrier = result.bookings.find((row) => row.home_collection_fee > 0)!;
    const other = result.bookings.find((row) => row.id !== carrier.id)!;
    const share = (price: number) => priceCheckout('basic', [price]).items[0]!.total_halalas / 100;
    const priceOf = (row: { lab_test_id: number }) => (row.lab_test_id === labTestId ? PRICE : OTHER_PRICE);

    // One amount: each booking's card says what it was charged, and the two make the checkout's total.
    const charged = new Map((await caller.booking.mine()).map((row) => [row.id, row.charged]));
    expect(charged.get(carrier.id)).toBe(share(priceOf(carrier)) + HOME_FEE);
    expect(charged.get(other.id)).toBe(share(priceOf(other)));
    expect(charged.get(carrier.id)! + charged.get(other.id)!).toBeCloseTo(result.total_price, 2);

    // The booking carrying the fee goes first: the nurse still comes for the other test. The dialog's
    // figure is what the cancellation gives back, and says the visit's fee stays with the other test.
    expect(await caller.booking.cancellation({ id: carrier.id })).toEqual({
      cancellable: true,
      paid: true,
      charged: share(priceOf(carrier)) + HOME_FEE,
      refund: share(priceOf(carrier)),
      refundable: share(priceOf(carrier)),
      refund_to_wallet: 0,
      percent: 100,
      home_visit_fee_kept: HOME_FEE,
    });
    expect(await caller.booking.cancel({ id: carrier.id })).toMatchObject({ refund: share(priceOf(carrier)) });
    const last = await caller.booking.cancellation({ id: other.id });
    expect(last).toMatchObject({
      charged: share(priceOf(other)) + HOME_FEE,
      refund: share(priceOf(other)) + HOME_FEE,
      home_visit_fee_kept: 0,
    });
    // Another customer cannot read it.
    await expect((await callerFor(database.db, await customer())).booking.cancellation({ id: other.id })).rejects.toMatchObject({
      message: 'NOT_FOUND',
    });
    expect(await caller.booking.cancel({ id: other.id })).toMatchObject({ refund: last.refund });

    const invoice = await database.db
      .selectFrom('invoices')
      .select(['id', 'total_halalas'])
      .where('checkout_id', '=', result.checkout_id)
      .executeTakeFirstOrThrow();
    const credits = await database.db
      .selectFrom('invoices')
      .select(['booking_id', 'total_halalas', 'lines'])
      .where('original_invoice_id', '=', invoice.id)
      .execute();
    expect(credits.reduce((sum, row) => sum + row.total_halalas, 0)).toBe(invoice.total_halalas);
    const lastCredit = credits.find((row) => row.booking_id === other.id)!;
    expect((lastCredit.lines as Array<{ kind: string }>).map((line) => line.kind)).toContain('home_collection');
  });

  it('moves a home collection to another window under the window’s capacity, never to a lab slot’s time', async () => {
    const person = await customer();
    const [row] = (await bookHome(person, at('07:00:00'))).bookings;
    await expect(booking.rescheduleBooking(database.db, person.id, row!.id, at('08:30:00'), EARLY)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    // 11:00 was filled by two visits above.
    await expect(booking.rescheduleBooking(database.db, person.id, row!.id, at('11:00:00'), EARLY)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    const moved = await booking.rescheduleBooking(database.db, person.id, row!.id, at('09:00:00'), EARLY);
    expect(moved).toMatchObject({ collection: 'home', booking_time: at('09:00:00'), home_address: HOME.address });
  });
});

describe('search.labTests homeCollection', () => {
  it('keeps labs that collect at home within reach of the searcher, with their fee', async () => {
    const caller = await callerFor(database.db);
    const near = await caller.search.labTests({ query: testName, lat: HOME.latitude, lon: HOME.longitude, homeCollection: true });
    expect(near.map((row) => [row.lab_id, row.home_collection_fee])).toEqual([[lab.id, HOME_FEE]]);
    const far = await caller.search.labTests({ query: testName, lat: FAR_HOME.latitude, lon: FAR_HOME.longitude, homeCollection: true });
    expect(far).toEqual([]);
    // Without the filter the far searcher still finds the lab.
    const unfiltered = await caller.search.labTests({ query: testName, lat: FAR_HOME.latitude, lon: FAR_HOME.longitude });
    expect(unfiltered.map((row) => row.lab_id)).toEqual([lab.id]);
  });

  it('drops a lab that stops collecting at home', async () => {
    const caller = await callerFor(database.db);
    await (await callerFor(database.db, lab)).lab.updateHomeCollection({ ...settings, enabled: false });
    try {
      expect(await caller.search.labTests({ query: testName, homeCollection: true })).toEqual([]);
      const [row] = await caller.search.labTests({ query: testName });
      expect(row).toMatchObject({ lab_id: lab.id, home_collection_fee: null });
    } finally {
      await (await callerFor(database.db, lab)).lab.updateHomeCollection(settings);
    }
  });
});

// A window's round (issue #58, ADR 0071): one collector arrives at a window's first home as it opens, stays
// 15 minutes at each and rides 30 km/h along the straight line to the next, and must reach every home before
// the window ends. Here the windows are one hour, four visits each, within 20 km.
describe('the round of a home collection window', () => {
  let round: Awaited<ReturnType<typeof openHomeLab>>;
  /** About 15 km north and 15 km south of the lab: 30 km apart, an hour's ride at HOME_TRAVEL_KMH. */
  const NORTH = { address: 'حي النرجس، شارع أنس بن مالك، منزل 4', latitude: 24.8486, longitude: 46.6753 };
  const SOUTH = { address: 'حي الشفا، شارع ديراب، منزل 9', latitude: 24.5786, longitude: 46.6753 };
  /** About 1 km from NORTH: two minutes' ride. */
  const NEAR_NORTH = { address: 'حي النرجس، شارع عثمان بن عفان، منزل 21', latitude: 24.8576, longitude: 46.6753 };
  const windowsNear = async (home: { latitude: number; longitude: number }) =>
    (
      await (
        await callerFor(database.db)
      ).booking.homeWindows({
        labId: round.lab.id,
        date: MONDAY,
        near: { latitude: home.latitude, longitude: home.longitude },
      })
    ).map((window) => window.window_time);

  beforeAll(async () => {
    round = await openHomeLab({ ...settings, radiusKm: 20, windowMinutes: 60, windowCapacity: 4 });
  });

  it('does not offer a window to a home 30 km from a visit already in it: the collector could not reach it in time', async () => {
    expect(await windowsNear(SOUTH)).toContain('08:00:00');
    await bookHome(await customer(), at('08:00:00', MONDAY), NORTH, [round.labTestId]);
    const offered = await windowsNear(SOUTH);
    expect(offered).not.toContain('08:00:00');
    // The windows before and after are still offered to it, and 08:00 to a home next to the one visited.
    expect(offered).toEqual(expect.arrayContaining(['07:00:00', '09:00:00']));
    expect(await windowsNear(NEAR_NORTH)).toContain('08:00:00');
    // A crafted request for it is refused, as a hold and as a booking; the next-door home books.
    await expect(
      booking.holdSlot(database.db, (await customer()).id, round.labTestId, at('08:00:00', MONDAY), EARLY, null, SOUTH),
    ).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    await expect(bookHome(await customer(), at('08:00:00', MONDAY), SOUTH, [round.labTestId])).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    await expect(bookHome(await customer(), at('08:00:00', MONDAY), NEAR_NORTH, [round.labTestId])).resolves.toMatchObject({
      bookings: [{ collection: 'home', home_address: NEAR_NORTH.address }],
    });
  });

  it('counts another customer’s hold in the round until it is let go', async () => {
    const holder = await customer();
    const window = at('10:00:00', MONDAY);
    await booking.holdSlot(database.db, holder.id, round.labTestId, window, EARLY, null, NORTH);
    expect(await windowsNear(SOUTH)).not.toContain('10:00:00');
    // The holder's own hold is theirs: moving it to the other home is theirs to do.
    await booking.holdSlot(database.db, holder.id, round.labTestId, window, EARLY, null, SOUTH);
    expect(await windowsNear(NORTH)).not.toContain('10:00:00');
    await booking.releaseHold(database.db, holder.id, round.labTestId, window, 'home');
    expect(await windowsNear(NORTH)).toContain('10:00:00');
  });

  it('gives a window to one of two far-apart homes booking it at once, never both', async () => {
    const window = at('11:00:00', MONDAY);
    const results = await Promise.allSettled([
      bookHome(await customer(), window, NORTH, [round.labTestId]),
      bookHome(await customer(), window, SOUTH, [round.labTestId]),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'SLOT_UNAVAILABLE' } });
  });

  it('does not move a home visit into a window whose round it would break; it keeps its own window', async () => {
    const person = await customer();
    const [row] = (await bookHome(person, at('12:00:00', MONDAY), SOUTH, [round.labTestId])).bookings;
    // 08:00 has the two northern homes.
    await expect(booking.rescheduleBooking(database.db, person.id, row!.id, at('08:00:00', MONDAY), EARLY)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    const mine = await booking.myBookings(database.db, person.id);
    expect(mine.find((item) => item.id === row!.id)).toMatchObject({ booking_time: at('12:00:00', MONDAY) });
    await expect(booking.rescheduleBooking(database.db, person.id, row!.id, at('07:00:00', MONDAY), EARLY)).resolves.toMatchObject({
      booking_time: at('07:00:00', MONDAY),
    });
  });
});

describe('a collector’s day of home rounds', () => {
  let day: Awaited<ReturnType<typeof openHomeLab>>;
  /** About 30 km north and 30 km south of the lab: 60 km apart, two hours' ride at HOME_TRAVEL_KMH. */
  const NORTH = { address: 'حي الخير، طريق الملك خالد، منزل 7', latitude: 24.9831, longitude: 46.6753 };
  const SOUTH = { address: 'الحائر، شارع المصانع، منزل 2', latitude: 24.4441, longitude: 46.6753 };
  /** About 1 km from SOUTH. */
  const NEAR_SOUTH = { address: 'الحائر، شارع السوق، منزل 15', latitude: 24.4531, longitude: 46.6753 };
  const windowsNear = async (date: string, home: { latitude: number; longitude: number }) =>
    (
      await (
        await callerFor(database.db)
      ).booking.homeWindows({ labId: day.lab.id, date, near: { latitude: home.latitude, longitude: home.longitude } })
    ).map((window) => window.window_time);

  beforeAll(async () => {
    day = await openHomeLab({ ...settings, radiusKm: 40, windowMinutes: 60, windowCapacity: 4 });
  });

  it('rides from the last home of one window to the first of the next: a window the collector would reach late is not offered', async () => {
    const TUESDAY = '2030-01-08';
    expect(await windowsNear(TUESDAY, SOUTH)).toEqual(['07:00:00', '08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00']);
    await bookHome(await customer(), at('09:00:00', TUESDAY), NORTH, [day.labTestId]);
    // Done in the north at 09:15, the collector reaches the south at 11:15: past the 10:00 window. From the south at
    // 08:15, the north at 10:15: past the 09:00 window. 07:00 leaves time to ride north, and 11:00 to ride south.
    expect(await windowsNear(TUESDAY, SOUTH)).toEqual(['07:00:00', '11:00:00', '12:00:00']);
    await expect(
      booking.holdSlot(database.db, (await customer()).id, day.labTestId, at('10:00:00', TUESDAY), EARLY, null, SOUTH),
    ).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    await expect(bookHome(await customer(), at('08:00:00', TUESDAY), SOUTH, [day.labTestId])).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    await expect(bookHome(await customer(), at('11:00:00', TUESDAY), SOUTH, [day.labTestId])).resolves.toMatchObject({
      bookings: [{ collection: 'home', home_address: SOUTH.address, booking_time: at('11:00:00', TUESDAY) }],
    });
  });

  it('decides a lab’s day one visit at a time: two far-apart homes booking back-to-back windows at once, never both', async () => {
    // On four days at once, so that a race the lock did not settle would show on one of them.
    const days = ['2030-01-09', '2030-01-14', '2030-01-15', '2030-01-16'];
    const people = await Promise.all(days.flatMap(() => [customer(), customer()]));
    const results = await Promise.allSettled(
      days.flatMap((date, index) => [
        bookHome(people[2 * index]!, at('09:00:00', date), NORTH, [day.labTestId]),
        bookHome(people[2 * index + 1]!, at('10:00:00', date), SOUTH, [day.labTestId]),
      ]),
    );
    for (const index of days.keys()) {
      const pair = results.slice(2 * index, 2 * index + 2);
      expect(pair.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(pair.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'SLOT_UNAVAILABLE' } });
    }
  });

  it('does not move a home visit to a window from which the next window’s home could not be reached', async () => {
    const THURSDAY = '2030-01-10';
    await bookHome(await customer(), at('10:00:00', THURSDAY), SOUTH, [day.labTestId]);
    const person = await customer();
    const [row] = (await bookHome(person, at('07:00:00', THURSDAY), NORTH, [day.labTestId])).bookings;
    await expect(booking.rescheduleBooking(database.db, person.id, row!.id, at('09:00:00', THURSDAY), EARLY)).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    await expect(booking.rescheduleBooking(database.db, person.id, row!.id, at('08:00:00', THURSDAY), EARLY)).resolves.toMatchObject({
      booking_time: at('08:00:00', THURSDAY),
    });
  });

  it('lets a window already reached late block itself, not the rest of the day', async () => {
    const SUNDAY_AFTER = '2030-01-13';
    await bookHome(await customer(), at('09:00:00', SUNDAY_AFTER), NORTH, [day.labTestId]);
    const [south] = (await bookHome(await customer(), at('11:00:00', SUNDAY_AFTER), SOUTH, [day.labTestId])).bookings;
    // As a booking made before the rule may lie: the south home at 10:00, which the collector reaches at 11:15.
    await database.db
      .updateTable('bookings')
      .set({ booking_time: new Date(at('10:00:00', SUNDAY_AFTER)) })
      .where('id', '=', south!.id)
      .execute();
    await expect(bookHome(await customer(), at('10:00:00', SUNDAY_AFTER), NEAR_SOUTH, [day.labTestId])).rejects.toMatchObject({
      code: 'SLOT_UNAVAILABLE',
    });
    await expect(bookHome(await customer(), at('12:00:00', SUNDAY_AFTER), NEAR_SOUTH, [day.labTestId])).resolves.toMatchObject({
      bookings: [{ home_address: NEAR_SOUTH.address }],
    });
  });
});
