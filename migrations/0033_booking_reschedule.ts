import type { Kysely } from 'kysely';

// Reschedule (issue #22): a booking moved to another slot keeps its id and says when it was last moved
// and how often, so the lab sees the change and the calendar file sent again carries a higher SEQUENCE.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('rescheduled_at', 'timestamptz')
    .addColumn('reschedule_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('reschedule_count').dropColumn('rescheduled_at').execute();
}
