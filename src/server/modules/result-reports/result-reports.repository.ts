import { type Kysely, sql, type Transaction } from 'kysely';
import type { ResultFlag } from '../../../shared/result-values.ts';
import { bookingDetails } from '../../db/booking-details.ts';
import type { Database } from '../../db/schema.ts';
import type { Seal } from '../../platform/result-sealing.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The generated types say Buffer (node-postgres' bytea); both drivers take any Uint8Array.
const bytea = (bytes: Uint8Array) => bytes as Buffer;

/**
 * A booking with what a report needs of it: its parties, test, lab, patient and when it was; by its id
 * (the lab's form, the patient's reads) or by the reference a lab's system sends (the intake).
 */
export function findReportBooking(db: Db, by: { id: string } | { reference: string }) {
  return bookingDetails(db)
    .innerJoin('user_profiles as customer', 'customer.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.status',
      'bookings.customer_id',
      'customer.name as customer_name',
      'bookings.family_member_id',
      'bookings.booking_time',
      'lab_tests.lab_id',
      'lab_tests.test_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.phone as lab_phone',
      'labs.time_zone',
      'family_members.name as patient_name',
      // The person the visit was for: the family member, or the account holder (issue #76 item 3).
      (eb) => eb.fn.coalesce('family_members.sex', 'customer.sex').as('patient_sex'),
      (eb) => eb.fn.coalesce('family_members.date_of_birth', 'customer.date_of_birth').as('patient_date_of_birth'),
    ])
    .where('id' in by ? 'bookings.id' : 'bookings.reference', '=', 'id' in by ? by.id : by.reference)
    .executeTakeFirst();
}

export function reportOf(db: Db, bookingId: string) {
  return db.selectFrom('result_reports').select(['id', 'booking_id']).where('booking_id', '=', bookingId).executeTakeFirst();
}

export async function ensureReport(tx: Transaction<Database>, bookingId: string): Promise<string> {
  await tx
    .insertInto('result_reports')
    .values({ booking_id: bookingId })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
  const row = await tx.selectFrom('result_reports').select('id').where('booking_id', '=', bookingId).forUpdate().executeTakeFirstOrThrow();
  return row.id;
}

const VERSION_COLUMNS = [
  'result_report_versions.id',
  'result_report_versions.report_id',
  'result_report_versions.version',
  'result_report_versions.status',
  'result_report_versions.release_as',
  'result_report_versions.source',
  'result_report_versions.written_at',
  'result_report_versions.released_at',
  'result_report_versions.sealed_values',
  'result_report_versions.seal_version',
  'result_report_versions.key_id',
  'result_report_versions.wrapped_key',
  'result_report_versions.iv',
  'result_report_versions.interpretation_signed_at',
  'result_report_versions.amends',
] as const;

/** Every version of a report, newest first. */
export function versionsOf(db: Db, reportId: string) {
  return db
    .selectFrom('result_report_versions')
    .leftJoin('result_critical_cases', 'result_critical_cases.version_id', 'result_report_versions.id')
    .select(VERSION_COLUMNS)
    .select([
      'result_critical_cases.id as critical_case_id',
      'result_critical_cases.recorded_at as call_recorded_at',
      'result_critical_cases.caller_name',
      'result_critical_cases.called_person',
      'result_critical_cases.called_at',
    ])
    .where('result_report_versions.report_id', '=', reportId)
    .orderBy('result_report_versions.version', 'desc')
    .execute();
}

export interface VersionWrite {
  status: 'draft' | 'preliminary' | 'final';
  release_as: 'preliminary' | 'final' | null;
  source: 'form' | 'hl7v2' | 'fhir';
  analyteIds: readonly number[];
  /** It drops or changes a value its patient was given (report-parts.ts amendsReleased). */
  amends: boolean;
  writtenBy: string;
  sealed: Uint8Array;
  seal: Seal;
}

