import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { STORE_ORDER_FORWARD } from '../../../shared/store-admin-schemas.ts';
import type { ShippingDetails } from '../../../shared/store-schemas.ts';
import type { Database } from '../../db/schema.ts';

// Every lock here is taken in ascending variant id order, so two orders sharing variants queue
// behind each other instead of deadlocking.

/**
 * The variants being bought, with their product and currency, locked until the transaction ends:
 * concurrent checkouts and payments of the same variant take turns here.
 */
export async function lockVariantsForSale(db: Kysely<Database>, variantIds: number[]) {
  if (variantIds.length === 0) return [];
  return db
    .selectFrom('store_variants as v')
    .innerJoin('store_products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.product_id',
      'v.price_in_cents',
      'v.sale_price_in_cents',
      'v.manage_inventory',
      'v.inventory_quantity',
      'p.currency',
      'p.purchasable',
      'p.status',
      'p.deleted_at',
    ])
    .where('v.id', 'in', variantIds)
    .orderBy('v.id')
    .forUpdate('v')
    .execute();
}

/** Quantities held by pending orders whose reservation has not run out, by variant. */
export async function findReservedQuantities(db: Kysely<Database>, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('store_order_items as oi')
    .innerJoin('store_orders as o', 'o.id', 'oi.order_id')
    .select((eb) => ['oi.variant_id', eb.fn.sum<string>('oi.quantity').as('reserved')])
    .where('oi.variant_id', 'in', variantIds)
    .where('o.status', '=', 'pending')
    .where(sql<boolean>`o.reserved_until > clock_timestamp()`)
    .groupBy('oi.variant_id')
    .execute();
  return new Map(rows.map((row) => [row.variant_id, Number(row.reserved)]));
}

/**
 * Serializes the checkouts of one buyer and of one address until the transaction ends (before any
 * variant lock, always buyer first), so what they already reserve is counted once at a time.
 */
export async function lockReservationsOf(db: Kysely<Database>, who: { userId: string | null; clientAddress: string | null }) {
  if (who.userId) await sql`select pg_advisory_xact_lock(hashtext(${`store_reservations:user:${who.userId}`}))`.execute(db);
  if (who.clientAddress)
    await sql`select pg_advisory_xact_lock(hashtext(${`store_reservations:address:${who.clientAddress}`}))`.execute(db);
}

/** Open checkouts (pending, reservation not run out) and the units they hold, of a buyer or an address. */
export async function findOpenReservations(db: Kysely<Database>, by: { userId: string } | { clientAddress: string }) {
  const row = await db
    .selectFrom('store_orders as o')
    .leftJoin('store_order_items as oi', 'oi.order_id', 'o.id')
    .select(sql<string>`count(distinct o.id)`.as('checkouts'))
    .select(sql<string>`coalesce(sum(oi.quantity), 0)`.as('units'))
    .where('o.status', '=', 'pending')
    .where(sql<boolean>`o.reserved_until > clock_timestamp()`)
    .where((eb) => ('userId' in by ? eb('o.user_id', '=', by.userId) : eb('o.client_address', '=', by.clientAddress)))
    .executeTakeFirstOrThrow();
  return { checkouts: Number(row.checkouts), units: Number(row.units) };
}

export interface NewOrder {
  userId: string | null;
  clientAddress: string | null;
  browserKeyHash: string | null;
  currency: string;
  totalCents: number;
  locale: string;
  timeZone: string;
  successUrl: string;
  cancelUrl: string;
  reservationMinutes: number;
  items: { variantId: number; quantity: number; unitPriceCents: number }[];
}

/** The buyer's success page with the order named (`?order=`), so the page can ask whether it was paid. */
function successAddressOf(successUrl: string, orderId: string): string {
  const address = new URL(successUrl);
  address.searchParams.set('order', orderId);
  return address.toString();
}

