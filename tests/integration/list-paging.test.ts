import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

/**
 * The admin's paged lists (keyset cursors, ADR 0035) over 10,000 rows: walking every page gives every
 * row once, rows added between pages neither repeat nor push older ones out, `q` filters, and only
 * an admin is answered.
 */

let database: TestDatabase;
let admin: TestUser;
let lab: TestUser;
let customer: TestUser;
let labTestId: number;
const ROWS = 10_000;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  lab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer', { name: 'Paging Buyer' });
  ({ labTestId } = await offerTest(database.db, lab.id));
  // 10,000 accounts in one statement: seven share each instant and twenty each name, so the id breaks ties.
  await sql`
    with added as (
      insert into users (email, phone)
      select 'bulk' || n || '@paging.test', '+9665' || lpad(n::text, 8, '0') from generate_series(1, ${ROWS}) as n
      returning id, email
    )
    insert into user_profiles (id, name, user_type, created_at)
    select id, 'Pager ' || lpad((substring(email from 'bulk(\\d+)@')::int % 500)::text, 3, '0'), 'customer',
           now() - interval '1 day' - (substring(email from 'bulk(\\d+)@')::int / 7) * interval '1 second'
    from added`.execute(database.db);
  // 10,000 bookings of one customer, three made at an instant (each for its own time: ADR 0064).
  await sql`
    insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status, created_at)
    select ${customer.id}::uuid, ${labTestId}::int, now() + interval '3 days' + n * interval '1 minute', 10000, 'confirmed',
           now() - interval '1 day' - (n / 3) * interval '1 second'
    from generate_series(1, ${ROWS}) as n`.execute(database.db);
}, 120_000);
afterAll(() => database.close());

const as = (user?: TestUser) => callerFor(database.db, user);

async function addUsers(count: number, createdAt: string) {
  await sql`
    with added as (
      insert into users (email) select 'late' || gen_random_uuid() || '@paging.test' from generate_series(1, ${count})
      returning id
    )
    insert into user_profiles (id, name, user_type, created_at)
    select id, 'Pager 250', 'customer', ${createdAt}::timestamptz from added`.execute(database.db);
}

