import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRowsFor } from '../../seeds/reviews.ts';
import type { PlanId } from '../../src/shared/plans.ts';
import { insertBooking, offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let lab: TestUser;
let otherLab: TestUser;
let pendingLab: TestUser;
let customer: TestUser;
let admin: TestUser;
let labTestId: number;
let otherLabTestId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  lab = await createTestUser(database.db, 'lab', { approved: true });
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
  pendingLab = await createTestUser(database.db, 'lab', { approved: false });
  customer = await createTestUser(database.db, 'customer');
  admin = await createTestUser(database.db, 'admin');
  ({ labTestId } = await offerTest(database.db, lab.id, 15_000));
  ({ labTestId: otherLabTestId } = await offerTest(database.db, otherLab.id, 30_000));
});
afterAll(() => database.close());

const as = (user?: TestUser) => callerFor(database.db, user);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

const validProfile = {
  nameAr: 'مختبر الأمل',
  nameEn: 'Al Amal Lab',
  addressAr: 'شارع التحلية، جدة',
  addressEn: 'Tahlia Street, Jeddah',
  city: 'jeddah' as const,
  latitude: 21.55,
  longitude: 39.16,
  phone: '012 661 2345',
  workingHours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, open: weekday !== 5, opensAt: '08:00', closesAt: '20:00' })),
  slotMinutes: 20,
  slotCapacity: 3,
};

/** Every lab procedure, called with a harmless input. */
function everyLabCall(caller: Awaited<ReturnType<typeof as>>) {
  return {
    overview: () => caller.lab.overview(),
    profile: () => caller.lab.profile(),
    updateProfile: () => caller.lab.updateProfile(validProfile),
    bookings: () => caller.lab.bookings(),
    completeBooking: () => caller.lab.completeBooking({ id: '00000000-0000-4000-8000-000000000000' }),
    markNoShow: () => caller.lab.markNoShow({ id: '00000000-0000-4000-8000-000000000000' }),
    requestTest: () => caller.lab.requestTest({ nameAr: 'تحليل تجريبي', nameEn: 'Trial test' }),
    testRequests: () => caller.lab.testRequests(),
    offerings: () => caller.lab.offerings(),
    testsNotOffered: () => caller.lab.testsNotOffered(),
    addOffering: () => caller.lab.addOffering({ testId: 1, price: 100 }),
    updateOffering: () => caller.lab.updateOffering({ labTestId, price: 120 }),
    payments: () => caller.lab.payments(),
    results: () => caller.lab.results(),
  };
}

describe('who reaches the lab dashboard', () => {
  it('refuses visitors, customers and admins on every lab procedure', async () => {
    for (const [user, expected] of [
      [undefined, { code: 'UNAUTHORIZED', appCode: 'UNAUTHENTICATED' }],
      [customer, { code: 'FORBIDDEN', appCode: 'FORBIDDEN' }],
      [admin, { code: 'FORBIDDEN', appCode: 'FORBIDDEN' }],
    ] as const) {
      const calls = everyLabCall(await as(user));
      for (const [name, call] of Object.entries(calls)) {
        expect(await refusal(call()), `${name} as ${user ? 'another role' : 'a visitor'}`).toEqual(expected);
      }
    }
  });

  it('keeps an unapproved lab to its overview and its settings', async () => {
    const calls = everyLabCall(await as(pendingLab));
    const open = new Set(['overview', 'profile', 'updateProfile']);
    for (const [name, call] of Object.entries(calls)) {
      if (open.has(name)) {
        await expect(call(), name).resolves.toBeDefined();
      } else {
        expect(await refusal(call()), name).toEqual({ code: 'FORBIDDEN', appCode: 'LAB_NOT_APPROVED' });
      }
    }
  });
});

