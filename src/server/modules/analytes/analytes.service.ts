import type { Kysely, Transaction } from 'kysely';
import type {
  CreateAnalyteInput,
  LinkTestInput,
  SaveLabRangeInput,
  SaveRangeInput,
  UpdateAnalyteInput,
} from '../../../shared/analyte-schemas.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { convertValue, isUcumUnit } from '../../platform/units.ts';
import * as repo from './analytes.repository.ts';

// What Tahaleel knows each test measures, edited (issue #53 item 1, ADR 0056, 0062): the admin changes
// an analyte's names and precision, its published intervals and critical limits, and which tests list
// it, and adds analytes; a lab sets its own intervals for the analytes its tests measure, which its
// patients then see for its results (reports judge by the lab's interval before the published one).
// Every change is in the audit log with what it was before and after. Units are checked by UCUM.

/** Who a range is for and its bounds, as the screens and the audit log read it. */
export interface RangeView {
  id: number;
  sex: 'any' | 'male' | 'female';
  ageLow: number;
  ageHigh: number | null;
  ageUnit: 'd' | 'wk' | 'mo' | 'a';
  conditionEn: string | null;
  conditionAr: string | null;
  low: number | null;
  high: number | null;
  unit: string;
}

export interface PublishedRangeView extends RangeView {
  source: string;
}

type RangeRow = Awaited<ReturnType<typeof repo.labRangesOf>>[number];
type PublishedRangeRow = Awaited<ReturnType<typeof repo.publishedRangesOf>>[number];
type AnalyteRow = NonNullable<Awaited<ReturnType<typeof repo.findAnalyte>>>;

const asNumber = (value: string | number | null) => (value === null ? null : Number(value));

function rangeView(row: RangeRow): RangeView {
  return {
    id: row.id,
    sex: row.sex,
    ageLow: row.age_low,
    ageHigh: row.age_high,
    ageUnit: row.age_unit,
    conditionEn: row.condition_en,
    conditionAr: row.condition_ar,
    low: asNumber(row.low),
    high: asNumber(row.high),
    unit: row.unit,
  };
}

const publishedRangeView = (row: PublishedRangeRow): PublishedRangeView => ({ ...rangeView(row), source: row.source });

function analyteView(row: AnalyteRow) {
  return {
    id: row.id,
    loinc: row.loinc,
    nameAr: row.name_ar,
    nameEn: row.name_en,
    kind: row.kind,
    unit: row.unit,
    decimals: row.decimals,
    molarMass: asNumber(row.molar_mass),
  };
}

/** A range's fields as saved, for the audit log's "after". */
function savedRange(id: number, input: SaveLabRangeInput): RangeView {
  return {
    id,
    sex: input.sex,
    ageLow: input.ageLow,
    ageHigh: input.ageHigh,
    ageUnit: input.ageUnit,
    conditionEn: input.conditionEn,
    conditionAr: input.conditionAr,
    low: input.low,
    high: input.high,
    unit: input.unit,
  };
}

/**
 * A range's unit must be UCUM and convert to its analyte's (a mass to a molar concentration only with
 * the analyte's molar mass), or the range could never judge a value; a text result has no range.
 */
function assertUnitFits(analyte: AnalyteRow, unit: string) {
  if (analyte.kind !== 'numeric' || analyte.unit === null) throw new AppError('CONFLICT', { reason: 'text_analyte_has_no_range' });
  if (!isUcumUnit(unit)) throw new AppError('VALIDATION_FAILED', { fields: ['unit'], reason: 'unknown_unit' });
  if (convertValue(1, unit, analyte.unit, asNumber(analyte.molar_mass)) === null) {
    throw new AppError('VALIDATION_FAILED', { fields: ['unit'], reason: 'unit_not_convertible', analyteUnit: analyte.unit });
  }
}

/**
 * Two ranges for the same people would leave it to chance which one judges a value: one for the same
 * sex and condition whose ages (in the same unit) overlap is refused. A range for either sex beside one
 * for men is not an overlap: the more specific one wins (report-values.ts chooseRange).
 */
