import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// A store order's promo code (ADR 0092 amended): the code and its discount on the order, each line's share
// on the line (what a refund of the line returns), and the order's total less the discount.

/** The order's lines, in their order, with what each costs before a code. */
export function findPricedLines(db: Db, orderId: string) {
  return db
    .selectFrom('store_order_items')
    .select(['id', 'quantity', 'unit_price_cents'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** Writes the code (null: none), each line's share (by line id, in findPricedLines' order) and the order's total. */
export async function writeOrderPromo(
  db: Db,
  orderId: string,
  promo: { promoId: string | null; lines: Array<{ id: number; share: number; cost: number }> },
) {
  const discount = promo.lines.reduce((sum, line) => sum + line.share, 0);
  for (const line of promo.lines) {
    await db.updateTable('store_order_items').set({ promo_discount_cents: line.share }).where('id', '=', line.id).execute();
  }
  await db
    .updateTable('store_orders')
    .set({
      promo_code_id: promo.promoId,
      promo_discount_cents: discount,
      total_cents: promo.lines.reduce((sum, line) => sum + line.cost, 0) - discount,
      // A new total: what the wallet pays of it is chosen again when paying starts (store-wallet.ts).
      wallet_halalas: 0,
    })
    .where('id', '=', orderId)
    .execute();
}

/** Whether the buyer's details were written for a payment at the gateway (startStorePayment): its amount is then fixed. */
export async function paymentStarted(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('store_orders')
    .select(sql<boolean>`buyer_name is not null`.as('started'))
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.started ?? false;
}

/** The order's code and its discount, for its page. */
export function findOrderPromo(db: Db, orderId: string) {
  return db
    .selectFrom('store_orders as o')
    .leftJoin('promo_codes as p', 'p.id', 'o.promo_code_id')
    .select(['p.code', 'o.promo_discount_cents'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}
