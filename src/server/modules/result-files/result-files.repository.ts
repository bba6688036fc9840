import { type Kysely, sql, type Transaction } from 'kysely';
import type { LabResultsInput } from '../../../shared/list-schemas.ts';
import type { UserType } from '../../../shared/locale.ts';
import { bookingDetails } from '../../db/booking-details.ts';
import { labBookingMatches } from '../../db/booking-search.ts';
import { containing, type Direction, instantKey, type KeysetKey, keysetAfter } from '../../db/keyset-page.ts';
import type { Database, ResultFilesTable } from '../../db/schema.ts';
import type { Seal } from '../../platform/result-sealing.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The generated types say Buffer (node-postgres' bytea); both drivers take any Uint8Array, and PGlite gives one back.
const bytea = (bytes: Uint8Array) => bytes as Buffer;

/** The booking a result is for, with the lab whose test it is. */
export function findBookingParties(db: Db, bookingId: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .select(['bookings.id', 'bookings.status', 'bookings.customer_id', 'lab_tests.lab_id'])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
}

export function insertResultFile(
  tx: Transaction<Database>,
  file: Pick<ResultFilesTable, 'booking_id' | 'uploaded_by' | 'storage_key' | 'file_name' | 'content_type' | 'size_bytes' | 'sha256'>,
  seal: Seal,
) {
  return tx
    .insertInto('result_files')
    .values({ ...file, ...sealColumns(seal) })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

function sealColumns(seal: Seal) {
  return { seal_version: seal.version, key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey), iv: bytea(seal.iv) };
}

/** A result file with the three parties who may read it: the booking's customer, its lab (and any admin). */
export function findResultWithParties(db: Db, resultId: string) {
  return resultsWithParties(db).where('result_files.id', '=', resultId).executeTakeFirst();
}

/** Every result file of the customer's bookings, oldest first, as findResultWithParties reads one. */
export function customerResultsWithParties(db: Db, customerId: string) {
  return resultsWithParties(db).where('bookings.customer_id', '=', customerId).orderBy('result_files.created_at').execute();
}

function resultsWithParties(db: Db) {
  return db
    .selectFrom('result_files')
    .innerJoin('bookings', 'bookings.id', 'result_files.booking_id')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .select([
      'result_files.id',
      'result_files.booking_id',
      'result_files.storage_key',
      'result_files.file_name',
      'result_files.content_type',
      'result_files.size_bytes',
      'result_files.sha256',
      'result_files.seal_version',
      'result_files.key_id',
      'result_files.wrapped_key',
      'result_files.iv',
      'bookings.customer_id',
      'lab_tests.lab_id',
    ]);
}

export function resultsWithDetails(db: Db) {
  return bookingDetails(db)
    .innerJoin('result_files', 'result_files.booking_id', 'bookings.id')
    .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
    .select([
      'family_members.name as patient_name',
      'result_files.id',
      'result_files.booking_id',
      'result_files.file_name',
      'result_files.content_type',
      'result_files.size_bytes',
      'result_files.created_at',
      'bookings.booking_time',
      'labs.time_zone',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'user_profiles.name as customer_name',
    ]);
}

/** How resultsWithDetails names the tables a booking search reads. */
const RESULT_BOOKING_TABLES = { booking: 'bookings', test: 'tests', customer: 'user_profiles', patient: 'family_members' };

/** The lab's result files its search picks: the booking's (as its bookings list finds it) or the file's name. */
function matchingLabResults(db: Db, labId: string, q: string | undefined) {
  const query = resultsWithDetails(db).where('lab_tests.lab_id', '=', labId);
  return q
    ? query.where((eb) => eb.or([labBookingMatches(q, RESULT_BOOKING_TABLES), eb('result_files.file_name', 'ilike', containing(q))]))
    : query;
}

