import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { bookingDetails } from '../../db/booking-details.ts';
import { labBookingMatches } from '../../db/booking-search.ts';
import { containing } from '../../db/keyset-page.ts';
import type { BookingStatus, Database } from '../../db/schema.ts';
import { bookingMatches, storeOrderMatches } from '../../db/transaction-search.ts';

/**
 * The rows of the CSV exports, a batch at a time, newest first by (created_at, id): each batch starts
 * strictly after the last row of the one before (a keyset, to the microsecond), so rows written while
 * the file streams (newer, hence before the first one) neither repeat nor push rows out, and no
 * connection is held between batches (PGlite has one).
 */

export interface ExportCursor {
  /** created_at to the microsecond, as `cursor_at` gives it. */
  createdAt: string;
  id: string;
}

export interface ExportFilter {
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

const RIYADH = 'Asia/Riyadh';
/** An instant as a Riyadh wall-clock time a spreadsheet reads as a date ('2026-07-01 14:30'). */
const riyadhTime = (column: Expression<unknown>) => sql<string | null>`to_char(${column} at time zone ${RIYADH}, 'YYYY-MM-DD HH24:MI')`;
const cursorAt = (column: Expression<unknown>) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const sinceDay = (column: Expression<unknown>, day: string) => sql<SqlBool>`${column} >= (${day}::date)::timestamp at time zone ${RIYADH}`;
const untilDay = (column: Expression<unknown>, day: string) =>
  sql<SqlBool>`${column} < (${day}::date + 1)::timestamp at time zone ${RIYADH}`;
const after = (createdAt: Expression<unknown>, id: Expression<unknown>, cursor: ExportCursor) =>
  sql<SqlBool>`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;

/** Bookings with their test, lab, customer (profile and account) and checkout: what both booking files read. */
function bookingsWithParties(db: Kysely<Database>) {
  return bookingDetails(db)
    .innerJoin('user_profiles as customer', 'customer.id', 'bookings.customer_id')
    .innerJoin('users as account', 'account.id', 'bookings.customer_id')
    .leftJoin('checkouts as co', 'co.id', 'bookings.checkout_id');
}

/** How the booking files name the tables a booking search reads. */
const EXPORT_BOOKING_TABLES = { booking: 'bookings', test: 'tests', customer: 'customer', patient: 'family_members' };

/** Bookings with what the admin's list and a lab's list show of them; a lab's own only when `labId` is given. */
export function bookingExportBatch(
  db: Kysely<Database>,
  filter: ExportFilter & { labId?: string | undefined; status?: BookingStatus | undefined },
  cursor: ExportCursor | null,
  limit: number,
) {
  let query = bookingsWithParties(db)
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.total_price_halalas',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.city as lab_city',
      'customer.name as customer_name',
      'account.email as customer_email',
      'account.phone as customer_phone',
      'family_members.name as patient_name',
      'co.payment_provider',
      'co.payment_reference',
    ])
    .select((eb) => [
      riyadhTime(eb.ref('bookings.created_at')).as('created_local'),
      // The appointment in the lab's own zone, as the lab's list shows it.
      sql<string>`to_char(bookings.booking_time at time zone labs.time_zone, 'YYYY-MM-DD HH24:MI')`.as('appointment_local'),
      riyadhTime(eb.ref('bookings.completed_at')).as('completed_local'),
      riyadhTime(eb.ref('bookings.cancelled_at')).as('cancelled_local'),
      cursorAt(eb.ref('bookings.created_at')).as('cursor_at'),
      eb
        .selectFrom('payment_refunds as r')
        .whereRef('r.booking_id', '=', 'bookings.id')
        .select(sql<number>`coalesce(sum(r.amount_halalas), 0)::int`.as('n'))
        .as('refunded_halalas'),
      eb
        .selectFrom('result_files as rf')
        .whereRef('rf.booking_id', '=', 'bookings.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('result_count'),
    ]);
  if (filter.labId) query = query.where('lab_tests.lab_id', '=', filter.labId);
  if (filter.status) query = query.where('bookings.status', '=', filter.status);
  if (filter.from) query = query.where((eb) => sinceDay(eb.ref('bookings.created_at'), filter.from!));
  if (filter.to) query = query.where((eb) => untilDay(eb.ref('bookings.created_at'), filter.to!));
  if (filter.q) {
    const q = filter.q;
    const pattern = containing(q);
    // A lab finds in its file what it finds in its list; the admin, who sees contact details, also by those.
    query = query.where((eb) =>
      filter.labId
        ? labBookingMatches(q, EXPORT_BOOKING_TABLES)
        : eb.or([
            labBookingMatches(q, EXPORT_BOOKING_TABLES),
            eb('account.email', 'ilike', pattern),
            eb('account.phone', 'ilike', pattern),
          ]),
    );
  }
  if (cursor) query = query.where((eb) => after(eb.ref('bookings.created_at'), eb.ref('bookings.id'), cursor));
  return query.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc').limit(limit).execute();
}

/**
 * The admin's transactions: bookings and store orders (every status, as the list shows them) in one
 * list, newest first, each kind's own keyset condition pushed into its half.
 */
export function transactionExportBatch(
  db: Kysely<Database>,
  filter: ExportFilter & { kind: 'all' | 'booking' | 'store_order' },
  cursor: ExportCursor | null,
  limit: number,
) {
  let bookings = bookingsWithParties(db).select([
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
    sql<number>`(select coalesce(sum(r.amount_halalas), 0)::int from payment_refunds r where r.booking_id = bookings.id)`.as(
      'refunded_minor',
    ),
  ]);
  let orders = db
    .selectFrom('store_orders as o')
    .leftJoin('user_profiles as buyer', 'buyer.id', 'o.user_id')
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
      sql<string | null>`null`.as('payment_provider'),
      'o.payment_reference',
      sql<number>`case when o.refunded_at is not null then o.total_cents else 0 end`.as('refunded_minor'),
    ]);
  if (filter.from) {
    bookings = bookings.where((eb) => sinceDay(eb.ref('bookings.created_at'), filter.from!));
    orders = orders.where((eb) => sinceDay(eb.ref('o.created_at'), filter.from!));
  }
  if (filter.to) {
    bookings = bookings.where((eb) => untilDay(eb.ref('bookings.created_at'), filter.to!));
    orders = orders.where((eb) => untilDay(eb.ref('o.created_at'), filter.to!));
  }
  if (filter.q) {
    bookings = bookings.where(bookingMatches(filter.q));
    orders = orders.where(storeOrderMatches(filter.q));
  }
  if (cursor) {
    bookings = bookings.where((eb) => after(eb.ref('bookings.created_at'), eb.ref('bookings.id'), cursor));
    orders = orders.where((eb) => after(eb.ref('o.created_at'), eb.ref('o.id'), cursor));
  }
  // Each half sorted and cut to the batch before they meet: the union is at most twice a batch.
  const halves =
    filter.kind === 'booking'
      ? bookings.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc').limit(limit)
      : filter.kind === 'store_order'
        ? orders.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit)
        : db
            .selectFrom(bookings.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc').limit(limit).as('bk'))
            .selectAll()
            .unionAll(db.selectFrom(orders.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).as('od')).selectAll());
  return db
    .selectFrom(halves.as('tx'))
    .selectAll()
    .select((eb) => [riyadhTime(eb.ref('tx.created_at')).as('created_local'), cursorAt(eb.ref('tx.created_at')).as('cursor_at')])
    .orderBy('tx.created_at', 'desc')
    .orderBy('tx.id', 'desc')
    .limit(limit)
    .execute();
}
