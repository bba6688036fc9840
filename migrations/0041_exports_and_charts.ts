import { type Kysely, sql } from 'kysely';

// The dashboards' CSV exports and charts (issue #23). Exports read bookings newest first a batch at a
// time, by (created_at, id); charts add bookings up per period of created_at (and revenue per period of
// completed_at). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_created_idx on bookings (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bookings_created_idx`.execute(db);
}
