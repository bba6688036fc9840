import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRowsFor } from '../../seeds/reviews.ts';
import { bookingExportBatch } from '../../src/server/modules/exports/exports.repository.ts';
import { insertBooking, offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

/**
 * A lab's paged lists (keyset cursors, ADR 0035) over thousands of rows: walking every page gives
 * every row once in order, rows added between pages neither repeat nor push older ones out, the
 * filters and the search pick what they say, the total counts them, and a lab pages its own rows only.
 */

let database: TestDatabase;
let lab: TestUser;
let otherLab: TestUser;
let customer: TestUser;
let labTestId: number;
let otherLabTestId: number;
let testNames: { name_ar: string; name_en: string };
const ROWS = 3_000;

beforeAll(async () => {
  database = await openTestDatabase();
  lab = await createTestUser(database.db, 'lab', { approved: true });
  otherLab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer', { name: 'Nora Paging' });
  theAdmin = await createTestUser(database.db, 'admin');
  ({ labTestId } = await offerTest(database.db, lab.id));
  ({ labTestId: otherLabTestId } = await offerTest(database.db, otherLab.id));
  testNames = await database.db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select(['tests.name_ar', 'tests.name_en'])
    .where('lab_tests.id', '=', labTestId)
    .executeTakeFirstOrThrow();
  // Three accounts of one name, each with a son of one name: an appointment instant's three bookings are
  // three people's (one person has one seat of a test at a time, ADR 0064).
  const customers = [customer, await createTestUser(database.db, 'customer', { name: 'Nora Paging' })];
  customers.push(await createTestUser(database.db, 'customer', { name: 'Nora Paging' }));
  const sons = await database.db
    .insertInto('family_members')
    .values(
      customers.map((account) => ({
        account_id: account.id,
        name: 'Fahad Paging',
        date_of_birth: '2015-04-01',
        relation: 'child' as const,
        sex: 'male' as const,
      })),
    )
    .returning(['id', 'account_id'])
    .execute();
  const sonOf = (account: TestUser) => sons.find((son) => son.account_id === account.id)!.id;
  // 3,000 bookings of the lab, three to an appointment instant; every fifth completed, every seventh
  // cancelled, every tenth for the customer's son.
  await sql`
    insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status, family_member_id)
    select (array[${customers[0]!.id}::uuid, ${customers[1]!.id}::uuid, ${customers[2]!.id}::uuid])[n % 3 + 1], ${labTestId}::int,
           timestamptz '2031-01-01T06:00:00Z' + (n / 3) * interval '30 minutes', 10000,
           (case when n % 5 = 0 then 'completed' when n % 7 = 0 then 'cancelled' else 'confirmed' end),
           case when n % 10 = 0 then (array[${sonOf(customers[0]!)}::uuid, ${sonOf(customers[1]!)}::uuid, ${sonOf(customers[2]!)}::uuid])[n % 3 + 1] end
    from generate_series(1, ${ROWS}) as n`.execute(database.db);
  await sql`
    insert into bookings (customer_id, lab_test_id, booking_time, total_price_halalas, status)
    select ${customer.id}::uuid, ${otherLabTestId}::int, timestamptz '2031-01-01T06:00:00Z' + n * interval '1 hour', 10000, 'confirmed'
    from generate_series(1, 40) as n`.execute(database.db);
}, 120_000);
afterAll(() => database.close());

const as = (user?: TestUser) => callerFor(database.db, user);
let theAdmin: TestUser | undefined;
const admin = () => theAdmin!;

async function labBookingIds(labId: string, where: { status?: 'confirmed' | 'completed' | 'cancelled' } = {}) {
  let query = database.db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .select('bookings.id')
    .where('lab_tests.lab_id', '=', labId)
    .where('bookings.booking_time', '>=', new Date('2031-01-01'))
    .where('bookings.booking_time', '<', new Date('2040-01-01'));
  if (where.status) query = query.where('bookings.status', '=', where.status);
  return (await query.execute()).map((row) => row.id);
}

describe('lab.bookings, paged', () => {
  for (const sort of ['latest', 'earliest'] as const) {
    it(`walks all ${ROWS} bookings ${sort} first by appointment, each once, while bookings are added between pages`, async () => {
      const caller = await as(lab);
      const seen: string[] = [];
      const times: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await caller.lab.bookings({ sort, limit: 100, cursor });
        expect(page.items.length).toBeLessThanOrEqual(100);
        for (const item of page.items) {
          seen.push(item.id);
          times.push(item.booking_time);
        }
        cursor = page.nextCursor ?? undefined;
        pages += 1;
        // Between pages: one appointment later than any, one earlier than any (outside the 2031–2039 span walked).
        // Each walk adds its two on a day of its own: one person has one seat of a test at a time (ADR 0064).
        if (pages === 3) {
          const day = sort === 'latest' ? '01' : '02';
          await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime: new Date(`2045-01-${day}T06:00:00Z`) });
          await insertBooking(database.db, { customerId: customer.id, labTestId, bookingTime: new Date(`2030-01-${day}T06:00:00Z`) });
        }
      } while (cursor);
      const ordered = [...times].sort();
      expect(times).toEqual(sort === 'earliest' ? ordered : ordered.reverse());
      expect(new Set(seen).size).toBe(seen.length);
      const expected = await labBookingIds(lab.id);
      expect(expected.length).toBe(ROWS);
      expect(seen).toEqual(expect.arrayContaining(expected));
    }, 120_000);
  }

  it('answers the latest appointment first by default, 25 to a page, with the total its filters match', async () => {
    const page = await (await as(lab)).lab.bookings();
    expect(page.items).toHaveLength(25);
    expect(page.nextCursor).not.toBeNull();
    const times = page.items.map((item) => item.booking_time);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await database.db
      .selectFrom('bookings')
      .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('lab_tests.lab_id', '=', lab.id)
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(all.n));
  });

  it('keeps to one status when asked, walking and counting only those', async () => {
    const caller = await as(lab);
    for (const status of ['completed', 'cancelled'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let total = 0;
      do {
        const page = await caller.lab.bookings({ status, sort: 'earliest', limit: 100, cursor });
        expect(page.items.every((item) => item.status === status)).toBe(true);
        seen.push(...page.items.map((item) => item.id));
        total = page.total;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const expected = await labBookingIds(lab.id, { status });
      expect(new Set(seen)).toEqual(new Set(expected));
      expect(total).toBe(seen.length);
    }
  }, 60_000);

  it('finds bookings by patient, customer, test name in either language and booking number; not by e-mail', async () => {
    const caller = await as(lab);
    const forSon = await caller.lab.bookings({ q: 'fahad pag', limit: 100 });
    expect(forSon.total).toBe(ROWS / 10);
    expect(forSon.items.every((item) => item.patient_name === 'Fahad Paging' && item.for_family_member)).toBe(true);
    expect((await caller.lab.bookings({ q: 'Nora Paging' })).total).toBeGreaterThanOrEqual(ROWS);
    expect((await caller.lab.bookings({ q: testNames.name_en.toUpperCase() })).total).toBeGreaterThanOrEqual(ROWS);
    expect((await caller.lab.bookings({ q: testNames.name_ar })).total).toBeGreaterThanOrEqual(ROWS);
    const one = (await caller.lab.bookings({ limit: 1 })).items[0]!;
    const byNumber = await caller.lab.bookings({ q: one.id.slice(0, 8).toUpperCase() });
    expect(byNumber.items.map((item) => item.id)).toContain(one.id);
    expect((await caller.lab.bookings({ q: one.id })).items.map((item) => item.id)).toEqual([one.id]);
    expect((await caller.lab.bookings({ q: customer.email })).total).toBe(0);
    expect((await caller.lab.bookings({ q: 'Nora%' })).total).toBe(0);
    expect(
      (await caller.lab.bookings({ q: 'fahad', status: 'cancelled', limit: 100 })).items.every((item) => item.status === 'cancelled'),
    ).toBe(true);
  });

  it('finds in the CSV file the very rows its list finds for the same search and status', async () => {
    const caller = await as(lab);
    for (const [q, status] of [
      ['fahad', 'completed'],
      [testNames.name_ar, undefined],
    ] as const) {
      const listed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await caller.lab.bookings({ q, status: status ?? 'all', limit: 100, cursor });
        listed.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const filed = await bookingExportBatch(database.db, { labId: lab.id, q, status }, null, 10_000);
      expect(new Set(filed.map((row) => row.id))).toEqual(new Set(listed));
    }
  }, 60_000);

  it('refuses a cursor it did not make, or one made for the other order', async () => {
    const caller = await as(lab);
    const latest = await caller.lab.bookings({ limit: 5 });
    expect(await refusal(caller.lab.bookings({ sort: 'earliest', cursor: latest.nextCursor! }))).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION_FAILED',
    });
    expect(await refusal(caller.lab.bookings({ cursor: 'not-a-cursor' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await refusal(caller.lab.bookings({ limit: 101 }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("never pages another lab's bookings, not by search, cursor or booking number", async () => {
    const caller = await as(otherLab);
    const mine = new Set(await labBookingIds(lab.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.lab.bookings({ limit: 100, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(40);
    expect(seen.some((id) => mine.has(id))).toBe(false);
    // The first lab's own cursor, handed to the other lab, pages the other lab's rows after that key.
    const theirCursor = (await (await as(lab)).lab.bookings({ limit: 5 })).nextCursor!;
    const afterTheirs = await caller.lab.bookings({ cursor: theirCursor, limit: 100 });
    expect(afterTheirs.items.some((item) => mine.has(item.id))).toBe(false);
    const [someId] = mine;
    expect((await caller.lab.bookings({ q: someId! })).items).toEqual([]);
    expect((await caller.lab.bookings({ q: 'Fahad' })).total).toBe(0);
  });

  it('answers approved labs only', async () => {
    const pendingLab = await createTestUser(database.db, 'lab', { approved: false });
    for (const [user, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [customer, 'FORBIDDEN'],
      [admin(), 'FORBIDDEN'],
      [pendingLab, 'LAB_NOT_APPROVED'],
    ] as const) {
      expect(await refusal((await as(user)).lab.bookings({ q: 'a' }))).toMatchObject({ appCode: code });
    }
  });
});

describe('lab.testRequests and admin.testRequests, paged', () => {
  const REQUESTS = 600;
  let requestIds: number[];

  beforeAll(async () => {
    // Two to an instant; every third approved, every fifth (not third) rejected, the rest pending.
    const rows = await sql<{ id: number }>`
      insert into test_requests (requested_by_lab_id, test_name_ar, test_name_en, status, created_at, reviewed_at)
      select ${lab.id}::uuid, 'مؤشر الصفحات ' || n, 'Paging Marker ' || lpad(n::text, 3, '0'),
             case when n % 3 = 0 then 'approved' when n % 5 = 0 then 'rejected' else 'pending' end,
             timestamptz '2030-06-01T00:00:00Z' + (n / 2) * interval '1 minute',
             case when n % 3 = 0 or n % 5 = 0 then now() end
      from generate_series(1, ${REQUESTS}) as n
      returning id`.execute(database.db);
    requestIds = rows.rows.map((row) => row.id);
    await sql`
      insert into test_requests (requested_by_lab_id, test_name_ar, test_name_en, created_at)
      select ${otherLab.id}::uuid, 'مؤشر آخر ' || n, 'Other Marker ' || n, timestamptz '2030-06-01T00:00:00Z' + n * interval '1 minute'
      from generate_series(1, 30) as n`.execute(database.db);
  }, 60_000);

  async function walk<Item extends { id: number; created_at: string }>(
    read: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null; total: number }>,
  ) {
    const items: Item[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const page = await read(cursor);
      items.push(...page.items);
      total = page.total;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { items, total };
  }

  for (const sort of ['newest', 'oldest'] as const) {
    it(`the lab walks all ${REQUESTS} of its requests ${sort} first, each once, and the total counts them`, async () => {
      const caller = await as(lab);
      const { items, total } = await walk((cursor) => caller.lab.testRequests({ q: 'paging marker', sort, limit: 50, cursor }));
      const ids = items.map((item) => item.id);
      expect(new Set(ids).size).toBe(REQUESTS);
      expect(new Set(ids)).toEqual(new Set(requestIds));
      expect(total).toBe(REQUESTS);
      const times = items.map((item) => item.created_at);
      const ordered = [...times].sort();
      expect(times).toEqual(sort === 'oldest' ? ordered : ordered.reverse());
    }, 60_000);
  }

  it('the lab keeps to one status and finds a request by its Arabic or English name', async () => {
    const caller = await as(lab);
    const approved = await walk((cursor) => caller.lab.testRequests({ status: 'approved', limit: 100, cursor }));
    expect(approved.items.every((item) => item.status === 'approved')).toBe(true);
    expect(approved.total).toBe(REQUESTS / 3);
    const rejected = await caller.lab.testRequests({ status: 'rejected' });
    expect(rejected.total).toBe(REQUESTS / 5 - REQUESTS / 15);
    expect((await caller.lab.testRequests({ q: 'paging marker 042' })).items.map((item) => item.test_name_en)).toEqual([
      'Paging Marker 042',
    ]);
    expect((await caller.lab.testRequests({ q: 'مؤشر الصفحات 599' })).items.map((item) => item.test_name_en)).toEqual([
      'Paging Marker 599',
    ]);
    expect((await caller.lab.testRequests({ q: 'Other Marker' })).total).toBe(0);
    expect((await caller.lab.testRequests({ q: 'marker_0' })).total).toBe(0);
  });

  it("never pages another lab's requests", async () => {
    const { items } = await walk(async (cursor) => (await as(otherLab)).lab.testRequests({ limit: 100, cursor }));
    expect(items).toHaveLength(30);
    expect(items.some((item) => requestIds.includes(item.id))).toBe(false);
  });

  it("the admin's queue is pending requests oldest first; the admin pages every status and searches by lab name too", async () => {
    const caller = await as(admin());
    const queue = await walk((cursor) => caller.admin.testRequests({ q: 'paging marker', limit: 100, cursor }));
    const pending = REQUESTS - REQUESTS / 3 - (REQUESTS / 5 - REQUESTS / 15);
    expect(queue.total).toBe(pending);
    expect(new Set(queue.items.map((item) => item.id)).size).toBe(pending);
    expect(queue.items.every((item) => item.status === 'pending')).toBe(true);
    const times = queue.items.map((item) => item.created_at);
    expect(times).toEqual([...times].sort());
    const everything = await walk((cursor) =>
      caller.admin.testRequests({ q: 'paging marker', status: 'all', sort: 'newest', limit: 100, cursor }),
    );
    expect(new Set(everything.items.map((item) => item.id))).toEqual(new Set(requestIds));
    await database.db.updateTable('labs').set({ lab_name_en: 'Paging Requests Lab' }).where('id', '=', otherLab.id).execute();
    expect(
      (await caller.admin.testRequests({ q: 'paging requests lab', limit: 100 })).items.map((item) => item.requested_by_lab_id),
    ).toEqual(Array(30).fill(otherLab.id));
  });

  it('refuses a cursor made for the other order or naming no request, and answers each side only its own role', async () => {
    const caller = await as(lab);
    const newest = await caller.lab.testRequests({ limit: 2 });
    expect(await refusal(caller.lab.testRequests({ sort: 'oldest', cursor: newest.nextCursor! }))).toMatchObject({
      appCode: 'VALIDATION_FAILED',
    });
    const bookingsCursor = (await caller.lab.bookings({ limit: 1 })).nextCursor!;
    expect(await refusal(caller.lab.testRequests({ cursor: bookingsCursor }))).toMatchObject({ appCode: 'VALIDATION_FAILED' });
    const forged = Buffer.from(JSON.stringify({ sort: 'newest', key: '2030-06-01T00:00:00.000000Z', id: '99999999999' })).toString(
      'base64url',
    );
    expect(await refusal(caller.lab.testRequests({ cursor: forged }))).toMatchObject({ appCode: 'VALIDATION_FAILED' });
    expect(await refusal(caller.admin.testRequests())).toMatchObject({ appCode: 'FORBIDDEN' });
    expect(await refusal((await as(admin())).lab.testRequests())).toMatchObject({ appCode: 'FORBIDDEN' });
  });
});

describe('lab.payments, paged', () => {
  it('walks every completed booking newest completed first, each once, with totals of them all and the commission per row', async () => {
    const caller = await as(lab);
    // Paid as a checkout pays: the figures are the ledger's (ADR 0083).
    const paid = await database.db
      .selectFrom('bookings')
      .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
      .select('bookings.id')
      .where('lab_tests.lab_id', '=', lab.id)
      .where('bookings.status', '=', 'completed')
      .execute();
    await database.db.transaction().execute((tx) =>
      ledgerRowsFor(
        tx,
        paid.map((row) => row.id),
      ),
    );
    const seen: { id: string; completed_at: string | null; total_price: number; commission: number; net: number }[] = [];
    let cursor: string | undefined;
    let last: Awaited<ReturnType<typeof caller.lab.payments>> | undefined;
    do {
      last = await caller.lab.payments({ limit: 100, cursor });
      seen.push(...last.items);
      cursor = last.nextCursor ?? undefined;
    } while (cursor);
    const completed = await database.db
      .selectFrom('bookings')
      .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
      .select(['bookings.id', 'bookings.total_price_halalas'])
      .where('lab_tests.lab_id', '=', lab.id)
      .where('bookings.status', '=', 'completed')
      .execute();
    expect(new Set(seen.map((item) => item.id))).toEqual(new Set(completed.map((row) => row.id)));
    expect(seen).toHaveLength(completed.length);
    expect(last!.total).toBe(completed.length);
    const gross = completed.reduce((sum, row) => sum + row.total_price_halalas, 0) / 100;
    expect(last!.totals.gross).toBeCloseTo(gross, 2);
    expect(last!.totals.commission).toBeCloseTo(
      seen.reduce((sum, item) => sum + item.commission, 0),
      2,
    );
    expect(last!.totals.net).toBeCloseTo(gross - last!.totals.commission, 2);
    expect(seen.every((item) => Math.abs(item.total_price - item.commission - item.net) < 0.001)).toBe(true);
  }, 60_000);

  it('orders by when a booking was completed, finds one by patient or number, and pages no other lab’s', async () => {
    const caller = await as(lab);
    const early = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
    await sql`update bookings set completed_at = '2020-01-01T00:00:00Z' where id = ${early}`.execute(database.db);
    const oldest = await caller.lab.payments({ sort: 'oldest', limit: 1 });
    expect(oldest.items.map((item) => item.id)).toEqual([early]);
    expect(oldest.items[0]!.completed_at).toBe('2020-01-01T00:00:00.000Z');
    const fresh = await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed' });
    // Later than the seeded ones, which count from their appointments (2031 on): they carry no completed_at.
    await sql`update bookings set completed_at = '2050-01-01T00:00:00Z' where id = ${fresh}`.execute(database.db);
    expect((await caller.lab.payments({ limit: 1 })).items.map((item) => item.id)).toEqual([fresh]);
    expect((await caller.lab.payments({ q: fresh })).items.map((item) => item.id)).toEqual([fresh]);
    // A booking whose id starts with the hex letters of "Fahad" (faad) is found by its reference, not by his name.
    const faad = 'faad0000-0000-4000-8000-000000000001';
    await sql`insert into bookings (id, customer_id, lab_test_id, booking_time, total_price_halalas, status)
      values (${faad}::uuid, ${customer.id}::uuid, ${labTestId}::int, '2032-01-01T06:00:00Z', 10000, 'completed')`.execute(database.db);
    expect((await caller.lab.payments({ q: 'TH-FAAD0000' })).items.map((item) => item.id)).toEqual([faad]);
    expect((await caller.lab.payments({ q: 'faad ٠٠٠٠' })).items.map((item) => item.id)).toEqual([faad]);
    const forSon = await caller.lab.payments({ q: 'Fahad', limit: 100 });
    // Every tenth booking is the son's, and every fifth is completed.
    expect(forSon.total).toBe(ROWS / 10);
    expect(forSon.items.every((item) => item.patient_name === 'Fahad Paging' && item.status === 'completed')).toBe(true);
    const theirs = await (await as(otherLab)).lab.payments({ q: fresh });
    expect(theirs.items).toEqual([]);
    expect(theirs.total).toBe(0);
    expect(
      await refusal(caller.lab.payments({ sort: 'oldest', cursor: (await caller.lab.payments({ limit: 1 })).nextCursor! })),
    ).toMatchObject({
      appCode: 'VALIDATION_FAILED',
    });
  });
});

describe('lab.results, paged', () => {
  const FILES = 250;

  beforeAll(async () => {
    // A result file for each of 250 of the lab's bookings (the son's among them), two uploaded to an instant.
    await sql`
      insert into result_files (booking_id, file_name, content_type, size_bytes, sha256, storage_key, uploaded_by, created_at)
      select b.id, 'result-' || b.n || '.pdf', 'application/pdf', 1000, repeat('0', 64), 'paging/' || b.id, ${lab.id}::uuid,
             timestamptz '2030-01-01T00:00:00Z' + (b.n / 2) * interval '1 minute'
      from (
        select bookings.id, row_number() over (order by bookings.booking_time, bookings.id) as n
        from bookings join lab_tests on lab_tests.id = bookings.lab_test_id
        where lab_tests.lab_id = ${lab.id}::uuid and bookings.status = 'completed'
        limit ${FILES}
      ) as b`.execute(database.db);
  }, 60_000);

  for (const sort of ['newest', 'oldest'] as const) {
    it(`walks all ${FILES} result files ${sort} first, each once, and the total counts them`, async () => {
      const caller = await as(lab);
      const seen: { id: string; created_at: string }[] = [];
      let cursor: string | undefined;
      let total = 0;
      do {
        const page = await caller.lab.results({ sort, limit: 40, cursor });
        seen.push(...page.items);
        total = page.total;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toHaveLength(FILES);
      expect(new Set(seen.map((item) => item.id)).size).toBe(FILES);
      expect(total).toBe(FILES);
      const times = seen.map((item) => item.created_at);
      const ordered = [...times].sort();
      expect(times).toEqual(sort === 'oldest' ? ordered : ordered.reverse());
    });
  }

  it("finds a file by its name, its booking's number or its patient, and pages no other lab's", async () => {
    const caller = await as(lab);
    expect((await caller.lab.results({ q: 'RESULT-17.pdf' })).items.map((item) => item.file_name)).toEqual(['result-17.pdf']);
    const one = (await caller.lab.results({ limit: 1 })).items[0]!;
    expect((await caller.lab.results({ q: one.booking_id })).items.map((item) => item.id)).toEqual([one.id]);
    const forSon = await caller.lab.results({ q: 'Fahad Paging', limit: 100 });
    expect(forSon.total).toBeGreaterThan(0);
    expect(forSon.items.every((item) => item.patient_name === 'Fahad Paging')).toBe(true);
    const theirs = await (await as(otherLab)).lab.results({ q: one.booking_id });
    expect(theirs).toEqual({ total: 0, items: [], nextCursor: null });
    expect((await (await as(otherLab)).lab.results()).total).toBe(0);
  });
});
