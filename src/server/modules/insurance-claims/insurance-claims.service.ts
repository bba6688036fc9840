import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { ResubmitClaimInput } from '../../../shared/insurance-claim-schemas.ts';
import { visitDay } from '../../../shared/insurance-coverage-schemas.ts';
import { halalasToSar, sarToHalalas } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { retryDelaySeconds } from '../../platform/outbox-backoff.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { startRounds } from '../../platform/rounds.ts';
import { analytesByLoinc } from '../analytes/analytes.service.ts';
import { LABORATORY_CODES, nphiesPartiesOf } from '../insurance-coverage/insurance-coverage.service.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { type ClaimOutcome, type NphiesOptions, submitClaim } from '../nphies/nphies.service.ts';
import { finalValuesForClaim } from '../result-reports/result-reports.service.ts';
import * as repo from './insurance-claims.repository.ts';

// Claims after the visit (issue #80 item 5, ADR 0100): a booking its insurer pays part of is claimed from
// the insurer through the lab's NPHIES identity once its results are final, with the test's billing code
// and the final values (LOINC, UCUM) as supporting information. A round opens and sends them; NPHIES's
// answer is the claim's status on the lab's dashboard, where a rejected or failed claim can be corrected
// and sent again. Nothing here charges the patient: a rejection is the lab's to decide.

/**
 * The diagnosis a laboratory claim carries when the lab names none: ICD-10-AM Z01.7 "Laboratory
 * examination" (ICD-10-AM 12th edition, chapter XXI, Z00–Z13 "Persons encountering health services for
 * examination and investigation"). NPHIES requires a diagnosis on every claim.
 */
export const LABORATORY_EXAMINATION = { code: 'Z01.7', display: 'Laboratory examination' } as const;

/** Where the account holder sees their bookings (the mail's link; the outbox makes it absolute). */
const BOOKINGS_PAGE = '/dashboard?section=bookings';

/** How often the round runs, how many claims one round sends, and how long a sent claim is leased. */
const ROUND_MS = 30_000;
const PER_ROUND = 20;
/** Tries of a claim NPHIES did not answer before it is left failed for the lab to send again. */
const MAX_TRIES = 8;

const statusOf: Record<ClaimOutcome['status'], repo.ClaimStatus> = {
  queued: 'queued',
  accepted: 'accepted',
  'partly-accepted': 'partly-accepted',
  rejected: 'rejected',
  paid: 'paid',
};

/** Until when a claim being sent is its sender's: longer than an exchange may take (twice its limit, as the engine judges one stuck). */
const leaseAfter = (now: Date, options: NphiesOptions) => new Date(now.getTime() + 2 * options.timeoutMs + 60_000);

/** One round: claims opened for bookings whose results became final, then the due ones sent. */
export async function fileDueClaims(db: Kysely<Database>, keys: ResultKeys, options: NphiesOptions, now = new Date()) {
  const opened = await repo.openDueClaims(db, LABORATORY_EXAMINATION.code, now);
  const due = await repo.leaseDueClaims(db, now, leaseAfter(now, options), PER_ROUND);
  for (const claimId of due) await sendClaim(db, keys, options, claimId, now);
  return { opened, sent: due.length };
}

/** Runs `fileDueClaims` in this server process every `everyMs` until stopped. */
export function startClaimRounds(
  deps: { db: Kysely<Database>; keys: ResultKeys; options: NphiesOptions; log: Logger },
  everyMs = ROUND_MS,
) {
  return startRounds(
    () => fileDueClaims(deps.db, deps.keys, deps.options),
    everyMs,
    (error) => deps.log.error({ err: error }, 'insurance claims round failed'),
  );
}

