import { type Kysely, sql } from 'kysely';

// A service guarantee that pays itself (issue #79 item 6, ADR 0093): each lab states its turnaround per
// test (results within N hours of the visit) and whether it promises punctual home visits (its collector
// sets out no later than 30 minutes after the window's start). When it misses, the customer's wallet
// gets the admin's amount for that guarantee, once per booking, and the lab's ledger is charged it.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lab_tests')
    .addColumn('stated_turnaround_hours', 'smallint', (c) => c.check(sql`stated_turnaround_hours between 1 and 720`))
    .execute();
  await db.schema
    .alterTable('labs')
    .addColumn('promises_punctual_visits', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('wallet_settings')
    .addColumn('late_results_credit_halalas', 'integer', (c) =>
      c.notNull().defaultTo(2000).check(sql`late_results_credit_halalas between 0 and 100000`),
    )
    .addColumn('late_collector_credit_halalas', 'integer', (c) =>
      c.notNull().defaultTo(2000).check(sql`late_collector_credit_halalas between 0 and 100000`),
    )
    .execute();
  await sql`create type guarantee_kind as enum ('late_results', 'late_collector')`.execute(db);
  await db.schema
    .createTable('guarantee_credits')
    // Once per booking, whichever promise was missed first.
    .addColumn('booking_id', 'uuid', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('kind', sql`guarantee_kind`, (c) => c.notNull())
    .addColumn('credit_halalas', 'integer', (c) => c.notNull().check(sql`credit_halalas >= 0`))
    // How late, in minutes, past what was promised.
    .addColumn('late_minutes', 'integer', (c) => c.notNull().check(sql`late_minutes > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('guarantee_credits_lab_idx').on('guarantee_credits').columns(['lab_id', 'created_at']).execute();
  await sql`alter table lab_ledger_entries drop constraint lab_ledger_entries_kind_check`.execute(db);
  await sql`alter table lab_ledger_entries add constraint lab_ledger_entries_kind_check check (kind in ('booking', 'reversal', 'guarantee'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from lab_ledger_entries where kind = 'guarantee'`.execute(db).catch(() => undefined);
  await sql`alter table lab_ledger_entries drop constraint lab_ledger_entries_kind_check`.execute(db);
  await sql`alter table lab_ledger_entries add constraint lab_ledger_entries_kind_check check (kind in ('booking', 'reversal'))`.execute(
    db,
  );
  await db.schema.dropTable('guarantee_credits').execute();
  await sql`drop type guarantee_kind`.execute(db);
  await db.schema
    .alterTable('wallet_settings')
    .dropColumn('late_results_credit_halalas')
    .dropColumn('late_collector_credit_halalas')
    .execute();
  await db.schema.alterTable('labs').dropColumn('promises_punctual_visits').execute();
  await db.schema.alterTable('lab_tests').dropColumn('stated_turnaround_hours').execute();
}
