import { type Kysely, sql } from 'kysely';

// A lab's booking rules (issue #58, ADR 0068): a buffer after each appointment before the next one in the
// same seat, a minimum notice before an appointment can be booked, and hours of its own in Ramadan (both
// times or neither), on the days it opens. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('labs')
    .addColumn('buffer_minutes', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('min_notice_minutes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('ramadan_opens_at', 'time')
    .addColumn('ramadan_closes_at', 'time')
    .execute();
  await db.schema.alterTable('labs').addCheckConstraint('labs_buffer_minutes', sql`buffer_minutes between 0 and 60`).execute();
  await db.schema.alterTable('labs').addCheckConstraint('labs_min_notice_minutes', sql`min_notice_minutes between 0 and 10080`).execute();
  await db.schema
    .alterTable('labs')
    .addCheckConstraint(
      'labs_ramadan_hours',
      sql`(ramadan_opens_at is null) = (ramadan_closes_at is null) and (ramadan_opens_at is null or ramadan_opens_at < ramadan_closes_at)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('labs').dropConstraint('labs_ramadan_hours').execute();
  await db.schema.alterTable('labs').dropConstraint('labs_min_notice_minutes').execute();
  await db.schema.alterTable('labs').dropConstraint('labs_buffer_minutes').execute();
  await db.schema
    .alterTable('labs')
    .dropColumn('ramadan_closes_at')
    .dropColumn('ramadan_opens_at')
    .dropColumn('min_notice_minutes')
    .dropColumn('buffer_minutes')
    .execute();
}
