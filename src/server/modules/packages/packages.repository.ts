import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// A lab's packages (ADR 0091): a `tests` row of kind 'package', its owner and review in test_packages,
// its catalogue tests in package_components, its price in its lab_tests row.

const PACKAGE_COLUMNS = [
  'tests.id',
  'tests.name_ar',
  'tests.name_en',
  'tests.description_ar',
  'tests.description_en',
  'tests.preparation_ar',
  'tests.preparation_en',
  'tests.fasting_hours',
  'tests.turnaround_hours',
  'tests.category_id',
  'test_packages.lab_id',
  'test_packages.status',
  'test_packages.suits_sex',
  'test_packages.min_age',
  'test_packages.max_age',
  'test_packages.submitted_at',
  'test_packages.reviewed_at',
  'test_packages.review_note',
  'lab_tests.id as lab_test_id',
  'lab_tests.price_halalas',
  'lab_tests.is_active',
] as const;

function packages(db: Db) {
  return db
    .selectFrom('test_packages')
    .innerJoin('tests', 'tests.id', 'test_packages.test_id')
    .innerJoin('lab_tests', (join) =>
      join.onRef('lab_tests.test_id', '=', 'tests.id').onRef('lab_tests.lab_id', '=', 'test_packages.lab_id'),
    );
}

/** Packages the public may see and book: approved, on sale, at an approved lab. */
function onSale(db: Db) {
  return packages(db)
    .innerJoin('user_profiles', 'user_profiles.id', 'test_packages.lab_id')
    .where('test_packages.status', '=', 'approved')
    .where('lab_tests.is_active', '=', true)
    .where('user_profiles.approved', '=', true);
}

const LAB_COLUMNS = [
  'labs.lab_name_ar',
  'labs.lab_name_en',
  'labs.address_ar',
  'labs.address_en',
  'labs.city',
  'labs.latitude',
  'labs.longitude',
  'labs.rating',
  'labs.review_count',
  'labs.time_zone',
  'labs.home_collection_fee_halalas',
  'labs.home_radius_km',
  'labs.fasting_until',
] as const;

export function findPackageOnSale(db: Db, id: number) {
  return onSale(db)
    .innerJoin('labs', 'labs.id', 'test_packages.lab_id')
    .innerJoin('categories', 'categories.id', 'tests.category_id')
    .select([...PACKAGE_COLUMNS, ...LAB_COLUMNS, 'categories.name_ar as category_name_ar', 'categories.name_en as category_name_en'])
    .where('tests.id', '=', id)
    .executeTakeFirst();
}

/** Packages on sale, by lab or by id (the comparison's), cheapest first. */
export function packagesOnSale(db: Db, filter: { labId?: string; ids?: readonly number[] }) {
  let query = onSale(db)
    .innerJoin('labs', 'labs.id', 'test_packages.lab_id')
    .select([...PACKAGE_COLUMNS, ...LAB_COLUMNS]);
  if (filter.labId) query = query.where('test_packages.lab_id', '=', filter.labId);
  if (filter.ids) query = filter.ids.length === 0 ? query.where(sql<boolean>`false`) : query.where('tests.id', 'in', filter.ids);
  return query.orderBy('lab_tests.price_halalas').orderBy('tests.id').execute();
}

/** Every package of the lab, whatever its review, newest first. */
export function labPackages(db: Db, labId: string) {
  return packages(db).select(PACKAGE_COLUMNS).where('test_packages.lab_id', '=', labId).orderBy('tests.id', 'desc').execute();
}

/** Packages waiting for the admin, oldest first, with the lab's name. */
export function pendingPackages(db: Db) {
  return packages(db)
    .innerJoin('labs', 'labs.id', 'test_packages.lab_id')
    .select([...PACKAGE_COLUMNS, 'labs.lab_name_ar', 'labs.lab_name_en'])
    .where('test_packages.status', '=', 'pending')
    .orderBy('test_packages.submitted_at')
    .orderBy('tests.id')
    .execute();
}

