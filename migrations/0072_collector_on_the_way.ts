import type { Kysely } from 'kysely';

// A home visit's collector sets out (issue #55): the lab says so, the patient is told by text and sees it on
// the booking. Null until then. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('collector_left_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('collector_left_at').execute();
}