function assertNoOverlap(existing: readonly RangeRow[], input: SaveLabRangeInput, ownId: number | undefined) {
  const overlapping = existing.find(
    (row) =>
      row.id !== ownId &&
      row.sex === input.sex &&
      row.age_unit === input.ageUnit &&
      (row.condition_en ?? null) === input.conditionEn &&
      row.age_low < (input.ageHigh ?? Number.POSITIVE_INFINITY) &&
      input.ageLow < (row.age_high ?? Number.POSITIVE_INFINITY),
  );
  if (overlapping) throw new AppError('CONFLICT', { reason: 'range_overlaps', field: 'ageLow', rangeId: overlapping.id });
}

// --- the admin --------------------------------------------------------------------------------------

export async function listAnalytes(db: Kysely<Database>, input: { q?: string | undefined; limit: number }) {
  const rows = await repo.listAnalytes(db, input.q || undefined, input.limit);
  return rows.map((row) => ({
    ...analyteView(row),
    testCount: Number(row.test_count ?? 0),
    intervalCount: Number(row.interval_count ?? 0),
  }));
}

/** An analyte with its answers, published intervals, critical limits and the tests that list it. */
export async function analyteDetail(db: Kysely<Database>, id: number) {
  const analyte = await repo.findAnalyte(db, id);
  if (!analyte) throw new AppError('NOT_FOUND', { analyteId: id });
  const [answers, intervals, critical, tests] = await Promise.all([
    repo.answersOf(db, id),
    repo.publishedRangesOf(db, 'analyte_reference_intervals', id),
    repo.publishedRangesOf(db, 'analyte_critical_limits', id),
    repo.testsListing(db, id),
  ]);
  return {
    ...analyteView(analyte),
    answers: answers.map((answer) => ({ en: answer.answer_en, ar: answer.answer_ar, normal: answer.is_normal })),
    intervals: intervals.map(publishedRangeView),
    critical: critical.map(publishedRangeView),
    tests: tests.map((test) => ({
      id: test.id,
      nameAr: test.name_ar,
      nameEn: test.name_en,
      position: test.position,
      required: test.required,
    })),
  };
}

async function lockedAnalyte(tx: Transaction<Database>, id: number) {
  const analyte = await repo.lockAnalyte(tx, id);
  if (!analyte) throw new AppError('NOT_FOUND', { analyteId: id });
  return analyte;
}

/** Changes an analyte's names and precision; its unit stays (values already judged in it would change meaning). */
export async function updateAnalyte(db: Kysely<Database>, actorId: string, input: UpdateAnalyteInput) {
  return db.transaction().execute(async (tx) => {
    const analyte = await lockedAnalyte(tx, input.id);
    if ((analyte.kind === 'numeric') !== (input.decimals !== null)) throw new AppError('VALIDATION_FAILED', { fields: ['decimals'] });
    const before = { nameAr: analyte.name_ar, nameEn: analyte.name_en, decimals: analyte.decimals };
    const after = { nameAr: input.nameAr, nameEn: input.nameEn, decimals: input.decimals };
    await repo.updateAnalyteNames(tx, input.id, { name_ar: input.nameAr, name_en: input.nameEn, decimals: input.decimals });
    await recordAudit(tx, { actorId, action: 'analyte.save', subjectType: 'analyte', subjectId: input.id, details: { before, after } });
    return { ...analyteView(analyte), ...after };
  });
}

