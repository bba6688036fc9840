import { type Kysely, sql } from 'kysely';

// Payments a gateway confirms after the browser paid there (Moyasar, issue #21; ADR 0026). A checkout
// keeps the seats it claimed (`items`), so the callback or the webhook that confirms it later can book
// them; each gateway payment is kept once, by the gateway's id, with what the gateway last said; every
// refund, whichever provider paid, is a row naming its booking when a cancellation caused it.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkouts').addColumn('items', 'jsonb').execute();
  await db.schema
    .createTable('gateway_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('checkout_id', 'uuid', (c) => c.references('checkouts.id').onDelete('set null'))
    .addColumn('amount_halalas', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('refunded_halalas', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_halalas >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('gateway_payments_checkout_idx').on('gateway_payments').column('checkout_id').execute();
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('payment_reference', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('amount_halalas', 'integer', (c) => c.notNull().check(sql`amount_halalas > 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('cancellation', 'seat_lost', 'duplicate')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_refunds_reference_idx').on('payment_refunds').column('payment_reference').execute();
  await db.schema.createIndex('payment_refunds_booking_idx').on('payment_refunds').column('booking_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('gateway_payments').execute();
  await db.schema.alterTable('checkouts').dropColumn('items').execute();
}