function sealColumns(sealed: Uint8Array, seal: Seal) {
  return {
    sealed_values: bytea(sealed),
    seal_version: seal.version,
    key_id: seal.keyId,
    wrapped_key: bytea(seal.wrappedKey),
    iv: bytea(seal.iv),
  };
}

/** A new version after the report's last one; released at once unless it is a draft. */
export async function insertVersion(tx: Transaction<Database>, reportId: string, id: string, write: VersionWrite) {
  const released = write.status !== 'draft';
  const row = await tx
    .insertInto('result_report_versions')
    .values((eb) => ({
      id,
      report_id: reportId,
      version: eb
        .selectFrom('result_report_versions')
        .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
        .where('report_id', '=', reportId),
      status: write.status,
      release_as: write.release_as,
      source: write.source,
      analyte_count: write.analyteIds.length,
      amends: write.amends,
      written_by: write.writtenBy,
      released_by: released ? write.writtenBy : null,
      released_at: released ? sql<Date>`now()` : null,
      ...sealColumns(write.sealed, write.seal),
    }))
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  await indexAnalytes(tx, row.id, write.analyteIds);
  return row;
}

/**
 * The draft's values replaced by new ones (a lab saving its form again). Its interpretive comment's
 * signature is cleared unless the values it was signed over are unchanged (`keepSignature`).
 */
export async function replaceDraft(tx: Transaction<Database>, versionId: string, write: VersionWrite, keepSignature = false) {
  await tx
    .updateTable('result_report_versions')
    .set({
      release_as: write.release_as,
      source: write.source,
      analyte_count: write.analyteIds.length,
      amends: write.amends,
      written_by: write.writtenBy,
      written_at: sql<Date>`now()`,
      ...sealColumns(write.sealed, write.seal),
      ...(!keepSignature && { interpretation_signed_at: null, interpretation_signed_by: null }),
    })
    .where('id', '=', versionId)
    .where('status', '=', 'draft')
    .execute();
  await tx.deleteFrom('result_version_analytes').where('version_id', '=', versionId).execute();
  await indexAnalytes(tx, versionId, write.analyteIds);
}

async function indexAnalytes(tx: Transaction<Database>, versionId: string, analyteIds: readonly number[]) {
  const unique = [...new Set(analyteIds)];
  if (unique.length > 0) {
    await tx
      .insertInto('result_version_analytes')
      .values(unique.map((analyteId) => ({ version_id: versionId, analyte_id: analyteId })))
      .execute();
  }
}

