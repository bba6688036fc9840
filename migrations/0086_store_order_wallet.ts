import { type Kysely, sql } from 'kysely';

// The wallet at the store's checkout (ADR 0093, "The wallet at the store checkout"): what the buyer chose
// to pay of an order from their wallet, written while it is pending and drawn in the transaction that
// marks it paid (spend key `order:<id>`); the card is charged the rest. A card payment whose order could
// not draw that much is given back whole for `wallet_changed` (its reason came with migration 0084).
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table store_orders
    add column wallet_halalas integer not null default 0,
    add constraint store_orders_wallet_halalas check (wallet_halalas >= 0 and wallet_halalas <= total_cents)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table store_orders drop column wallet_halalas`.execute(db);
}
