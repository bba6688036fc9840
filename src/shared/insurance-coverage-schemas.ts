import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { latinDigits } from './digits.ts';
import { riyadhToday } from './insurance-schemas.ts';
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
