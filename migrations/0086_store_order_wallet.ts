import { type Kysely, sql } from 'kysely';

// The wallet at the store's checkout (ADR 0093, "The wallet at the store checkout"): what the buyer chose
// to pay of an order from their wallet, written while it is pending and drawn in the transaction that
// marks it paid (spend key `order:<id>`); the card is charged the rest. A card payment whose order could
// not draw that much (the balance changed meanwhile) is given back whole: refund reason `wallet_changed`.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table store_orders
    add column wallet_halalas integer not null default 0,
    add constraint store_orders_wallet_halalas check (wallet_halalas >= 0 and wallet_halalas <= total_cents)`.execute(db);
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate', 'wallet_changed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from payment_refunds where reason = 'wallet_changed'`.execute(db);
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate'))`.execute(db);
  await sql`alter table store_orders drop column wallet_halalas`.execute(db);
}
