import { type Kysely, sql } from 'kysely';

// The built-in store's orders paid at Moyasar (issue #21, ADR 0039). A gateway payment belongs to a
// lab-test checkout or to a store order (`store_order_id`, at most one of the two), and a refund names
// the store order it gave back as it names a booking. A store payment that came after its reservation
// lapsed and its stock was sold is refunded as `stock_lost`.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gateway_payments')
    .addColumn('store_order_id', 'uuid', (c) => c.references('store_orders.id').onDelete('set null'))
    .execute();
  await sql`alter table gateway_payments add constraint gateway_payments_one_purchase check (checkout_id is null or store_order_id is null)`.execute(
    db,
  );
  await db.schema.createIndex('gateway_payments_store_order_idx').on('gateway_payments').column('store_order_id').execute();
  await db.schema
    .alterTable('payment_refunds')
    .addColumn('store_order_id', 'uuid', (c) => c.references('store_orders.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('payment_refunds_store_order_idx').on('payment_refunds').column('store_order_id').execute();
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from payment_refunds where reason = 'stock_lost'`.execute(db);
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'duplicate'))`.execute(db);
  await db.schema.alterTable('payment_refunds').dropColumn('store_order_id').execute();
  await db.schema.alterTable('gateway_payments').dropColumn('store_order_id').execute();
}
