import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

/*
 * admin.stats and lab.stats: known bookings in March 2019 (before anything the seed writes), added up
 * per day, week (from Sunday) and month of Riyadh time, every period present, a lab seeing its own.
 */

let database: TestDatabase;
let admin: TestUser;
let jeddahLab: TestUser;
let riyadhLab: TestUser;
let customer: TestUser;
let jeddahTest: { labTestId: number; testId: number };
let riyadhTest: { labTestId: number; testId: number };

async function book(labTestId: number, at: { created: string; status?: string; completed?: string; time?: string; price: number }) {
  await sql`
    insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status, created_at, completed_at, cancelled_at)
    values (${customer.id}, ${labTestId}, ${at.time ?? at.created}, ${at.price}, ${at.status ?? 'confirmed'}, ${at.created},
            ${at.completed ?? null}, ${at.status === 'cancelled' ? at.created : null})`.execute(database.db);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  admin = await createTestUser(db, 'admin');
  jeddahLab = await createTestUser(db, 'lab', { approved: true });
  riyadhLab = await createTestUser(db, 'lab', { approved: true });
  customer = await createTestUser(db, 'customer');
  await db.updateTable('labs').set({ city: 'jeddah' }).where('id', '=', jeddahLab.id).execute();
  await db.updateTable('labs').set({ city: 'riyadh', lab_name_en: 'Riyadh Lab' }).where('id', '=', riyadhLab.id).execute();
  jeddahTest = await offerTest(db, jeddahLab.id);
  riyadhTest = await offerTest(db, riyadhLab.id);

  // Jeddah: made on 3 March (one at 01:30 Riyadh, still 2 March in UTC), one completed on the 4th.
  await book(jeddahTest.labTestId, {
    created: '2019-03-03T07:00:00Z',
    status: 'completed',
    completed: '2019-03-04T09:00:00Z',
    time: '2019-03-06T06:00:00Z', // Wednesday 09:00 in Riyadh
    price: 10_000,
  });
  await book(jeddahTest.labTestId, { created: '2019-03-03T08:00:00Z', time: '2019-03-06T06:30:00Z', price: 5_000 });
  await book(jeddahTest.labTestId, { created: '2019-03-02T22:30:00Z', time: '2019-03-07T13:00:00Z', price: 5_000 });
  // Cancelled: neither a booking nor revenue.
  await book(jeddahTest.labTestId, { created: '2019-03-05T08:00:00Z', status: 'cancelled', price: 7_000 });
  // Riyadh: made and completed on 10 March.
  await book(riyadhTest.labTestId, {
    created: '2019-03-10T06:00:00Z',
    status: 'completed',
    completed: '2019-03-10T10:00:00Z',
    price: 20_000,
  });
  // Outside the range: the day after it ends in Riyadh (21:30 UTC on the 10th).
  await book(riyadhTest.labTestId, { created: '2019-03-10T21:30:00Z', price: 99_900 });

  // A customer who signed up on 5 March; a guest who only opened a cart that day does not count.
  const joined = await createTestUser(db, 'customer');
  const browsing = await createTestUser(db, 'customer');
  await sql`update user_profiles set created_at = '2019-03-05T09:00:00Z' where id in (${joined.id}, ${browsing.id})`.execute(db);
  await sql`update users set is_anonymous = true where id = ${browsing.id}`.execute(db);

  // The store: one order paid on 6 March, one cancelled (refunded) the same day.
  for (const status of ['paid', 'cancelled']) {
    await sql`
      insert into store_orders (status, currency, total_cents, paid_at, created_at, success_url, cancel_url, reserved_until)
      values (${status}, 'SAR', 12345, '2019-03-06T10:00:00Z', '2019-03-06T09:50:00Z', 'http://localhost:3000/success',
              'http://localhost:3000/store', '2019-03-06T10:05:00Z')`.execute(db);
  }
});
afterAll(async () => {
  await database.close();
});

const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `2019-03-${String(from + index).padStart(2, '0')}`);

