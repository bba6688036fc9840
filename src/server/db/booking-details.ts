import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A booking joined to what names it: its lab's offering (`lab_tests`), the test, the lab and the family member
 * it is for (a left join: none when it is for the account holder). Every query that reads a booking with these
 * starts here and adds its own joins, columns and conditions. The inner joins drop no booking: each follows a
 * foreign key that is never null. Below the modules: booking, lab, results, billing and others compose it.
 */
export function bookingDetails(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .leftJoin('family_members', 'family_members.id', 'bookings.family_member_id');
}

/**
 * Bookings with the names a person reads (test, lab, customer): the one query the customer's, the lab's and
 * the checkout's lists start from, so they show a booking the same way.
 */
export function bookingsWithDetails(db: Kysely<Database> | Transaction<Database>) {
  return bookingDetails(db)
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