export async function insertPendingOrder(db: Kysely<Database>, order: NewOrder): Promise<string> {
  const orderId = randomUUID();
  const { id } = await db
    .insertInto('store_orders')
    .values({
      id: orderId,
      user_id: order.userId,
      client_address: order.clientAddress,
      browser_key_hash: order.browserKeyHash,
      currency: order.currency,
      total_cents: order.totalCents,
      locale: order.locale,
      time_zone: order.timeZone,
      success_url: successAddressOf(order.successUrl, orderId),
      cancel_url: order.cancelUrl,
      reserved_until: sql<Date>`clock_timestamp() + make_interval(mins => ${order.reservationMinutes})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('store_order_items')
    .values(
      order.items.map((item) => ({
        order_id: id,
        variant_id: item.variantId,
        quantity: item.quantity,
        unit_price_cents: item.unitPriceCents,
      })),
    )
    .execute();
  return id;
}

/** Who bought and where it goes, as written with the payment (null before it, and on older orders). */
function shippingColumns<Alias extends string>(alias: Alias) {
  return [
    `${alias}.buyer_name`,
    `${alias}.buyer_email`,
    `${alias}.buyer_phone`,
    `${alias}.ship_city`,
    `${alias}.ship_district`,
    `${alias}.ship_street`,
    `${alias}.ship_building_number`,
    `${alias}.ship_postal_code`,
    `${alias}.ship_short_address`,
  ] as const;
}

const orderColumns = [
  'o.id',
  'o.user_id',
  'o.browser_key_hash',
  'o.status',
  'o.currency',
  'o.total_cents',
  'o.success_url',
  'o.cancel_url',
  'o.reserved_until',
  'o.paid_at',
  'o.card_last4',
  'o.locale',
  'o.payment_reference',
  'o.wallet_halalas',
  ...shippingColumns('o'),
  sql<boolean>`o.reserved_until > clock_timestamp()`.as('reservation_active'),
  sql<number>`greatest(0, ceil(extract(epoch from o.reserved_until - clock_timestamp())))::int`.as('seconds_left'),
] as const;

export async function findOrder(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('store_orders as o').select(orderColumns).where('o.id', '=', orderId).executeTakeFirst();
}

/** The order row, locked: a second payment of the same order waits here, then sees it paid. */
export async function lockOrder(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('store_orders as o').select(orderColumns).where('o.id', '=', orderId).forUpdate().executeTakeFirst();
}

export async function findOrderItems(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('store_order_items')
    .select(['variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('variant_id')
    .execute();
}

/** The order's lines with what the payment page shows of each product, in both languages. */
export async function findOrderLines(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('store_order_items as oi')
    .innerJoin('store_variants as v', 'v.id', 'oi.variant_id')
    .innerJoin('store_products as p', 'p.id', 'v.product_id')
    .select([
      'oi.variant_id',
      'oi.quantity',
      'oi.unit_price_cents',
      'v.product_id',
      'v.title_ar as variant_title_ar',
      'v.title_en as variant_title_en',
      'v.image_url as variant_image_url',
      'p.title_ar as product_title_ar',
      'p.title_en as product_title_en',
      (eb) =>
        eb
          .selectFrom('store_product_images as i')
          .whereRef('i.product_id', '=', 'p.id')
          .select('i.url')
          .orderBy('i.sort_order')
          .orderBy('i.id')
          .limit(1)
          .as('product_image_url'),
    ])
    .where('oi.order_id', '=', orderId)
    .orderBy('oi.id')
    .execute();
}

export async function findCurrency(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('store_currencies')
    .select(['code', 'symbol', 'template', 'template_ar'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * Takes stock only if there is enough: the database decides, so two payments can never both take
 * the last unit, and the `inventory_quantity >= 0` check backs it up.
 */
export async function takeStock(db: Kysely<Database>, variantId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('store_variants')
    .set((eb) => ({ inventory_quantity: eb('inventory_quantity', '-', quantity) }))
    .where('id', '=', variantId)
    .where('inventory_quantity', '>=', quantity)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markOrderPaid(
  db: Kysely<Database>,
  orderId: string,
  payment: { reference: string; cardLast4: string | null },
  shipping: ShippingDetails,
) {
  await db
    .updateTable('store_orders')
    .set({
      status: 'paid',
      paid_at: sql<Date>`clock_timestamp()`,
      payment_reference: payment.reference,
      card_last4: payment.cardLast4,
      ...buyerColumns(shipping),
    })
    .where('id', '=', orderId)
    .execute();
}

/** The order's columns for who buys and where it goes. */
function buyerColumns(shipping: ShippingDetails) {
  return {
    buyer_name: shipping.fullName,
    buyer_email: shipping.email,
    buyer_phone: shipping.phone,
    ship_city: shipping.city,
    ship_district: shipping.district,
    ship_street: shipping.street,
    ship_building_number: shipping.buildingNumber,
    ship_postal_code: shipping.postalCode,
    ship_short_address: shipping.shortAddress ?? null,
  };
}

/**
 * Who buys and where it goes, written before the browser pays at a gateway (ADR 0039): the payment
 * comes back without them. Only while the order is pending; answers whether it was.
 */
export async function saveBuyerDetails(db: Kysely<Database>, orderId: string, shipping: ShippingDetails): Promise<boolean> {
  const result = await db
    .updateTable('store_orders')
    .set({
      ...buyerColumns(shipping),
    })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An order paid at a gateway: its buyer's details were written before the payment (saveBuyerDetails). */
export async function markOrderPaidAtGateway(
  db: Kysely<Database>,
  orderId: string,
  payment: { reference: string; cardLast4: string | null },
) {
  await db
    .updateTable('store_orders')
    .set({ status: 'paid', paid_at: sql<Date>`clock_timestamp()`, payment_reference: payment.reference, card_last4: payment.cardLast4 })
    .where('id', '=', orderId)
    .execute();
}

/** A pending order that can no longer be paid (its stock went elsewhere) ends as expired. */
export async function endPendingOrder(db: Kysely<Database>, orderId: string) {
  await db.updateTable('store_orders').set({ status: 'expired' }).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

/** A pending order whose reservation has run out becomes expired; answers whether it did. */
export async function expireLapsedOrder(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('store_orders')
    .set({ status: 'expired' })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where(sql<boolean>`reserved_until <= clock_timestamp()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Cancelling a pending order releases its reservation at once; answers the cancel URL if it did. */
export async function cancelPendingOrder(db: Kysely<Database>, orderId: string): Promise<string | undefined> {
  const row = await db
    .updateTable('store_orders')
    .set({ status: 'cancelled' })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returning('cancel_url')
    .executeTakeFirst();
  return row?.cancel_url;
}

/** Read after the variants are locked, so a checkout and a payment agree on whether it has lapsed. */
export async function isReservationActive(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('store_orders')
    .select(sql<boolean>`reserved_until > clock_timestamp()`.as('active'))
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.active === true;
}

export function findOrderForMail(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('store_orders as o')
    .select(['o.user_id', 'o.total_cents', 'o.currency', 'o.locale', ...shippingColumns('o')])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** What a signed-in buyer gave last time (their latest paid order with an address), to fill the form with. */
export function findLastShipping(db: Kysely<Database>, userId: string) {
  return (
    db
      .selectFrom('store_orders as o')
      .select(shippingColumns('o'))
      .where('o.user_id', '=', userId)
      // Paid, whatever became of it since (prepared, shipped, delivered).
      .where('o.status', 'in', STORE_ORDER_FORWARD)
      .where('o.ship_city', 'is not', null)
      .orderBy('o.paid_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

/**
 * A deleted account's orders keep what the tax and the stock records need (items, amounts, status,
 * the payment's reference; the invoice keeps its number and VAT), and lose who bought, where it went,
 * the courier's number that leads there, the card's last four and the address the checkout came from.
 */
export async function eraseBuyerDetailsOf(db: Kysely<Database>, userId: string) {
  await db
    .updateTable('store_orders')
    .set({
      buyer_name: null,
      buyer_email: null,
      buyer_phone: null,
      ship_city: null,
      ship_district: null,
      ship_street: null,
      ship_building_number: null,
      ship_postal_code: null,
      ship_short_address: null,
      tracking_number: null,
      card_last4: null,
      client_address: null,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** A signed-in buyer's own details: the form's first guess when they have never ordered. */
export function findBuyerProfile(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.id', 'u.id')
    .select(['u.email', 'u.phone', 'p.name'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** What the buyer chose to pay of a pending order from their wallet (drawn when it is paid); answers whether it was pending. */
export async function setOrderWallet(db: Kysely<Database>, orderId: string, walletHalalas: number): Promise<boolean> {
  const result = await db
    .updateTable('store_orders')
    .set({ wallet_halalas: walletHalalas })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What an order's card payment has had back so far: its refunds less what of them went to the wallet. */
export async function cardRefundedOf(db: Kysely<Database>, orderId: string, paymentReference: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select(sql<string>`coalesce(sum(amount_halalas - wallet_halalas), 0)`.as('refunded'))
    .where('store_order_id', '=', orderId)
    .where('payment_reference', '=', paymentReference)
    .executeTakeFirstOrThrow();
  return Number(row.refunded);
}
