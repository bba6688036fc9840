import { type Kysely, sql } from 'kysely';

// Issue #21, invoices and marketplace money (docs/decisions/0027).
// - checkouts: the customer's plan at checkout and the lines it priced (the tests, the plan's
//   discount, the booking fee), all VAT-inclusive halalas; total_halalas stays what was charged.
// - invoice_counters: one row per series ('invoice', 'credit_note'), locked by the transaction that
//   issues a document, so numbers are gap-free (a rolled-back issue gives its number back), never a
//   sequence (which skips numbers on rollback).
// - invoices: simplified tax invoices and credit notes, immutable once issued; the seller as it was,
//   the lines as they were, the ZATCA phase-1 QR (Base64 TLV). buyer_name is cleared when the buyer
//   deletes the account; the document itself is kept as the tax law requires.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('customer_plan', 'text', (col) => col.notNull().defaultTo('basic'))
    .addColumn('subtotal_halalas', 'integer')
    .addColumn('discount_halalas', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fee_halalas', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('invoice_counters')
    .values([
      { series: 'invoice', last_number: 0 },
      { series: 'credit_note', last_number: 0 },
    ])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .addColumn('buyer_id', 'uuid', (col) => col.references('users.id'))
    .addColumn('buyer_name', 'text')
    .addColumn('checkout_id', 'uuid', (col) => col.references('checkouts.id'))
    .addColumn('store_order_id', 'uuid', (col) => col.references('store_orders.id'))
    .addColumn('booking_id', 'uuid', (col) => col.references('bookings.id'))
    .addColumn('original_invoice_id', 'uuid', (col) => col.references('invoices.id'))
    .addColumn('seller_name', 'text', (col) => col.notNull())
    .addColumn('seller_vat_number', 'text', (col) => col.notNull())
    .addColumn('total_halalas', 'integer', (col) => col.notNull())
    .addColumn('vat_halalas', 'integer', (col) => col.notNull())
    .addColumn('lines', 'jsonb', (col) => col.notNull())
    .addColumn('qr', 'text', (col) => col.notNull())
    .addUniqueConstraint('invoices_kind_sequence', ['kind', 'sequence'])
    .execute();
  // One invoice per paid checkout and per paid order; one credit note per cancelled booking.
  await sql`create unique index invoices_one_per_checkout on invoices (checkout_id) where kind = 'invoice'`.execute(db);
  await sql`create unique index invoices_one_per_order on invoices (store_order_id) where kind = 'invoice'`.execute(db);
  await sql`create unique index invoices_one_credit_per_booking on invoices (booking_id) where kind = 'credit_note'`.execute(db);
  await db.schema.createIndex('invoices_buyer').on('invoices').columns(['buyer_id', 'issued_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
  await db.schema
    .alterTable('checkouts')
    .dropColumn('customer_plan')
    .dropColumn('subtotal_halalas')
    .dropColumn('discount_halalas')
    .dropColumn('fee_halalas')
    .execute();
}
