import { z } from 'zod';
import { validationMessages as m } from './errors.ts';
import { REVIEW_TEXT_MAX } from './review-limits.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Plain text a person wrote: trimmed, within the limit, line breaks allowed, no other control characters. */
function plainText(min: number) {
  return z
    .string({ error: m.required })
    .trim()
    .min(min, m.required)
    .max(REVIEW_TEXT_MAX, m.tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), m.invalid);
}

const rating = z.number({ error: m.required }).int(m.invalid).min(1, m.invalid).max(5, m.invalid);

/** A review's text may be empty: the stars alone say something. */
export const reviewCreateInput = z.object({ bookingId: z.uuid(), rating, text: plainText(0) });
export const reviewUpdateInput = z.object({ id: z.uuid(), rating, text: plainText(0) });
export const reviewReplyInput = z.object({ id: z.uuid(), text: plainText(1) });
/** Hiding a review, or showing a hidden one again (hidden by mistake, or the reason no longer holds), says why. */
export const reviewModerationInput = z.object({ id: z.uuid(), reason: plainText(1) });
