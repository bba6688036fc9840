import type { Kysely, Transaction } from 'kysely';
import type { Database, ResultFilesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

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
) {
  return tx.insertInto('result_files').values(file).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** A result file with the three parties who may read it: the booking's customer, its lab (and any admin). */
export function findResultWithParties(db: Db, resultId: string) {
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
      'bookings.customer_id',
      'lab_tests.lab_id',
    ])
    .where('result_files.id', '=', resultId)
    .executeTakeFirst();
}

export function resultsWithDetails(db: Db) {
  return db
    .selectFrom('result_files')
    .innerJoin('bookings', 'bookings.id', 'result_files.booking_id')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
    .select([
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
