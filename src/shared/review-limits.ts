// The review rules both sides read, without the schemas (and zod) that the server validates with.

/** How long after writing it a customer may still change a review. */
export const REVIEW_EDIT_DAYS = 14;
/** The longest review, reply or hiding reason, in characters. */
export const REVIEW_TEXT_MAX = 1000;
/** Reviews on one page of a lab's list. */
export const REVIEWS_PAGE_SIZE = 10;

/** Whether a review written at `createdAt` may still be changed at `now`. */
export function reviewEditable(createdAt: string | Date, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() < REVIEW_EDIT_DAYS * 86_400_000;
}
