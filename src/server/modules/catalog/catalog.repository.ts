import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function listCategories(db: Kysely<Database>) {
  return db
    .selectFrom('categories')
    .leftJoin('tests', (join) => join.onRef('tests.category_id', '=', 'categories.id').on('tests.kind', '=', 'test'))
    .select((eb) => [
      'categories.id',
      'categories.name_ar',
      'categories.name_en',
      'categories.icon',
      'categories.color',
      eb.fn.count<string>('tests.id').as('test_count'),
    ])
    .groupBy('categories.id')
    .orderBy('categories.id')
    .execute();
}

export function findCategoryByNameEn(db: Kysely<Database>, nameEn: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name_ar', 'name_en', 'icon', 'color'])
    .where(sql<string>`lower(name_en)`, '=', nameEn.toLowerCase())
    .executeTakeFirst();
}

const testColumns = [
  'tests.id',
  'tests.category_id',
  'tests.name_ar',
  'tests.name_en',
  'tests.description_ar',
  'tests.description_en',
  'tests.preparation_ar',
  'tests.preparation_en',
  'tests.fasting_hours',
  'tests.sample_type',
  'tests.turnaround_hours',
] as const;

/** Tests with the lowest active price among approved labs ("from … SAR") and how many labs offer them. */
function testsWithPrices(db: Kysely<Database>) {
  return db
    .selectFrom('tests')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('lab_tests')
          .innerJoin('user_profiles', 'user_profiles.id', 'lab_tests.lab_id')
          .where('lab_tests.is_active', '=', true)
          .where('user_profiles.approved', '=', true)
          .select((inner) => [
            'lab_tests.test_id',
            inner.fn.min('lab_tests.price_halalas').as('min_price_halalas'),
            inner.fn.count<string>('lab_tests.id').as('lab_count'),
          ])
          .groupBy('lab_tests.test_id')
          .as('offers'),
      (join) => join.onRef('offers.test_id', '=', 'tests.id'),
    )
    .where('tests.kind', '=', 'test')
    .select([...testColumns, 'offers.min_price_halalas', 'offers.lab_count']);
}

export function listTestsInCategory(db: Kysely<Database>, categoryId: number) {
  return testsWithPrices(db).where('tests.category_id', '=', categoryId).orderBy('tests.name_en').execute();
}

export function listPopularTests(db: Kysely<Database>) {
  return testsWithPrices(db).where('tests.is_popular', '=', true).orderBy('offers.min_price_halalas').execute();
}

export function findTestByNameEn(db: Kysely<Database>, nameEn: string) {
  return testsWithPrices(db)
    .innerJoin('categories', 'categories.id', 'tests.category_id')
    .select(['categories.name_ar as category_name_ar', 'categories.name_en as category_name_en'])
    .where(sql<string>`lower(tests.name_en)`, '=', nameEn.toLowerCase())
    .executeTakeFirst();
}

const labColumns = [
  'labs.id',
  'labs.lab_name_ar',
  'labs.lab_name_en',
  'labs.address_ar',
  'labs.address_en',
  'labs.city',
  'labs.latitude',
  'labs.longitude',
  'labs.phone',
  'labs.rating',
  'labs.review_count',
  'labs.time_zone',
  'labs.home_collection_fee_halalas',
  'labs.home_radius_km',
] as const;

/** Only active offerings of approved labs are ever shown to the public. */
export function listLabsForTest(db: Kysely<Database>, testId: number) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .where('lab_tests.test_id', '=', testId)
    .where('lab_tests.is_active', '=', true)
    .where('user_profiles.approved', '=', true)
    .select([...labColumns, 'lab_tests.id as lab_test_id', 'lab_tests.price_halalas', 'labs.fasting_until'])
    .orderBy('labs.rating', 'desc')
    .orderBy('lab_tests.price_halalas')
    .execute();
}

export function listApprovedLabs(db: Kysely<Database>, city: string | undefined) {
  let query = db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('lab_tests')
          .where('is_active', '=', true)
          .select((inner) => ['lab_id', inner.fn.count<string>('id').as('test_count')])
          .groupBy('lab_id')
          .as('offers'),
      (join) => join.onRef('offers.lab_id', '=', 'labs.id'),
    )
    .where('user_profiles.approved', '=', true)
    .select([...labColumns, 'offers.test_count']);
  if (city) query = query.where('labs.city', '=', city);
  return query.orderBy('labs.rating', 'desc').orderBy('labs.review_count', 'desc').execute();
}

export function findApprovedLab(db: Kysely<Database>, labId: string) {
  return db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .where('labs.id', '=', labId)
    .where('user_profiles.approved', '=', true)
    .select(labColumns)
    .executeTakeFirst();
}

/** What a lab's page says of how it books: its prayer pauses, minimum notice and Ramadan hours. */
export function findLabBookingRules(db: Kysely<Database>, labId: string) {
  return db
    .selectFrom('labs')
    .select(['prayer_pause_minutes', 'min_notice_minutes', 'ramadan_opens_at', 'ramadan_closes_at'])
    .where('id', '=', labId)
    .executeTakeFirstOrThrow();
}

export function listWorkingHours(db: Kysely<Database>, labId: string) {
  return db
    .selectFrom('lab_working_hours')
    .select(['weekday', 'opens_at', 'closes_at'])
    .where('lab_id', '=', labId)
    .orderBy('weekday')
    .execute();
}

export function listLabOfferings(db: Kysely<Database>, labId: string) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .where('lab_tests.lab_id', '=', labId)
    .where('lab_tests.is_active', '=', true)
    .where('tests.kind', '=', 'test')
    .select([
      'lab_tests.id as lab_test_id',
      'lab_tests.price_halalas',
      'tests.id as test_id',
      'tests.name_ar',
      'tests.name_en',
      'tests.category_id',
    ])
    .orderBy('tests.category_id')
    .orderBy('tests.name_en')
    .execute();
}
