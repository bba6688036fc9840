import { type Kysely, sql } from 'kysely';

// Interrupted checkouts (issue #20, item 11): a server that stops while a customer pays leaves the
// checkout pending, and its customer was told CHECKOUT_IN_PROGRESS until the attempt counted as
// abandoned (two minutes). Each attempt a server charges itself now names the server instance running it
// (`attempt_instance`: INSTANCE_NAME, else host:port), so the instance that starts again under the same
// name ends its predecessor's attempts at once (booking/checkout-recovery.service.ts). claim_checkout
// takes the name, so its nine-argument form goes (booking.sql's rule) and booking.sql defines the new one,
// applied after the migrations. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists claim_checkout(uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz)`.execute(
    db,
  );
  await db.schema.alterTable('checkouts').addColumn('attempt_instance', 'text').execute();
  // Read at start-up: the pending attempts of one instance.
  await sql`create index checkouts_pending_instance on checkouts (attempt_instance) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists claim_checkout(uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz, text)`.execute(
    db,
  );
  await sql`drop index if exists checkouts_pending_instance`.execute(db);
  await db.schema.alterTable('checkouts').dropColumn('attempt_instance').execute();
}
