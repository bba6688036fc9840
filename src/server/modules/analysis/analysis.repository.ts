import { type Kysely, sql, type Transaction } from 'kysely';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Tests of the catalog that measure these analytes and that an approved lab offers now,
 * the most specific first (fewest analytes), so a follow-up of ferritin suggests "Ferritin" before a
 * panel that happens to hold it.
 */
export function offeredTestsMeasuring(db: Db, analyteIds: readonly number[]) {
  if (analyteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tests')
    .innerJoin('test_analytes', 'test_analytes.test_id', 'tests.id')
    .select([
      'tests.id',
      'tests.name_ar',
      'tests.name_en',
      'test_analytes.analyte_id',
      (eb) =>
        eb
          .selectFrom('test_analytes as every')
          .select((count) => count.fn.countAll<string>().as('n'))
          .whereRef('every.test_id', '=', 'tests.id')
          .as('analyte_count'),
    ])
    .where('test_analytes.analyte_id', 'in', analyteIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lab_tests')
          .innerJoin('user_profiles as lab', 'lab.id', 'lab_tests.lab_id')
          .select(sql.lit(1).as('one'))
          .whereRef('lab_tests.test_id', '=', 'tests.id')
          .where('lab_tests.is_active', '=', true)
          .where('lab.approved', '=', true),
      ),
    )
    .orderBy('analyte_count')
    .orderBy('tests.id')
    .execute();
}

/**
 * The person's bookings still to come (confirmed, not yet completed) after `after` of tests that measure
 * these analytes, soonest first: a retest already booked (issue #77 item 11). A cancelled
 * visit or a no-show is not one; one that took place has its own visit and analysis.
 */
export function bookedVisitsMeasuring(
  db: Db,
  person: { customerId: string; familyMemberId: string | null },
  analyteIds: readonly number[],
  after: Date,
) {
  if (analyteIds.length === 0) return Promise.resolve([]);
  return bookingDetails(db)
    .innerJoin('test_analytes', 'test_analytes.test_id', 'tests.id')
    .select([
      'bookings.id',
      'bookings.booking_time',
      'test_analytes.analyte_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .where('bookings.customer_id', '=', person.customerId)
    .where((eb) =>
      person.familyMemberId === null
        ? eb('bookings.family_member_id', 'is', null)
        : eb('bookings.family_member_id', '=', person.familyMemberId),
    )
    .where('bookings.status', '=', 'confirmed')
    .where('bookings.booking_time', '>', after)
    .where('test_analytes.analyte_id', 'in', analyteIds)
    .orderBy('bookings.booking_time')
    .execute();
}
