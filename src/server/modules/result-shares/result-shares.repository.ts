import { type Kysely, sql, type Transaction } from 'kysely';
import { SHARE_WRONG_CODES_MAX } from '../../../shared/result-shares.ts';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the booking has a released report (a version past its draft). */
const hasReleasedReport = sql<boolean>`exists (
  select 1 from result_reports
  join result_report_versions on result_report_versions.report_id = result_reports.id
  where result_reports.booking_id = bookings.id and result_report_versions.status <> 'draft')`;

const fileCount = sql<string>`(select count(*) from result_files where result_files.booking_id = bookings.id)`;

/** The customer's bookings that have something to share: released values or a result file, newest first. */
export function shareableBookings(db: Db, customerId: string) {
  return bookingDetails(db)
    .select([
      'bookings.id',
      'bookings.booking_time',
      'labs.time_zone',
      'family_members.name as patient_name',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      hasReleasedReport.as('has_values'),
      fileCount.as('files'),
    ])
    .where('bookings.customer_id', '=', customerId)
    .where(sql<boolean>`(${hasReleasedReport} or ${fileCount} > 0)`)
    .orderBy('bookings.booking_time', 'desc')
    .orderBy('bookings.id')
    .execute();
}

/** A new share, its expiry counted by the database's clock from its own creation. */
export function insertShare(
  tx: Transaction<Database>,
  share: { id: string; customerId: string; tokenHash: string; codeHash: string | null; days: number },
) {
  return tx
    .insertInto('result_shares')
    .values({
      id: share.id,
      customer_id: share.customerId,
      token_hash: share.tokenHash,
      code_hash: share.codeHash,
      expires_at: sql<Date>`now() + make_interval(days => ${share.days})`,
    })
    .returning(['id', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
}

export async function insertShareBookings(tx: Transaction<Database>, shareId: string, bookingIds: readonly string[]) {
  await tx
    .insertInto('result_share_bookings')
    .values(bookingIds.map((bookingId) => ({ share_id: shareId, booking_id: bookingId })))
    .execute();
}

const SHARE_COLUMNS = [
  'result_shares.id',
  'result_shares.customer_id',
  'result_shares.code_hash',
  'result_shares.wrong_codes',
  'result_shares.locked_at',
  'result_shares.created_at',
  'result_shares.expires_at',
  'result_shares.revoked_at',
  'result_shares.opened_count',
  'result_shares.last_opened_at',
] as const;

/** The customer's shares, newest first; never a hash. */
export function sharesOf(db: Db, customerId: string) {
  return db
    .selectFrom('result_shares')
    .select(SHARE_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The bookings these shares hold, with what names them: test, lab, when, for whom; newest first. */
export function bookingsOfShares(db: Db, shareIds: readonly string[]) {
  if (shareIds.length === 0) return Promise.resolve([]);
  return bookingDetails(db)
    .innerJoin('result_share_bookings', 'result_share_bookings.booking_id', 'bookings.id')
    .select([
      'result_share_bookings.share_id',
      'bookings.id as booking_id',
      'bookings.booking_time',
      'labs.time_zone',
      'family_members.name as patient_name',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .where('result_share_bookings.share_id', 'in', shareIds)
    .orderBy('bookings.booking_time', 'desc')
    .orderBy('bookings.id')
    .execute();
}

/** Revokes one of the customer's shares not revoked yet; undefined when they have no such share. */
export function revokeShare(db: Db, customerId: string, id: string, now: Date) {
  return db
    .updateTable('result_shares')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
}

/** One of the customer's shares, with the link's hash its code is keyed by, locked for update; undefined when they have no such share. */
export function findOwnShareForUpdate(tx: Transaction<Database>, customerId: string, id: string) {
  return tx
    .selectFrom('result_shares')
    .select([...SHARE_COLUMNS, 'result_shares.token_hash'])
    .where('result_shares.id', '=', id)
    .where('result_shares.customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}

/** A new code for a share: its wrong codes are forgotten, and a share they locked opens again. */
export async function setShareCode(tx: Transaction<Database>, id: string, codeHash: string): Promise<void> {
  await tx.updateTable('result_shares').set({ code_hash: codeHash, wrong_codes: 0, locked_at: null }).where('id', '=', id).execute();
}

/** How many bookings a share holds. */
export async function shareBookingCount(db: Db, shareId: string): Promise<number> {
  const row = await db
    .selectFrom('result_share_bookings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('share_id', '=', shareId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The share a link's token hash names, with its patient's name; locked for update inside a transaction when asked. */
export function findShareByTokenHash(db: Db, tokenHash: string, { lock }: { lock: boolean } = { lock: false }) {
  const query = db
    .selectFrom('result_shares')
    .innerJoin('user_profiles', 'user_profiles.id', 'result_shares.customer_id')
    .select(SHARE_COLUMNS)
    .select('user_profiles.name as customer_name')
    .where('result_shares.token_hash', '=', tokenHash);
  return (lock ? query.forUpdate(['result_shares']) : query).executeTakeFirst();
}

/** One more wrong code; the share locks at the last one allowed. Answers the count and the lock. */
export function recordWrongCode(tx: Transaction<Database>, id: string, now: Date) {
  return tx
    .updateTable('result_shares')
    .set((eb) => ({
      wrong_codes: eb('wrong_codes', '+', 1),
      locked_at: sql<Date | null>`case when wrong_codes + 1 >= ${SHARE_WRONG_CODES_MAX} then ${now}::timestamptz else locked_at end`,
    }))
    .where('id', '=', id)
    .returning(['wrong_codes', 'locked_at'])
    .executeTakeFirstOrThrow();
}

export async function recordOpening(tx: Transaction<Database>, id: string, now: Date): Promise<void> {
  await tx
    .updateTable('result_shares')
    .set((eb) => ({ opened_count: eb('opened_count', '+', 1), last_opened_at: now }))
    .where('id', '=', id)
    .execute();
}

/** The reports of these bookings that have a released version: what a doctor's opening reads. */
export function releasedReportsOf(db: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('result_reports')
    .select(['result_reports.id', 'result_reports.booking_id'])
    .where('result_reports.booking_id', 'in', bookingIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('result_report_versions')
          .select(sql.lit(1).as('one'))
          .whereRef('result_report_versions.report_id', '=', 'result_reports.id')
          .where('result_report_versions.status', '<>', 'draft'),
      ),
    )
    .execute();
}
