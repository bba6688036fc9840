import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { latinDigits } from './digits.ts';
import { hasVisibleText, oneLine, withoutHiddenCharacters } from './plain-text.ts';
import { validationMessages as m } from './validation-messages.ts';

/** What a lab types for one analyte: the value as typed (parsed on the server), its unit, a comment. */
export const RESULT_VALUE_MAX = 60;
export const RESULT_COMMENT_MAX = 500;
export const RESULT_NOTE_MAX = 2000;
const ANALYTES_PER_REPORT_MAX = 200;

const optionalText = (max: number, clean: (text: string) => string) =>
  z
    .string()
    .overwrite(clean)
    .trim()
    .max(max, m.tooLong)
    .nullable()
    .transform((text) => (text === '' ? null : text));

export const resultEntrySchema = z.object({
  analyteId: rowId,
  value: z.string().overwrite(oneLine).trim().max(RESULT_VALUE_MAX, m.tooLong),
  unit: optionalText(40, oneLine),
  comment: optionalText(RESULT_COMMENT_MAX, oneLine),
});

export const resultDraftInput = z.object({
  bookingId: z.uuid(),
  patientSex: z.enum(['male', 'female']).nullable(),
  releaseAs: z.enum(['preliminary', 'final']),
  note: optionalText(RESULT_NOTE_MAX, withoutHiddenCharacters),
  observations: z.array(resultEntrySchema).max(ANALYTES_PER_REPORT_MAX),
});
export type ResultDraftInput = z.infer<typeof resultDraftInput>;

export const reportBookingInput = z.object({ bookingId: z.uuid() });

const personName = z.string({ error: m.required }).overwrite(oneLine).trim().min(2, m.tooShort).max(100, m.tooLong);

/** The call a lab makes about a critical value: who called whom, when, and that the value was read back. */
export const criticalCallInput = z.object({
  bookingId: z.uuid(),
  callerName: personName,
  calledPerson: personName,
  calledAt: z.iso.datetime({ offset: true, error: m.invalid }),
  readBack: z.literal(true, { error: m.required }),
});
export type CriticalCallInput = z.infer<typeof criticalCallInput>;

export const INTERPRETATION_TEXT_MAX = 4000;
export const SPECIALIST_NAME_MIN = 2;
export const SPECIALIST_NAME_MAX = 120;
export const LICENCE_NUMBER_MIN = 2;
export const LICENCE_NUMBER_MAX = 40;

/**
 * A Premium lab's specialist signs the interpretive comment on a draft (issue #54): the text as they
 * edited it, their name, and their professional licence number (typed in Arabic-Indic digits or Latin,
 * kept in Latin).
 */
export const signInterpretationInput = z.object({
  bookingId: z.uuid(),
  text: z
    .string({ error: m.required })
    .overwrite(withoutHiddenCharacters)
    .trim()
    .min(1, m.required)
    .max(INTERPRETATION_TEXT_MAX, m.tooLong),
  specialistName: z
    .string({ error: m.required })
    .overwrite(oneLine)
    .trim()
    .min(SPECIALIST_NAME_MIN, m.tooShort)
    .max(SPECIALIST_NAME_MAX, m.tooLong),
  licenceNumber: z
    .string({ error: m.required })
    .overwrite((typed) => latinDigits(oneLine(typed)))
    .trim()
    .min(LICENCE_NUMBER_MIN, m.tooShort)
    .max(LICENCE_NUMBER_MAX, m.tooLong),
});
export type SignInterpretationInput = z.infer<typeof signInterpretationInput>;

export const adminReportInput = reportBookingInput.extend({
  reason: z
    .string({ error: m.required })
    .overwrite(oneLine)
    .trim()
    .min(1, m.required)
    .max(500, m.tooLong)
    .refine(hasVisibleText, m.required),
});
