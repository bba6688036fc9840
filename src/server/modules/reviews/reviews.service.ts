import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { REVIEW_EDIT_DAYS, REVIEWS_PAGE_SIZE, reviewEditable } from '../../../shared/review-limits.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import * as repo from './reviews.repository.ts';

/**
 * Reviews (issue #22; docs/decisions/0031). Every change that can move a lab's rating (a new review,
 * an edit, hiding one, an account's deletion) runs under the lab's row lock and writes the rating and
 * count back into the labs row in the same transaction.
 */

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const editableUntil = (createdAt: Date | string) => new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * 86_400_000).toISOString();

type SavedRow = NonNullable<Awaited<ReturnType<typeof repo.insertReview>>>;

/** What the author sees of their own review. */
function ownReview(row: SavedRow, now: Date) {
  return {
    id: row.id,
    booking_id: row.booking_id,
    lab_id: row.lab_id,
    rating: row.rating,
    text: row.text,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    editable_until: editableUntil(row.created_at),
    editable: reviewEditable(row.created_at, now),
    reply_text: row.reply_text,
    replied_at: isoOrNull(row.replied_at),
    hidden: row.hidden_at !== null,
  };
}

export async function create(
  db: Kysely<Database>,
  customerId: string,
  input: { bookingId: string; rating: number; text: string },
  now = new Date(),
) {
  return db.transaction().execute(async (tx) => {
    const booking = await repo.findBookingForReview(tx, input.bookingId);
    // Someone else's booking looks exactly like a missing one.
    if (!booking || booking.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'booking' });
    if (booking.status !== 'completed') throw new AppError('BOOKING_NOT_COMPLETED');
    await repo.lockLab(tx, booking.lab_id);
    const row = await repo.insertReview(tx, {
      bookingId: booking.id,
      labId: booking.lab_id,
      customerId,
      rating: input.rating,
      text: input.text,
    });
    if (!row) throw new AppError('REVIEW_EXISTS');
    await repo.refreshLabRating(tx, booking.lab_id);
    return ownReview(row, now);
  });
}

export async function update(
  db: Kysely<Database>,
  customerId: string,
  input: { id: string; rating: number; text: string },
  now = new Date(),
) {
  return db.transaction().execute(async (tx) => {
    const review = await repo.findReview(tx, input.id);
    if (!review || review.customer_id !== customerId) throw new AppError('NOT_FOUND', { entity: 'review' });
    if (!reviewEditable(review.created_at, now)) throw new AppError('REVIEW_EDIT_WINDOW_PASSED', { days: REVIEW_EDIT_DAYS });
    await repo.lockLab(tx, review.lab_id);
    const row = await repo.updateReview(tx, review.id, input.rating, input.text, now);
    await repo.refreshLabRating(tx, review.lab_id);
    return ownReview(row, now);
  });
}

function decodeCursor(cursor: string | null | undefined): repo.ReviewCursor | null {
  if (!cursor) return null;
  const [createdAt = '', id = ''] = cursor.split('~');
  const validInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) && !Number.isNaN(Date.parse(createdAt));
  const validId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  if (!validInstant || !validId) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  return { createdAt, id };
}

function pageOf<T extends { id: string; cursor_at: string }, R>(rows: T[], present: (row: T) => R) {
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(present),
    next_cursor: rows.length > REVIEWS_PAGE_SIZE && last ? `${last.cursor_at}~${last.id}` : null,
  };
}

type PageRow = Awaited<ReturnType<typeof repo.labReviewPage>>[number];

function publicReview(row: PageRow) {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    author_name: row.author_name,
    created_at: iso(row.created_at),
    edited: iso(row.updated_at) !== iso(row.created_at),
    reply: row.reply_text === null ? null : { text: row.reply_text, replied_at: isoOrNull(row.replied_at) },
  };
}

/** The public list of a lab's reviews: visible ones only, newest first, a page at a time. */
export async function forLab(db: Kysely<Database>, labId: string, cursor: string | null | undefined) {
  const rows = await repo.labReviewPage(db, labId, { after: decodeCursor(cursor), limit: REVIEWS_PAGE_SIZE, visibleOnly: true });
  return pageOf(rows, publicReview);
}

