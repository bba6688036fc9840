import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { validationMessages as m } from './errors.ts';

// A patient's reports shared with a doctor by a link (issue #53 item 6, ADR 0061): what the patient's
// dashboard and the doctor's page send.

export const SHARE_DAYS_MIN = 1;
export const SHARE_DAYS_MAX = 30;
/** How many reports one link may hold: a visit's worth, with room to spare. */
export const SHARE_BOOKINGS_MAX = 20;
export const SHARE_CODE_LENGTH = 6;
/** Wrong codes a share takes before it locks for good. */
export const SHARE_WRONG_CODES_MAX = 5;
/** The header the doctor's page sends a share's code in for a file: never in an address, which proxies and histories keep. */
export const SHARE_CODE_HEADER = 'x-share-code';
/** The link's token: 32 random bytes in base64url without padding. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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

export const shareToken = z.string().regex(SHARE_TOKEN_PATTERN);

/** The code as a doctor may type it: Arabic-Indic digits and spaces are fine. */
export const shareCode = z
  .string()
  .max(40)
  .transform((code) => latinDigits(code).replace(/[\s\u200e\u200f-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, m.invalid));

export const openResultShareInput = z.object({ token: shareToken, code: shareCode.optional() });
