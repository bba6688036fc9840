import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import {
  type AnsweredTest,
  type CheckCoverageInput,
  coverageVisitKey,
  insurerSharesOf,
  visitDay,
} from '../../../shared/insurance-coverage-schemas.ts';
import { normalizePolicyClass } from '../../../shared/lab-insurance-schemas.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import { consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import type { ResultKeys } from '../../platform/result-sealing.ts';
import { verifiedIdentityOf } from '../identity/identity.service.ts';
import { insuranceOfPerson } from '../insurance/insurance.service.ts';
import { labsInNetwork, nphiesSettingsOf } from '../lab-insurance/lab-insurance.service.ts';
import {
  checkEligibility,
  type EligibilityAsk,
  type EligibilityOutcome,
  type NphiesLabSettings,
  type NphiesOptions,
} from '../nphies/nphies.service.ts';
import * as repo from './insurance-coverage.repository.ts';

// Coverage before paying (issue #80 item 4): a person asks their insurer, through the lab's NPHIES
// connection, which of the tests they are about to book are covered and what their own share is. The
// ask is built from what other modules keep (the card in force, the ID verified by Nafath, the lab's
// networks and sealed settings, each test's billing code and price); where one is missing the answer
// says which, as a reason the page words, never an error it must parse. The NPHIES engine (ADR 0097)
// sends, stores and replays the exchange.

/** NPHIES's code system for laboratory services, which the tests' billing codes belong to. */
const LABORATORY_CODES = 'http://nphies.sa/terminology/CodeSystem/laboratory';

/** Why a check could not be made, or ended without an answer from NPHIES. */
export type CoverageReason =
  /** The person has no insurance card, or its policy is not in force on the visit's day. */
  | 'no_insurance'
  /** The person's ID number is not verified by Nafath (nor vouched for by their verified guardian). */
  | 'identity_not_verified'
  /** NPHIES needs the patient's sex and date of birth, which the profile lacks. */
  | 'profile_incomplete'
  /** The lab is not in network for the person's insurer and policy class. */
  | 'lab_not_in_network'
  /** The lab has no NPHIES settings: it cannot send the message. */
  | 'lab_not_connected'
  /** One or more tests have no NPHIES billing code on the lab's price list (`testIds`). */
  | 'test_without_billing_code'
  /** The card's details cannot go into an NPHIES message as saved (e.g. its member id's spelling). */
  | 'card_not_accepted'
  /** NPHIES did not answer within its time: the person may pay in full (`mayPayInFull`). */
  | 'nphies_timeout'
  /** NPHIES refused the message, with its reasons (`nphiesReasons`). */
  | 'nphies_refused';

export interface CoveredTest {
  testId: number;
  name_ar: string;
  name_en: string;
  coverage: 'covered' | 'not-covered' | 'prior-auth-required';
  priceSar: number;
  patientShareSar: number;
  insurerShareSar: number;
}

export type CoverageCheck =
  | {
      status: 'answered';
      /** The exchange's message id; a repeated check within ten minutes gives the same one, not asked again. */
      messageId: string;
      replayed: boolean;
      /** False when the policy is not active with the insurer (every test is then the person's to pay). */
      eligible: boolean;
      tests: CoveredTest[];
      patientShare: EligibilityOutcome['patientShare'];
      totals: EligibilityOutcome['totals'];
    }
  | {
      status: 'unanswered';
      reason: CoverageReason;
      /** The tests without a billing code (test_without_billing_code). */
      testIds?: number[];
      /** NPHIES's reasons (nphies_refused). */
      nphiesReasons?: { code: string; display: string | null }[];
      /** True when the person may book paying the full price instead (nphies_timeout). */
      mayPayInFull?: boolean;
    };

const unanswered = (reason: CoverageReason, more: Omit<Extract<CoverageCheck, { status: 'unanswered' }>, 'status' | 'reason'> = {}) =>
  ({ status: 'unanswered', reason, ...more }) satisfies CoverageCheck;

/** The rate-limit key of an account's coverage checks (rateLimits.coverageChecksPerCustomer). */
export const coverageCheckLimitKey = (accountId: string) => `coverage-check:${accountId}`;

/** Noon in the Kingdom on the visit's day: the instant whose Riyadh date is that day. */
const dayInKingdom = (date: string) => new Date(`${date}T12:00:00+03:00`);

/**
 * A signed-in customer's coverage check for themselves (no `familyMemberId`) or one of their family
 * members: another account's member, a lab that does not exist, or a test it does not offer is NOT_FOUND.
 */