/** Builds the claim's message from its booking and final results and sends it; records NPHIES's answer or why it was not sent. */
async function sendClaim(db: Kysely<Database>, keys: ResultKeys, options: NphiesOptions, claimId: string, now: Date) {
  const claim = await repo.claimToSend(db, claimId);
  if (claim?.status !== 'pending') return;
  const fail = (problem: string, reasons: { code: string; display: string | null }[] = []) =>
    repo.recordOutcome(db, claim.id, { status: 'failed', problem, reasons, answeredAt: now });

  if (!claim.nphies_billing_code) return fail('test_without_billing_code');
  const results = await finalValuesForClaim(db, keys, claim.booking_id);
  if (!results) return fail('results_not_final');
  const date = visitDay(claim.booking_time);
  const party = await nphiesPartiesOf(db, keys, claim.customer_id, {
    labId: claim.lab_id,
    familyMemberId: claim.family_member_id,
    date,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (!party) return fail('patient_not_found');
  if (party.status === 'unanswered') return fail(party.reason);
  const names = await analytesByLoinc(
    db,
    results.values.map((value) => value.loinc),
  );

  try {
    const answer = await submitClaim(
      db,
      keys,
      { labId: claim.lab_id, settings: party.settings },
      {
        ...party.parties,
        messageId: claim.message_id,
        sentAt: now.toISOString(),
        bookingReference: claim.reference,
        items: [
          {
            sequence: 1,
            code: claim.nphies_billing_code,
            system: LABORATORY_CODES,
            display: claim.test_name_en,
            unitPriceSar: halalasToSar(claim.total_price_halalas),
          },
        ],
        servicedDate: date,
        diagnoses: [{ code: claim.diagnosis_code, display: diagnosisDisplay(claim.diagnosis_code) }],
        results: results.values.map((value) => ({
          loinc: value.loinc,
          display: names.get(value.loinc)?.name_en ?? value.label ?? value.loinc,
          value: value.value,
          unit: value.unit,
          issued: results.releasedAt,
        })),
        ...(claim.replaces_message_id && { resubmissionOf: claim.replaces_message_id }),
      },
      options,
    );
    const outcome = answer.outcome;
    const status = statusOf[outcome.status];
    // A rejection is told to the account holder with the answer, in one transaction: nothing is charged.
    await db.transaction().execute(async (tx) => {
      await repo.recordOutcome(tx, claim.id, {
        status,
        reasons: outcome.reasons,
        benefitHalalas: outcome.totals.benefitSar === null ? null : sarToHalalas(outcome.totals.benefitSar),
        answeredAt: now,
      });
      const recipient = status === 'rejected' ? await recipientOf(tx, claim.customer_id) : null;
      if (recipient) {
        await enqueueMail(tx, {
          to: recipient.email,
          locale: recipient.locale,
          userId: claim.customer_id,
          message: {
            template: 'insurance-claim-rejected',
            data: {
              name: recipient.name,
              testName: { ar: claim.test_name_ar, en: claim.test_name_en },
              labName: { ar: claim.lab_name_ar, en: claim.lab_name_en },
              memberName: claim.member_name,
              bookingReference: claim.reference,
              link: BOOKINGS_PAGE,
            },
          },
          dedupeKey: `insurance-claim-rejected:${claim.id}`,
        });
      }
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Its message is still on its way from another sender (one that stopped mid-exchange): asked again after the lease.
    if (error.code === 'CONFLICT' && error.details.reason === 'in-progress') return;
    if (error.code === 'NPHIES_TIMEOUT') {
      if (claim.attempts >= MAX_TRIES) return fail('nphies_timeout');
      // A timed-out message id stays timed out (ADR 0097): the next try is a new message.
      return repo.recordOutcome(db, claim.id, {
        status: 'pending',
        retry: { at: new Date(now.getTime() + retryDelaySeconds(claim.attempts) * 1000), messageId: crypto.randomUUID() },
      });
    }
    if (error.code === 'NPHIES_ERROR')
      return fail('nphies_refused', (error.details.issues ?? []) as { code: string; display: string | null }[]);
    if (error.code === 'VALIDATION_FAILED') return fail('claim_not_accepted');
    if (error.code === 'NPHIES_SETTINGS_REFUSED') return fail('lab_not_connected');
    throw error;
  }
}

/** The display of the diagnosis a claim names: the default's, or the code itself for one the lab gave. */
function diagnosisDisplay(code: string) {
  return code === LABORATORY_EXAMINATION.code ? LABORATORY_EXAMINATION.display : code;
}

/** The lab's claims, newest first (its dashboard's list). */
export async function labClaims(db: Kysely<Database>, labId: string) {
  const rows = await repo.labClaims(db, labId, 200);
  return rows.map((row) => ({
    id: row.id,
    bookingId: row.booking_id,
    bookingReference: row.reference,
    bookingTime: new Date(row.booking_time).toISOString(),
    test: { ar: row.test_name_ar, en: row.test_name_en },
    patientName: row.patient_name,
    priceSar: halalasToSar(row.total_price_halalas),
    insurerShareSar: halalasToSar(row.insurer_share_halalas),
    /** What NPHIES says the insurer pays, once answered. */
    benefitSar: row.benefit_halalas === null ? null : halalasToSar(row.benefit_halalas),
    diagnosisCode: row.diagnosis_code,
    status: row.status as repo.ClaimStatus,
    problem: row.problem,
    reasons: row.reasons as { code: string; display: string | null }[],
    attempts: row.attempts,
    correction: row.replaces_claim_id !== null,
    /** A later claim corrects this one. */
    replaced: Boolean(row.replaced),
    createdAt: new Date(row.created_at).toISOString(),
    answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  }));
}

/**
 * A rejected or failed claim sent again, corrected (a diagnosis the lab names; a billing code fixed on its
 * price list meanwhile): a new claim naming the one it replaces, sent now. A claim already replaced, or one
 * NPHIES has not turned down, cannot be.
 */
export async function resubmitClaim(
  db: Kysely<Database>,
  keys: ResultKeys,
  options: NphiesOptions,
  labId: string,
  input: ResubmitClaimInput,
  now = new Date(),
) {
  const claim = await repo.labClaim(db, labId, input.claimId);
  if (!claim) throw new AppError('NOT_FOUND', { entity: 'claim' });
  if ((claim.status !== 'rejected' && claim.status !== 'failed') || claim.replaced) throw new AppError('CLAIM_NOT_RESUBMITTABLE');
  const id = await repo.insertCorrection(db, {
    bookingId: claim.booking_id,
    labId,
    replaces: claim.id,
    diagnosisCode: input.diagnosisCode ?? claim.diagnosis_code,
    leaseUntil: leaseAfter(now, options),
  });
  if (!id) throw new AppError('CLAIM_NOT_RESUBMITTABLE');
  await sendClaim(db, keys, options, id, now);
  const [sent] = (await labClaims(db, labId)).filter((row) => row.id === id);
  return sent!;
}
