import { type Kysely, sql } from 'kysely';

// The wallet pays at the lab-test checkout (issue #79 item 5, ADR 0093 amended). A checkout keeps what the
// wallet is to pay of its total (`wallet_halalas`, the card paying the rest), decided when it is claimed
// (claim_checkout, migrations/functions/booking.sql) and drawn from the wallet in the transaction that
// confirms it; a refund keeps what of it went back to the wallet (`payment_refunds.wallet_halalas`), the
// rest having gone to the card. A card payment given back because the wallet held less than its part by the
// time the card was paid is refunded for `wallet_changed`. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table checkouts add column wallet_halalas integer not null default 0 check (wallet_halalas >= 0 and wallet_halalas <= total_halalas)`.execute(
    db,
  );
  await sql`alter table payment_refunds add column wallet_halalas integer not null default 0 check (wallet_halalas >= 0 and wallet_halalas <= amount_halalas)`.execute(
    db,
  );
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate', 'wallet_changed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from payment_refunds where reason = 'wallet_changed'`.execute(db);
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate'))`.execute(db);
  await sql`alter table payment_refunds drop column wallet_halalas`.execute(db);
  await sql`alter table checkouts drop column wallet_halalas`.execute(db);
}
