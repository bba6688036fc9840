import { type Kysely, sql } from 'kysely';

// A retest the analysis suggested for a report (e.g. HbA1c in 3 months) that the patient asked to be
// reminded of (issue #54). One reminder per report and rule, however often it is accepted. The mail
// itself waits in the outbox (dedupe key `retest-reminder:<id>`) until due_on, 08:00 Riyadh time; the
// row keeps only which analyte, which catalog test to rebook and the day, never a value.
// A cancelled reminder stays (cancelled_at set) until the account goes; accepting it again revives it.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retest_reminders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('user_profiles.id').onDelete('cascade'))
    .addColumn('family_member_id', 'uuid', (c) => c.references('family_members.id').onDelete('cascade'))
    // The report the suggestion came from.
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    // The analysis rule that suggested it (kebab-case, as the knowledge files name rules).
    .addColumn('rule_id', 'text', (c) => c.notNull().check(sql`rule_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(rule_id) <= 100`))
    .addColumn('loinc', 'text', (c) => c.notNull().check(sql`loinc ~ '^[0-9]{1,7}-[0-9]$'`))
    // The catalog test to book again; gone from the catalog, the reminder still names the analyte.
    .addColumn('test_id', 'integer', (c) => c.references('tests.id').onDelete('set null'))
    // A day on Riyadh's calendar.
    .addColumn('due_on', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addUniqueConstraint('retest_reminders_booking_id_rule_id_key', ['booking_id', 'rule_id'])
    .execute();
  await db.schema.createIndex('retest_reminders_customer_id_idx').on('retest_reminders').columns(['customer_id', 'due_on']).execute();
  await db.schema.createIndex('retest_reminders_family_member_id_idx').on('retest_reminders').column('family_member_id').execute();
  await db.schema.createIndex('retest_reminders_test_id_idx').on('retest_reminders').column('test_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retest_reminders').execute();
}
