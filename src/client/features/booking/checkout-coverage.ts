import {
  type AnsweredTest,
  coverageVisitKey,
  type InsuredLine,
  insurerSharesOf,
  visitDay,
} from '../../../shared/insurance-coverage-schemas.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import type { LabCartItem } from './lab-cart/lab-cart-store.ts';

// Paying only the person's share at the lab-test checkout (ADR 0099): the cart's insured visits as the
// server groups them, and what paying with insurance comes to once the insurer has answered for each.
// No text and no React: the checkout page holds the answers, its lazily loaded coverage card asks.

export type CoveragePolicy = RouterOutputs['insurance']['mine'][number];
export type CoverageCheck = RouterOutputs['insuranceCoverage']['check'];
type CartTests = RouterOutputs['insuranceCoverage']['cartTests'];

/** One coverage check: a lab, a person and a day in the Kingdom, with the cart's tests there (issue #80 item 4). */
export interface CoverageVisit {
  /** coverageVisitKey: how the server groups the cart's seats. */
  key: string;
  /**
   * The ask: the visit with its tests and card. An answer holds for its ask only: a test removed from the
   * visit makes another ask, which the insurer must answer again.
   */
  ask: string;
  labId: string;
  labNameAr: string;
  labNameEn: string;
  familyMemberId: string | null;
  patientName: string | null;
  /** The visit's day in the Kingdom (YYYY-MM-DD). */
  date: string;
  bookingTime: string;
  testIds: number[];
  policy: CoveragePolicy;
}

export interface CartCoverage {
  visits: CoverageVisit[];
  /** Each cart line's visit (null: nothing to ask about, a package or a person without a card in force) and test. */
  lines: InsuredLine[];
}

/** The cart's insured visits, and each line's place in them, as the server will group the seats. */
export function cartCoverageOf(items: readonly LabCartItem[], tests: CartTests, policies: readonly CoveragePolicy[]): CartCoverage {
  const byOffering = new Map(tests.map((test) => [test.labTestId, test]));
  const visits = new Map<string, CoverageVisit>();
  const lines = items.map((item): InsuredLine => {
    const test = byOffering.get(item.labTestId);
    const familyMemberId = item.familyMemberId ?? null;
    const policy = policies.find((candidate) => candidate.in_force && candidate.family_member_id === familyMemberId);
    if (!test || !policy) return { visit: null, testId: null };
    const date = visitDay(item.bookingTime);
    const key = coverageVisitKey(test.labId, familyMemberId, date);
    const visit = visits.get(key) ?? {
      key,
      ask: '',
      labId: test.labId,
      labNameAr: item.labNameAr,
      labNameEn: item.labNameEn,
      familyMemberId,
      patientName: item.patientName ?? null,
      date,
      bookingTime: item.bookingTime,
      testIds: [],
      policy,
    };
    if (!visit.testIds.includes(test.testId)) visit.testIds.push(test.testId);
    visits.set(key, visit);
    return { visit: key, testId: test.testId };
  });
  for (const visit of visits.values()) {
    visit.ask = `${visit.key}|${[...visit.testIds].sort((a, b) => a - b).join(',')}|${visit.policy.id}`;
  }
  return { visits: [...visits.values()], lines };
}

/** Paying with insurance, once the insurer has answered for every insured visit of the cart. */
export interface InsurancePayment {
  /** The answered checks' message ids, one per visit, for booking.create. */
  messageIds: string[];
  /** Each cart line's insurer share in halalas (withInsurer). */
  sharesHalalas: number[];
  /** The cards of the visits the insurer pays part of, to name their insurers. */
  payingPolicies: CoveragePolicy[];
}

/**
 * What the insurer pays of each line once every visit of the cart has an answered check (eligible or not),
 * by the answers the page shows (`checks`, by the visit's ask); null while a visit is not asked, is being
 * asked, or could not be answered: the person then pays the full price. A visit whose policy is not
 * eligible covers nothing, but its answer is sent all the same: the server checks every insured visit.
 * A visit whose card is not in force on its day (`no_insurance`: it ends before the visit) is not insured,
 * and the server passes over it as well.
 */
export function insurancePaymentOf(coverage: CartCoverage, checks: ReadonlyMap<string, CoverageCheck>): InsurancePayment | null {
  if (coverage.visits.length === 0) return null;
  const messageIds: string[] = [];
  const answers = new Map<string, readonly AnsweredTest[]>();
  for (const visit of coverage.visits) {
    const check = checks.get(visit.ask);
    if (check?.status === 'unanswered' && check.reason === 'no_insurance') continue;
    if (check?.status !== 'answered') return null;
    messageIds.push(check.messageId);
    if (check.eligible) answers.set(visit.key, check.tests);
  }
  if (messageIds.length === 0) return null;
  const sharesHalalas = insurerSharesOf(coverage.lines, answers);
  const paying = new Set(
    coverage.lines.filter((line, index) => line.visit !== null && sharesHalalas[index]! > 0).map((line) => line.visit),
  );
  const payingPolicies = [
    ...new Map(coverage.visits.filter((visit) => paying.has(visit.key)).map((visit) => [visit.policy.insurer_id, visit.policy])).values(),
  ];
  return { messageIds, sharesHalalas, payingPolicies };
}