/** A new analyte under a LOINC code not yet used, with a UCUM unit for a number or its answers for a text result. */
export async function createAnalyte(db: Kysely<Database>, actorId: string, input: CreateAnalyteInput) {
  const numeric = input.kind === 'numeric';
  if (numeric && input.unit !== null && !isUcumUnit(input.unit))
    throw new AppError('VALIDATION_FAILED', { fields: ['unit'], reason: 'unknown_unit' });
  const answers = numeric ? [] : input.answers;
  if (new Set(answers.map((answer) => answer.en.toLowerCase())).size !== answers.length)
    throw new AppError('VALIDATION_FAILED', { fields: ['answers'], reason: 'answer_repeated' });
  return db.transaction().execute(async (tx) => {
    if (await repo.loincTaken(tx, input.loinc)) throw new AppError('CONFLICT', { reason: 'loinc_taken', field: 'loinc' });
    const after = {
      loinc: input.loinc,
      name_ar: input.nameAr,
      name_en: input.nameEn,
      kind: input.kind,
      unit: numeric ? input.unit : null,
      decimals: numeric ? input.decimals : null,
    };
    const id = await repo.insertAnalyte(tx, after, answers);
    await recordAudit(tx, {
      actorId,
      action: 'analyte.create',
      subjectType: 'analyte',
      subjectId: id,
      details: { before: null, after: { ...after, answers } },
    });
    return { id };
  });
}

export type PublishedRangeKind = 'interval' | 'critical';

const PUBLISHED: Record<PublishedRangeKind, { table: repo.PublishedRangeTable; save: 'analyte.interval_save' | 'analyte.critical_save' }> =
  {
    interval: { table: 'analyte_reference_intervals', save: 'analyte.interval_save' },
    critical: { table: 'analyte_critical_limits', save: 'analyte.critical_save' },
  };

/** Adds (no id) or changes a published interval or critical limit of the analyte, with its source. */
export async function savePublishedRange(db: Kysely<Database>, actorId: string, kind: PublishedRangeKind, input: SaveRangeInput) {
  const { table, save } = PUBLISHED[kind];
  return db.transaction().execute(async (tx) => {
    const analyte = await lockedAnalyte(tx, input.analyteId);
    const before = input.id === undefined ? null : await repo.findPublishedRange(tx, table, input.id);
    if (input.id !== undefined && (!before || before.analyte_id !== input.analyteId))
      throw new AppError('NOT_FOUND', { rangeId: input.id });
    assertUnitFits(analyte, input.unit);
    assertNoOverlap(await repo.publishedRangesOf(tx, table, input.analyteId), input, input.id);
    const id = input.id ?? (await repo.insertPublishedRange(tx, table, input));
    if (input.id !== undefined) await repo.updatePublishedRange(tx, table, id, input);
    const after: PublishedRangeView = { ...savedRange(id, input), source: input.source };
    await recordAudit(tx, {
      actorId,
      action: save,
      subjectType: 'analyte',
      subjectId: input.analyteId,
      details: { rangeId: id, before: before && publishedRangeView(before), after },
    });
    return after;
  });
}

export async function deletePublishedRange(db: Kysely<Database>, actorId: string, kind: PublishedRangeKind, id: number) {
  const { table } = PUBLISHED[kind];
  return db.transaction().execute(async (tx) => {
    const before = await repo.findPublishedRange(tx, table, id);
    if (!before) throw new AppError('NOT_FOUND', { rangeId: id });
    await lockedAnalyte(tx, before.analyte_id);
    await repo.deletePublishedRange(tx, table, id);
    await recordAudit(tx, {
      actorId,
      action: kind === 'interval' ? 'analyte.interval_delete' : 'analyte.critical_delete',
      subjectType: 'analyte',
      subjectId: before.analyte_id,
      details: { rangeId: id, before: publishedRangeView(before), after: null },
    });
    return { id, analyteId: before.analyte_id };
  });
}

/** Every catalog test, to choose one that lists an analyte. */
export async function catalogTests(db: Kysely<Database>) {
  const rows = await repo.catalogTests(db);
  return rows.map((row) => ({ id: row.id, nameAr: row.name_ar, nameEn: row.name_en, analyteCount: Number(row.analyte_count ?? 0) }));
}

/**
 * Lists the analyte on a test's form at a position (the next free one when none is given), or moves it
 * there; a place another analyte holds is refused.
 */