export function lockPackage(tx: Transaction<Database>, id: number) {
  return packages(tx).select(PACKAGE_COLUMNS).where('tests.id', '=', id).modifyEnd(sql`for update of test_packages`).executeTakeFirst();
}

/** The members of these packages, in each package's order, with each member's category. */
export function packageMembers(db: Db, packageIds: readonly number[]) {
  if (packageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('package_components')
    .innerJoin('tests', 'tests.id', 'package_components.test_id')
    .innerJoin('categories', 'categories.id', 'tests.category_id')
    .select([
      'package_components.package_id',
      'tests.id as test_id',
      'tests.name_ar',
      'tests.name_en',
      'tests.sample_type',
      'tests.category_id',
      'categories.name_ar as category_name_ar',
      'categories.name_en as category_name_en',
    ])
    .where('package_components.package_id', 'in', packageIds)
    .orderBy('package_components.package_id')
    .orderBy('package_components.position')
    .execute();
}

/** Every catalogue test a package may hold (tests, not packages), for the lab's picker, by English name. */
export function allCatalogueTests(db: Db) {
  return db.selectFrom('tests').select(['id', 'name_ar', 'name_en', 'category_id']).where('kind', '=', 'test').orderBy('name_en').execute();
}

/** The catalogue tests a package may hold, by id: tests, not packages. */
export function catalogueTests(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('tests')
    .select(['id', 'fasting_hours', 'turnaround_hours', 'preparation_ar', 'preparation_en'])
    .where('id', 'in', ids)
    .where('kind', '=', 'test')
    .execute();
}

export function categoryExists(db: Db, id: number) {
  return db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
}

export interface PackageRow {
  name_ar: string;
  name_en: string;
  description_ar: string;
  description_en: string;
  preparation_ar: string | null;
  preparation_en: string | null;
  fasting_hours: number | null;
  turnaround_hours: number | null;
  category_id: number;
}

export interface PackageTerms {
  suits_sex: 'female' | 'male' | null;
  min_age: number | null;
  max_age: number | null;
}

/** A new package, pending review and off sale: its test row, its owner, its members and its price. */
export async function insertPackage(
  tx: Transaction<Database>,
  labId: string,
  row: PackageRow,
  terms: PackageTerms,
  testIds: readonly number[],
  priceHalalas: number,
  now: Date,
): Promise<number> {
  const { id } = await tx
    .insertInto('tests')
    .values({ ...row, kind: 'package' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('test_packages')
    .values({ test_id: id, lab_id: labId, ...terms, submitted_at: now })
    .execute();
  await insertMembers(tx, id, testIds);
  await tx.insertInto('lab_tests').values({ lab_id: labId, test_id: id, price_halalas: priceHalalas, is_active: false }).execute();
  return id;
}

async function insertMembers(tx: Transaction<Database>, packageId: number, testIds: readonly number[]) {
  await tx
    .insertInto('package_components')
    .values(testIds.map((testId, position) => ({ package_id: packageId, test_id: testId, position })))
    .execute();
}

export async function updatePackageContent(
  tx: Transaction<Database>,
  id: number,
  row: PackageRow,
  terms: PackageTerms,
  testIds: readonly number[],
) {
  await tx.updateTable('tests').set(row).where('id', '=', id).execute();
  await tx.updateTable('test_packages').set(terms).where('test_id', '=', id).execute();
  await tx.deleteFrom('package_components').where('package_id', '=', id).execute();
  await insertMembers(tx, id, testIds);
}

/** Back to the admin: pending and off sale, as a new package is. */
export async function resubmitPackage(tx: Transaction<Database>, id: number, labTestId: number, now: Date) {
  await tx
    .updateTable('test_packages')
    .set({ status: 'pending', submitted_at: now, reviewed_at: null, reviewed_by: null, review_note: null })
    .where('test_id', '=', id)
    .execute();
  await tx.updateTable('lab_tests').set({ is_active: false }).where('id', '=', labTestId).execute();
}

export async function setPackagePrice(tx: Transaction<Database>, labTestId: number, priceHalalas: number) {
  await tx.updateTable('lab_tests').set({ price_halalas: priceHalalas }).where('id', '=', labTestId).execute();
}

export async function setOnSale(db: Db, labTestId: number, onSale: boolean) {
  await db.updateTable('lab_tests').set({ is_active: onSale }).where('id', '=', labTestId).execute();
}

export async function markReviewed(
  tx: Transaction<Database>,
  id: number,
  review: { status: 'approved' | 'rejected'; adminId: string; note: string | null; at: Date },
) {
  await tx
    .updateTable('test_packages')
    .set({ status: review.status, reviewed_by: review.adminId, reviewed_at: review.at, review_note: review.note })
    .where('test_id', '=', id)
    .execute();
}

/**
 * Approved packages on sale whose members include one of these tests, or whose markers include one of
 * these analytes: search's "by marker" (ADR 0091). `member_id`: a matched member, if any.
 */
export interface PackageOfferRow {
  package_id: number;
  lab_test_id: number;
  name_ar: string;
  name_en: string;
  lab_id: string;
  lab_name_ar: string;
  lab_name_en: string;
  price_halalas: number;
  marker_count: number;
  distance_meters: number | null;
}

/**
 * The offers of these packages on sale at approved labs, nearest first from `origin` (then cheapest), or
 * cheapest first without one; at most `limit`. One query on lab_tests' test_id index, the ids being few.
 */
export async function packageOffers(db: Db, packageIds: readonly number[], origin: { lat: number; lon: number } | null, limit: number) {
  const here = origin ? sql`earth_point(${origin.lat}, ${origin.lon})` : null;
  const { rows } = await sql<PackageOfferRow>`
    select t.id as package_id, lt.id as lab_test_id, t.name_ar, t.name_en, l.id as lab_id, l.lab_name_ar, l.lab_name_en,
           lt.price_halalas, (select count(*) from test_markers tm where tm.test_id = t.id)::int as marker_count,
           ${here ? sql`round(surface_metres(l.earth <-> ${here}))::float8` : sql`null::float8`} as distance_meters
      from lab_tests lt
      join test_packages tp on tp.test_id = lt.test_id and tp.lab_id = lt.lab_id and tp.status = 'approved'
      join tests t on t.id = lt.test_id
      join labs l on l.id = lt.lab_id
      join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
     where lt.test_id = any(${[...packageIds]}::int[]) and lt.is_active
     order by ${here ? sql`l.earth <-> ${here} nulls last,` : sql``} lt.price_halalas, lt.id
     limit ${limit}`.execute(db);
  return rows;
}

export async function packagesHolding(db: Db, testIds: readonly number[], analyteIds: readonly number[]) {
  const { rows } = await sql<{ id: number; member_id: number | null; fasting: boolean }>`
    select tp.test_id as id, coalesce(t.fasting_hours, 0) > 0 as fasting,
           (select min(pc.test_id) from package_components pc
             where pc.package_id = tp.test_id and pc.test_id = any(${[...testIds]}::int[])) as member_id
      from test_packages tp
      join tests t on t.id = tp.test_id
      join lab_tests lt on lt.test_id = tp.test_id and lt.lab_id = tp.lab_id and lt.is_active
     where tp.status = 'approved'
       and (exists (select 1 from package_components pc where pc.package_id = tp.test_id and pc.test_id = any(${[...testIds]}::int[]))
            or exists (select 1 from test_markers tm where tm.test_id = tp.test_id and tm.analyte_id = any(${[...analyteIds]}::int[])))
     order by tp.test_id`.execute(db);
  return rows;
}
