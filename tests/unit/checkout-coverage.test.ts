import { describe, expect, it } from 'vitest';
import {
  type CoverageCheck,
  type CoveragePolicy,
  cartCoverageOf,
  insurancePaymentOf,
} from '../../src/client/features/booking/checkout-coverage.ts';
import type { LabCartItem } from '../../src/client/features/booking/lab-cart/lab-cart-store.ts';

// The lab-test checkout paying only the person's share (ADR 0099): the cart's insured visits grouped as the
// server groups them (lab, person, day in the Kingdom), and what the insurer pays of each line once every
// visit is answered.

const LAB = '00000000-0000-4000-8000-00000000000a';
const CHILD = '00000000-0000-4000-8000-0000000000c1';
const policy = (id: string, familyMemberId: string | null, insurer = 'bupa') =>
  ({
    id,
    family_member_id: familyMemberId,
    insurer_id: insurer,
    insurer_name_ar: 'بوبا العربية',
    insurer_name_en: 'Bupa Arabia',
    in_force: true,
  }) as CoveragePolicy;
const holderPolicy = policy('p-holder', null);

/** The cart's offerings (lab_tests.id) as the lab and catalogue test a check names. */
const tests = [
  { labTestId: 11, labId: LAB, testId: 101 },
  { labTestId: 12, labId: LAB, testId: 102 },
  { labTestId: 13, labId: LAB, testId: 103 },
];

const line = (labTestId: number, bookingTime: string, familyMemberId?: string): LabCartItem => ({
  labTestId,
  testNameAr: 'تحليل',
  testNameEn: 'Test',
  labNameAr: 'مختبر',
  labNameEn: 'Lab',
  price: 100,
  bookingTime,
  familyMemberId,
});

// 09:00 in Riyadh on 10 December; 23:59 the same day; 00:00 the next day.
const MORNING = '2026-12-10T06:00:00.000Z';
const LATE = '2026-12-10T20:59:00.000Z';
const NEXT_DAY = '2026-12-10T21:00:00.000Z';

const answered = (
  messageId: string,
  answers: [testId: number, coverage: 'covered' | 'not-covered' | 'prior-auth-required', insurerShareSar: number][],
  eligible = true,
) =>
  ({
    status: 'answered',
    messageId,
    replayed: false,
    eligible,
    tests: answers.map(([testId, coverage, insurerShareSar]) => ({
      testId,
      name_ar: '',
      name_en: '',
      coverage,
      priceSar: 100,
      insurerShareSar,
      patientShareSar: 100 - insurerShareSar,
    })),
  }) as unknown as CoverageCheck;

describe('the cart grouped into coverage visits', () => {
  it('asks once per lab, person and day in the Kingdom: 23:59 and midnight in Riyadh are two visits', () => {
    const coverage = cartCoverageOf([line(11, MORNING), line(12, LATE), line(13, NEXT_DAY)], tests, [holderPolicy]);
    expect(coverage.visits.map((visit) => [visit.date, visit.testIds])).toEqual([
      ['2026-12-10', [101, 102]],
      ['2026-12-11', [103]],
    ]);
    expect(coverage.lines.map((cartLine) => cartLine.testId)).toEqual([101, 102, 103]);
  });

  it('leaves out a person without a card in force and a line that is not a lab test (a package)', () => {
    const coverage = cartCoverageOf([line(11, MORNING, CHILD), line(99, MORNING), line(12, MORNING)], tests, [holderPolicy]);
    expect(coverage.visits).toHaveLength(1);
    expect(coverage.lines).toEqual([
      { visit: null, testId: null },
      { visit: null, testId: null },
      { visit: coverage.visits[0]!.key, testId: 102 },
    ]);
  });

  it('makes another ask when a visit loses a test, so its earlier answer no longer pays', () => {
    const before = cartCoverageOf([line(11, MORNING), line(12, MORNING)], tests, [holderPolicy]);
    const after = cartCoverageOf([line(11, MORNING)], tests, [holderPolicy]);
    expect(after.visits[0]!.key).toBe(before.visits[0]!.key);
    expect(after.visits[0]!.ask).not.toBe(before.visits[0]!.ask);
    const checks = new Map([[before.visits[0]!.ask, answered('m-1', [[101, 'covered', 80]])]]);
    expect(insurancePaymentOf(before, checks)).not.toBeNull();
    expect(insurancePaymentOf(after, checks)).toBeNull();
  });
});

describe('paying with insurance', () => {
  const coverage = cartCoverageOf([line(11, MORNING), line(12, MORNING), line(11, MORNING), line(13, MORNING, CHILD)], tests, [
    holderPolicy,
    policy('p-child', CHILD, 'tawuniya'),
  ]);
  const [holder, child] = coverage.visits as [(typeof coverage.visits)[0], (typeof coverage.visits)[0]];

  it('is not offered until every insured visit has an answered check', () => {
    expect(insurancePaymentOf(coverage, new Map())).toBeNull();
    expect(insurancePaymentOf(coverage, new Map([[holder.ask, answered('m-1', [[101, 'covered', 80]])]]))).toBeNull();
    const timedOut = { status: 'unanswered', reason: 'nphies_timeout', mayPayInFull: true } as CoverageCheck;
    expect(
      insurancePaymentOf(
        coverage,
        new Map([
          [holder.ask, answered('m-1', [[101, 'covered', 80]])],
          [child.ask, timedOut],
        ]),
      ),
    ).toBeNull();
  });

  it("takes each covered test's insurer share off its first line, sends every visit's message id, and names the paying insurers", () => {
    const payment = insurancePaymentOf(
      coverage,
      new Map([
        [
          holder.ask,
          answered('m-1', [
            [101, 'covered', 80.5],
            [102, 'not-covered', 0],
          ]),
        ],
        [child.ask, answered('m-2', [[103, 'prior-auth-required', 60]])],
      ]),
    );
    expect(payment?.messageIds).toEqual(['m-1', 'm-2']);
    // The second line of the same test, a test not covered and one awaiting approval are paid in full.
    expect(payment?.sharesHalalas).toEqual([8050, 0, 0, 0]);
    expect(payment?.payingPolicies.map((paying) => paying.insurer_id)).toEqual(['bupa']);
  });

  it('sends a visit whose policy is not eligible, but takes nothing off its lines', () => {
    const payment = insurancePaymentOf(
      coverage,
      new Map([
        [holder.ask, answered('m-1', [[101, 'covered', 80]], false)],
        [child.ask, answered('m-2', [[103, 'covered', 40]])],
      ]),
    );
    expect(payment?.messageIds).toEqual(['m-1', 'm-2']);
    expect(payment?.sharesHalalas).toEqual([0, 0, 0, 4000]);
    expect(payment?.payingPolicies.map((paying) => paying.insurer_id)).toEqual(['tawuniya']);
  });

  it('passes over a visit whose card ends before its day, as the server does, and pays nothing with insurance when no visit is left', () => {
    const notInForce = { status: 'unanswered', reason: 'no_insurance' } as CoverageCheck;
    const payment = insurancePaymentOf(
      coverage,
      new Map([
        [holder.ask, answered('m-1', [[101, 'covered', 80]])],
        [child.ask, notInForce],
      ]),
    );
    expect(payment?.messageIds).toEqual(['m-1']);
    expect(payment?.sharesHalalas).toEqual([8000, 0, 0, 0]);
    expect(
      insurancePaymentOf(
        coverage,
        new Map([
          [holder.ask, notInForce],
          [child.ask, notInForce],
        ]),
      ),
    ).toBeNull();
  });
});
