import { type Kysely, sql, type Transaction } from 'kysely';
import type { SaveLabRangeInput, SaveRangeInput } from '../../../shared/analyte-schemas.ts';
import { containing } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The published ranges of an analyte: its reference intervals, and the critical limits past which a lab calls. */
export type PublishedRangeTable = 'analyte_reference_intervals' | 'analyte_critical_limits';

const ANALYTE_COLUMNS = [
  'analytes.id',
  'analytes.loinc',
  'analytes.name_ar',
  'analytes.name_en',
  'analytes.kind',
  'analytes.unit',
  'analytes.decimals',
  'analytes.molar_mass',
] as const;

const RANGE_COLUMNS = [
  'id',
  'analyte_id',
  'sex',
  'age_low',
  'age_high',
  'age_unit',
  'condition_en',
  'condition_ar',
  'low',
  'high',
  'unit',
] as const;

/** Analytes whose name (either language) or LOINC code holds `q`, by English name, with how many tests list each. */
export function listAnalytes(db: Db, q: string | undefined, limit: number) {
  let query = db
    .selectFrom('analytes')
    .select(ANALYTE_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom('test_analytes')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('test_analytes.analyte_id', '=', 'analytes.id')
        .as('test_count'),
      eb
        .selectFrom('analyte_reference_intervals')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('analyte_reference_intervals.analyte_id', '=', 'analytes.id')
        .as('interval_count'),
    ]);
  if (q) {
    const pattern = containing(q);
    query = query.where((eb) =>
      eb.or([eb('analytes.name_en', 'ilike', pattern), eb('analytes.name_ar', 'ilike', pattern), eb('analytes.loinc', 'ilike', pattern)]),
    );
  }
  return query.orderBy('analytes.name_en').orderBy('analytes.id').limit(limit).execute();
}

export function findAnalyte(db: Db, id: number) {
  return db.selectFrom('analytes').select(ANALYTE_COLUMNS).where('analytes.id', '=', id).executeTakeFirst();
}

/**
 * The analyte, its row locked until the transaction ends: edits of it and its ranges take turns. No key
 * update: a result saved meanwhile (a foreign key to the analyte) does not wait for it.
 */
