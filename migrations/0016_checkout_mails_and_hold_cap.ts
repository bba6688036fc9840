import { type Kysely, sql } from 'kysely';

// complete_checkout now takes the checkout's mails as a seventh argument and writes them with the
// bookings (migrations/functions/booking.sql, ADR 0016): its six-argument form goes, as booking.sql's
// header asks of a changed argument list. The new form, and hold_slot (a holder's holds capped, issue
// #20), are defined by booking.sql, applied after the migrations. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz)`.execute(db);
  // A holder's live holds are counted on every hold.
  await db.schema.createIndex('slot_holds_holder_expires').ifNotExists().on('slot_holds').columns(['holder_id', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('slot_holds_holder_expires').ifExists().execute();
  await sql`drop function if exists hold_slot(uuid, jsonb, timestamptz, timestamptz, integer)`.execute(db);
  await sql`drop function if exists complete_checkout(uuid, uuid, text, jsonb, timestamptz, timestamptz, jsonb)`.execute(db);
}
