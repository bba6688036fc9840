import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { latinDigits } from './digits.ts';
import { isValidLoinc } from './loinc.ts';
import { oneLine } from './plain-text.ts';
import { validationMessages as m } from './validation-messages.ts';

// What the admin edits of the analytes (names, precision, published intervals and critical limits, the
// tests that list them, new analytes) and what a lab sets as its own intervals (issue #53 item 1,
// ADR 0056, 0062). The shapes the database checks are checked here first, as field errors; whether a
// unit is UCUM and converts to its analyte's is the server's (UCUM lives there).

export const RANGE_SEXES = ['any', 'male', 'female'] as const;
export type RangeSex = (typeof RANGE_SEXES)[number];

/** UCUM's codes for the age units an interval is written in: days, weeks, months, years (annum). */
export const AGE_UNITS = ['d', 'wk', 'mo', 'a'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

export const ANALYTE_KINDS = ['numeric', 'text'] as const;

/** The largest age an interval's bounds hold (a smallint column). */
const AGE_MAX = 32_767;
/** Bounds beyond this are typing mistakes, not ranges. */
const BOUND_MAX = 1e9;
export const ANALYTE_DECIMALS_MAX = 6;
export const ANALYTE_LIST_MAX = 200;

const text = (max: number) => z.string({ error: m.required }).overwrite(oneLine).trim().max(max, m.tooLong);
const requiredText = (max: number) => text(max).min(1, m.required);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** What was typed in a number field, in Latin digits with a point: Arabic-Indic digits, ٫ and a decimal comma count. */
function typedNumberText(value: string): string {
  return latinDigits(value)
    .replace(/[\u066B,]/g, '.')
    .replace(/[\s\u066C]/g, '');
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** A bound as a number or as typed ("٣٫٥", "3,5"); empty is no bound. */
const bound = z
  .union([z.number(), z.string().max(30, m.tooLong)])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const typed = typeof value === 'number' ? null : typedNumberText(value);
    if (typed === '') return null;
    const number = typed === null ? (value as number) : DECIMAL.test(typed) ? Number(typed) : Number.NaN;
    if (!Number.isFinite(number) || Math.abs(number) > BOUND_MAX) {
      ctx.issues.push({ code: 'custom', message: m.invalid, input: value });
      return z.NEVER;
    }
    return number;
  });

/** A whole age as a number or as typed in either script's digits. */
const wholeAge = z
  .union([z.number(), z.string().max(10, m.tooLong)])
  .transform((value) =>
    typeof value === 'number' ? value : /^\d+$/.test(typedNumberText(value)) ? Number(typedNumberText(value)) : Number.NaN,
  )
  .pipe(z.int({ error: m.invalid }).min(0, m.invalid).max(AGE_MAX, m.invalid));

/** An age band's upper end, or none (empty). */
const ageHigh = z
  .union([z.literal('').transform(() => null), wholeAge])
  .nullish()
  .transform((value) => value ?? null);

const unitCode = requiredText(40);

/** Who a range is for and its bounds, as migrations/0054 holds them. */
const populationAndRange = {
  sex: z.enum(RANGE_SEXES, { error: m.invalid }).default('any'),
  ageLow: wholeAge.default(0),
  ageHigh,
  ageUnit: z.enum(AGE_UNITS, { error: m.invalid }).default('a'),
  conditionEn: optionalText(120),
  conditionAr: optionalText(120),
  low: bound,
  high: bound,
  unit: unitCode,
};

interface RangeValues {
  ageLow: number;
  ageHigh: number | null;
  conditionEn: string | null;
  conditionAr: string | null;
  low: number | null;
  high: number | null;
}