describe('admin.users, paged', () => {
  for (const sort of ['newest', 'oldest', 'name'] as const) {
    it(`walks all ${ROWS} accounts by ${sort}, each once, while accounts are added between pages`, async () => {
      const caller = await as(admin);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await caller.admin.users({ q: 'bulk', sort, limit: 100, cursor });
        expect(page.items.length).toBeLessThanOrEqual(100);
        seen.push(...page.items.map((user) => user.id));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
        // Between pages: accounts newer than any, older than any and, by name, in the middle of the list.
        if (pages === 3) {
          await addUsers(3, new Date().toISOString());
          await addUsers(3, '2001-01-01T00:00:00Z');
        }
      } while (cursor);
      const bulk = await database.db.selectFrom('users').select('id').where('email', 'like', 'bulk%@paging.test').execute();
      expect(bulk).toHaveLength(ROWS);
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(new Set(bulk.map((row) => row.id)));
      expect(pages).toBe(ROWS / 100);
    }, 120_000);
  }

  it('answers the newest first by default, 25 to a page, and the total the search matches', async () => {
    const page = await (await as(admin)).admin.users({ q: 'Pager 042' });
    expect(page.items).toHaveLength(20);
    expect(page.total).toBe(20);
    expect(page.nextCursor).toBeNull();
    expect(page.items.every((user) => user.name === 'Pager 042')).toBe(true);
    const times = page.items.map((user) => user.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await (await as(admin)).admin.users({ q: 'paging.test' });
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
  });

  it('finds an account by its phone and by part of its e-mail, with wildcards taken literally', async () => {
    const caller = await as(admin);
    const byPhone = await caller.admin.users({ q: '+966500001234' });
    expect(byPhone.items.map((user) => user.email)).toEqual(['bulk1234@paging.test']);
    const byMail = await caller.admin.users({ q: 'BULK9999@' });
    expect(byMail.items.map((user) => user.email)).toEqual(['bulk9999@paging.test']);
    expect((await caller.admin.users({ q: 'bulk%@' })).items).toEqual([]);
    expect((await caller.admin.users({ q: 'bulk', role: 'lab' })).items).toEqual([]);
  });

  it('refuses a cursor it did not make, or one made for another order', async () => {
    const caller = await as(admin);
    const byName = await caller.admin.users({ q: 'bulk', sort: 'name', limit: 5 });
    expect(await refusal(caller.admin.users({ q: 'bulk', sort: 'newest', cursor: byName.nextCursor! }))).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION_FAILED',
    });
    expect(await refusal(caller.admin.users({ cursor: 'not-a-cursor' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await refusal(caller.admin.users({ limit: 101 }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers nobody but an admin', async () => {
    for (const [user, code] of [
      [undefined, 'UNAUTHORIZED'],
      [customer, 'FORBIDDEN'],
      [lab, 'FORBIDDEN'],
    ] as const) {
      expect(await refusal((await as(user)).admin.users({ q: 'bulk' }))).toMatchObject({ code });
    }
  });
});

describe('admin.transactions, paged', () => {
  for (const sort of ['newest', 'oldest'] as const) {
    it(`walks all ${ROWS} bookings of a customer ${sort} first, each once, while bookings are added between pages`, async () => {
      const caller = await as(admin);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await caller.admin.transactions({ q: customer.email, sort, limit: 100, cursor });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
        if (pages === 2) {
          await sql`
            insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status, created_at)
            select ${customer.id}::uuid, ${labTestId}::int, now() + interval '4 days' + n * interval '1 minute', 10000, 'confirmed', t
            from unnest(array[now(), timestamptz '2001-01-01']) with ordinality as x(t, n)`.execute(database.db);
        }
      } while (cursor);
      const older = await database.db
        .selectFrom('bookings')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('created_at', '<', sql<Date>`now() - interval '12 hours'`)
        .where('created_at', '>', new Date('2010-01-01'))
        .execute();
      expect(older).toHaveLength(ROWS);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(older.map((row) => row.id)));
    }, 120_000);
  }

  it('finds store orders by the buyer e-mail and a booking by its reference', async () => {
    const caller = await as(admin);
    const order = await database.db
      .insertInto('store_orders')
      .values({
        user_id: null,
        // A buyer's details come whole or not at all (store_orders_shipping_complete).
        buyer_email: 'walkin@paging.test',
        buyer_name: 'Walk-in',
        buyer_phone: '+966551234567',
        ship_city: 'Riyadh',
        ship_district: 'Al Olaya',
        ship_street: 'King Fahd Road',
        ship_building_number: '2929',
        ship_postal_code: '12211',
        status: 'pending',
        currency: 'sar',
        total_cents: 5_000,
        success_url: 'http://localhost:3000/success',
        cancel_url: 'http://localhost:3000/store',
        reserved_until: new Date(Date.now() + 600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byMail = await caller.admin.transactions({ q: 'walkin@paging' });
    expect(byMail.items.map((item) => [item.kind, item.id])).toEqual([['store_order', order.id]]);
    expect((await caller.admin.transactions({ q: 'walkin@paging', kind: 'booking' })).items).toEqual([]);
    const some = await caller.admin.transactions({ q: customer.email, limit: 1 });
    const reference = some.items[0]!.id.slice(0, 8).toUpperCase();
    const byReference = await caller.admin.transactions({ q: reference });
    expect(byReference.items.map((item) => item.id)).toContain(some.items[0]!.id);
  });

  it('answers nobody but an admin', async () => {
    for (const [user, code] of [
      [undefined, 'UNAUTHORIZED'],
      [customer, 'FORBIDDEN'],
      [lab, 'FORBIDDEN'],
    ] as const) {
      expect(await refusal((await as(user)).admin.transactions({ q: 'a' }))).toMatchObject({ code });
    }
  });
});

describe('admin.labs, paged', () => {
  it(`walks ${ROWS} lab profiles by name, each once, and a licence finds its lab`, async () => {
    await sql`
      with added as (
        insert into users (email) select 'lab' || n || '@paging-labs.test' from generate_series(1, ${ROWS}) as n
        returning id, email
      ), profiles as (
        insert into user_profiles (id, name, user_type, approved)
        select id, 'Paging lab', 'lab', substring(email from 'lab(\\d+)@')::int % 2 = 0 from added
        returning id
      )
      insert into labs (id, lab_name_ar, lab_name_en, license_number)
      select added.id, 'مختبر الصفحات', 'Paging Lab ' || lpad((substring(email from 'lab(\\d+)@')::int % 100)::text, 2, '0'),
             'MOH-PAGE-' || substring(email from 'lab(\\d+)@')
      from added`.execute(database.db);
    const caller = await as(admin);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.admin.labs({ q: 'paging-labs.test', sort: 'name', limit: 100, cursor });
      seen.push(...page.items.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    const pending = await caller.admin.labs({ q: 'paging-labs.test', status: 'pending', limit: 100 });
    expect(pending.items.every((row) => !row.approved)).toBe(true);
    expect((await caller.admin.labs({ q: 'MOH-PAGE-4321' })).items.map((row) => row.email)).toEqual(['lab4321@paging-labs.test']);
    for (const [user, code] of [
      [customer, 'FORBIDDEN'],
      [lab, 'FORBIDDEN'],
    ] as const) {
      expect(await refusal((await as(user)).admin.labs({ q: 'paging' }))).toMatchObject({ code });
    }
  }, 120_000);
});
