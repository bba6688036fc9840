import type { Kysely } from 'kysely';

// A home visit's place is known from its hold (issue #58, ADR 0071): the visits of one window must make one
// round the collector can ride, so a hold on a window carries the point of the home it is for, as a booking
// does. Null for a slot at the lab. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slot_holds').addColumn('home_latitude', 'float8').addColumn('home_longitude', 'float8').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slot_holds').dropColumn('home_latitude').dropColumn('home_longitude').execute();
}
