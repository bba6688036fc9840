import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { LabBookingsInput, LabPaymentsInput, LabTestRequestsInput } from '../../../shared/list-schemas.ts';
import { bookingsWithDetails } from '../../db/booking-details.ts';
import { labBookingMatches } from '../../db/booking-search.ts';
import type { LabTests } from '../../db/database.gen.ts';
import { type Direction, instantKey, type KeysetKey, keysetAfter } from '../../db/keyset-page.ts';
import { earnedFrom, labPaidPromoSum, ledgerSum } from '../../db/lab-earnings.ts';
import type { BookingStatus, Database } from '../../db/schema.ts';
import { testRequestMatches } from '../../db/test-request-search.ts';
import { visitHasResults } from '../../db/visit-results.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findLabProfile(db: Db, labId: string) {
  return db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .where('labs.id', '=', labId)
    .select([
      'labs.id',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.license_number',
      'labs.address_ar',
      'labs.address_en',
      'labs.city',
      'labs.latitude',
      'labs.longitude',
      'labs.phone',
      'labs.time_zone',
      'labs.slot_minutes',
      'labs.slot_capacity',
      'labs.prayer_pause_minutes',
      'labs.buffer_minutes',
      'labs.min_notice_minutes',
      'labs.no_show_prepay',
      'labs.ramadan_opens_at',
      'labs.ramadan_closes_at',
      'labs.fasting_until',
      'labs.home_collection_fee_halalas',
      'labs.home_radius_km',
      'labs.home_window_minutes',
      'labs.home_window_capacity',
      'labs.home_opens_at',
      'labs.home_closes_at',
      'labs.promises_punctual_visits',
      'user_profiles.approved',
      'user_profiles.subscription_tier',
    ])
    .executeTakeFirst();
}

export function listWorkingHours(db: Db, labId: string) {
  return db
    .selectFrom('lab_working_hours')
    .select(['weekday', 'opens_at', 'closes_at'])
    .where('lab_id', '=', labId)
    .orderBy('weekday')
    .execute();
}

