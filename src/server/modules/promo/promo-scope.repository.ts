import { type Kysely, sql, type Transaction } from 'kysely';
import { containing } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// What a promo code may be limited to (ADR 0092): labs, and catalogue tests or packages, found by name for
// the admin's form and named for the codes that hold their ids.

/** Labs, approved or not, with their names and city. */
function labRows(db: Db) {
  return db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .select(['labs.id', 'labs.lab_name_ar', 'labs.lab_name_en', 'labs.city', 'user_profiles.approved']);
}

/** Catalogue tests and labs' packages, a package with the lab that sells it. */
function testRows(db: Db) {
  return db
    .selectFrom('tests')
    .leftJoin('test_packages', 'test_packages.test_id', 'tests.id')
    .leftJoin('labs', 'labs.id', 'test_packages.lab_id')
    .select(['tests.id', 'tests.name_ar', 'tests.name_en', 'tests.kind', 'labs.lab_name_ar', 'labs.lab_name_en']);
}

/** LIKE patterns for names holding the text, and for names starting with it. */
function patterns(normalizedText: string) {
  const inside = containing(normalizedText);
  return { inside, start: inside.slice(1) };
}

/** Labs whose normalized Arabic or English name holds the (normalized) text; names starting with it first. */
export function labsNamed(db: Db, normalizedText: string, limit: number) {
  const { inside, start } = patterns(normalizedText);
  const arabic = sql<string>`tahaleel_normalize(labs.lab_name_ar)`;
  const english = sql<string>`tahaleel_normalize(labs.lab_name_en)`;
  return labRows(db)
    .where((eb) => eb.or([eb(arabic, 'like', inside), eb(english, 'like', inside)]))
    .orderBy(sql`(${arabic} like ${start} or ${english} like ${start})`, 'desc')
    .orderBy('labs.lab_name_en')
    .orderBy('labs.id')
    .limit(limit)
    .execute();
}

/**
 * Tests and packages (not a rejected package) whose stored normalized name holds the text, or that report
 * a marker with this LOINC code; names starting with it first.
 */
export function testsNamed(db: Db, normalizedText: string, limit: number) {
  const { inside, start } = patterns(normalizedText);
  return testRows(db)
    .where((eb) =>
      eb.or([
        eb('tests.search_ar', 'like', inside),
        eb('tests.search_en', 'like', inside),
        eb.exists(
          eb
            .selectFrom('test_analytes')
            .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
            .select(sql.lit(1).as('one'))
            .whereRef('test_analytes.test_id', '=', 'tests.id')
            .where('analytes.loinc', '=', normalizedText),
        ),
      ]),
    )
    .where((eb) => eb.or([eb('test_packages.status', 'is', null), eb('test_packages.status', '<>', 'rejected')]))
    .orderBy(sql`(tests.search_ar like ${start} or tests.search_en like ${start})`, 'desc')
    .orderBy('tests.kind', 'desc')
    .orderBy('tests.name_en')
    .orderBy('tests.id')
    .limit(limit)
    .execute();
}

export function labsById(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return labRows(db)
    .where('labs.id', 'in', [...ids])
    .execute();
}

export function testsById(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return testRows(db)
    .where('tests.id', 'in', [...ids])
    .execute();
}
