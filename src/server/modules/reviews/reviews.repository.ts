import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A page starts strictly after this review: (created_at to the microsecond, id). */
export interface ReviewCursor {
  createdAt: string;
  id: string;
}

// The instant to the microsecond (a Date keeps only milliseconds), so the next page starts after it exactly.
const cursorAt = sql<string>`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at');
// What the public sees of the author: the first word of their name, never the rest of it.
const authorFirstName = sql<string>`coalesce(split_part(btrim(p.name), ' ', 1), '')`.as('author_name');

const reviewColumns = [
  'r.id',
  'r.booking_id',
  'r.lab_id',
  'r.rating',
  'r.text',
  'r.created_at',
  'r.updated_at',
  'r.reply_text',
  'r.replied_at',
  'r.hidden_at',
  'r.hidden_reason',
] as const;

/** The booking a review would be about, with its lab; undefined when there is no such booking. */
export function findBookingForReview(db: Db, bookingId: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('lab_tests as lt', 'lt.id', 'b.lab_test_id')
    .select(['b.id', 'b.customer_id', 'b.status', 'lt.lab_id'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

/**
 * Takes the lab's row lock: every change to a lab's reviews runs under it, so the rating written after
 * the change is counted from all the others committed before it.
 */
export async function lockLab(tx: Transaction<Database>, labId: string) {
  await tx.selectFrom('labs').select('id').where('id', '=', labId).forUpdate().execute();
}

/** The new review, or undefined when the booking already has one. */
export function insertReview(
  tx: Transaction<Database>,
  values: { bookingId: string; labId: string; customerId: string; rating: number; text: string },
) {
  return tx
    .insertInto('reviews')
    .values({
      booking_id: values.bookingId,
      lab_id: values.labId,
      customer_id: values.customerId,
      rating: values.rating,
      text: values.text,
    })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .returning(['id', 'booking_id', 'lab_id', 'rating', 'text', 'created_at', 'updated_at', 'reply_text', 'replied_at', 'hidden_at'])
    .executeTakeFirst();
}

export function findReview(db: Db, id: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'booking_id', 'lab_id', 'customer_id', 'rating', 'text', 'created_at', 'hidden_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function updateReview(tx: Transaction<Database>, id: string, rating: number, text: string, now: Date) {
  return tx
    .updateTable('reviews')
    .set({ rating, text, updated_at: now })
    .where('id', '=', id)
    .returning(['id', 'booking_id', 'lab_id', 'rating', 'text', 'created_at', 'updated_at', 'reply_text', 'replied_at', 'hidden_at'])
    .executeTakeFirstOrThrow();
}

/** The lab's one public reply, written or changed; undefined when the review is not about this lab. */
export function setReply(db: Db, id: string, labId: string, text: string, now: Date) {
  return db
    .updateTable('reviews')
    .set({ reply_text: text, replied_at: now })
    .where('id', '=', id)
    .where('lab_id', '=', labId)
    .returning(['id', 'reply_text', 'replied_at'])
    .executeTakeFirst();
}

/** Hides a review (or changes the reason of a hidden one), keeping when it was first hidden. */
export function hideReview(tx: Transaction<Database>, id: string, adminId: string, reason: string, now: Date) {
  return tx
    .updateTable('reviews')
    .set((eb) => ({ hidden_at: eb.fn.coalesce('hidden_at', sql<Date>`${now}::timestamptz`), hidden_reason: reason, hidden_by: adminId }))
    .where('id', '=', id)
    .returning(['id', 'hidden_at', 'hidden_reason'])
    .executeTakeFirstOrThrow();
}

/** Shows a hidden review again: back on the lab's page and in its rating. */
export function showReview(tx: Transaction<Database>, id: string) {
  return tx
    .updateTable('reviews')
    .set({ hidden_at: null, hidden_reason: null, hidden_by: null })
    .where('id', '=', id)
    .returning(['id', 'hidden_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Writes the lab's rating (the mean of its visible reviews, one decimal; 0 with none) and their
 * count into its row, where search sorts and filters on them. Call under lockLab.
 */
export async function refreshLabRating(tx: Transaction<Database>, labId: string) {
  await sql`
    update labs set
      rating = coalesce((select round(avg(rating)::numeric, 1) from reviews where lab_id = ${labId} and hidden_at is null), 0),
      review_count = (select count(*)::int from reviews where lab_id = ${labId} and hidden_at is null)
    where id = ${labId}`.execute(tx);
}

/** One page of a lab's reviews, newest first; `visibleOnly` for the public list. One row more than asked tells of a next page. */
export function labReviewPage(db: Db, labId: string, page: { after: ReviewCursor | null; limit: number; visibleOnly: boolean }) {
  let query = db
    .selectFrom('reviews as r')
    .innerJoin('user_profiles as p', 'p.id', 'r.customer_id')
    .select([...reviewColumns, cursorAt, authorFirstName])
    .where('r.lab_id', '=', labId);
  if (page.visibleOnly) query = query.where('r.hidden_at', 'is', null);
  if (page.after) query = query.where(sql<boolean>`(r.created_at, r.id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`);
  return query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** One page of every review on the platform, newest first, for the admin. */
export function allReviewsPage(db: Db, page: { after: ReviewCursor | null; limit: number }) {
  let query = db
    .selectFrom('reviews as r')
    .innerJoin('user_profiles as p', 'p.id', 'r.customer_id')
    .innerJoin('labs as l', 'l.id', 'r.lab_id')
    .select([...reviewColumns, cursorAt, authorFirstName, 'l.lab_name_ar', 'l.lab_name_en']);
  if (page.after) query = query.where(sql<boolean>`(r.created_at, r.id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`);
  return query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** Every review the customer wrote, newest first, with its lab: for their bookings and their data export. */
export function customerReviews(db: Db, customerId: string) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('labs as l', 'l.id', 'r.lab_id')
    .select([...reviewColumns, 'l.lab_name_ar', 'l.lab_name_en'])
    .where('r.customer_id', '=', customerId)
    .orderBy('r.created_at', 'desc')
    .execute();
}

/** The labs the customer reviewed, in id order (the order their rows are locked in). */
export async function reviewedLabs(db: Db, customerId: string): Promise<string[]> {
  const rows = await db.selectFrom('reviews').select('lab_id').distinct().where('customer_id', '=', customerId).orderBy('lab_id').execute();
  return rows.map((row) => row.lab_id);
}

export async function deleteCustomerReviews(tx: Transaction<Database>, customerId: string) {
  await tx.deleteFrom('reviews').where('customer_id', '=', customerId).execute();
}
