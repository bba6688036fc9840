import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, offerTest, refusal } from '../setup/dashboard-fixtures.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let admin: TestUser;
let lab: TestUser;
let customer: TestUser;
let labTestId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  lab = await createTestUser(database.db, 'lab', { approved: true });
  customer = await createTestUser(database.db, 'customer');
  ({ labTestId } = await offerTest(database.db, lab.id));
});
afterAll(() => database.close());

const as = (user?: TestUser) => callerFor(database.db, user);

async function newRequest(nameEn: string, nameAr = 'تحليل جديد') {
  return (await as(lab)).lab.requestTest({ nameAr, nameEn });
}

function auditEntries(subjectType: string, subjectId: string | number) {
  return database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'details', 'created_at'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
}

describe('who reaches the admin dashboard', () => {
  it('refuses visitors, customers and labs on every admin procedure', async () => {
    for (const [user, expected] of [
      [undefined, { code: 'UNAUTHORIZED', appCode: 'UNAUTHENTICATED' }],
      [customer, { code: 'FORBIDDEN', appCode: 'FORBIDDEN' }],
      [lab, { code: 'FORBIDDEN', appCode: 'FORBIDDEN' }],
    ] as const) {
      const caller = await as(user);
      const calls = {
        overview: () => caller.admin.overview(),
        totalRevenue: () => caller.admin.totalRevenue(),
        labs: () => caller.admin.labs(),
        setLabApproval: () => caller.admin.setLabApproval({ labId: lab.id, approved: false }),
        testRequests: () => caller.admin.testRequests(),
        reviewTestRequest: () => caller.admin.reviewTestRequest({ id: 1, decision: 'approved' }),
        users: () => caller.admin.users(),
        transactions: () => caller.admin.transactions(),
      };
      for (const [name, call] of Object.entries(calls)) expect(await refusal(call()), name).toEqual(expected);
    }
    const still = await database.db.selectFrom('user_profiles').select('approved').where('id', '=', lab.id).executeTakeFirstOrThrow();
    expect(still.approved).toBe(true);
  });
});

describe('revenue', () => {
  it('equals the sum of completed bookings, with two decimals, in the overview too', async () => {
    await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'completed', priceHalalas: 12_345 });
    await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'confirmed', priceHalalas: 99_999 });
    await insertBooking(database.db, { customerId: customer.id, labTestId, status: 'cancelled', priceHalalas: 77_777 });
    const { rows } = await sql<{
      total: string;
    }>`select coalesce(sum(total_price_halalas), 0) as total from bookings where status = 'completed'`.execute(database.db);
    const expected = Number(rows[0]!.total) / 100;
    const caller = await as(admin);
    expect(await caller.admin.totalRevenue()).toBe(expected);
    const overview = await caller.admin.overview();
    expect(overview.total_revenue).toBe(expected);
    expect(Number.isInteger(Math.round(overview.total_revenue * 100))).toBe(true);
    expect(overview.counts.completed_bookings).toBeGreaterThanOrEqual(1);
    expect(overview.counts.pending_labs).toBe(overview.counts.labs - overview.counts.approved_labs);
  });
});