export async function linkTest(db: Kysely<Database>, actorId: string, input: LinkTestInput) {
  return db.transaction().execute(async (tx) => {
    await lockedAnalyte(tx, input.analyteId);
    if (!(await repo.lockTest(tx, input.testId))) throw new AppError('NOT_FOUND', { testId: input.testId });
    const before = (await repo.testLink(tx, input.testId, input.analyteId)) ?? null;
    const position = input.position ?? before?.position ?? (await repo.nextPosition(tx, input.testId));
    const holder = await repo.analyteAtPosition(tx, input.testId, position);
    if (holder && holder.analyte_id !== input.analyteId) throw new AppError('CONFLICT', { reason: 'position_taken', field: 'position' });
    const after = { position, required: input.required };
    await repo.upsertTestLink(tx, { test_id: input.testId, analyte_id: input.analyteId, ...after });
    await recordAudit(tx, {
      actorId,
      action: 'analyte.test_link',
      subjectType: 'analyte',
      subjectId: input.analyteId,
      details: { testId: input.testId, before, after },
    });
    return { testId: input.testId, analyteId: input.analyteId, ...after };
  });
}

/** Takes the analyte off a test's form; reports already written keep their values. */
export async function unlinkTest(db: Kysely<Database>, actorId: string, input: { analyteId: number; testId: number }) {
  return db.transaction().execute(async (tx) => {
    await lockedAnalyte(tx, input.analyteId);
    const before = await repo.testLink(tx, input.testId, input.analyteId);
    if (!before || !(await repo.deleteTestLink(tx, input.testId, input.analyteId)))
      throw new AppError('NOT_FOUND', { testId: input.testId, analyteId: input.analyteId });
    await recordAudit(tx, {
      actorId,
      action: 'analyte.test_unlink',
      subjectType: 'analyte',
      subjectId: input.analyteId,
      details: { testId: input.testId, before, after: null },
    });
    return { testId: input.testId, analyteId: input.analyteId };
  });
}

// --- a lab --------------------------------------------------------------------------------------------

/**
 * The numeric analytes the tests on the lab's price list measure: each with the tests, the published
 * intervals, and the lab's own (which its patients see for its results instead).
 */
export async function labIntervals(db: Kysely<Database>, labId: string) {
  const analytes = await repo.labAnalytes(db, labId);
  const [published, own] = await Promise.all([
    repo.publishedIntervalsOfMany(
      db,
      analytes.map((analyte) => analyte.id),
    ),
    repo.labRangesOf(db, labId),
  ]);
  return analytes.map((analyte) => ({
    ...analyteView(analyte),
    tests: analyte.tests ?? [],
    published: published.filter((row) => row.analyte_id === analyte.id).map(publishedRangeView),
    own: own.filter((row) => row.analyte_id === analyte.id).map(rangeView),
  }));
}

/** Adds (no id) or changes one of the lab's own intervals, for an analyte a test on its price list measures. */
export async function saveLabInterval(db: Kysely<Database>, labId: string, actorId: string, input: SaveLabRangeInput) {
  return db.transaction().execute(async (tx) => {
    // Another lab's interval, or an analyte none of the lab's tests measures, is not found: nothing tells it exists.
    if (!(await repo.labAnalyte(tx, labId, input.analyteId))) throw new AppError('NOT_FOUND', { analyteId: input.analyteId });
    const analyte = await lockedAnalyte(tx, input.analyteId);
    const before = input.id === undefined ? null : await repo.findLabRange(tx, labId, input.id);
    if (input.id !== undefined && (!before || before.analyte_id !== input.analyteId))
      throw new AppError('NOT_FOUND', { rangeId: input.id });
    assertUnitFits(analyte, input.unit);
    assertNoOverlap(await repo.labRangesOf(tx, labId, input.analyteId), input, input.id);
    const id = input.id ?? (await repo.insertLabRange(tx, labId, input));
    if (input.id !== undefined) await repo.updateLabRange(tx, labId, id, input);
    const after = savedRange(id, input);
    await recordAudit(tx, {
      actorId,
      action: 'analyte.lab_interval_save',
      subjectType: 'analyte',
      subjectId: input.analyteId,
      details: { labId, rangeId: id, before: before && rangeView(before), after },
    });
    return after;
  });
}