/** The rules the database's checks hold a range to, as field errors: ages in order, a bound, low below high, a condition in both languages. */
function rangeRules(value: RangeValues, ctx: z.RefinementCtx) {
  if (value.ageHigh !== null && value.ageHigh <= value.ageLow) ctx.addIssue({ code: 'custom', path: ['ageHigh'], message: m.ageOrder });
  if (value.low === null && value.high === null) ctx.addIssue({ code: 'custom', path: ['low'], message: m.boundRequired });
  if (value.low !== null && value.high !== null && value.low >= value.high)
    ctx.addIssue({ code: 'custom', path: ['high'], message: m.rangeOrder });
  if (value.conditionEn === null && value.conditionAr !== null)
    ctx.addIssue({ code: 'custom', path: ['conditionEn'], message: m.required });
  if (value.conditionAr === null && value.conditionEn !== null)
    ctx.addIssue({ code: 'custom', path: ['conditionAr'], message: m.required });
}

/** A published interval or critical limit, new (no id) or changed; its published source is required. */
export const saveRangeInput = z
  .object({ id: rowId.optional(), analyteId: rowId, ...populationAndRange, source: requiredText(300) })
  .superRefine(rangeRules);
export type SaveRangeInput = z.output<typeof saveRangeInput>;

/** A lab's own interval: the lab is its source. */
export const saveLabRangeInput = z.object({ id: rowId.optional(), analyteId: rowId, ...populationAndRange }).superRefine(rangeRules);
export type SaveLabRangeInput = z.output<typeof saveLabRangeInput>;

export const rangeIdInput = z.object({ id: rowId });

export const analyteListInput = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !value.includes('\u0000'))
    .optional(),
  limit: z.int().min(1).max(ANALYTE_LIST_MAX).default(50),
});

export const analyteIdInput = z.object({ id: rowId });

/** A precision: a whole number of decimals, typed in either script's digits; none for a text analyte. */
const decimals = z
  .union([z.literal('').transform(() => null), wholeAge.pipe(z.int().min(0).max(ANALYTE_DECIMALS_MAX, m.invalid))])
  .nullable();

/** An analyte's names and precision. Its unit is not changed here: values already judged in it would change meaning. */
export const updateAnalyteInput = z.object({
  id: rowId,
  nameAr: requiredText(120),
  nameEn: requiredText(120),
  decimals,
});
export type UpdateAnalyteInput = z.output<typeof updateAnalyteInput>;

const answer = z.object({ en: requiredText(60), ar: requiredText(60), normal: z.boolean().nullable() });

/** A new analyte: its LOINC code (check digit and all), names, and a unit and precision for a number or its answers for a text result. */
export const createAnalyteInput = z
  .object({
    loinc: z.string({ error: m.required }).trim().min(1, m.required).transform(latinDigits).refine(isValidLoinc, m.loincCheckDigit),
    nameAr: requiredText(120),
    nameEn: requiredText(120),
    kind: z.enum(ANALYTE_KINDS, { error: m.invalid }),
    unit: optionalText(40),
    decimals: decimals.optional().transform((value) => value ?? null),
    answers: z.array(answer).max(20, m.tooLong).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'numeric') {
      if (value.unit === null) ctx.addIssue({ code: 'custom', path: ['unit'], message: m.required });
      if (value.decimals === null) ctx.addIssue({ code: 'custom', path: ['decimals'], message: m.required });
    } else if (value.answers.length === 0) ctx.addIssue({ code: 'custom', path: ['answers'], message: m.required });
  });
export type CreateAnalyteInput = z.output<typeof createAnalyteInput>;

/** An analyte listed by a catalog test, at a position in its form (the next free one when none is given). */
export const linkTestInput = z.object({
  analyteId: rowId,
  testId: rowId,
  position: z.int({ error: m.invalid }).min(0, m.invalid).max(AGE_MAX, m.invalid).optional(),
  required: z.boolean().default(true),
});
export type LinkTestInput = z.output<typeof linkTestInput>;

export const unlinkTestInput = z.object({ analyteId: rowId, testId: rowId });

/**
 * A lab's unit spelling and the UCUM code it means (issue #76 item 1): the administrator's alias, read
 * after the built-in rows (src/server/platform/lab-units.ts). Whether the code is UCUM is the server's.
 */
export const addUnitAliasInput = z.object({ spelling: requiredText(64), ucum: requiredText(64) });
export type AddUnitAliasInput = z.output<typeof addUnitAliasInput>;
