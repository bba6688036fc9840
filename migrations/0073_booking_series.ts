import { type Kysely, sql } from 'kysely';

// A test that repeats, kept as one (issue #58, ADR 0075): a series is a row of its own, its rule (every 1, 3
// or 6 months, 2 to 4 visits) and how it is paid, all at once or each visit when it comes due. Its held seats
// and its bookings name it and their place in it (`series_visit`, 1 for the first), which is how the
// customer's list shows a series, exactly, where it read it from one checkout's bookings before (ADR 0070).
// A visit paid when it comes due is, until then, a reserved hold (`reserved`): a seat held until its
// payment's deadline (`expires_at`), counted by the capacity rule like any hold, and told to its customer
// once by mail when due (`due_notified_at`). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_series')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('user_profiles.id').onDelete('cascade'))
    .addColumn('lab_test_id', 'integer', (c) => c.notNull().references('lab_tests.id').onDelete('cascade'))
    .addColumn('family_member_id', 'uuid', (c) => c.references('family_members.id').onDelete('cascade'))
    .addColumn('every_months', 'smallint', (c) => c.notNull().check(sql`every_months in (1, 3, 6)`))
    .addColumn('visits', 'smallint', (c) => c.notNull().check(sql`visits between 2 and 4`))
    .addColumn('pay_each_visit', 'boolean', (c) => c.notNull().defaultTo(false))
    // A series at home: the address every visit is collected at (its point is on each visit's hold and booking).
    .addColumn('home_address', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('booking_series_customer_id_idx').on('booking_series').column('customer_id').execute();
  await db.schema.createIndex('booking_series_lab_test_id_idx').on('booking_series').column('lab_test_id').execute();
  await db.schema.createIndex('booking_series_family_member_id_idx').on('booking_series').column('family_member_id').execute();

  await db.schema
    .alterTable('slot_holds')
    .addColumn('series_id', 'uuid', (c) => c.references('booking_series.id').onDelete('cascade'))
    .addColumn('series_visit', 'smallint')
    .addColumn('reserved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('due_notified_at', 'timestamptz')
    .execute();
  await sql`alter table slot_holds add constraint slot_holds_series_check
              check ((series_id is null) = (series_visit is null) and (not reserved or series_id is not null))`.execute(db);
  await db.schema.createIndex('slot_holds_series_id_idx').on('slot_holds').column('series_id').execute();
  // The reserved visits whose payment is due: looked for by each instance's round (series-payments.service.ts).
  await sql`create index slot_holds_reserved_idx on slot_holds (starts_at) where reserved and due_notified_at is null`.execute(db);

  await db.schema
    .alterTable('bookings')
    .addColumn('series_id', 'uuid', (c) => c.references('booking_series.id').onDelete('set null'))
    .addColumn('series_visit', 'smallint')
    .execute();
  await db.schema.createIndex('bookings_series_id_idx').on('bookings').column('series_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('series_id').dropColumn('series_visit').execute();
  await db.schema
    .alterTable('slot_holds')
    .dropColumn('series_id')
    .dropColumn('series_visit')
    .dropColumn('reserved')
    .dropColumn('due_notified_at')
    .execute();
  await db.schema.dropTable('booking_series').execute();
}
