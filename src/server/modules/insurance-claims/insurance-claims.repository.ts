import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ClaimStatus = 'pending' | 'queued' | 'accepted' | 'partly-accepted' | 'rejected' | 'paid' | 'failed';

/**
 * Opens a claim for each booking its insurer pays part of whose results are final and that has none yet
 * (not a cancelled one): its first claim, pending from `now`, with a new message id. Returns how many were opened.
 */
export async function openDueClaims(db: Db, diagnosisCode: string, now: Date): Promise<number> {
  const { numInsertedOrUpdatedRows } = await db
    .insertInto('insurance_claims')
    .columns(['booking_id', 'lab_id', 'message_id', 'diagnosis_code', 'next_try_at'])
    .expression((eb) =>
      eb
        .selectFrom('bookings')
        .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
        .innerJoin('result_reports', 'result_reports.booking_id', 'bookings.id')
        .select([
          'bookings.id',
          'lab_tests.lab_id',
          sql<string>`gen_random_uuid()::text`.as('message_id'),
          sql<string>`${diagnosisCode}`.as('diagnosis_code'),
          sql<Date>`${now}::timestamptz`.as('next_try_at'),
        ])
        .where('bookings.insurer_share_halalas', '>', 0)
        .where('bookings.coverage_message_id', 'is not', null)
        .where('bookings.status', '<>', 'cancelled')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('result_report_versions')
              .select('result_report_versions.id')
              .whereRef('result_report_versions.report_id', '=', 'result_reports.id')
              .where('result_report_versions.status', '=', 'final'),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('insurance_claims').select('insurance_claims.id').whereRef('insurance_claims.booking_id', '=', 'bookings.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0);
}

/**
 * Takes up to `limit` pending claims due by `now` for this round: each is leased until `leaseUntil` (another
 * server's round skips it meanwhile) and counted as a try.
 */
export async function leaseDueClaims(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
  const rows = await db
    .updateTable('insurance_claims')
    .set((eb) => ({ next_try_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      db
        .selectFrom('insurance_claims')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_try_at', '<=', now)
        .orderBy('next_try_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A claim with what its message is built from: its booking, the test as billed, and the claim it corrects. */
export function claimToSend(db: Db, claimId: string) {
  return db
    .selectFrom('insurance_claims')
    .innerJoin('bookings', 'bookings.id', 'insurance_claims.booking_id')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('labs', 'labs.id', 'lab_tests.lab_id')
    .leftJoin('insurance_claims as replaced', 'replaced.id', 'insurance_claims.replaces_claim_id')
    .leftJoin('family_members', 'family_members.id', 'bookings.family_member_id')
    .select([
      'insurance_claims.id',
      'insurance_claims.message_id',
      'insurance_claims.diagnosis_code',
      'insurance_claims.attempts',
      'insurance_claims.status',
      'replaced.message_id as replaces_message_id',
      'bookings.id as booking_id',
      'bookings.reference',
      'bookings.customer_id',
      'bookings.family_member_id',
      'bookings.booking_time',
      'bookings.total_price_halalas',
      'lab_tests.lab_id',
      'lab_tests.nphies_billing_code',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      'labs.lab_name_ar',
      'labs.lab_name_en',
      'labs.time_zone',
      'family_members.name as member_name',
    ])
    .where('insurance_claims.id', '=', claimId)
    .executeTakeFirst();
}

/** What NPHIES answered, or why the claim could not be sent; `retryAt` keeps it pending for another try. */
export interface ClaimOutcomeRow {
  status: ClaimStatus;
  problem?: string | null;
  reasons?: { code: string; display: string | null }[];
  benefitHalalas?: number | null;
  answeredAt?: Date | null;
  /** Another try later, under a new message id (a timed-out message id stays timed out: ADR 0097). */
  retry?: { at: Date; messageId: string };
}

export async function recordOutcome(db: Db, claimId: string, outcome: ClaimOutcomeRow) {
  await db
    .updateTable('insurance_claims')
    .set({
      status: outcome.status,
      problem: outcome.problem ?? null,
      reasons: JSON.stringify(outcome.reasons ?? []),
      benefit_halalas: outcome.benefitHalalas ?? null,
      answered_at: outcome.answeredAt ?? null,
      ...(outcome.retry && { next_try_at: outcome.retry.at, message_id: outcome.retry.messageId }),
    })
    .where('id', '=', claimId)
    .execute();
}

/** The lab's claims, newest first, with the booking, the test, the patient's name and the insurer's share. */
export function labClaims(db: Db, labId: string, limit: number) {
  return db
    .selectFrom('insurance_claims')
    .innerJoin('bookings', 'bookings.id', 'insurance_claims.booking_id')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'bookings.customer_id')
    .leftJoin('family_members', 'family_members.id', 'bookings.family_member_id')
    .select([
      'insurance_claims.id',
      'insurance_claims.message_id',
      'insurance_claims.replaces_claim_id',
      'insurance_claims.diagnosis_code',
      'insurance_claims.status',
      'insurance_claims.problem',
      'insurance_claims.reasons',
      'insurance_claims.benefit_halalas',
      'insurance_claims.attempts',
      'insurance_claims.created_at',
      'insurance_claims.answered_at',
      'bookings.id as booking_id',
      'bookings.reference',
      'bookings.booking_time',
      'bookings.total_price_halalas',
      'bookings.insurer_share_halalas',
      'tests.name_ar as test_name_ar',
      'tests.name_en as test_name_en',
      sql<string>`coalesce(family_members.name, user_profiles.name)`.as('patient_name'),
      (eb) =>
        eb
          .exists(
            eb.selectFrom('insurance_claims as later').select('later.id').whereRef('later.replaces_claim_id', '=', 'insurance_claims.id'),
          )
          .as('replaced'),
    ])
    .where('insurance_claims.lab_id', '=', labId)
    .orderBy('insurance_claims.created_at', 'desc')
    .orderBy('insurance_claims.id', 'desc')
    .limit(limit)
    .execute();
}

/** One of the lab's claims, with whether a correction already replaces it. */
export function labClaim(db: Db, labId: string, claimId: string) {
  return db
    .selectFrom('insurance_claims')
    .select(['id', 'booking_id', 'status', 'diagnosis_code'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('insurance_claims as later').select('later.id').whereRef('later.replaces_claim_id', '=', 'insurance_claims.id'),
        )
        .as('replaced'),
    )
    .where('id', '=', claimId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
}

/**
 * A corrected claim replacing `replaces`, pending and leased to its caller until `leaseUntil` (the round
 * leaves it alone); null when another correction replaced it first.
 */
export async function insertCorrection(
  db: Db,
  claim: { bookingId: string; labId: string; replaces: string; diagnosisCode: string; leaseUntil: Date },
) {
  const row = await db
    .insertInto('insurance_claims')
    .values({
      booking_id: claim.bookingId,
      lab_id: claim.labId,
      message_id: crypto.randomUUID(),
      replaces_claim_id: claim.replaces,
      diagnosis_code: claim.diagnosisCode,
      next_try_at: claim.leaseUntil,
      attempts: 1,
    })
    .onConflict((oc) => oc.column('replaces_claim_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