/** Bookings of the lab's own tests, with how many result files each has, whether it has any result, and when each was last moved. */
export function labBookings(db: Db, labId: string) {
  return bookingsWithDetails(db)
    .where('lab_tests.lab_id', '=', labId)
    .select(['bookings.rescheduled_at', 'family_members.name as patient_name', 'family_members.date_of_birth as patient_date_of_birth'])
    .select(visitHasResults(sql.ref('bookings.id')).as('has_results'))
    .select((eb) =>
      eb
        .selectFrom('result_files')
        .whereRef('result_files.booking_id', '=', 'bookings.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('result_count'),
    );
}

/** How labBookings names the tables a booking search reads. */
const LIST_BOOKING_TABLES = { booking: 'bookings', test: 'tests', customer: 'user_profiles', patient: 'family_members' };

/** The lab's bookings its search and status filter pick, before any order or page. */
function matchingLabBookings(db: Db, labId: string, input: Pick<LabBookingsInput, 'q' | 'status'>) {
  let query = labBookings(db, labId);
  if (input.status !== 'all') query = query.where('bookings.status', '=', input.status);
  if (input.q) query = query.where(labBookingMatches(input.q, LIST_BOOKING_TABLES));
  return query;
}

/** One page of the lab's bookings (limit + 1 rows) by appointment time, after the cursor's row. */
export function labBookingPage(db: Db, labId: string, input: LabBookingsInput, after: KeysetKey | null) {
  const direction: Direction = input.sort === 'latest' ? 'desc' : 'asc';
  let query = matchingLabBookings(db, labId, input).select((eb) => instantKey(eb.ref('bookings.booking_time')).as('cursor_at'));
  if (after) {
    query = query.where((eb) => keysetAfter(eb.ref('bookings.booking_time'), eb.ref('bookings.id'), direction, after, 'timestamptz'));
  }
  return query
    .orderBy('bookings.booking_time', direction)
    .orderBy('bookings.id', direction)
    .limit(input.limit + 1)
    .execute();
}

/** How many of the lab's bookings its search and status filter match (the columns unread are planned away). */
export async function countLabBookings(db: Db, labId: string, input: Pick<LabBookingsInput, 'q' | 'status'>): Promise<number> {
  const row = await db
    .selectFrom(matchingLabBookings(db, labId, input).as('matching'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When a booking was completed; its appointment for one completed before the time was kept, or missed. */
const completedAt = sql<Date>`coalesce(bookings.completed_at, bookings.booking_time)`;

/**
 * The lab's bookings it has earned from (lab-earnings.ts `earnedFrom`: done, missed, or cancelled with what
 * was not refunded) that its search picks; a cancellation refunded whole earned nothing and is left out.
 */
function matchingEarnedBookings(db: Db, labId: string, q: string | undefined) {
  let query = labBookings(db, labId)
    .where(earnedFrom(sql.ref('bookings.status')))
    .where(sql<boolean>`(bookings.status <> 'cancelled' or ${ledgerSum(sql.ref('bookings.id'), 'lab_owed_halalas')} <> 0)`);
  if (q) query = query.where(labBookingMatches(q, LIST_BOOKING_TABLES));
  return query;
}

/**
 * One page of the bookings the lab earned from (limit + 1 rows) by when they were completed, after the
 * cursor's row, each with its ledger's amounts (ADR 0041, 0083): the price, the commission of the day it
 * was paid, the home visit's fee, and what the lab is owed.
 */
export function earnedBookingPage(db: Db, labId: string, input: LabPaymentsInput, after: KeysetKey | null) {
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  const booking = sql.ref('bookings.id');
  let query = matchingEarnedBookings(db, labId, input.q)
    .select('bookings.completed_at')
    .select([
      ledgerSum(booking, 'price_halalas').as('ledger_price_halalas'),
      ledgerSum(booking, 'commission_halalas').as('ledger_commission_halalas'),
      ledgerSum(booking, 'home_visit_halalas').as('ledger_home_visit_halalas'),
      ledgerSum(booking, 'lab_owed_halalas').as('ledger_owed_halalas'),
      labPaidPromoSum(booking).as('ledger_lab_promo_halalas'),
    ])
    .select(instantKey(completedAt).as('cursor_at'));
  if (after) query = query.where(keysetAfter(completedAt, sql.ref('bookings.id'), direction, after, 'timestamptz'));
  return query
    .orderBy(completedAt, direction)
    .orderBy('bookings.id', direction)
    .limit(input.limit + 1)
    .execute();
}

/** How many bookings the lab earned from its search matches. */
export async function countEarnedBookings(db: Db, labId: string, q: string | undefined): Promise<number> {
  const row = await db
    .selectFrom(matchingEarnedBookings(db, labId, q).as('matching'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts and revenue in one pass: today (between two instants), pending (confirmed), completed. */
export async function bookingStats(db: Db, labId: string, todayFrom: Date, todayTo: Date, outcomesSince: Date) {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .where('lab_tests.lab_id', '=', labId)
    .select([
      sql<string>`count(*) filter (where bookings.status <> 'cancelled' and bookings.booking_time >= ${todayFrom} and bookings.booking_time < ${todayTo})`.as(
        'today',
      ),
      sql<string>`count(*) filter (where bookings.status = 'confirmed')`.as('confirmed'),
      sql<string>`count(*) filter (where bookings.status = 'completed')`.as('completed'),
      sql<string>`coalesce(sum(bookings.total_price_halalas) filter (where bookings.status = 'completed'), 0)`.as('revenue_halalas'),
      sql<string>`count(*) filter (where bookings.status in ('completed', 'no_show') and bookings.booking_time >= ${outcomesSince})`.as(
        'visits',
      ),
      // A no-show that has results is a contradiction left from before issue #77 (migration 0078): never counted as missed.
      sql<string>`count(*) filter (where bookings.status = 'no_show' and bookings.booking_time >= ${outcomesSince}
                                     and not ${visitHasResults(sql.ref('bookings.id'))})`.as('no_shows'),
    ])
    .executeTakeFirstOrThrow();
  return {
    today: Number(row.today),
    confirmed: Number(row.confirmed),
    completed: Number(row.completed),
    revenueHalalas: Number(row.revenue_halalas),
    visits: Number(row.visits),
    noShows: Number(row.no_shows),
  };
}

/** The booking with its lab, locked for the caller's transaction. */
export function lockBooking(tx: Transaction<Database>, bookingId: string) {
  return tx
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.booking_time',
      'lab_tests.lab_id',
      visitHasResults(sql.ref('bookings.id')).as('has_results'),
    ])
    .where('bookings.id', '=', bookingId)
    .forUpdate('bookings')
    .executeTakeFirst();
}

export async function setBookingStatus(tx: Transaction<Database>, bookingId: string, status: BookingStatus, at: Date) {
  await tx
    .updateTable('bookings')
    .set(status === 'completed' ? { status, completed_at: at } : { status })
    .where('id', '=', bookingId)
    .execute();
}

export function findTestByNameEn(db: Db, nameEn: string) {
  return db
    .selectFrom('tests')
    .select('id')
    .where('kind', '=', 'test')
    .where(sql<string>`lower(name_en)`, '=', nameEn.toLowerCase())
    .executeTakeFirst();
}

export function findPendingRequest(db: Db, labId: string, nameEn: string) {
  return db
    .selectFrom('test_requests')
    .select('id')
    .where('requested_by_lab_id', '=', labId)
    .where('status', '=', 'pending')
    .where(sql<string>`lower(test_name_en)`, '=', nameEn.toLowerCase())
    .executeTakeFirst();
}

export function insertTestRequest(db: Db, labId: string, nameAr: string, nameEn: string) {
  return db
    .insertInto('test_requests')
    .values({ requested_by_lab_id: labId, test_name_ar: nameAr, test_name_en: nameEn })
    .returning(['id', 'test_name_ar', 'test_name_en', 'status', 'created_at', 'reviewed_at', 'created_test_id'])
    .executeTakeFirstOrThrow();
}

/** The lab's requests its search and status filter pick, before any order or page. */
function matchingTestRequests(db: Db, labId: string, input: Pick<LabTestRequestsInput, 'q' | 'status'>) {
  let query = db.selectFrom('test_requests').where('test_requests.requested_by_lab_id', '=', labId);
  if (input.status !== 'all') query = query.where('test_requests.status', '=', input.status);
  if (input.q) query = query.where(testRequestMatches(input.q));
  return query;
}

/** One page of the lab's requests (limit + 1 rows) by when they were sent, after the cursor's row. */
export function testRequestPage(db: Db, labId: string, input: LabTestRequestsInput, after: KeysetKey | null) {
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  let query = matchingTestRequests(db, labId, input)
    .leftJoin('tests', 'tests.id', 'test_requests.created_test_id')
    .select([
      'test_requests.id',
      'test_requests.test_name_ar',
      'test_requests.test_name_en',
      'test_requests.status',
      'test_requests.created_at',
      'test_requests.reviewed_at',
      'test_requests.created_test_id',
      'tests.name_en as created_test_name_en',
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

/** How many of the lab's requests its search and status filter match. */
export async function countTestRequests(db: Db, labId: string, input: Pick<LabTestRequestsInput, 'q' | 'status'>): Promise<number> {
  const row = await matchingTestRequests(db, labId, input)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listOfferings(db: Db, labId: string) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('categories', 'categories.id', 'tests.category_id')
    .where('lab_tests.lab_id', '=', labId)
    .where('tests.kind', '=', 'test')
    .select([
      'lab_tests.id as lab_test_id',
      'lab_tests.price_halalas',
      'lab_tests.is_active',
      'lab_tests.stated_turnaround_hours',
      'lab_tests.nphies_billing_code',
      'tests.id as test_id',
      'tests.name_ar',
      'tests.name_en',
      'categories.name_ar as category_name_ar',
      'categories.name_en as category_name_en',
    ])
    .orderBy('tests.category_id')
    .orderBy('tests.name_en')
    .execute();
}

/** Catalogue tests the lab does not offer yet, for its "add a test" choice. */
export function listTestsNotOffered(db: Db, labId: string) {
  return db
    .selectFrom('tests')
    .where('tests.kind', '=', 'test')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lab_tests')
            .select('lab_tests.id')
            .whereRef('lab_tests.test_id', '=', 'tests.id')
            .where('lab_tests.lab_id', '=', labId),
        ),
      ),
    )
    .select(['tests.id', 'tests.name_ar', 'tests.name_en'])
    .orderBy('tests.name_en')
    .execute();
}

export function findOffering(db: Db, labTestId: number) {
  // A package's price and sale are its own section's (packages module): its approval decides when it sells.
  return db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select(['lab_tests.id', 'lab_tests.lab_id', 'lab_tests.is_active'])
    .where('lab_tests.id', '=', labTestId)
    .where('tests.kind', '=', 'test')
    .executeTakeFirst();
}

export async function countActiveOfferings(db: Db, labId: string): Promise<number> {
  const row = await db
    .selectFrom('lab_tests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('lab_id', '=', labId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes the offering's price, availability, stated turnaround or NPHIES billing code. */
export async function updateOffering(db: Db, labTestId: number, patch: Updateable<LabTests>) {
  await db.updateTable('lab_tests').set(patch).where('id', '=', labTestId).execute();
}

/** Inserts the offering unless the lab already has that test; undefined means it did. */
export function insertOffering(db: Db, labId: string, testId: number, priceHalalas: number) {
  return db
    .insertInto('lab_tests')
    .values({ lab_id: labId, test_id: testId, price_halalas: priceHalalas })
    .onConflict((oc) => oc.columns(['lab_id', 'test_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function testExists(db: Db, testId: number) {
  return db.selectFrom('tests').select('id').where('id', '=', testId).where('kind', '=', 'test').executeTakeFirst();
}

export interface LabProfileRow {
  lab_name_ar: string;
  lab_name_en: string;
  address_ar: string;
  address_en: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  phone: string;
  slot_minutes: number;
  slot_capacity: number;
  prayer_pause_minutes: number | null;
  buffer_minutes: number;
  min_notice_minutes: number;
  no_show_prepay: boolean;
  ramadan_opens_at: string | null;
  ramadan_closes_at: string | null;
  fasting_until: string | null;
}

export async function updateLabProfile(tx: Transaction<Database>, labId: string, profile: LabProfileRow) {
  await tx
    .updateTable('labs')
    .set({ ...profile, updated_at: new Date() })
    .where('id', '=', labId)
    .execute();
}

export async function updateHomeCollection(
  db: Db,
  labId: string,
  settings: {
    home_collection_fee_halalas: number | null;
    home_radius_km: number;
    home_window_minutes: number;
    home_window_capacity: number;
    home_opens_at: string;
    home_closes_at: string;
  },
) {
  await db
    .updateTable('labs')
    .set({ ...settings, updated_at: new Date() })
    .where('id', '=', labId)
    .execute();
}

/** One opening interval per open weekday; a closed day has no row. */
export async function replaceWorkingHours(
  tx: Transaction<Database>,
  labId: string,
  days: { weekday: number; opens_at: string; closes_at: string }[],
) {
  await tx.deleteFrom('lab_working_hours').where('lab_id', '=', labId).execute();
  if (days.length > 0) {
    await tx
      .insertInto('lab_working_hours')
      .values(days.map((day) => ({ lab_id: labId, ...day })))
      .execute();
  }
}