export async function checkCoverage(
  db: Kysely<Database>,
  keys: ResultKeys,
  options: NphiesOptions,
  accountId: string,
  input: CheckCoverageInput,
  now = new Date(),
): Promise<CoverageCheck> {
  const member = input.familyMemberId ? await repo.memberDetails(db, accountId, input.familyMemberId) : null;
  if (input.familyMemberId && !member) throw new AppError('NOT_FOUND', { entity: 'familyMember' });
  const lab = await repo.labNamed(db, input.labId);
  if (!lab) throw new AppError('NOT_FOUND', { entity: 'lab' });
  const offerings = await repo.offeringsOf(db, input.labId, input.testIds);
  if (offerings.length !== input.testIds.length) throw new AppError('NOT_FOUND', { entity: 'labTest' });

  const card = await insuranceOfPerson(db, accountId, input.familyMemberId, dayInKingdom(input.date));
  if (!card?.in_force) return unanswered('no_insurance');
  const identity = await verifiedIdentityOf(db, { userId: accountId, familyMemberId: input.familyMemberId });
  if (!identity) return unanswered('identity_not_verified');
  const holder = member ? null : await repo.holderDetails(db, accountId);
  const sex = member?.sex ?? holder?.sex ?? null;
  const birthDate = member?.date_of_birth ?? holder?.date_of_birth ?? null;
  if (!sex || !birthDate) return unanswered('profile_incomplete');

  const inNetwork = await labsInNetwork(db, { insurerId: card.insurer_id, policyClass: normalizePolicyClass(card.policy_class) });
  if (!inNetwork.includes(input.labId)) return unanswered('lab_not_in_network');
  const stored = await nphiesSettingsOf(db, keys, input.labId);
  if (!stored) return unanswered('lab_not_connected');
  const settings: NphiesLabSettings = {
    endpointUrl: stored.endpointUrl,
    providerLicense: stored.providerLicense,
    clientCertPem: stored.clientCertPem,
    clientKeyPem: stored.clientKeyPem,
    ...(stored.caPem && { caPem: stored.caPem }),
  };
  const uncoded = offerings.filter((offering) => offering.nphies_billing_code === null).map((offering) => offering.test_id);
  if (uncoded.length > 0) return unanswered('test_without_billing_code', { testIds: uncoded });

  const verifiedName = identity.verifiedName?.en ?? identity.verifiedName?.ar ?? null;
  const ask: Omit<EligibilityAsk, 'messageId' | 'sentAt'> = {
    provider: { license: settings.providerLicense, name: lab.lab_name_en },
    payer: { nphiesId: card.nphies_payer_id, name: card.insurer_name_en },
    patient: {
      idKind: identity.nationalId.startsWith('2') ? 'iqama' : 'nationalid',
      idNumber: identity.nationalId,
      name: verifiedName ?? member?.name ?? holder?.name ?? '',
      sex,
      birthDate,
    },
    coverage: {
      memberId: card.member_id,
      policyClass: card.policy_class,
      ...(card.network && { network: card.network }),
      relationship: member ? relationshipOf(member.relation) : 'self',
      expiry: dateOnly(card.expires_on),
    },
    items: offerings.map((offering, index) => ({
      sequence: index + 1,
      code: offering.nphies_billing_code ?? '',
      system: LABORATORY_CODES,
      display: offering.name_en,
      unitPriceSar: halalasToSar(offering.price_halalas),
    })),
    servicedDate: input.date,
  };

  // The same ask (person, card, lab, tests, prices, day) within the window is the stored answer of its
  // message id, which the engine replays; otherwise a new message id.
  const askKey = createHash('sha256')
    .update(JSON.stringify({ labId: input.labId, ask }))
    .digest('hex');
  const recent = await repo.recentCheck(db, askKey);
  // Only a message that will be sent counts against the account's checks.
  if (!recent) await consumeAttempt(db, coverageCheckLimitKey(accountId), rateLimits.coverageChecksPerCustomer, now);
  const messageId = recent ?? crypto.randomUUID();
  try {
    const answer = await checkEligibility(
      db,
      keys,
      { labId: input.labId, settings },
      { ...ask, messageId, sentAt: now.toISOString() },
      options,
    );
    if (!answer.replayed) await repo.recordCheck(db, askKey, messageId);
    const bySequence = new Map(answer.outcome.items.map((item) => [item.sequence, item]));
    return {
      status: 'answered',
      messageId,
      replayed: answer.replayed,
      eligible: answer.outcome.eligible,
      tests: offerings.map((offering, index) => {
        const item = bySequence.get(index + 1);
        const priceSar = halalasToSar(offering.price_halalas);
        return {
          testId: offering.test_id,
          name_ar: offering.name_ar,
          name_en: offering.name_en,
          // An item NPHIES left out of its answer is not covered: the person pays for it.
          coverage: item?.coverage ?? 'not-covered',
          priceSar: item?.priceSar ?? priceSar,
          patientShareSar: item?.patientShareSar ?? priceSar,
          insurerShareSar: item?.insurerShareSar ?? 0,
        };
      }),
      patientShare: answer.outcome.patientShare,
      totals: answer.outcome.totals,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'NPHIES_TIMEOUT') return unanswered('nphies_timeout', { mayPayInFull: true });
    if (error.code === 'NPHIES_ERROR') {
      await repo.recordCheck(db, askKey, messageId);
      const issues = (error.details?.issues ?? []) as { code: string; display: string | null }[];
      return unanswered('nphies_refused', { nphiesReasons: issues });
    }
    if (error.code === 'VALIDATION_FAILED') return unanswered('card_not_accepted');
    // The lab's endpoint is not on the hosts this server may send to (NPHIES_ENDPOINT_HOSTS): it cannot ask from here.
    if (error.code === 'NPHIES_SETTINGS_REFUSED') return unanswered('lab_not_connected');
    throw error;
  }
}