/** The lab's own list: hidden reviews too, marked, so it knows why one left its page. */
export async function forOwnLab(db: Kysely<Database>, labId: string, cursor: string | null | undefined) {
  const rows = await repo.labReviewPage(db, labId, { after: decodeCursor(cursor), limit: REVIEWS_PAGE_SIZE, visibleOnly: false });
  return pageOf(rows, (row) => ({ ...publicReview(row), hidden: row.hidden_at !== null, hidden_reason: row.hidden_reason }));
}

/** Every review, newest first, for the admin. */
export async function forAdmin(db: Kysely<Database>, cursor: string | null | undefined) {
  const rows = await repo.allReviewsPage(db, { after: decodeCursor(cursor), limit: REVIEWS_PAGE_SIZE });
  return pageOf(rows, (row) => ({
    ...publicReview(row),
    lab_id: row.lab_id,
    lab_name_ar: row.lab_name_ar,
    lab_name_en: row.lab_name_en,
    hidden_at: isoOrNull(row.hidden_at),
    hidden_reason: row.hidden_reason,
  }));
}

/** The customer's own reviews, for their bookings (which ones are rated, which may still be edited). */
export async function mine(db: Kysely<Database>, customerId: string, now = new Date()) {
  return (await repo.customerReviews(db, customerId)).map((row) => ownReview(row, now));
}

/** The lab that did the reviewed booking writes its one public reply, or changes it. */
export async function reply(db: Kysely<Database>, labId: string, input: { id: string; text: string }, now = new Date()) {
  const row = await repo.setReply(db, input.id, labId, input.text, now);
  // A review about another lab looks exactly like a missing one.
  if (!row) throw new AppError('NOT_FOUND', { entity: 'review' });
  return { id: row.id, reply_text: row.reply_text, replied_at: isoOrNull(row.replied_at) };
}

/** An admin hides a review with a reason: it leaves the lab's page and its rating; the audit log keeps who and why. */
export async function hide(db: Kysely<Database>, adminId: string, input: { id: string; reason: string }, now = new Date()) {
  return db.transaction().execute(async (tx) => {
    const review = await repo.findReview(tx, input.id);
    if (!review) throw new AppError('NOT_FOUND', { entity: 'review' });
    await repo.lockLab(tx, review.lab_id);
    const row = await repo.hideReview(tx, review.id, adminId, input.reason, now);
    await repo.refreshLabRating(tx, review.lab_id);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'review.hide',
      subjectType: 'review',
      subjectId: review.id,
      details: { reason: input.reason, labId: review.lab_id, bookingId: review.booking_id, rating: review.rating },
    });
    return { id: row.id, hidden_at: isoOrNull(row.hidden_at), hidden_reason: row.hidden_reason };
  });
}

/**
 * An admin shows a hidden review again (hidden by mistake, or its reason no longer holds): back on the
 * lab's page and in its rating; the audit log keeps who and why, beside the entry that hid it.
 */
export async function show(db: Kysely<Database>, adminId: string, input: { id: string; reason: string }) {
  return db.transaction().execute(async (tx) => {
    const review = await repo.findReview(tx, input.id);
    if (!review) throw new AppError('NOT_FOUND', { entity: 'review' });
    await repo.lockLab(tx, review.lab_id);
    if (review.hidden_at === null) return { id: review.id, hidden_at: null };
    await repo.showReview(tx, review.id);
    await repo.refreshLabRating(tx, review.lab_id);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'review.show',
      subjectType: 'review',
      subjectId: review.id,
      details: { reason: input.reason, labId: review.lab_id, bookingId: review.booking_id, rating: review.rating },
    });
    return { id: review.id, hidden_at: null };
  });
}

/** For the account's data export: every review the customer wrote, hidden ones too. */
export async function exportReviews(db: Kysely<Database>, customerId: string) {
  return (await repo.customerReviews(db, customerId)).map((row) => ({
    booking_id: row.booking_id,
    lab_name_ar: row.lab_name_ar,
    lab_name_en: row.lab_name_en,
    rating: row.rating,
    text: row.text,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    lab_reply: row.reply_text,
    hidden_at: isoOrNull(row.hidden_at),
  }));
}

/**
 * For account deletion, in its transaction: the customer's reviews go (text, stars and the lab's
 * reply to them), and each lab they were about gets its rating counted again without them.
 */
export async function eraseReviews(tx: Transaction<Database>, customerId: string) {
  const labIds = await repo.reviewedLabs(tx, customerId);
  for (const labId of labIds) await repo.lockLab(tx, labId);
  await repo.deleteCustomerReviews(tx, customerId);
  for (const labId of labIds) await repo.refreshLabRating(tx, labId);
}
