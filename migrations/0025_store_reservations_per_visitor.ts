import { type Kysely, sql } from 'kysely';

// What one visitor and one client address may reserve in the built-in store at once (issue #20, item 5):
// a pending order keeps the address its checkout came from, and the open reservations of a buyer and of
// an address are counted at every checkout. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_orders').addColumn('client_address', 'text').execute();
  await sql`create index store_orders_pending_by_address on store_orders (client_address, reserved_until) where status = 'pending'`.execute(
    db,
  );
  await sql`create index store_orders_pending_by_user on store_orders (user_id, reserved_until) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists store_orders_pending_by_user`.execute(db);
  await sql`drop index if exists store_orders_pending_by_address`.execute(db);
  await db.schema.alterTable('store_orders').dropColumn('client_address').execute();
}
