import { type Kysely, sql } from 'kysely';

// A guest's holds are counted per client address too (issue #20, item 4): anyone can make many guest
// accounts from one address, so the per-holder cap alone does not stop one visitor holding a lab's day.
// slot_holds keeps the address a guest held from (null for a signed-up customer); hold_slot takes the
// address and its cap, so its five-argument form goes (booking.sql's rule), and booking.sql defines the
// new one, applied after the migrations. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists hold_slot(uuid, jsonb, timestamptz, timestamptz, integer)`.execute(db);
  await db.schema.alterTable('slot_holds').addColumn('client_address', 'text').execute();
  // An address's live holds are counted on every guest's hold.
  await sql`create index slot_holds_address_expires on slot_holds (client_address, expires_at) where client_address is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists hold_slot(uuid, jsonb, timestamptz, timestamptz, integer, text, integer)`.execute(db);
  await sql`drop index if exists slot_holds_address_expires`.execute(db);
  await db.schema.alterTable('slot_holds').dropColumn('client_address').execute();
}
