import { type Kysely, sql } from 'kysely';

// A lab marks a booking whose patient did not come as a no-show (issue #58), from its start time on,
// as it marks one completed. The customer sees it; the lab's overview shows its no-show rate. Frozen
// once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropConstraint('bookings_status_check').execute();
  await db.schema
    .alterTable('bookings')
    .addCheckConstraint('bookings_status_check', sql`status in ('confirmed', 'completed', 'cancelled', 'no_show')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('bookings').set({ status: 'confirmed' }).where('status', '=', 'no_show').execute();
  await db.schema.alterTable('bookings').dropConstraint('bookings_status_check').execute();
  await db.schema
    .alterTable('bookings')
    .addCheckConstraint('bookings_status_check', sql`status in ('confirmed', 'completed', 'cancelled')`)
    .execute();
}
