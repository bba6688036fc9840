import { type Kysely, sql } from 'kysely';

// A lab may pause its slots for each of the five prayers (issue #58): for this many minutes from the
// prayer's time at its location (src/server/modules/booking/prayer-pauses.ts). Null: it does not.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('labs').addColumn('prayer_pause_minutes', 'smallint').execute();
  await db.schema.alterTable('labs').addCheckConstraint('labs_prayer_pause_minutes', sql`prayer_pause_minutes between 10 and 60`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('labs').dropConstraint('labs_prayer_pause_minutes').execute();
  await db.schema.alterTable('labs').dropColumn('prayer_pause_minutes').execute();
}
