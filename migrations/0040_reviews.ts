import { type Kysely, sql } from 'kysely';

// Reviews (issue #22): a booking's customer rates its lab (1–5) with a short plain text once the
// booking is completed, once per booking; the lab answers with one public reply; an admin may hide a
// review with a reason. The lab's `rating` and `review_count` stay in the labs row (search sorts and
// filters on them through labs_rating_idx) and are kept equal to its visible reviews by the review
// service in the same transaction as each change (docs/decisions/0031). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('booking_id', 'uuid', (col) => col.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('lab_id', 'uuid', (col) => col.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'smallint', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (col) => col.notNull().check(sql`length(text) <= 1000`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('reply_text', 'text', (col) => col.check(sql`length(reply_text) between 1 and 1000`))
    .addColumn('replied_at', 'timestamptz')
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('reviews_hidden_with_reason', sql`(hidden_at is null) = (hidden_reason is null)`)
    .execute();
  // The lab page's list: visible reviews, newest first, paged by (created_at, id).
  await sql`create index reviews_lab_visible_idx on reviews (lab_id, created_at desc, id desc) where hidden_at is null`.execute(db);
  // The lab's and the admin's lists (hidden ones too), and the customer's own.
  await sql`create index reviews_lab_created_idx on reviews (lab_id, created_at desc, id desc)`.execute(db);
  await sql`create index reviews_created_idx on reviews (created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('reviews_customer_idx').on('reviews').column('customer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
}
