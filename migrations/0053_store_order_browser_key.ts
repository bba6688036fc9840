import type { Kysely } from 'kysely';

// A guest's store order keeps the hash of the key its browser holds (issue #56): only that browser is
// shown the order's buyer and address while it is pending, not whoever has the order's link. Frozen
// once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_orders').addColumn('browser_key_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_orders').dropColumn('browser_key_hash').execute();
}
