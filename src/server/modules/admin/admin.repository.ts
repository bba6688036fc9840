import { type Kysely, sql, type Transaction } from 'kysely';
import type { AdminLabsInput, AdminTestRequestsInput, AdminTransactionsInput, AdminUsersInput } from '../../../shared/list-schemas.ts';
import { bookingDetails } from '../../db/booking-details.ts';
import { containing, type Direction, instantKey, type KeysetKey, keysetAfter } from '../../db/keyset-page.ts';
import type { Database, TestRequestStatus } from '../../db/schema.ts';
import { testRequestMatches } from '../../db/test-request-search.ts';
import { bookingMatches, storeOrderMatches } from '../../db/transaction-search.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The category every approved test request lands in (spec §4, §9). */
export const NEW_TEST_CATEGORY_ID = 1;
export const PLACEHOLDER_DESCRIPTION = { ar: 'سيتم إضافة الوصف لاحقاً', en: 'Description to be added' } as const;

/** Revenue is what completed bookings brought in. */
export async function completedRevenueHalalas(db: Db): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .where('status', '=', 'completed')
    .select(sql<string>`coalesce(sum(total_price_halalas), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The platform's own takings from the ledger (ADR 0041, 0043): the commission and the booking fees of
 * every paid booking, less the Premium discounts it bore, with refunds' reversing rows netted out;
 * and the VAT inside them. Each row keeps the plan of its day, so nothing is recomputed from today's plans.
 */
export async function ledgerRevenueHalalas(db: Db) {
  const row = await db
    .selectFrom('lab_ledger_entries')
    .select([
      sql<string>`coalesce(sum(commission_halalas), 0)`.as('commission'),
      sql<string>`coalesce(sum(booking_fee_halalas), 0)`.as('booking_fees'),
      sql<string>`coalesce(sum(discount_halalas), 0)`.as('discounts'),
      sql<string>`coalesce(sum(platform_vat_halalas), 0)`.as('vat'),
    ])
    .executeTakeFirstOrThrow();
  return {
    commission: Number(row.commission),
    bookingFees: Number(row.booking_fees),
    discounts: Number(row.discounts),
    vat: Number(row.vat),
  };
}

export async function platformCounts(db: Db) {
  const { rows } = await sql<Record<string, string>>`
    select
      (select count(*) from user_profiles where user_type = 'customer') as customers,
      (select count(*) from user_profiles where user_type = 'lab') as labs,
      (select count(*) from user_profiles where user_type = 'lab' and approved) as approved_labs,
      (select count(*) from tests where kind = 'test') as tests,
      (select count(*) from bookings) as bookings,
      (select count(*) from bookings where status = 'confirmed') as confirmed_bookings,
      (select count(*) from bookings where status = 'completed') as completed_bookings,
      (select count(*) from test_requests where status = 'pending') as pending_test_requests,
      (select count(*) from store_orders where status in ('paid', 'fulfilled', 'shipped', 'delivered')) as paid_store_orders`.execute(db);
  const row = rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Record<
    | 'customers'
    | 'labs'
    | 'approved_labs'
    | 'tests'
    | 'bookings'
    | 'confirmed_bookings'
    | 'completed_bookings'
    | 'pending_test_requests'
    | 'paid_store_orders',
    number
  >;
}

/** One page of lab profiles (limit + 1 rows) in the admin's chosen order, after the cursor's row. */
export function labPage(db: Db, input: AdminLabsInput, after: KeysetKey | null) {
  const byName = input.sort === 'name';
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  let query = db
    .selectFrom('user_profiles')
    .innerJoin('labs', 'labs.id', 'user_profiles.id')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .where('user_profiles.user_type', '=', 'lab')
    .select([
      'user_profiles.id',
      'user_profiles.name',
      'user_profiles.approved',
      'user_profiles.created_at',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.license_number',
      'labs.city',
      'labs.phone',
      'users.email',
    ])
    .select(sql<boolean>`users.email_verified_at is not null`.as('email_verified'))
    .select((eb) => instantKey(eb.ref('user_profiles.created_at')).as('cursor_at'));
  if (input.status !== 'all') query = query.where('user_profiles.approved', '=', input.status === 'approved');
  if (input.q) {
    const pattern = containing(input.q);
    query = query.where((eb) =>
      eb.or([
        eb('labs.lab_name_en', 'ilike', pattern),
        eb('labs.lab_name_ar', 'ilike', pattern),
        eb('user_profiles.name', 'ilike', pattern),
        eb('labs.license_number', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
        eb('labs.phone', 'ilike', pattern),
      ]),
    );
  }
  if (after) {
    query = query.where((eb) =>
      byName
        ? keysetAfter(eb.ref('labs.lab_name_en'), eb.ref('user_profiles.id'), direction, after, 'text')
        : keysetAfter(eb.ref('user_profiles.created_at'), eb.ref('user_profiles.id'), direction, after, 'timestamptz'),
    );
  }
  return query
    .orderBy(byName ? 'labs.lab_name_en' : 'user_profiles.created_at', direction)
    .orderBy('user_profiles.id', direction)
    .limit(input.limit + 1)
    .execute();
}

export function lockLabProfile(tx: Transaction<Database>, labId: string) {
  return tx
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .select([
      'user_profiles.id',
      'user_profiles.approved',
      'user_profiles.name',
      'user_profiles.locale',
      'users.email',
      'users.email_verified_at',
    ])
    .where('user_profiles.id', '=', labId)
    .where('user_profiles.user_type', '=', 'lab')
    .forUpdate(['user_profiles'])
    .executeTakeFirst();
}

/** Where a lab's mail goes, in its language. */
export function labMailProfile(db: Kysely<Database> | Transaction<Database>, labId: string) {
  return db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .select(['user_profiles.name', 'user_profiles.locale', 'users.email'])
    .where('user_profiles.id', '=', labId)
    .executeTakeFirst();
}

export async function setApproved(tx: Transaction<Database>, labId: string, approved: boolean) {
  await tx.updateTable('user_profiles').set({ approved, updated_at: new Date() }).where('id', '=', labId).execute();
}

/** Every lab's requests that the admin's search (the test's or the lab's name) and status filter pick. */
function matchingTestRequests(db: Db, input: Pick<AdminTestRequestsInput, 'q' | 'status'>) {
  let query = db.selectFrom('test_requests').innerJoin('labs', 'labs.id', 'test_requests.requested_by_lab_id');
  if (input.status !== 'all') query = query.where('test_requests.status', '=', input.status);
  if (input.q) {
    const pattern = containing(input.q);
    const q = input.q;
    query = query.where((eb) =>
      eb.or([testRequestMatches(q), eb('labs.lab_name_en', 'ilike', pattern), eb('labs.lab_name_ar', 'ilike', pattern)]),
    );
  }
  return query;
}

/** One page of test requests (limit + 1 rows) by when they were sent, after the cursor's row. */
export function testRequestPage(db: Db, input: AdminTestRequestsInput, after: KeysetKey | null) {
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  let query = matchingTestRequests(db, input)
    .select([
      'test_requests.id',
      'test_requests.test_name_ar',
      'test_requests.test_name_en',
      'test_requests.status',
      'test_requests.created_at',
      'test_requests.reviewed_at',
      'test_requests.created_test_id',
      'test_requests.requested_by_lab_id',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .select((eb) => instantKey(eb.ref('test_requests.created_at')).as('cursor_at'));
  if (after) {
    query = query.where((eb) =>
      keysetAfter(eb.ref('test_requests.created_at'), eb.ref('test_requests.id'), direction, after, 'timestamptz', 'integer'),
    );
  }
  return query
    .orderBy('test_requests.created_at', direction)
    .orderBy('test_requests.id', direction)
    .limit(input.limit + 1)
    .execute();
}

/** How many test requests the admin's search and status filter match. */
export async function countTestRequests(db: Db, input: Pick<AdminTestRequestsInput, 'q' | 'status'>): Promise<number> {
  const row = await matchingTestRequests(db, input)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function lockTestRequest(tx: Transaction<Database>, id: number) {
  return tx
    .selectFrom('test_requests')
    .select(['id', 'status', 'test_name_ar', 'test_name_en', 'requested_by_lab_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markReviewed(
  tx: Transaction<Database>,
  id: number,
  status: Exclude<TestRequestStatus, 'pending'>,
  adminId: string,
  at: Date,
) {
  await tx.updateTable('test_requests').set({ status, reviewed_by: adminId, reviewed_at: at }).where('id', '=', id).execute();
}

export function testNameTaken(db: Db, nameEn: string) {
  return db
    .selectFrom('tests')
    .select('id')
    .where('kind', '=', 'test')
    .where(sql<string>`lower(name_en)`, '=', nameEn.toLowerCase())
    .executeTakeFirst();
}

export async function insertPlaceholderTest(tx: Transaction<Database>, names: { nameAr: string; nameEn: string }): Promise<number> {
  const row = await tx
    .insertInto('tests')
    .values({
      category_id: NEW_TEST_CATEGORY_ID,
      name_ar: names.nameAr,
      name_en: names.nameEn,
      description_ar: PLACEHOLDER_DESCRIPTION.ar,
      description_en: PLACEHOLDER_DESCRIPTION.en,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setCreatedTest(tx: Transaction<Database>, requestId: number, testId: number) {
  await tx.updateTable('test_requests').set({ created_test_id: testId }).where('id', '=', requestId).execute();
}

/** One page of accounts (limit + 1 rows) in the admin's chosen order, after the cursor's row. */
export function userPage(db: Db, input: AdminUsersInput, after: KeysetKey | null) {
  const byName = input.sort === 'name';
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  let query = db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.phone',
      'users.is_anonymous',
      'user_profiles.name',
      'user_profiles.user_type',
      'user_profiles.approved',
      'user_profiles.subscription_tier',
      'user_profiles.created_at',
    ])
    .select((eb) => instantKey(eb.ref('user_profiles.created_at')).as('cursor_at'));
  if (input.role) query = query.where('user_profiles.user_type', '=', input.role);
  if (input.q) {
    const pattern = containing(input.q);
    query = query.where((eb) =>
      eb.or([eb('user_profiles.name', 'ilike', pattern), eb('users.email', 'ilike', pattern), eb('users.phone', 'ilike', pattern)]),
    );
  }
  if (after) {
    query = query.where((eb) =>
      byName
        ? keysetAfter(eb.ref('user_profiles.name'), eb.ref('users.id'), direction, after, 'text')
        : keysetAfter(eb.ref('user_profiles.created_at'), eb.ref('users.id'), direction, after, 'timestamptz'),
    );
  }
  return query
    .orderBy(byName ? 'user_profiles.name' : 'user_profiles.created_at', direction)
    .orderBy('users.id', direction)
    .limit(input.limit + 1)
    .execute();
}

/** How many accounts the admin's search and role filter match. */
export function countUsers(db: Db, input: Pick<AdminUsersInput, 'q' | 'role'>) {
  let query = db.selectFrom('users').innerJoin('user_profiles', 'user_profiles.id', 'users.id');
  if (input.role) query = query.where('user_profiles.user_type', '=', input.role);
  if (input.q) {
    const pattern = containing(input.q);
    query = query.where((eb) =>
      eb.or([eb('user_profiles.name', 'ilike', pattern), eb('users.email', 'ilike', pattern), eb('users.phone', 'ilike', pattern)]),
    );
  }
  return query
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/**
 * One page (limit + 1 rows) of bookings and store orders in one list, ordered by (created_at, id):
 * each half filtered, keyed after the cursor and cut to the page before they meet, so the union is
 * at most twice a page.
 */
export function transactionPage(db: Db, input: AdminTransactionsInput, after: KeysetKey | null) {
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  const rows = input.limit + 1;
  let bookings = bookingDetails(db)
    .innerJoin('user_profiles as customer', 'customer.id', 'bookings.customer_id')
    .innerJoin('users as account', 'account.id', 'bookings.customer_id')
    .leftJoin('checkouts as co', 'co.id', 'bookings.checkout_id')
    .leftJoin('gateway_payments as gp', 'gp.id', 'co.payment_reference')
    .select([
      sql<'booking' | 'store_order'>`'booking'`.as('kind'),
      'bookings.id',
      'bookings.created_at',
      sql<string>`bookings.status::text`.as('status'),
      'bookings.total_price_halalas as amount_minor',
      sql<string>`'SAR'`.as('currency'),
      // Typed as the store's half has them (the union takes one row type).
      sql<string | null>`customer.name`.as('customer_name'),
      sql<string | null>`tests.name_ar`.as('test_name_ar'),
      sql<string | null>`tests.name_en`.as('test_name_en'),
      sql<string | null>`labs.lab_name_ar`.as('lab_name_ar'),
      sql<string | null>`labs.lab_name_en`.as('lab_name_en'),
      sql<number>`1`.as('item_count'),
      'co.payment_provider',
      'co.payment_reference',
      sql<string | null>`gp.status::text`.as('payment_status'),
      sql<number>`(select coalesce(sum(r.amount_halalas), 0)::int from payment_refunds r where r.booking_id = bookings.id)`.as(
        'refunded_minor',
      ),
    ]);
  let orders = db
    .selectFrom('store_orders as o')
    .leftJoin('user_profiles as buyer', 'buyer.id', 'o.user_id')
    .leftJoin('gateway_payments as gp', 'gp.id', 'o.payment_reference')
    .select([
      sql<'booking' | 'store_order'>`'store_order'`.as('kind'),
      'o.id',
      'o.created_at',
      sql<string>`o.status::text`.as('status'),
      'o.total_cents as amount_minor',
      sql<string>`upper(o.currency)`.as('currency'),
      sql<string | null>`coalesce(buyer.name, o.buyer_name)`.as('customer_name'),
      sql<string | null>`null`.as('test_name_ar'),
      sql<string | null>`null`.as('test_name_en'),
      sql<string | null>`null`.as('lab_name_ar'),
      sql<string | null>`null`.as('lab_name_en'),
      sql<number>`(select coalesce(sum(oi.quantity), 0)::int from store_order_items oi where oi.order_id = o.id)`.as('item_count'),
      // A store order's payment as a booking's: the gateway's id and status (a simulated one has no row there).
      sql<string | null>`case when o.payment_reference is null then null else coalesce(gp.provider, 'simulated') end`.as(
        'payment_provider',
      ),
      'o.payment_reference',
      sql<string | null>`gp.status::text`.as('payment_status'),
      sql<number>`(select coalesce(sum(r.amount_halalas), 0)::int from payment_refunds r where r.store_order_id = o.id)`.as(
        'refunded_minor',
      ),
    ]);
  if (input.q) {
    bookings = bookings.where(bookingMatches(input.q));
    orders = orders.where(storeOrderMatches(input.q));
  }
  if (after) {
    bookings = bookings.where((eb) => keysetAfter(eb.ref('bookings.created_at'), eb.ref('bookings.id'), direction, after, 'timestamptz'));
    orders = orders.where((eb) => keysetAfter(eb.ref('o.created_at'), eb.ref('o.id'), direction, after, 'timestamptz'));
  }
  const bookingHalf = bookings.orderBy('bookings.created_at', direction).orderBy('bookings.id', direction).limit(rows);
  const orderHalf = orders.orderBy('o.created_at', direction).orderBy('o.id', direction).limit(rows);
  const halves =
    input.kind === 'booking'
      ? bookingHalf
      : input.kind === 'store_order'
        ? orderHalf
        : db
            .selectFrom(bookingHalf.as('bk'))
            .selectAll()
            .unionAll(db.selectFrom(orderHalf.as('od')).selectAll());
  return db
    .selectFrom(halves.as('tx'))
    .selectAll()
    .select((eb) => instantKey(eb.ref('tx.created_at')).as('cursor_at'))
    .orderBy('tx.created_at', direction)
    .orderBy('tx.id', direction)
    .limit(rows)
    .execute();
}

/** Which of these bookings have values released to their patient (reading them goes through results.adminReport with a reason). */
export function bookingsWithReleasedValues(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('result_reports')
    .select('result_reports.booking_id')
    .where('result_reports.booking_id', 'in', bookingIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('result_report_versions')
          .select('result_report_versions.id')
          .whereRef('result_report_versions.report_id', '=', 'result_reports.id')
          .where('result_report_versions.status', '!=', 'draft'),
      ),
    )
    .execute();
}

/** The result files of these bookings (their names only: opening one goes through /files/results with a reason). */
export function resultFilesOf(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('result_files')
    .select(['id', 'booking_id', 'file_name'])
    .where('booking_id', 'in', bookingIds)
    .orderBy('created_at')
    .execute();
}