/** One page of the lab's result files (limit + 1 rows) by upload time, after the cursor's row. */
export function labResultPage(db: Db, labId: string, input: LabResultsInput, after: KeysetKey | null) {
  const direction: Direction = input.sort === 'newest' ? 'desc' : 'asc';
  let query = matchingLabResults(db, labId, input.q).select((eb) => instantKey(eb.ref('result_files.created_at')).as('cursor_at'));
  if (after) {
    query = query.where((eb) => keysetAfter(eb.ref('result_files.created_at'), eb.ref('result_files.id'), direction, after, 'timestamptz'));
  }
  return query
    .orderBy('result_files.created_at', direction)
    .orderBy('result_files.id', direction)
    .limit(input.limit + 1)
    .execute();
}

/** How many of the lab's result files its search matches (the columns unread are planned away). */
export async function countLabResults(db: Db, labId: string, q: string | undefined): Promise<number> {
  const row = await db
    .selectFrom(matchingLabResults(db, labId, q).as('matching'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who read, as a `result.read` entry says: a user's role, or a doctor through the patient's share link (ADR 0061). */
export type ReaderRole = UserType | 'doctor';

/**
 * Every read of the customer's results, newest first: the audit log's `result.read` rows for their
 * result files and for their reports' values (who, in which role, when, an admin's reason, a share
 * link's id), with the result and, for a lab, the lab's names.
 */
export function readsOfCustomerResults(db: Db, customerId: string, limit: number) {
  const fileReads = db
    .selectFrom('result_files')
    .innerJoin('bookings', 'bookings.id', 'result_files.booking_id')
    .innerJoin('audit_log', (join) =>
      join
        .on('audit_log.subject_type', '=', 'result_file')
        .on('audit_log.subject_id', '=', sql<string>`result_files.id::text`)
        .on('audit_log.action', '=', 'result.read'),
    )
    .select((eb) => [
      'audit_log.id as audit_id',
      eb.ref('result_files.id').$castTo<string | null>().as('result_id'),
      eb.ref('result_files.file_name').$castTo<string | null>().as('file_name'),
      'result_files.booking_id',
    ])
    .where('bookings.customer_id', '=', customerId);
  const reportReads = db
    .selectFrom('result_reports')
    .innerJoin('bookings', 'bookings.id', 'result_reports.booking_id')
    .innerJoin('audit_log', (join) =>
      join
        .on('audit_log.subject_type', '=', 'result_report')
        .on('audit_log.subject_id', '=', sql<string>`result_reports.id::text`)
        .on('audit_log.action', '=', 'result.read'),
    )
    .select([
      'audit_log.id as audit_id',
      sql<string | null>`null`.as('result_id'),
      sql<string | null>`null`.as('file_name'),
      'result_reports.booking_id',
    ])
    .where('bookings.customer_id', '=', customerId);
  return bookingDetails(db)
    .innerJoin(fileReads.unionAll(reportReads).as('reads'), 'reads.booking_id', 'bookings.id')
    .innerJoin('audit_log', 'audit_log.id', 'reads.audit_id')
    .leftJoin('labs as viewer_lab', 'viewer_lab.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.created_at as viewed_at',
      sql<ReaderRole>`audit_log.details->>'role'`.as('viewer_role'),
      sql<string | null>`audit_log.details->>'reason'`.as('reason'),
      sql<string | null>`audit_log.details->>'shareId'`.as('share_id'),
      'reads.result_id',
      'reads.file_name',
      'reads.booking_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'viewer_lab.lab_name_ar as viewer_lab_name_ar',
      'viewer_lab.lab_name_en as viewer_lab_name_en',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many sealed files each master key wraps, and how many files were stored before sealing. */
export function filesPerKey(db: Db) {
  return db
    .selectFrom('result_files')
    .select(['key_id', (eb) => eb.fn.countAll<string>().as('files')])
    .groupBy('key_id')
    .execute();
}

/** Puts a re-wrapped data key in place, unless the file was re-wrapped meanwhile (then nothing changes). */
export async function replaceWrappedKey(db: Db, id: string, fromKeyId: string, seal: Seal): Promise<boolean> {
  const result = await db
    .updateTable('result_files')
    .set({ key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey) })
    .where('id', '=', id)
    .where('key_id', '=', fromKeyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