describe('admin.stats', () => {
  it('adds bookings and revenue up per Riyadh day, every day present, split by city and by lab', async () => {
    const caller = await callerFor(database.db, admin);
    const stats = await caller.admin.stats({ from: '2019-03-01', to: '2019-03-10', granularity: 'day' });
    expect(stats.periods).toEqual(days(1, 10));
    //                             1  2  3  4  5  6  7  8  9  10
    expect(stats.bookings).toEqual([0, 0, 3, 0, 0, 0, 0, 0, 0, 1]);
    expect(stats.revenue).toEqual([0, 0, 0, 100, 0, 0, 0, 0, 0, 200]);
    expect(stats.total).toEqual({ bookings: 4, revenue: 300 });

    expect(stats.byCity.map(({ city, total }) => ({ city, total }))).toEqual([
      { city: 'riyadh', total: { bookings: 1, revenue: 200 } },
      { city: 'jeddah', total: { bookings: 3, revenue: 100 } },
    ]);
    expect(stats.byCity[1]!.bookings).toEqual([0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(stats.byLab.map(({ labId, nameEn, total }) => ({ labId, nameEn, total }))).toEqual([
      { labId: riyadhLab.id, nameEn: 'Riyadh Lab', total: { bookings: 1, revenue: 200 } },
      { labId: jeddahLab.id, nameEn: 'Test Lab', total: { bookings: 3, revenue: 100 } },
    ]);

    expect(stats.newCustomers).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(stats.storeSales).toEqual({ orders: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0], revenue: [0, 0, 0, 0, 0, 123.45, 0, 0, 0, 0] });
  });

  it('groups by weeks from Sunday and by months, keeping the empty ones', async () => {
    const caller = await callerFor(database.db, admin);
    const weeks = await caller.admin.stats({ from: '2019-02-20', to: '2019-03-10', granularity: 'week' });
    expect(weeks.periods).toEqual(['2019-02-17', '2019-02-24', '2019-03-03', '2019-03-10']);
    expect(weeks.bookings).toEqual([0, 0, 3, 1]);
    expect(weeks.revenue).toEqual([0, 0, 100, 200]);
    const months = await caller.admin.stats({ from: '2019-01-15', to: '2019-03-31', granularity: 'month' });
    expect(months.periods).toEqual(['2019-01-01', '2019-02-01', '2019-03-01']);
    // The whole of March now: the booking made at 00:30 on 11 March (Riyadh) counts too.
    expect(months.bookings).toEqual([0, 0, 5]);
    expect(months.total.revenue).toBe(300);
  });

  it('refuses a range that ends before it starts or has too many periods, and anyone but the admin', async () => {
    const caller = await callerFor(database.db, admin);
    expect((await refusal(caller.admin.stats({ from: '2019-03-10', to: '2019-03-01', granularity: 'day' }))).code).toBe('BAD_REQUEST');
    expect((await refusal(caller.admin.stats({ from: '2015-01-01', to: '2019-03-01', granularity: 'day' }))).code).toBe('BAD_REQUEST');
    for (const user of [customer, jeddahLab]) {
      const refused = await refusal(
        (await callerFor(database.db, user)).admin.stats({ from: '2019-03-01', to: '2019-03-10', granularity: 'day' }),
      );
      expect(refused).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    }
  });
});

describe('lab.stats', () => {
  it('shows a lab only its own bookings: per period, by weekday and hour of the appointment, its top tests', async () => {
    const stats = await (await callerFor(database.db, jeddahLab)).lab.stats({ from: '2019-03-01', to: '2019-03-10', granularity: 'day' });
    expect(stats.periods).toEqual(days(1, 10));
    expect(stats.bookings).toEqual([0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(stats.revenue).toEqual([0, 0, 0, 100, 0, 0, 0, 0, 0, 0]);
    expect(stats.total).toEqual({ bookings: 3, revenue: 100 });
    // Wednesday 09:00 and 09:30, Thursday 16:00 (Riyadh).
    expect(stats.weekdays).toEqual([0, 0, 0, 2, 1, 0, 0]);
    expect(stats.hours[9]).toBe(2);
    expect(stats.hours[16]).toBe(1);
    expect(stats.hours.reduce((sum, value) => sum + value, 0)).toBe(3);
    expect(stats.topTests).toEqual([expect.objectContaining({ testId: jeddahTest.testId, bookings: 3, revenue: 100 })]);

    const other = await (await callerFor(database.db, riyadhLab)).lab.stats({ from: '2019-03-01', to: '2019-03-10', granularity: 'month' });
    expect(other.periods).toEqual(['2019-03-01']);
    expect(other.total).toEqual({ bookings: 1, revenue: 200 });
    expect(other.topTests.map((test) => test.testId)).toEqual([riyadhTest.testId]);
  });

  it('refuses the admin, a customer and a lab not yet approved', async () => {
    const pending = await createTestUser(database.db, 'lab', { approved: false });
    const input = { from: '2019-03-01', to: '2019-03-10', granularity: 'day' } as const;
    expect(await refusal((await callerFor(database.db, admin)).lab.stats(input))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect(await refusal((await callerFor(database.db, customer)).lab.stats(input))).toEqual({ code: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    expect(await refusal((await callerFor(database.db, pending)).lab.stats(input))).toEqual({
      code: 'FORBIDDEN',
      appCode: 'LAB_NOT_APPROVED',
    });
  });
});
