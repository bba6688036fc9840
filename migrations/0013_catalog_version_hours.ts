import { type Kysely, sql } from 'kysely';

// A lab's working hours join the catalog version (migration 0004): the booking service remembers
// bookable offerings, with their labs' hours, per version. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger lab_working_hours_bump_catalog_version
    after insert or update or delete on lab_working_hours
    for each statement execute function bump_catalog_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger lab_working_hours_bump_catalog_version on lab_working_hours`.execute(db);
}