/** The draft's document re-sealed with its signed interpretive comment, and the signature recorded. */
export async function signDraftInterpretation(
  tx: Transaction<Database>,
  versionId: string,
  signed: { sealed: Uint8Array; seal: Seal; signedAt: Date; signedBy: string },
) {
  const row = await tx
    .updateTable('result_report_versions')
    .set({
      ...sealColumns(signed.sealed, signed.seal),
      interpretation_signed_at: signed.signedAt,
      interpretation_signed_by: signed.signedBy,
    })
    .where('id', '=', versionId)
    .where('status', '=', 'draft')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The draft becomes what it was to be released as. */
export async function releaseDraft(tx: Transaction<Database>, versionId: string, releasedBy: string) {
  const row = await tx
    .updateTable('result_report_versions')
    .set({
      status: sql<'preliminary' | 'final'>`coalesce(release_as, 'final')`,
      release_as: null,
      released_by: releasedBy,
      released_at: sql<Date>`now()`,
    })
    .where('id', '=', versionId)
    .where('status', '=', 'draft')
    .returning(['version', 'status'])
    .executeTakeFirst();
  return row;
}

/**
 * Opens the version's critical case, unless one is open; closes an unanswered one when no value is critical
 * any more. True when this opened the case.
 */
export async function syncCriticalCase(tx: Transaction<Database>, versionId: string, critical: boolean): Promise<boolean> {
  if (critical) {
    const opened = await tx
      .insertInto('result_critical_cases')
      .values({ version_id: versionId })
      .onConflict((oc) => oc.column('version_id').doNothing())
      .returning('version_id')
      .executeTakeFirst();
    return opened !== undefined;
  }
  await tx.deleteFrom('result_critical_cases').where('version_id', '=', versionId).where('recorded_at', 'is', null).execute();
  return false;
}

export function recordCall(
  tx: Transaction<Database>,
  versionId: string,
  call: { callerName: string; calledPerson: string; calledAt: Date; recordedBy: string },
) {
  return tx
    .updateTable('result_critical_cases')
    .set({
      caller_name: call.callerName,
      called_person: call.calledPerson,
      called_at: call.calledAt,
      read_back: true,
      recorded_by: call.recordedBy,
      recorded_at: sql<Date>`now()`,
    })
    .where('version_id', '=', versionId)
    .where('recorded_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/**
 * The latest released version of each of the person's reports (the account holder's own when
 * `familyMemberId` is null) that holds any of these analytes (or any at all, for the analysis of a
 * visit): what their trends need, and no more.
 */
export function releasedVersionsHolding(db: Db, customerId: string, familyMemberId: string | null, analyteIds: readonly number[] | 'any') {
  if (analyteIds !== 'any' && analyteIds.length === 0) return Promise.resolve([]);
  return bookingDetails(db)
    .innerJoin('result_reports', 'result_reports.booking_id', 'bookings.id')
    .innerJoin('result_report_versions', 'result_report_versions.report_id', 'result_reports.id')
    .select(VERSION_COLUMNS)
    .select([
      'bookings.id as booking_id',
      'bookings.booking_time',
      'lab_tests.test_id',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
    ])
    .where('bookings.customer_id', '=', customerId)
    .where((eb) =>
      familyMemberId === null ? eb('bookings.family_member_id', 'is', null) : eb('bookings.family_member_id', '=', familyMemberId),
    )
    .where('result_report_versions.status', '<>', 'draft')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('result_report_versions as later')
            .select(sql.lit(1).as('one'))
            .whereRef('later.report_id', '=', 'result_report_versions.report_id')
            .where('later.status', '<>', 'draft')
            .whereRef('later.version', '>', 'result_report_versions.version'),
        ),
      ),
    )
    .$if(analyteIds !== 'any', (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('result_version_analytes')
            .select(sql.lit(1).as('one'))
            .whereRef('result_version_analytes.version_id', '=', 'result_report_versions.id')
            .where('result_version_analytes.analyte_id', 'in', analyteIds as readonly number[]),
        ),
      ),
    )
    .orderBy('bookings.booking_time')
    .execute();
}

/** When each analyte of a report was first released: a package's tests arrive one by one (issue #79 item 1). */
export function firstReleasedPerAnalyte(db: Db, reportId: string) {
  return db
    .selectFrom('result_report_versions')
    .innerJoin('result_version_analytes', 'result_version_analytes.version_id', 'result_report_versions.id')
    .select(['result_version_analytes.analyte_id', (eb) => eb.fn.min('result_report_versions.released_at').as('released_at')])
    .where('result_report_versions.report_id', '=', reportId)
    .where('result_report_versions.status', '<>', 'draft')
    .groupBy('result_version_analytes.analyte_id')
    .execute();
}

/** The customer's bookings that have a released report, newest first. */
export function customerReleasedReports(db: Db, customerId: string) {
  return bookingDetails(db)
    .innerJoin('result_reports', 'result_reports.booking_id', 'bookings.id')
    .innerJoin('result_report_versions as released', (join) =>
      join.onRef('released.report_id', '=', 'result_reports.id').on('released.status', '<>', 'draft'),
    )
    .select([
      'bookings.id as booking_id',
      'bookings.booking_time',
      'bookings.family_member_id',
      'family_members.name as patient_name',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      (eb) => eb.fn.max('released.version').as('version'),
      (eb) => eb.fn.max('released.released_at').as('released_at'),
      sql<boolean>`bool_or(released.amends)`.as('amended'),
    ])
    .where('bookings.customer_id', '=', customerId)
    .groupBy(['bookings.id', 'family_members.name', 'tests.name_ar', 'tests.name_en', 'labs.lab_name_ar', 'labs.lab_name_en'])
    .orderBy('bookings.booking_time', 'desc')
    .execute();
}

