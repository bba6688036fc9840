import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { latinDigits } from './digits.ts';
import { riyadhToday } from './insurance-schemas.ts';
import { sarToHalalas } from './money.ts';
import { isoDate } from './schemas.ts';
import { validationMessages as m } from './validation-messages.ts';

// Coverage before paying (issue #80 item 4): what a person asks of their insurer, through the lab's NPHIES
// connection, before booking.

/** At most this many tests in one check (a cart's tests at one lab). */
export const COVERAGE_CHECK_TESTS_MAX = 20;

export const checkCoverageInput = z.object({
  labId: z.uuid(),
  /** The catalogue's tests (tests.id) as the lab offers them; the same test twice counts once. */
  testIds: z
    .array(rowId)
    .min(1, m.required)
    .max(COVERAGE_CHECK_TESTS_MAX, m.invalid)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  /** Null (or absent) for the account holder; else one of their family members. */
  familyMemberId: z.uuid().nullable().default(null),
  /** The visit's day in the Kingdom, today or later. */
  date: z
    .string({ error: m.required })
    .overwrite(latinDigits)
    .pipe(isoDate)
    .refine((day) => day >= riyadhToday(), m.invalid),
});
export type CheckCoverageInput = z.infer<typeof checkCoverageInput>;

/** At most this many cart lines asked about at once (a cart is far smaller). */
export const CART_TESTS_MAX = 60;

/** The cart's lines (lab_tests.id): which lab and catalogue test each is, to group a check by. */
export const cartTestsInput = z.object({
  labTestIds: z
    .array(rowId)
    .min(1, m.required)
    .max(CART_TESTS_MAX, m.invalid)
    .transform((ids) => [...new Set(ids)]),
});

// Paying only the person's share (ADR 0099): the checkout page and the server spread the insurer's
// answered shares over the cart's lines the same way.

/** The visit's day in the Kingdom that a coverage check names, from a booking's instant. */
export const visitDay = (instant: string | Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date(instant));

/** One coverage check's visit: a lab, a person (null: the account holder) and a day in the Kingdom. */
export const coverageVisitKey = (labId: string, familyMemberId: string | null | undefined, day: string) =>
  `${labId}|${familyMemberId ?? ''}|${day}`;

/** A cart line as the insurer's shares are spread: its visit (null: nothing was asked about it, e.g. a package) and its catalogue test. */
export interface InsuredLine {
  visit: string | null;
  testId: number | null;
}

/** A test of an answered check, as NPHIES answered it. */
export interface AnsweredTest {
  testId: number;
  coverage: 'covered' | 'not-covered' | 'prior-auth-required';
  insurerShareSar: number;
}

/**
 * Each line's insurer share in halalas: a covered test's share goes on the first line of that test in its
 * visit; every other line (not covered, awaiting prior authorization, a second line of the same test, a
 * visit not asked about) is the person's to pay in full.
 */
export function insurerSharesOf(lines: readonly InsuredLine[], answers: ReadonlyMap<string, readonly AnsweredTest[]>): number[] {
  const taken = new Set<string>();
  return lines.map((line) => {
    if (line.visit === null || line.testId === null) return 0;
    const test = answers.get(line.visit)?.find((answered) => answered.testId === line.testId);
    const key = `${line.visit}#${line.testId}`;
    if (test?.coverage !== 'covered' || taken.has(key)) return 0;
    taken.add(key);
    return sarToHalalas(test.insurerShareSar);
  });
}
