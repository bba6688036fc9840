import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, TestRequestStatus } from '../../db/schema.ts';

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

export async function platformCounts(db: Db) {
  const { rows } = await sql<Record<string, string>>`
    select
      (select count(*) from user_profiles where user_type = 'customer') as customers,
      (select count(*) from user_profiles where user_type = 'lab') as labs,
      (select count(*) from user_profiles where user_type = 'lab' and approved) as approved_labs,
      (select count(*) from tests) as tests,
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

/** Every lab profile, awaiting approval first. */
export function listLabs(db: Db) {
  return db
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
    .orderBy('user_profiles.approved')
    .orderBy('user_profiles.created_at', 'desc')
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

export function pendingTestRequests(db: Db) {
  return db
    .selectFrom('test_requests')
    .innerJoin('labs', 'labs.id', 'test_requests.requested_by_lab_id')
    .where('test_requests.status', '=', 'pending')
    .select([
      'test_requests.id',
      'test_requests.test_name_ar',
      'test_requests.test_name_en',
      'test_requests.status',
      'test_requests.created_at',
      'test_requests.requested_by_lab_id',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .orderBy('test_requests.created_at')
    .orderBy('test_requests.id')
    .execute();
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
  return db.selectFrom('tests').select('id').where(sql<string>`lower(name_en)`, '=', nameEn.toLowerCase()).executeTakeFirst();
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

export function listUsers(db: Db, limit: number) {
  return db
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
    .orderBy('user_profiles.created_at', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

export function countUsers(db: Db) {
  return db
    .selectFrom('user_profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export function bookingTransactions(db: Db, limit: number) {
  return (
    db
      .selectFrom('bookings')
      .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
      .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
      .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
      .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
      // What paid for it: the gateway's payment id, what the gateway last said of it, and this booking's refunds.
      .leftJoin('checkouts', 'checkouts.id', 'bookings.checkout_id')
      .leftJoin('gateway_payments', 'gateway_payments.id', 'checkouts.payment_reference')
      .select([
        'bookings.id',
        'bookings.status',
        'bookings.total_price_halalas',
        'bookings.created_at',
        'tests.name_ar as test_name_ar',
        'tests.name_en as test_name_en',
        'labs.lab_name_ar',
        'labs.lab_name_en',
        'user_profiles.name as customer_name',
        'checkouts.payment_provider',
        'checkouts.payment_reference',
        'gateway_payments.status as payment_status',
        (eb) =>
          eb
            .selectFrom('payment_refunds')
            .select((r) => r.fn.coalesce(r.fn.sum<number>('payment_refunds.amount_halalas'), r.lit(0)).as('refunded'))
            .whereRef('payment_refunds.booking_id', '=', 'bookings.id')
            .as('refunded_halalas'),
      ])
      .orderBy('bookings.created_at', 'desc')
      .limit(limit)
      .execute()
  );
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

export function storeOrderTransactions(db: Db, limit: number) {
  return db
    .selectFrom('store_orders')
    .leftJoin('user_profiles', 'user_profiles.id', 'store_orders.user_id')
    .select([
      'store_orders.id',
      'store_orders.status',
      'store_orders.currency',
      'store_orders.total_cents',
      'store_orders.created_at',
      'user_profiles.name as customer_name',
      (eb) =>
        eb
          .selectFrom('store_order_items')
          .whereRef('store_order_items.order_id', '=', 'store_orders.id')
          .select((sub) => sub.fn.coalesce(sub.fn.sum<string>('store_order_items.quantity'), sql<string>`0`).as('q'))
          .as('item_count'),
    ])
    .orderBy('store_orders.created_at', 'desc')
    .limit(limit)
    .execute();
}