export async function deleteLabInterval(db: Kysely<Database>, labId: string, actorId: string, id: number) {
  return db.transaction().execute(async (tx) => {
    const before = await repo.findLabRange(tx, labId, id);
    if (!before) throw new AppError('NOT_FOUND', { rangeId: id });
    await repo.deleteLabRange(tx, labId, id);
    await recordAudit(tx, {
      actorId,
      action: 'analyte.lab_interval_delete',
      subjectType: 'analyte',
      subjectId: before.analyte_id,
      details: { labId, rangeId: id, before: rangeView(before), after: null },
    });
    return { id, analyteId: before.analyte_id };
  });
}

// --- what other modules read of analytes ------------------------------------------------------------

/** The analytes with these ids, for the analysis: code, names, unit, decimals and molar mass; one query. */
export function analytesById(db: Kysely<Database> | Transaction<Database>, ids: readonly number[]) {
  return repo.analytesById(db, ids);
}

/** Each of these tests' analytes (id, LOINC, names), in each test's order; one query. */
export function analytesOfTests(db: Kysely<Database> | Transaction<Database>, testIds: readonly number[]) {
  return repo.analytesOfTests(db, testIds);
}

/** The ids of the analytes whose names contain these words (normalized as search normalizes them); none for no words. */
export function analyteIdsNamed(db: Kysely<Database> | Transaction<Database>, normalizedText: string) {
  return normalizedText === '' ? Promise.resolve([]) : repo.analyteIdsNamed(db, normalizedText);
}

/** Analytes a person may ask for by name or LOINC code (normalized as search normalizes), that a lab on sale reports; none for no words. */
export function offeredAnalytesNamed(db: Kysely<Database> | Transaction<Database>, normalizedText: string, limit: number) {
  return normalizedText === '' ? Promise.resolve([]) : repo.offeredAnalytesNamed(db, normalizedText, limit);
}

/**
 * The analytes with these LOINC codes that the catalog holds (ids and names), by code; one query. A
 * code the catalog does not hold is not in the map.
 */
export async function analytesByLoinc(db: Kysely<Database> | Transaction<Database>, loincs: readonly string[]) {
  return new Map((await repo.analytesByLoinc(db, [...new Set(loincs)])).map((row) => [row.loinc, row]));
}

/** The analytes a test lists, in its order, with each one's answers (none: an empty list); one query. */
export async function testAnalytesWithAnswers(db: Kysely<Database> | Transaction<Database>, testId: number) {
  return (await repo.testAnalytesWithAnswers(db, testId)).map((row) => ({ ...row, answers: row.answers ?? [] }));
}

/**
 * The published reference intervals and critical limits of these analytes, and the lab's own
 * intervals of them: for the whole set, one query each (never one per analyte).
 */
export function publishedAndLabRanges(db: Kysely<Database> | Transaction<Database>, labId: string, analyteIds: readonly number[]) {
  return repo.publishedAndLabRanges(db, labId, analyteIds);
}

/** The LOINC code and names of the analytes with these ids, in LOINC order (the database's); one query. */
export function analyteNamesInLoincOrder(db: Kysely<Database> | Transaction<Database>, ids: readonly number[]) {
  return repo.analyteNamesInLoincOrder(db, [...new Set(ids)]);
}

/**
 * Whether a test's results are judged by who the person is (issue #76 item 3): one of its analytes has
 * a published interval for one sex, or more than one interval by age, or is creatinine (eGFR).
 */
export function testJudgedByAgeOrSex(db: Kysely<Database>, testId: number): Promise<boolean> {
  return repo.judgedByAgeOrSex(db, testId);
}