describe('labs', () => {
  it('lists lab profiles with their license number, the pending ones alone when asked', async () => {
    const pending = await createTestUser(database.db, 'lab', { approved: false });
    await database.db.updateTable('labs').set({ license_number: 'MOH-LAB-55501' }).where('id', '=', pending.id).execute();
    const caller = await as(admin);
    const { items: labs } = await caller.admin.labs({ limit: 100 });
    expect(labs.find((row) => row.id === pending.id)).toMatchObject({ approved: false, license_number: 'MOH-LAB-55501' });
    expect(labs.some((row) => row.id === lab.id)).toBe(true);
    const waiting = await caller.admin.labs({ status: 'pending', limit: 100 });
    expect(waiting.items.every((row) => !row.approved)).toBe(true);
    expect(waiting.items.map((row) => row.id)).toContain(pending.id);
    const byLicence = await caller.admin.labs({ q: 'MOH-LAB-55501' });
    expect(byLicence.items.map((row) => row.id)).toEqual([pending.id]);
    expect((await caller.admin.labs({ q: 'MOH-LAB-55501', status: 'approved' })).items).toEqual([]);
  });

  it('approves a lab, whose next request reaches the gated procedures; reject keeps it listed; both are audited', async () => {
    const pending = await createTestUser(database.db, 'lab', { approved: false });
    expect(await refusal((await as(pending)).lab.offerings())).toEqual({ code: 'FORBIDDEN', appCode: 'LAB_NOT_APPROVED' });

    await (await as(admin)).admin.setLabApproval({ labId: pending.id, approved: true });
    await expect((await as(pending)).lab.offerings()).resolves.toEqual([]);

    await (await as(admin)).admin.setLabApproval({ labId: pending.id, approved: false });
    expect(await refusal((await as(pending)).lab.offerings())).toEqual({ code: 'FORBIDDEN', appCode: 'LAB_NOT_APPROVED' });
    const listed = (await (await as(admin)).admin.labs({ q: pending.email })).items.find((row) => row.id === pending.id);
    expect(listed).toMatchObject({ approved: false });

    const audit = await auditEntries('lab', pending.id);
    expect(audit.map((entry) => entry.action)).toEqual(['lab.approve', 'lab.reject']);
    expect(audit.every((entry) => entry.actor_id === admin.id)).toBe(true);
  });

  it('refuses to approve something that is not a lab', async () => {
    expect(await refusal((await as(admin)).admin.setLabApproval({ labId: customer.id, approved: true }))).toEqual({
      code: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
  });
});

describe('test requests', () => {
  it("lists pending requests with the requesting lab's name", async () => {
    const request = await newRequest('Ferritin Extended');
    const pending = await (await as(admin)).admin.testRequests({ q: 'ferritin ext' });
    expect(pending.items.find((row) => row.id === request.id)).toMatchObject({
      test_name_en: 'Ferritin Extended',
      lab_name_en: 'Test Lab',
      lab_name_ar: 'مختبر الاختبار',
      status: 'pending',
    });
  });

  it('approving creates the test under category 1 with placeholder descriptions, with the status change', async () => {
    const request = await newRequest('Anti-CCP Antibodies', 'أجسام مضادة للببتيد السيتروليني');
    const before = Date.now();
    const result = await (await as(admin)).admin.reviewTestRequest({ id: request.id, decision: 'approved' });
    const test = await database.db.selectFrom('tests').selectAll().where('name_en', '=', 'Anti-CCP Antibodies').executeTakeFirstOrThrow();
    expect(test).toMatchObject({
      category_id: 1,
      name_ar: 'أجسام مضادة للببتيد السيتروليني',
      description_ar: 'سيتم إضافة الوصف لاحقاً',
      description_en: 'Description to be added',
    });
    expect(result).toMatchObject({ status: 'approved', created_test_id: test.id });
    const row = await database.db.selectFrom('test_requests').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', created_test_id: test.id, reviewed_by: admin.id });
    expect(row.reviewed_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The test page finds it, and the request has left the pending list.
    await expect((await as()).catalog.test({ nameEn: 'Anti-CCP Antibodies' })).resolves.toMatchObject({ id: test.id });
    expect((await (await as(admin)).admin.testRequests({ q: 'Anti-CCP' })).items.some((pending) => pending.id === request.id)).toBe(false);
    const approved = await (await as(admin)).admin.testRequests({ q: 'Anti-CCP', status: 'approved' });
    expect(approved.items.find((row) => row.id === request.id)).toMatchObject({ status: 'approved', created_test_id: test.id });
    expect((await auditEntries('test_request', request.id)).map((entry) => entry.action)).toEqual(['test_request.approve']);
  });

  it('rejecting sets the status and reviewed_at and creates no test', async () => {
    const request = await newRequest('Unlisted Marker');
    await (await as(admin)).admin.reviewTestRequest({ id: request.id, decision: 'rejected' });
    const row = await database.db.selectFrom('test_requests').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', created_test_id: null });
    expect(row.reviewed_at).toBeInstanceOf(Date);
    expect(await database.db.selectFrom('tests').select('id').where('name_en', '=', 'Unlisted Marker').executeTakeFirst()).toBeUndefined();
    expect((await auditEntries('test_request', request.id)).map((entry) => entry.action)).toEqual(['test_request.reject']);
    // A reviewed request is not reviewed again.
    expect(await refusal((await as(admin)).admin.reviewTestRequest({ id: request.id, decision: 'approved' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'TEST_REQUEST_REVIEWED',
    });
  });

  async function expectUntouched(requestId: number, testsBefore: number) {
    const row = await database.db.selectFrom('test_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', reviewed_at: null, reviewed_by: null, created_test_id: null });
    const tests = await database.db
      .selectFrom('tests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tests.n)).toBe(testsBefore);
    expect(await auditEntries('test_request', requestId)).toEqual([]);
    expect((await (await as(admin)).admin.testRequests({ limit: 100 })).items.some((pending) => pending.id === requestId)).toBe(true);
  }

  const countTests = async () =>
    Number(
      (
        await database.db
          .selectFrom('tests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is atomic: a name that reached the catalogue meanwhile leaves no test and no status change', async () => {
    const request = await newRequest('Homocysteine Plus');
    // The unique name_en is taken after the request was sent.
    await database.db.insertInto('tests').values({ category_id: 2, name_ar: 'هوموسيستين', name_en: 'Homocysteine Plus' }).execute();
    const testsBefore = await countTests();
    expect(await refusal((await as(admin)).admin.reviewTestRequest({ id: request.id, decision: 'approved' }))).toEqual({
      code: 'CONFLICT',
      appCode: 'TEST_ALREADY_EXISTS',
    });
    await expectUntouched(request.id, testsBefore);
  });

  it('is atomic: the database failing the test insert rolls back the status change', async () => {
    const request = await newRequest('Failing Insert Marker');
    // A trigger makes the insert itself fail, after the status has already been updated in the transaction.
    await sql`create function refuse_failing_marker() returns trigger language plpgsql as $$
      begin
        if new.name_en = 'Failing Insert Marker' then raise exception 'forced failure'; end if;
        return new;
      end $$`.execute(database.db);
    await sql`create trigger refuse_failing_marker before insert on tests for each row execute function refuse_failing_marker()`.execute(
      database.db,
    );
    try {
      const testsBefore = await countTests();
      const failure = await refusal((await as(admin)).admin.reviewTestRequest({ id: request.id, decision: 'approved' }));
      expect(failure.code).toBe('INTERNAL_SERVER_ERROR');
      await expectUntouched(request.id, testsBefore);
    } finally {
      await sql`drop trigger refuse_failing_marker on tests`.execute(database.db);
      await sql`drop function refuse_failing_marker()`.execute(database.db);
    }
    // Once the database accepts it, the same request approves normally.
    await expect((await as(admin)).admin.reviewTestRequest({ id: request.id, decision: 'approved' })).resolves.toMatchObject({
      status: 'approved',
    });
  });

  it('lets exactly one of two simultaneous approvals of the same request through', async () => {
    const request = await newRequest('Concurrent Marker');
    const [first, second] = [await as(admin), await as(admin)];
    const outcomes = await Promise.allSettled([
      first.admin.reviewTestRequest({ id: request.id, decision: 'approved' }),
      second.admin.reviewTestRequest({ id: request.id, decision: 'approved' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const tests = await database.db.selectFrom('tests').select('id').where('name_en', '=', 'Concurrent Marker').execute();
    expect(tests).toHaveLength(1);
  });
});

describe('users and transactions', () => {
  it('lists users of every role, each role on its own when asked', async () => {
    const caller = await as(admin);
    const users = await caller.admin.users({ limit: 100 });
    expect(users.total).toBeGreaterThanOrEqual(users.items.length);
    for (const role of ['customer', 'lab', 'admin'] as const) {
      const some = await caller.admin.users({ role, limit: 100 });
      expect(some.items.length, role).toBeGreaterThan(0);
      expect(new Set(some.items.map((user) => user.user_type))).toEqual(new Set([role]));
    }
    const mine = await caller.admin.users({ q: customer.email });
    expect(mine.items.map((user) => user.id)).toEqual([customer.id]);
  });

  it('lists bookings and store orders together, newest first', async () => {
    const booking = await insertBooking(database.db, { customerId: customer.id, labTestId, priceHalalas: 4_500 });
    const order = await database.db
      .insertInto('store_orders')
      .values({
        user_id: customer.id,
        status: 'paid',
        currency: 'sar',
        total_cents: 12_900,
        success_url: 'http://localhost:3000/success',
        cancel_url: 'http://localhost:3000/store',
        reserved_until: new Date(Date.now() + 600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { items } = await (await as(admin)).admin.transactions();
    expect(items.find((item) => item.id === booking)).toMatchObject({
      kind: 'booking',
      amount: 45,
      currency: 'SAR',
      customer_name: 'Test customer',
    });
    expect(items.find((item) => item.id === order.id)).toMatchObject({ kind: 'store_order', amount: 129, currency: 'SAR', status: 'paid' });
    const times = items.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
