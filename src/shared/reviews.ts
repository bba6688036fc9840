import { z } from 'zod';
import { withoutHiddenCharacters } from './plain-text.ts';
import { REVIEW_TEXT_MAX } from './review-limits.ts';
import { validationMessages as m } from './validation-messages.ts';

/** Plain text a person wrote: line breaks kept, bidi controls and other control characters taken out, trimmed, within the limit. */
function plainText(min: number) {
  return z.string({ error: m.required }).overwrite(withoutHiddenCharacters).trim().min(min, m.required).max(REVIEW_TEXT_MAX, m.tooLong);
}

const rating = z.number({ error: m.required }).int(m.invalid).min(1, m.invalid).max(5, m.invalid);

/** A review's text may be empty: the stars alone say something. */
export const reviewCreateInput = z.object({ bookingId: z.uuid(), rating, text: plainText(0) });
export const reviewUpdateInput = z.object({ id: z.uuid(), rating, text: plainText(0) });
export const reviewReplyInput = z.object({ id: z.uuid(), text: plainText(1) });
/** Hiding a review, or showing a hidden one again (hidden by mistake, or the reason no longer holds), says why. */
export const reviewModerationInput = z.object({ id: z.uuid(), reason: plainText(1) });