/** A seat of a checkout as its insurer's share is asked about: its offering, its person and its start. */
export interface InsuredSeat {
  lab_test_id: number;
  family_member_id?: string | null | undefined;
  starts_at: string;
}

/**
 * Paying only the person's share (ADR 0099): each seat's insurer share in halalas, and the message id of
 * the answer it relies on. The seats are grouped into visits as the checkout's card groups them (a
 * package's seat is not asked about), and each visit is checked again: within ten minutes that is the
 * stored answer, sent nowhere. A visit whose person has no card in force pays in full. An answer that is
 * not one the page showed (`shown`) is COVERAGE_CHANGED, and a check that cannot be answered is
 * COVERAGE_UNANSWERED with its reason: either way nothing is held or charged.
 */
export async function insurerSharesAtCheckout(
  db: Kysely<Database>,
  keys: ResultKeys,
  options: NphiesOptions,
  accountId: string,
  seats: readonly InsuredSeat[],
  shown: readonly string[],
  now = new Date(),
): Promise<{ shares: number[]; messageIds: (string | null)[] }> {
  const tests = new Map(
    (await repo.cartTests(db, [...new Set(seats.map((seat) => seat.lab_test_id))])).map((test) => [test.labTestId, test]),
  );
  const visits = new Map<string, CheckCoverageInput>();
  const lines = seats.map((seat) => {
    const test = tests.get(seat.lab_test_id);
    if (!test) return { visit: null, testId: null };
    const date = visitDay(seat.starts_at);
    const visit = coverageVisitKey(test.labId, seat.family_member_id, date);
    const ask = visits.get(visit) ?? { labId: test.labId, testIds: [], familyMemberId: seat.family_member_id ?? null, date };
    if (!ask.testIds.includes(test.testId)) ask.testIds.push(test.testId);
    visits.set(visit, ask);
    return { visit, testId: test.testId };
  });
  const answers = new Map<string, readonly AnsweredTest[]>();
  const messageOf = new Map<string, string>();
  for (const [visit, ask] of visits) {
    const check = await checkCoverage(db, keys, options, accountId, { ...ask, testIds: ask.testIds.sort((a, b) => a - b) }, now);
    if (check.status === 'unanswered') {
      if (check.reason === 'no_insurance') continue;
      throw new AppError('COVERAGE_UNANSWERED', { reason: check.reason, labId: ask.labId });
    }
    if (!shown.includes(check.messageId)) throw new AppError('COVERAGE_CHANGED', { labId: ask.labId });
    messageOf.set(visit, check.messageId);
    if (check.eligible) answers.set(visit, check.tests);
  }
  const shares = insurerSharesOf(lines, answers);
  return {
    shares,
    messageIds: lines.map((line, index) => (shares[index]! > 0 && line.visit ? (messageOf.get(line.visit) ?? null) : null)),
  };
}

/** The cart's catalogue tests by their offerings (lab_tests.id), with the lab and test a check names. */
export function cartTests(db: Kysely<Database>, labTestIds: readonly number[]) {
  return repo.cartTests(db, labTestIds);
}

/** The family member's relation as NPHIES's subscriber relationship names it. */
function relationshipOf(relation: string): 'spouse' | 'child' | 'other' {
  return relation === 'spouse' ? 'spouse' : relation === 'child' ? 'child' : 'other';
}

/** A `date` column as YYYY-MM-DD, whichever form the driver gives it in. */
function dateOnly(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
