import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { pricePromo, refusedPromo, reservePromoUse } from '../promo/promo.service.ts';
import { findBuyersOrder, type OrderViewer } from './hosted-checkout.service.ts';
import { isReservationActive, lockOrder } from './store-orders.repository.ts';
import { findPricedLines, paymentStarted, writeOrderPromo } from './store-promo.repository.ts';

// A promo code on a store order's payment page (issue #79 item 4, ADR 0092 amended). The order is pending and
// holds its stock; the code is checked as at every checkout (pricePromo), then its use is reserved for the
// order under the order's row lock and the code's (reserve_promo_use), held as long as the order's stock is:
// an order that lapses or is left gives the use back. Each line gets its share (promoShares), the order's
// total is what is left, and its tax invoice shows the discount as a line of its own.

/**
 * The order, to be priced by a code: the buyer's own, pending, in riyals (codes are in halalas), placed by a
 * signed-in account (a code is used once per customer), and not yet being paid at the gateway.
 */
async function orderToPrice(db: Kysely<Database>, orderId: string, viewer: OrderViewer) {
  const order = await findBuyersOrder(db, orderId, viewer);
  if (order.status !== 'pending') throw new AppError(order.status === 'expired' ? 'CHECKOUT_EXPIRED' : 'CHECKOUT_CLOSED');
  if (!order.user_id) throw refusedPromo('sign_in');
  if (order.currency.toUpperCase() !== 'SAR') throw refusedPromo('not_applicable', { basket: 'store' });
  if (await paymentStarted(db, orderId)) throw refusedPromo('payment_started');
  return { ...order, user_id: order.user_id };
}

/** Writes the order's code (or none), its use reserved under the order's lock; the order must still hold its stock. */
async function writePromo(
  db: Kysely<Database>,
  order: { id: string; user_id: string; reserved_until: Date },
  promo: { id: string; shares: number[] } | null,
  now: Date,
) {
  await db.transaction().execute(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.status !== 'pending' || !(await isReservationActive(tx, order.id))) throw new AppError('CHECKOUT_EXPIRED');
    if (await paymentStarted(tx, order.id)) throw refusedPromo('payment_started');
    const lines = await findPricedLines(tx, order.id);
    const shares = promo?.shares.length === lines.length ? promo.shares : lines.map(() => 0);
    await reservePromoUse(tx, {
      customerId: order.user_id,
      promoId: promo?.id ?? null,
      discount: shares.reduce((sum, share) => sum + share, 0),
      now,
      heldUntil: new Date(locked.reserved_until),
      order: { storeOrderId: order.id },
    });
    await writeOrderPromo(tx, order.id, {
      promoId: promo?.id ?? null,
      lines: lines.map((line, index) => ({ id: line.id, share: shares[index]!, cost: line.quantity * line.unit_price_cents })),
    });
  });
}

/** The code typed on the order's payment page takes its discount off the order, or PROMO_REFUSED says why. */
export async function applyStorePromo(
  db: Kysely<Database>,
  orderId: string,
  viewer: OrderViewer,
  client: { code: string; address: string },
  now = new Date(),
) {
  const order = await orderToPrice(db, orderId, viewer);
  const lines = await findPricedLines(db, orderId);
  const applied = await pricePromo(
    db,
    { customerId: order.user_id, address: client.address },
    client.code,
    { kind: 'store', amounts: lines.map((line) => line.quantity * line.unit_price_cents) },
    now,
    { storeOrderId: orderId },
  );
  await writePromo(db, order, applied, now);
  return { code: applied.code, discount_cents: applied.shares.reduce((sum, share) => sum + share, 0) };
}

/** Takes the order's code off: its total is its lines' again, and the code's use is given back. */
export async function removeStorePromo(db: Kysely<Database>, orderId: string, viewer: OrderViewer, now = new Date()) {
  const order = await orderToPrice(db, orderId, viewer);
  await writePromo(db, order, null, now);
  return { removed: true };
}
