import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { SHARE_BOOKINGS_MAX, SHARE_CODE_LENGTH, SHARE_DAYS_MAX, SHARE_DAYS_MIN, SHARE_TOKEN_PATTERN } from './result-shares.ts';
import { validationMessages as m } from './validation-messages.ts';

// A patient's reports shared with a doctor by a link (issue #53 item 6, ADR 0061): what the patient's
// dashboard and the doctor's page send.

export const createResultShareInput = z.object({
  bookingIds: z
    .array(z.uuid())
    .min(1, m.required)
    .max(SHARE_BOOKINGS_MAX, m.tooLong)
    .transform((ids) => [...new Set(ids)]),
  days: z.int().min(SHARE_DAYS_MIN, m.invalid).max(SHARE_DAYS_MAX, m.invalid),
  withCode: z.boolean(),
});
export type CreateResultShareInput = z.infer<typeof createResultShareInput>;

export const resultShareIdInput = z.object({ id: z.uuid() });

const shareToken = z.string().regex(SHARE_TOKEN_PATTERN);

/** The code as a doctor may type it: Arabic-Indic digits and spaces are fine. */
export const shareCode = z
  .string()
  .max(40)
  .transform((code) => latinDigits(code).replace(/[\s\u200e\u200f-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${SHARE_CODE_LENGTH}}$`), m.invalid));

export const openResultShareInput = z.object({ token: shareToken, code: shareCode.optional() });
