import { type Kysely, sql, type Transaction } from 'kysely';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the analysis needs of each analyte: its code, names, unit, decimals and molar mass. */
export function analytesById(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('analytes')
    .select(['id', 'loinc', 'name_ar', 'name_en', 'unit', 'decimals', 'molar_mass'])
    .where('id', 'in', ids)
    .execute();
}

/** The names of the analytes with these LOINC codes that the catalog holds. */
export function analyteNamesByLoinc(db: Db, loincs: readonly string[]) {
  if (loincs.length === 0) return Promise.resolve([]);
  return db.selectFrom('analytes').select(['loinc', 'name_ar', 'name_en']).where('loinc', 'in', loincs).execute();
}

/**
 * Tests of the catalog that measure these analytes (by LOINC) and that an approved lab offers now,
 * the most specific first (fewest analytes), so a follow-up of ferritin suggests "Ferritin" before a
 * panel that happens to hold it.
 */
export function offeredTestsMeasuring(db: Db, loincs: readonly string[]) {
  if (loincs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tests')
    .innerJoin('test_analytes', 'test_analytes.test_id', 'tests.id')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .select([
      'tests.id',
      'tests.name_ar',
      'tests.name_en',
      'analytes.loinc',
      (eb) =>
        eb
          .selectFrom('test_analytes as every')
          .select((count) => count.fn.countAll<string>().as('n'))
          .whereRef('every.test_id', '=', 'tests.id')
          .as('analyte_count'),
    ])
    .where('analytes.loinc', 'in', loincs)
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
 * these analytes (by LOINC), soonest first: a retest already booked (issue #77 item 11). A cancelled
 * visit or a no-show is not one; one that took place has its own visit and analysis.
 */
export function bookedVisitsMeasuring(
  db: Db,
  person: { customerId: string; familyMemberId: string | null },
  loincs: readonly string[],
  after: Date,
) {
  if (loincs.length === 0) return Promise.resolve([]);
  return bookingDetails(db)
    .innerJoin('test_analytes', 'test_analytes.test_id', 'tests.id')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .select([
      'bookings.id',
      'bookings.booking_time',
      'analytes.loinc',
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
    .where('analytes.loinc', 'in', loincs)
    .orderBy('bookings.booking_time')
    .execute();
}
