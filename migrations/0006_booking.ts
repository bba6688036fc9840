import { type Kysely, sql } from 'kysely';

// Checkout attempts carry a status so a retried request never pays or books twice. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'paid', 'failed')`))
    .execute();
  await db.schema.alterTable('checkouts').addColumn('completed_at', 'timestamptz').execute();
  await db.schema.createIndex('bookings_checkout_id_idx').on('bookings').column('checkout_id').execute();
  await db.schema.createIndex('slot_holds_expires_at_idx').on('slot_holds').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('slot_holds_expires_at_idx').execute();
  await db.schema.dropIndex('bookings_checkout_id_idx').execute();
  await db.schema.alterTable('checkouts').dropColumn('completed_at').dropColumn('status').execute();
}