export function lockAnalyte(tx: Transaction<Database>, id: number) {
  return tx.selectFrom('analytes').select(ANALYTE_COLUMNS).where('analytes.id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export function loincTaken(db: Db, loinc: string) {
  return db.selectFrom('analytes').select('id').where('loinc', '=', loinc).executeTakeFirst();
}

export function answersOf(db: Db, analyteId: number) {
  return db
    .selectFrom('analyte_answers')
    .select(['position', 'answer_en', 'answer_ar', 'is_normal'])
    .where('analyte_id', '=', analyteId)
    .orderBy('position')
    .execute();
}

export function publishedRangesOf(db: Db, table: PublishedRangeTable, analyteId: number) {
  return db
    .selectFrom(table)
    .select(RANGE_COLUMNS)
    .select('source')
    .where('analyte_id', '=', analyteId)
    .orderBy('sex')
    .orderBy('age_unit')
    .orderBy('age_low')
    .orderBy('id')
    .execute();
}

export function findPublishedRange(db: Db, table: PublishedRangeTable, id: number) {
  return db.selectFrom(table).select(RANGE_COLUMNS).select('source').where('id', '=', id).executeTakeFirst();
}

const rangeColumns = (input: SaveLabRangeInput) => ({
  sex: input.sex,
  age_low: input.ageLow,
  age_high: input.ageHigh,
  age_unit: input.ageUnit,
  condition_en: input.conditionEn,
  condition_ar: input.conditionAr,
  // Numeric columns take the number's text: no float rounding on the way in.
  low: input.low === null ? null : String(input.low),
  high: input.high === null ? null : String(input.high),
  unit: input.unit,
});

export async function insertPublishedRange(tx: Transaction<Database>, table: PublishedRangeTable, input: SaveRangeInput) {
  const row = await tx
    .insertInto(table)
    .values({ analyte_id: input.analyteId, ...rangeColumns(input), source: input.source })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePublishedRange(tx: Transaction<Database>, table: PublishedRangeTable, id: number, input: SaveRangeInput) {
  await tx
    .updateTable(table)
    .set({ ...rangeColumns(input), source: input.source })
    .where('id', '=', id)
    .execute();
}

export async function deletePublishedRange(tx: Transaction<Database>, table: PublishedRangeTable, id: number) {
  await tx.deleteFrom(table).where('id', '=', id).execute();
}

/** The catalog tests that list the analyte, with its place in each one's form. */
export function testsListing(db: Db, analyteId: number) {
  return db
    .selectFrom('test_analytes')
    .innerJoin('tests', 'tests.id', 'test_analytes.test_id')
    .select(['tests.id', 'tests.name_ar', 'tests.name_en', 'test_analytes.position', 'test_analytes.required'])
    .where('test_analytes.analyte_id', '=', analyteId)
    .orderBy('tests.name_en')
    .execute();
}

export function updateAnalyteNames(
  tx: Transaction<Database>,
  id: number,
  names: { name_ar: string; name_en: string; decimals: number | null },
) {
  return tx
    .updateTable('analytes')
    .set({ ...names, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertAnalyte(
  tx: Transaction<Database>,
  analyte: { loinc: string; name_ar: string; name_en: string; kind: 'numeric' | 'text'; unit: string | null; decimals: number | null },
  answers: { en: string; ar: string; normal: boolean | null }[],
) {
  const { id } = await tx.insertInto('analytes').values(analyte).returning('id').executeTakeFirstOrThrow();
  if (answers.length > 0) {
    await tx
      .insertInto('analyte_answers')
      .values(
        answers.map((answer, position) => ({
          analyte_id: id,
          position,
          answer_en: answer.en,
          answer_ar: answer.ar,
          is_normal: answer.normal,
        })),
      )
      .execute();
  }
  return id;
}

/** Every catalog test, by English name, with how many analytes it lists. */
export function catalogTests(db: Db) {
  return db
    .selectFrom('tests')
    .where('tests.kind', '=', 'test')
    .select(['tests.id', 'tests.name_ar', 'tests.name_en'])
    .select((eb) =>
      eb
        .selectFrom('test_analytes')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('test_analytes.test_id', '=', 'tests.id')
        .as('analyte_count'),
    )
    .orderBy('tests.name_en')
    .execute();
}

/** The test's row, locked: the positions of its analytes are given out one at a time. */
export function lockTest(tx: Transaction<Database>, testId: number) {
  // A package lists no analytes of its own: its markers are its members' (test_markers, ADR 0091).
  return tx
    .selectFrom('tests')
    .select(['id', 'name_ar', 'name_en'])
    .where('id', '=', testId)
    .where('kind', '=', 'test')
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export function testLink(db: Db, testId: number, analyteId: number) {
  return db
    .selectFrom('test_analytes')
    .select(['position', 'required'])
    .where('test_id', '=', testId)
    .where('analyte_id', '=', analyteId)
    .executeTakeFirst();
}

/** The analyte at this place in the test's form, if any. */
export function analyteAtPosition(db: Db, testId: number, position: number) {
  return db
    .selectFrom('test_analytes')
    .select('analyte_id')
    .where('test_id', '=', testId)
    .where('position', '=', position)
    .executeTakeFirst();
}

export async function nextPosition(db: Db, testId: number): Promise<number> {
  const row = await db
    .selectFrom('test_analytes')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('test_id', '=', testId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function upsertTestLink(
  tx: Transaction<Database>,
  link: { test_id: number; analyte_id: number; position: number; required: boolean },
) {
  await tx
    .insertInto('test_analytes')
    .values(link)
    .onConflict((oc) => oc.columns(['test_id', 'analyte_id']).doUpdateSet({ position: link.position, required: link.required }))
    .execute();
}

export async function deleteTestLink(tx: Transaction<Database>, testId: number, analyteId: number) {
  const result = await tx.deleteFrom('test_analytes').where('test_id', '=', testId).where('analyte_id', '=', analyteId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// --- a lab's own intervals ------------------------------------------------------------------------

/** The numeric analytes listed by the tests on the lab's price list, with those tests' names. */
export function labAnalytes(db: Db, labId: string) {
  return db
    .selectFrom('analytes')
    .select(ANALYTE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('test_analytes')
        .innerJoin('lab_tests', 'lab_tests.test_id', 'test_analytes.test_id')
        .innerJoin('tests', 'tests.id', 'test_analytes.test_id')
        .select(
          sql<
            { id: number; nameAr: string; nameEn: string }[]
          >`coalesce(json_agg(json_build_object('id', tests.id, 'nameAr', tests.name_ar, 'nameEn', tests.name_en) order by tests.name_en), '[]')`.as(
            'tests',
          ),
        )
        .whereRef('test_analytes.analyte_id', '=', 'analytes.id')
        .where('lab_tests.lab_id', '=', labId)
        .as('tests'),
    )
    .where('analytes.kind', '=', 'numeric')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('test_analytes')
          .innerJoin('lab_tests', 'lab_tests.test_id', 'test_analytes.test_id')
          .select('test_analytes.analyte_id')
          .whereRef('test_analytes.analyte_id', '=', 'analytes.id')
          .where('lab_tests.lab_id', '=', labId),
      ),
    )
    .orderBy('analytes.name_en')
    .execute();
}

/** The analyte, when a test on the lab's price list lists it. */
export function labAnalyte(db: Db, labId: string, analyteId: number) {
  return db
    .selectFrom('analytes')
    .select(ANALYTE_COLUMNS)
    .where('analytes.id', '=', analyteId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('test_analytes')
          .innerJoin('lab_tests', 'lab_tests.test_id', 'test_analytes.test_id')
          .select('test_analytes.analyte_id')
          .where('test_analytes.analyte_id', '=', analyteId)
          .where('lab_tests.lab_id', '=', labId),
      ),
    )
    .executeTakeFirst();
}

export function publishedIntervalsOfMany(db: Db, analyteIds: readonly number[]) {
  if (analyteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('analyte_reference_intervals')
    .select(RANGE_COLUMNS)
    .select('source')
    .where('analyte_id', 'in', analyteIds)
    .orderBy('sex')
    .orderBy('age_unit')
    .orderBy('age_low')
    .orderBy('id')
    .execute();
}

/** The lab's own intervals, of one analyte or of all. */
export function labRangesOf(db: Db, labId: string, analyteId?: number) {
  let query = db.selectFrom('lab_reference_intervals').select(RANGE_COLUMNS).where('lab_id', '=', labId);
  if (analyteId !== undefined) query = query.where('analyte_id', '=', analyteId);
  return query.orderBy('analyte_id').orderBy('sex').orderBy('age_unit').orderBy('age_low').orderBy('id').execute();
}

/** One of the lab's intervals; another lab's is not found. */
export function findLabRange(db: Db, labId: string, id: number) {
  return db.selectFrom('lab_reference_intervals').select(RANGE_COLUMNS).where('id', '=', id).where('lab_id', '=', labId).executeTakeFirst();
}

export async function insertLabRange(tx: Transaction<Database>, labId: string, input: SaveLabRangeInput) {
  const row = await tx
    .insertInto('lab_reference_intervals')
    .values({ lab_id: labId, analyte_id: input.analyteId, ...rangeColumns(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLabRange(tx: Transaction<Database>, labId: string, id: number, input: SaveLabRangeInput) {
  await tx
    .updateTable('lab_reference_intervals')
    .set({ ...rangeColumns(input), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('lab_id', '=', labId)
    .execute();
}

export async function deleteLabRange(tx: Transaction<Database>, labId: string, id: number) {
  await tx.deleteFrom('lab_reference_intervals').where('id', '=', id).where('lab_id', '=', labId).execute();
}

/** What the analysis needs of each analyte: its code, names, unit, decimals and molar mass. */
export function analytesById(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('analytes')
    .select(['id', 'loinc', 'name_ar', 'name_en', 'unit', 'decimals', 'molar_mass'])
    .where('id', 'in', ids)
    .execute();
}

/** Each of these tests' analytes, in each test's order (a package's markers are its tests', ADR 0091). */
export function analytesOfTests(db: Db, testIds: readonly number[]) {
  if (testIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('test_analytes')
    .innerJoin('analytes', 'analytes.id', 'test_analytes.analyte_id')
    .select(['test_analytes.test_id', 'analytes.id', 'analytes.loinc', 'analytes.name_ar', 'analytes.name_en'])
    .where('test_analytes.test_id', 'in', testIds)
    .orderBy('test_analytes.test_id')
    .orderBy('test_analytes.position')
    .execute();
}

/** The analytes whose normalized Arabic or English name contains these (normalized) words. */
export async function analyteIdsNamed(db: Db, normalizedText: string): Promise<number[]> {
  const rows = await db
    .selectFrom('analytes')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql`tahaleel_normalize(name_en)`, 'like', `%${normalizedText}%`),
        eb(sql`tahaleel_normalize(name_ar)`, 'like', `%${normalizedText}%`),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The analytes with these LOINC codes that the catalog holds: their ids and names. */
export function analytesByLoinc(db: Db, loincs: readonly string[]) {
  if (loincs.length === 0) return Promise.resolve([]);
  return db.selectFrom('analytes').select(['id', 'loinc', 'name_ar', 'name_en']).where('loinc', 'in', loincs).execute();
}

/** The analytes a test lists (a package: its members', test_markers), in order, with each one's answers. */
export function testAnalytesWithAnswers(db: Db, testId: number) {
  return db
    .selectFrom('test_markers')
    .innerJoin('analytes', 'analytes.id', 'test_markers.analyte_id')
    .select(ANALYTE_COLUMNS)
    .select([
      sql<boolean>`test_markers.required`.as('required'),
      (eb) =>
        eb
          .selectFrom('analyte_answers')
          .select(
            sql<
              { en: string; ar: string; normal: boolean | null }[]
            >`coalesce(json_agg(json_build_object('en', answer_en, 'ar', answer_ar, 'normal', is_normal) order by position), '[]')`.as(
              'answers',
            ),
          )
          .whereRef('analyte_answers.analyte_id', '=', 'analytes.id')
          .as('answers'),
    ])
    .where('test_markers.test_id', '=', testId)
    .orderBy('test_markers.position')
    .execute();
}

const RANGE_WITH_ANALYTE = ['analyte_id', 'sex', 'age_low', 'age_high', 'age_unit', 'condition_en', 'low', 'high', 'unit'] as const;

/** The published intervals and critical limits of these analytes, and the lab's own intervals; three queries for the set. */
export async function publishedAndLabRanges(db: Db, labId: string, analyteIds: readonly number[]) {
  if (analyteIds.length === 0) return { published: [], critical: [], lab: [] };
  const [published, critical, lab] = await Promise.all([
    db
      .selectFrom('analyte_reference_intervals')
      .select(RANGE_WITH_ANALYTE)
      .select('source')
      .where('analyte_id', 'in', analyteIds)
      .execute(),
    db.selectFrom('analyte_critical_limits').select(RANGE_WITH_ANALYTE).where('analyte_id', 'in', analyteIds).execute(),
    db
      .selectFrom('lab_reference_intervals')
      .select(RANGE_WITH_ANALYTE)
      .where('lab_id', '=', labId)
      .where('analyte_id', 'in', analyteIds)
      .execute(),
  ]);
  return { published, critical, lab };
}

/** The LOINC code and names of the analytes with these ids, ordered by LOINC code; one query. */
export function analyteNamesInLoincOrder(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('analytes').select(['id', 'loinc', 'name_ar', 'name_en']).where('id', 'in', ids).orderBy('loinc').execute();
}

/** The creatinine LOINC code: eGFR is calculated from it with the person's age and sex (CKD-EPI 2021). */
const CREATININE = '2160-0';

/**
 * Whether a test's results are judged by who the person is (issue #76 item 3): one of its analytes has
 * a published interval for one sex, or more than one interval by age, or is creatinine (eGFR).
 */
export async function judgedByAgeOrSex(db: Db, testId: number): Promise<boolean> {
  const row = await db
    .selectFrom('test_markers')
    .innerJoin('analytes', 'analytes.id', 'test_markers.analyte_id')
    .select(sql.lit(1).as('one'))
    .where('test_markers.test_id', '=', testId)
    .where((eb) =>
      eb.or([
        eb('analytes.loinc', '=', CREATININE),
        sql<boolean>`exists (select 1 from analyte_reference_intervals ranges
          where ranges.analyte_id = analytes.id and ranges.condition_en is null
          having count(*) > 1 or bool_or(ranges.sex <> 'any'))`,
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Analytes a person may ask for (issue #79 item 3): whose normalized name (either language) or LOINC
 * code contains the text and that some approved lab's test on sale reports; names starting with it first.
 */
export function offeredAnalytesNamed(db: Db, normalizedText: string, limit: number) {
  const pattern = `%${normalizedText}%`;
  return db
    .selectFrom('analytes')
    .select(['analytes.id', 'analytes.loinc', 'analytes.name_ar', 'analytes.name_en'])
    .where((eb) =>
      eb.or([
        eb(sql`tahaleel_normalize(analytes.name_en)`, 'like', pattern),
        eb(sql`tahaleel_normalize(analytes.name_ar)`, 'like', pattern),
        eb('analytes.loinc', '=', normalizedText),
      ]),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('test_analytes')
          .innerJoin('lab_tests', 'lab_tests.test_id', 'test_analytes.test_id')
          .innerJoin('user_profiles as lab', 'lab.id', 'lab_tests.lab_id')
          .select(sql.lit(1).as('one'))
          .whereRef('test_analytes.analyte_id', '=', 'analytes.id')
          .where('lab_tests.is_active', '=', true)
          .where('lab.approved', '=', true),
      ),
    )
    .orderBy(
      sql`(tahaleel_normalize(analytes.name_en) like ${`${normalizedText}%`} or tahaleel_normalize(analytes.name_ar) like ${`${normalizedText}%`})`,
      'desc',
    )
    .orderBy('analytes.name_en')
    .orderBy('analytes.id')
    .limit(limit)
    .execute();
}