/** Critical cases whose call is not recorded an hour after they opened, oldest first (no value). */
export function overdueCriticalCases(db: Db, olderThan: Date) {
  return bookingDetails(db)
    .innerJoin('result_reports', 'result_reports.booking_id', 'bookings.id')
    .innerJoin('result_report_versions', 'result_report_versions.report_id', 'result_reports.id')
    .innerJoin('result_critical_cases', 'result_critical_cases.version_id', 'result_report_versions.id')
    .select([
      'result_critical_cases.id',
      'result_critical_cases.opened_at',
      'bookings.id as booking_id',
      'bookings.reference',
      'labs.id as lab_id',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.phone as lab_phone',
    ])
    .where('result_critical_cases.recorded_at', 'is', null)
    .where('result_critical_cases.opened_at', '<', olderThan)
    .orderBy('result_critical_cases.opened_at')
    .limit(200)
    .execute();
}

/** How many report versions each master key wraps. */
export function versionsPerKey(db: Db) {
  return db
    .selectFrom('result_report_versions')
    .select(['key_id', (eb) => eb.fn.countAll<string>().as('versions')])
    .groupBy('key_id')
    .execute();
}

/** Puts a re-wrapped data key in place, unless the version was re-wrapped meanwhile. */
export async function replaceVersionKey(db: Db, id: string, fromKeyId: string, seal: Seal): Promise<boolean> {
  const result = await db
    .updateTable('result_report_versions')
    .set({ key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey) })
    .where('id', '=', id)
    .where('key_id', '=', fromKeyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface FlagDisagreement {
  analyteId: number;
  labFlag: ResultFlag;
  ourFlag: ResultFlag;
}

/** Counts where a lab's flag differed from ours (ADR 0081): by lab, analyte and the two flags, no patient. */
export async function countFlagDisagreements(db: Db, labId: string, disagreements: readonly FlagDisagreement[]) {
  if (disagreements.length === 0) return;
  await db
    .insertInto('result_flag_disagreements')
    .values(disagreements.map((row) => ({ lab_id: labId, analyte_id: row.analyteId, lab_flag: row.labFlag, our_flag: row.ourFlag })))
    .onConflict((conflict) =>
      conflict.columns(['lab_id', 'analyte_id', 'lab_flag', 'our_flag']).doUpdateSet((eb) => ({
        count: eb('result_flag_disagreements.count', '+', 1),
        last_seen_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/**
 * Each lab's disagreements with our flags, the most recent first, by lab: the analyte by its id (the
 * analytes module names it). `place` numbers each (time, lab) from 1; the rows tied with the 200th are
 * kept, for the caller to order each place by LOINC and keep 200.
 */
export function flagDisagreements(db: Db) {
  return db
    .selectFrom('result_flag_disagreements')
    .innerJoin('labs', 'labs.id', 'result_flag_disagreements.lab_id')
    .select([
      'labs.id as lab_id',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'result_flag_disagreements.analyte_id',
      'result_flag_disagreements.lab_flag',
      'result_flag_disagreements.our_flag',
      'result_flag_disagreements.count',
      'result_flag_disagreements.last_seen_at',
      sql<number | string>`dense_rank() over (order by result_flag_disagreements.last_seen_at desc, labs.id)`.as('place'),
    ])
    .orderBy('result_flag_disagreements.last_seen_at', 'desc')
    .orderBy('labs.id')
    .fetch(200, 'with ties')
    .execute();
}