describe('overview and bookings', () => {
  it("counts today's bookings in the lab's zone, confirmed ones as pending, and revenue from completed ones only", async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offering } = await offerTest(database.db, fresh.id, 10_000);
    const now = new Date();
    await insertBooking(database.db, { customerId: customer.id, labTestId: offering, bookingTime: now, priceHalalas: 10_000 });
    await insertBooking(database.db, { customerId: customer.id, labTestId: offering, priceHalalas: 10_000 });
    await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'completed', priceHalalas: 12_345 });
    await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'completed', priceHalalas: 10_000 });
    await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'cancelled', bookingTime: now });
    // Another lab's completed booking is not this lab's revenue.
    await insertBooking(database.db, { customerId: customer.id, labTestId: otherLabTestId, status: 'completed', bookingTime: now });

    const overview = await (await as(fresh)).lab.overview();
    expect(overview.today_bookings).toBe(1);
    expect(overview.confirmed_bookings).toBe(2);
    expect(overview.completed_bookings).toBe(2);
    expect(overview.revenue).toBe(223.45);
    expect(overview.recent_bookings).toHaveLength(5);
    expect(overview.lab).toMatchObject({ id: fresh.id, approved: true, subscription_tier: 'basic' });
  });

  it("lists only bookings of the lab's own tests", async () => {
    const mine = await insertBooking(database.db, { customerId: customer.id, labTestId });
    const theirs = await insertBooking(database.db, { customerId: customer.id, labTestId: otherLabTestId });
    const ids = (await (await as(lab)).lab.bookings({ limit: 100 })).items.map((booking) => booking.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const confirmedOnly = await (await as(lab)).lab.bookings({ status: 'confirmed' });
    expect(confirmedOnly.items.every((booking) => booking.status === 'confirmed')).toBe(true);
  });

  it('marks its own confirmed booking completed, and nothing else', async () => {
    const caller = await as(lab);
    const before = (await caller.lab.overview()).revenue;
    const id = await insertBooking(database.db, { customerId: customer.id, labTestId, priceHalalas: 15_000, bookingTime: hoursAgo(1) });
    await caller.lab.completeBooking({ id });
    const row = await database.db.selectFrom('bookings').select(['status', 'completed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    expect(row.completed_at).toBeInstanceOf(Date);
    expect((await caller.lab.overview()).revenue).toBe(before + 150);

    expect(await refusal(caller.lab.completeBooking({ id }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_CONFIRMED' });
    const cancelled = await insertBooking(database.db, {
      customerId: customer.id,
      labTestId,
      status: 'cancelled',
      bookingTime: hoursAgo(2),
    });
    expect(await refusal(caller.lab.completeBooking({ id: cancelled }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_CONFIRMED' });

    const theirs = await insertBooking(database.db, { customerId: customer.id, labTestId: otherLabTestId, bookingTime: hoursAgo(3) });
    expect(await refusal(caller.lab.completeBooking({ id: theirs }))).toEqual({ code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
    const untouched = await database.db.selectFrom('bookings').select('status').where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(untouched.status).toBe('confirmed');
  });

  it('refuses to complete a booking before its start, and completes it from its start on', async () => {
    const caller = await as(lab);
    const soon = await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime: new Date(Date.now() + 10 * 60_000) });
    expect(await refusal(caller.lab.completeBooking({ id: soon }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_STARTED' });
    const row = await database.db
      .selectFrom('bookings')
      .select(['status', 'completed_at'])
      .where('id', '=', soon)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', completed_at: null });

    // A home visit is completed from the start of its window, like a slot.
    const startingNow = await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime: new Date(Date.now() - 1_000) });
    await database.db
      .updateTable('bookings')
      .set({ collection: 'home', home_address: 'Tahlia Street, Jeddah' })
      .where('id', '=', startingNow)
      .execute();
    await expect(caller.lab.completeBooking({ id: startingNow })).resolves.toEqual({ completed: true });
  });
});

describe('no-shows', () => {
  it("refuses a no-show before the booking's time, records it from then on, and the customer sees it", async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offering } = await offerTest(database.db, fresh.id, 10_000);
    const patient = await createTestUser(database.db, 'customer');
    const caller = await as(fresh);

    const soon = await insertBooking(database.db, {
      customerId: patient.id,
      labTestId: offering,
      bookingTime: new Date(Date.now() + 10 * 60_000),
    });
    expect(await refusal(caller.lab.markNoShow({ id: soon }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_STARTED' });

    const missed = await insertBooking(database.db, { customerId: patient.id, labTestId: offering, bookingTime: hoursAgo(2) });
    await expect(caller.lab.markNoShow({ id: missed })).resolves.toEqual({ noShow: true });
    expect(await refusal(caller.lab.markNoShow({ id: missed }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_CONFIRMED' });
    expect(await refusal(caller.lab.completeBooking({ id: missed }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_CONFIRMED' });
    const mine = await (await as(patient)).booking.mine();
    expect(mine.find((booking) => booking.id === missed)?.status).toBe('no_show');
    expect(mine.find((booking) => booking.id === soon)?.status).toBe('confirmed');

    // A completed visit cannot become a no-show, nor another lab's booking.
    const came = await insertBooking(database.db, {
      customerId: patient.id,
      labTestId: offering,
      status: 'completed',
      bookingTime: hoursAgo(30),
    });
    expect(await refusal(caller.lab.markNoShow({ id: came }))).toEqual({ code: 'CONFLICT', appCode: 'BOOKING_NOT_CONFIRMED' });
    const theirs = await insertBooking(database.db, { customerId: patient.id, labTestId: otherLabTestId, bookingTime: hoursAgo(3) });
    expect(await refusal(caller.lab.markNoShow({ id: theirs }))).toEqual({ code: 'NOT_FOUND', appCode: 'NOT_FOUND' });

    // The rate counts visits with an outcome in the last 90 days: one no-show of two; one older is left out.
    await insertBooking(database.db, { customerId: patient.id, labTestId: offering, status: 'no_show', bookingTime: hoursAgo(24 * 100) });
    const overview = await caller.lab.overview();
    expect(overview.no_shows).toEqual({ count: 1, of_visits: 2, days: 90 });
    const listed = await caller.lab.bookings({ status: 'no_show' });
    expect(listed.items.map((booking) => booking.status)).toEqual(['no_show', 'no_show']);
  });
});

describe('test requests', () => {
  it('sends a request with both names, pending, and lists it for the lab only', async () => {
    const request = await (await as(lab)).lab.requestTest({ nameAr: ' تحليل الزنك ', nameEn: 'Zinc Level' });
    expect(request).toMatchObject({ test_name_ar: 'تحليل الزنك', test_name_en: 'Zinc Level', status: 'pending', reviewed_at: null });
    expect((await (await as(lab)).lab.testRequests({ q: 'zinc' })).items.map((row) => row.id)).toContain(request.id);
    expect((await (await as(otherLab)).lab.testRequests({ q: 'zinc' })).items.map((row) => row.id)).not.toContain(request.id);
  });

  it('requires both names', async () => {
    const caller = await as(lab);
    expect((await refusal(caller.lab.requestTest({ nameAr: '', nameEn: 'Copper Level' }))).code).toBe('BAD_REQUEST');
    expect((await refusal(caller.lab.requestTest({ nameAr: 'تحليل النحاس', nameEn: '  ' }))).code).toBe('BAD_REQUEST');
  });

  it('refuses a name already in the catalogue, and the same request twice while it is pending', async () => {
    const caller = await as(lab);
    const existing = await database.db.selectFrom('tests').select('name_en').limit(1).executeTakeFirstOrThrow();
    expect(await refusal(caller.lab.requestTest({ nameAr: 'مكرر', nameEn: existing.name_en.toUpperCase() }))).toEqual({
      code: 'CONFLICT',
      appCode: 'TEST_ALREADY_EXISTS',
    });
    await caller.lab.requestTest({ nameAr: 'تحليل السيلينيوم', nameEn: 'Selenium Level' });
    expect(await refusal(caller.lab.requestTest({ nameAr: 'تحليل السيلينيوم', nameEn: 'selenium level' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'TEST_ALREADY_REQUESTED',
    });
    // Another lab may ask for the same test.
    await expect((await as(otherLab)).lab.requestTest({ nameAr: 'تحليل السيلينيوم', nameEn: 'Selenium Level' })).resolves.toBeDefined();
  });
});

describe('price list', () => {
  it('changes the price and the active switch of its own offerings only', async () => {
    const caller = await as(lab);
    await caller.lab.updateOffering({ labTestId, price: 175.5 });
    await caller.lab.updateOffering({ labTestId, isActive: false });
    const row = await database.db
      .selectFrom('lab_tests')
      .select(['price_halalas', 'is_active'])
      .where('id', '=', labTestId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price_halalas: 17_550, is_active: false });
    const listed = (await caller.lab.offerings()).find((offering) => offering.lab_test_id === labTestId);
    expect(listed).toMatchObject({ price: 175.5, is_active: false });
    await caller.lab.updateOffering({ labTestId, isActive: true });

    expect(await refusal(caller.lab.updateOffering({ labTestId: otherLabTestId, price: 1 }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
    const theirs = await database.db
      .selectFrom('lab_tests')
      .select('price_halalas')
      .where('id', '=', otherLabTestId)
      .executeTakeFirstOrThrow();
    expect(theirs.price_halalas).toBe(30_000);
    expect((await refusal(caller.lab.updateOffering({ labTestId, price: -5 }))).code).toBe('BAD_REQUEST');
    expect((await refusal(caller.lab.updateOffering({ labTestId, price: 10.001 }))).code).toBe('BAD_REQUEST');
  });

  it('states a turnaround for its own offering, 1 to 720 whole hours, or none (the service guarantee, #79 item 6)', async () => {
    const caller = await as(lab);
    await caller.lab.updateOffering({ labTestId, statedTurnaroundHours: 24 });
    expect((await caller.lab.offerings()).find((offering) => offering.lab_test_id === labTestId)).toMatchObject({
      stated_turnaround_hours: 24,
    });
    await caller.lab.updateOffering({ labTestId, statedTurnaroundHours: 720 });
    for (const hours of [0, 721, 1.5]) {
      expect((await refusal(caller.lab.updateOffering({ labTestId, statedTurnaroundHours: hours }))).code, String(hours)).toBe(
        'BAD_REQUEST',
      );
    }
    expect((await caller.lab.offerings()).find((offering) => offering.lab_test_id === labTestId)).toMatchObject({
      stated_turnaround_hours: 720,
    });
    await caller.lab.updateOffering({ labTestId, statedTurnaroundHours: null });
    expect((await caller.lab.offerings()).find((offering) => offering.lab_test_id === labTestId)).toMatchObject({
      stated_turnaround_hours: null,
    });
    expect(await refusal(caller.lab.updateOffering({ labTestId: otherLabTestId, statedTurnaroundHours: 1 }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
  });

  it('adds a catalogue test to its price list once', async () => {
    const caller = await as(lab);
    const [candidate] = await caller.lab.testsNotOffered();
    const added = await caller.lab.addOffering({ testId: candidate!.id, price: 99 });
    expect((await caller.lab.offerings()).some((offering) => offering.lab_test_id === added.lab_test_id)).toBe(true);
    expect((await caller.lab.testsNotOffered()).some((test) => test.id === candidate!.id)).toBe(false);
    expect(await refusal(caller.lab.addOffering({ testId: candidate!.id, price: 99 }))).toEqual({
      code: 'CONFLICT',
      appCode: 'TEST_ALREADY_OFFERED',
    });
  });
});

describe("the plan's test limit", () => {
  /** A fresh approved lab on `tier` with `count` active offerings. */
  async function labOffering(count: number, tier: PlanId) {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    await database.db.updateTable('user_profiles').set({ subscription_tier: tier }).where('id', '=', fresh.id).execute();
    const tests = await database.db.selectFrom('tests').select('id').orderBy('id').limit(count).execute();
    if (tests.length > 0) {
      await database.db
        .insertInto('lab_tests')
        .values(tests.map((test) => ({ lab_id: fresh.id, test_id: test.id, price_halalas: 10_000 })))
        .execute();
    }
    return { lab: fresh, caller: await as(fresh) };
  }
  const activeCount = async (labId: string) =>
    Number(
      (
        await database.db
          .selectFrom('lab_tests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('lab_id', '=', labId)
          .where('is_active', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stops a Starter lab at 20 active tests, until one is hidden, and lets a hidden one back only with room', async () => {
    const { lab: starter, caller } = await labOffering(20, 'basic');
    const [next] = await caller.lab.testsNotOffered();
    expect(await refusal(caller.lab.addOffering({ testId: next!.id, price: 80 }))).toEqual({
      code: 'FORBIDDEN',
      appCode: 'PLAN_TEST_LIMIT',
    });
    await expect(caller.lab.addOffering({ testId: next!.id, price: 80 })).rejects.toMatchObject({ cause: { details: { limit: 20 } } });
    expect(await activeCount(starter.id)).toBe(20);

    const [first] = await caller.lab.offerings();
    await caller.lab.updateOffering({ labTestId: first!.lab_test_id, isActive: false });
    const added = await caller.lab.addOffering({ testId: next!.id, price: 80 });
    expect(added.lab_test_id).toBeGreaterThan(0);
    // Full again: the hidden test cannot come back, though its price can still change.
    expect(await refusal(caller.lab.updateOffering({ labTestId: first!.lab_test_id, isActive: true }))).toEqual({
      code: 'FORBIDDEN',
      appCode: 'PLAN_TEST_LIMIT',
    });
    await caller.lab.updateOffering({ labTestId: first!.lab_test_id, price: 90 });
    expect(await activeCount(starter.id)).toBe(20);
  });

  it('lets a Professional lab go past 20, and a Premium lab has no limit', async () => {
    for (const tier of ['professional', 'premium'] as const) {
      const { lab: fresh, caller } = await labOffering(20, tier);
      const [next] = await caller.lab.testsNotOffered();
      await caller.lab.addOffering({ testId: next!.id, price: 80 });
      expect(await activeCount(fresh.id)).toBe(21);
    }
  });

  it('gives the last place to exactly one of two additions sent at once', async () => {
    const { lab: starter, caller } = await labOffering(19, 'basic');
    const [a, b] = await caller.lab.testsNotOffered();
    const outcomes = await Promise.allSettled([a!, b!].map((test) => caller.lab.addOffering({ testId: test.id, price: 50 })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await activeCount(starter.id)).toBe(20);
  });
});

describe('payments', () => {
  it('deducts from each booking done the commission its ledger row recorded, whatever the plan is now (ADR 0041, 0083)', async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: true });
    const { labTestId: offering } = await offerTest(database.db, fresh.id);
    const paid = [
      await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'completed', priceHalalas: 20_000 }),
      await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'completed', priceHalalas: 10_050 }),
      await insertBooking(database.db, { customerId: customer.id, labTestId: offering, status: 'confirmed', priceHalalas: 50_000 }),
    ];
    // Paid as a checkout pays, at the Starter plan of today.
    await database.db.transaction().execute((tx) => ledgerRowsFor(tx, paid));

    const starter = await (await as(fresh)).lab.payments();
    expect(starter).toMatchObject({ plan: 'starter', commission_percent: 15 });
    expect(starter.items).toHaveLength(2);
    expect(starter.totals).toEqual({ gross: 300.5, commission: 45.08, home_visits: 0, net: 255.42, promo_discounts: 0 });
    expect(starter.items.find((item) => item.total_price === 200)).toMatchObject({ commission: 30, net: 170 });

    await database.db.updateTable('user_profiles').set({ subscription_tier: 'professional' }).where('id', '=', fresh.id).execute();
    const professional = await (await as(fresh)).lab.payments();
    expect(professional).toMatchObject({ plan: 'professional', commission_percent: 10 });
    expect(professional.totals).toEqual(starter.totals);
  });
});

describe('lab settings', () => {
  it('saves the profile, working hours (closed days removed), slot length and capacity', async () => {
    const fresh = await createTestUser(database.db, 'lab', { approved: false });
    const saved = await (await as(fresh)).lab.updateProfile(validProfile);
    expect(saved).toMatchObject({
      lab_name_ar: 'مختبر الأمل',
      lab_name_en: 'Al Amal Lab',
      city: 'jeddah',
      phone: '+966126612345',
      slot_minutes: 20,
      slot_capacity: 3,
    });
    expect(saved.working_hours.find((day) => day.weekday === 5)).toMatchObject({ open: false });
    expect(saved.working_hours.find((day) => day.weekday === 0)).toMatchObject({ open: true, opens_at: '08:00', closes_at: '20:00' });
    const rows = await database.db.selectFrom('lab_working_hours').select('weekday').where('lab_id', '=', fresh.id).execute();
    expect(rows.map((row) => row.weekday).sort()).toEqual([0, 1, 2, 3, 4, 6]);
    expect((await (await as(fresh)).lab.profile()).lab_name_en).toBe('Al Amal Lab');
  });

  it('refuses a bad phone, closing before opening, coordinates given half, and an odd slot length', async () => {
    const caller = await as(lab);
    const bad = [
      { ...validProfile, phone: '12345' },
      { ...validProfile, workingHours: validProfile.workingHours.map((day) => ({ ...day, opensAt: '21:00' })) },
      { ...validProfile, latitude: null },
      { ...validProfile, slotMinutes: 7 },
      { ...validProfile, nameEn: '' },
    ];
    for (const input of bad) expect((await refusal(caller.lab.updateProfile(input))).code).toBe('BAD_REQUEST');
  });
});
