import { type Kysely, sql } from 'kysely';

// A gateway payment for what a checkout (or a store order) asked before the customer changed it — a promo
// code, or the wallet's part — no longer matches it and goes back whole, for `amount_changed` (issue #79,
// ADR 0095). The payment the browser is asked to make is written down before it exists, by the id the
// server gives it (`gateway_payments.status` 'expected': Moyasar's given_id), so that an earlier payment of
// a checkout is known when the customer pays again; `status` stays free text, as the gateway's statuses are.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate', 'wallet_changed', 'amount_changed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from payment_refunds where reason = 'amount_changed'`.execute(db);
  await sql`alter table payment_refunds drop constraint payment_refunds_reason_check`.execute(db);
  await sql`alter table payment_refunds add constraint payment_refunds_reason_check
    check (reason in ('cancellation', 'seat_lost', 'stock_lost', 'duplicate', 'wallet_changed'))`.execute(db);
  await sql`delete from gateway_payments where status = 'expected'`.execute(db);
}
