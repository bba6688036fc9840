import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Bookings with the names a person reads (test, lab, customer): the one query the customer's, the lab's and
 * the checkout's lists start from, so they show a booking the same way. Below the modules: booking and lab
 * both compose it.
 */
export function bookingsWithDetails(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.customer_id',
      'bookings.lab_test_id',
      'bookings.booking_time',
      'bookings.total_price_halalas',
      'bookings.status',
      'bookings.created_at',
      'bookings.collection',
      'bookings.home_address',
      'bookings.home_collection_fee_halalas',
      'bookings.collector_left_at',
      'labs.home_window_minutes',
      'lab_tests.lab_id',
      'tests.id as test_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.address_ar as lab_address_ar',
      'labs.address_en as lab_address_en',
      'labs.time_zone',
      'user_profiles.name as customer_name',
    ]);
}
