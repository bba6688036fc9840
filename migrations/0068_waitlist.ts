import { type Kysely, sql } from 'kysely';

// The waitlist (issue #58, ADR 0069): a customer waits for a seat of a lab's test on a day of the lab's
// calendar, at any time that day or between two times of it. When a seat frees, the first entry waiting
// (by `position`, the order of joining) that it suits is offered it: a hold of the seat (slot_holds) for
// OFFER_MINUTES, and a mail. At most one live offer per entry; a seat is offered once, because the offer is
// a hold, counted by the capacity rule like any other. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The order of joining, strictly increasing even for entries joined in the same instant.
    .addColumn('position', 'bigserial', (c) => c.notNull().unique())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('user_profiles.id').onDelete('cascade'))
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('lab_test_id', 'integer', (c) => c.notNull().references('lab_tests.id').onDelete('cascade'))
    // A day of the lab's calendar, and the part of it the customer can come in (both or neither: any time).
    .addColumn('on_date', 'date', (c) => c.notNull())
    .addColumn('window_from', 'time')
    .addColumn('window_until', 'time')
    // waiting → offered → booked, or back to lapsed (the offer passed unused); left (the customer's tap);
    // ended (the day came and went).
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('waiting').check(sql`status in ('waiting', 'offered', 'booked', 'lapsed', 'left', 'ended')`),
    )
    .addColumn('offered_starts_at', 'timestamptz')
    .addColumn('offer_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addCheckConstraint('waitlist_entries_window_check', sql`(window_from is null and window_until is null) or window_from < window_until`)
    .addCheckConstraint(
      'waitlist_entries_offer_check',
      sql`status <> 'offered' or (offered_starts_at is not null and offer_expires_at is not null)`,
    )
    .execute();
  // One live entry per customer, test and day.
  await sql`create unique index waitlist_entries_live_key on waitlist_entries (customer_id, lab_test_id, on_date)
              where status in ('waiting', 'offered')`.execute(db);
  await sql`create index waitlist_entries_lab_live_idx on waitlist_entries (lab_id, position) where status in ('waiting', 'offered')`.execute(
    db,
  );
  await db.schema.createIndex('waitlist_entries_customer_id_idx').on('waitlist_entries').columns(['customer_id', 'on_date']).execute();
  await db.schema.createIndex('waitlist_entries_lab_test_id_idx').on('waitlist_entries').column('lab_test_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_entries').execute();
}
