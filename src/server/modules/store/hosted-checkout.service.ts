import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import {
  effectivePriceCents,
  formatStorePrice,
  localizedCurrency,
  STORE_MAX_OPEN_CHECKOUTS,
  STORE_MAX_RESERVED_UNITS,
  STORE_RESERVATION_MINUTES,
} from '../../../shared/store.ts';
import type { cardInput, ShippingDetails } from '../../../shared/store-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { storeBrowserKeyHash } from '../../platform/store-browser-key.ts';
import { issueStoreOrderInvoice } from '../billing/billing.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { builtinRowId } from './builtin-store.repository.ts';
import {
  cancelPendingOrder,
  expireLapsedOrder,
  findBuyerProfile,
  findCurrency,
  findLastShipping,
  findOpenReservations,
  findOrder,
  findOrderForMail,
  findOrderItems,
  findOrderLines,
  findReservedQuantities,
  insertPendingOrder,
  isReservationActive,
  lockOrder,
  lockReservationsOf,
  lockVariantsForSale,
  markOrderPaid,
  takeStock,
} from './store-orders.repository.ts';
import { findOrderPromo } from './store-promo.repository.ts';
import type { ProviderCheckoutRequest } from './store-provider.ts';
import { cardDueOf, chooseOrderWallet, drawOrderWallet, walletAtCheckout, walletPaymentReference } from './store-wallet.ts';

/** What a deleted account's orders lose (account deletion, PDPL's right to erasure). */
export { eraseBuyerDetailsOf } from './store-orders.repository.ts';

// The built-in store's checkout, the rules of its orders: the pending order a checkout opens (holding the
// stock), then its own payment page (the page the checkout URL opens) that pays or cancels it. The order
// id is a random UUID handed only to the buyer, so holding it lets someone see the order's state, as
// with a hosted payment page's session URL; who buys and where it goes only its buyer sees (isBuyer),
// and only who placed it may pay, start a payment or cancel (findBuyersOrder, ADR 0055).

function mergeItems(items: ProviderCheckoutRequest['items']): Map<number, number> {
  const merged = new Map<number, number>();
  for (const item of items) {
    const id = builtinRowId(item.variantId);
    if (id === null) throw new AppError('NOT_FOUND', { variantId: item.variantId });
    merged.set(id, (merged.get(id) ?? 0) + item.quantity);
  }
  return merged;
}

/** How many open checkouts, and units reserved across them, one holder may keep at once. */
export interface ReservationCaps {
  checkouts: number;
  units: number;
}

/** A buyer's caps; an address's are settings (STORE_CHECKOUTS_PER_ADDRESS, STORE_UNITS_PER_ADDRESS). */
const buyerCaps: ReservationCaps = { checkouts: STORE_MAX_OPEN_CHECKOUTS, units: STORE_MAX_RESERVED_UNITS };

/**
 * A buyer and an address each keep at most their caps' open checkouts and units reserved across them,
 * these units counted (RESERVATION_LIMIT). A visitor who is not signed in is known only by the address:
 * a cookie of theirs would be theirs to drop.
 */
async function assertWithinReservationLimits(
  tx: Transaction<Database>,
  request: ProviderCheckoutRequest,
  units: number,
  addressCaps: ReservationCaps,
) {
  await lockReservationsOf(tx, request);
  const holders = [
    ...(request.userId ? [{ holder: { userId: request.userId }, caps: buyerCaps }] : []),
    ...(request.clientAddress ? [{ holder: { clientAddress: request.clientAddress }, caps: addressCaps }] : []),
  ];
  for (const { holder, caps } of holders) {
    const open = await findOpenReservations(tx, holder);
    if (open.checkouts + 1 > caps.checkouts || open.units + units > caps.units) {
      throw new AppError('RESERVATION_LIMIT', { maxCheckouts: caps.checkouts, maxUnits: caps.units });
    }
  }
}

/**
 * Opens the hosted checkout: a pending order that holds its stock for a short while, inside one transaction that
 * locks the variants first: what is reserved is decided by the database, never by an earlier read.
 */
export async function openHostedCheckout(
  db: Kysely<Database>,
  request: ProviderCheckoutRequest,
  addressCaps: ReservationCaps,
): Promise<string> {
  const wanted = mergeItems(request.items);
  return db.transaction().execute(async (tx) => {
    await assertWithinReservationLimits(
      tx,
      request,
      [...wanted.values()].reduce((sum, quantity) => sum + quantity, 0),
      addressCaps,
    );
    const variants = await lockVariantsForSale(tx, [...wanted.keys()]);
    for (const variantId of wanted.keys()) {
      if (!variants.some((variant) => variant.id === variantId)) throw new AppError('NOT_FOUND', { variantId });
    }
    for (const variant of variants) {
      if (!variant.purchasable || variant.status !== 'published' || variant.deleted_at !== null) {
        throw new AppError('PRODUCT_UNAVAILABLE', { variantId: variant.id });
      }
    }
    const currency = variants[0]!.currency;
    if (variants.some((variant) => variant.currency !== currency)) throw new AppError('VALIDATION_FAILED', { field: 'items' });

    const reserved = await findReservedQuantities(
      tx,
      variants.filter((variant) => variant.manage_inventory).map((variant) => variant.id),
    );
    for (const variant of variants) {
      if (!variant.manage_inventory) continue;
      const available = Math.max(0, variant.inventory_quantity - (reserved.get(variant.id) ?? 0));
      if (wanted.get(variant.id)! > available) throw new AppError('OUT_OF_STOCK', { variantId: variant.id, available });
    }

    const items = variants.map((variant) => ({
      variantId: variant.id,
      quantity: wanted.get(variant.id)!,
      unitPriceCents: effectivePriceCents(variant),
    }));
    return insertPendingOrder(tx, {
      userId: request.userId,
      clientAddress: request.clientAddress,
      browserKeyHash: request.browserKey ? storeBrowserKeyHash(request.browserKey) : null,
      currency,
      totalCents: items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0),
      locale: request.locale,
      timeZone: request.timeZone,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      reservationMinutes: STORE_RESERVATION_MINUTES,
      items,
    });
  });
}

/** The path of the built-in store's own payment page for an order. */
export function hostedCheckoutPath(orderId: string): string {
  return `/store/checkout/${orderId}`;
}

type Card = z.output<typeof cardInput>;

type ShippingRow = {
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_phone: string | null;
  ship_city: string | null;
  ship_district: string | null;
  ship_street: string | null;
  ship_building_number: string | null;
  ship_postal_code: string | null;
  ship_short_address: string | null;
};

/** The form's fields from an order's columns; null when the order has none. */
export function shippingOf(row: ShippingRow | undefined): ShippingDetails | null {
  if (!row?.buyer_name || !row.buyer_email || !row.buyer_phone || !row.ship_city || !row.ship_district) return null;
  if (!row.ship_street || !row.ship_building_number || !row.ship_postal_code) return null;
  return {
    fullName: row.buyer_name,
    email: row.buyer_email,
    phone: row.buyer_phone,
    city: row.ship_city,
    district: row.ship_district,
    street: row.ship_street,
    buildingNumber: row.ship_building_number,
    postalCode: row.ship_postal_code,
    shortAddress: row.ship_short_address,
  };
}

/**
 * What fills a signed-in buyer's form: the address of their last order, else their account's name,
 * e-mail and mobile. Only ever the caller's own: never read from the order, whose id is all a visitor holds.
 */
async function prefillFor(db: Kysely<Database>, userId: string | null): Promise<Partial<ShippingDetails> | null> {
  if (!userId) return null;
  const [last, profile] = await Promise.all([findLastShipping(db, userId), findBuyerProfile(db, userId)]);
  const previous = shippingOf(last);
  if (previous) return previous;
  if (!profile) return null;
  return { fullName: profile.name ?? undefined, email: profile.email ?? undefined, phone: profile.phone ?? undefined };
}

/** Who opens an order's page: the signed-in account, and the browser's store key (a guest's). */
export interface OrderViewer {
  userId: string | null;
  browserKey: string | null;
}

type OwnedOrder = { user_id: string | null; browser_key_hash: string | null; status: string };

/**
 * Whether the viewer placed the order: the signed-in account it was placed by, or, for a guest's
 * order, the browser whose checkout opened it. The link alone is not enough: it travels (the
 * confirmation mail, the browser's history, a shared screen).
 */
function placedBy(order: OwnedOrder, viewer: OrderViewer): boolean {
  if (order.user_id) return order.user_id === viewer.userId;
  if (!order.browser_key_hash || !viewer.browserKey) return false;
  return storeBrowserKeyHash(viewer.browserKey) === order.browser_key_hash;
}

/** Whether the viewer is shown who buys and where it goes: a guest's browser only while paying (after, the mail has them). */
function isBuyer(order: OwnedOrder, viewer: OrderViewer): boolean {
  return placedBy(order, viewer) && (order.user_id !== null || order.status === 'pending');
}

/**
 * The order, for a procedure that acts on it (pay, start a payment, cancel): only for the one who
 * placed it, whatever its state (a second click after paying is answered as the first); to anyone
 * else it does not exist, so its link neither cancels it nor writes its buyer's details.
 */
export async function findBuyersOrder(db: Kysely<Database>, orderId: string, viewer: OrderViewer) {
  const order = await findOrder(db, orderId);
  if (!order || !placedBy(order, viewer)) throw new AppError('NOT_FOUND', { orderId });
  return order;
}

/** The order's page: anyone with the link sees its state, items and total; only its buyer who buys and where it goes. */
export async function getHostedCheckout(db: Kysely<Database>, orderId: string, locale: Locale, viewer: OrderViewer) {
  // A lapsed reservation is recorded as such, so the page and the stock agree.
  await expireLapsedOrder(db, orderId);
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', { orderId });
  const buyer = isBuyer(order, viewer);
  const [lines, currency, prefill, promo] = await Promise.all([
    findOrderLines(db, orderId),
    findCurrency(db, order.currency),
    order.status === 'pending' ? prefillFor(db, viewer.userId) : null,
    findOrderPromo(db, orderId),
  ]);
  const currencyInfo = localizedCurrency(currency, locale);
  const wallet = await walletAtCheckout(db, order, viewer.userId, currencyInfo);
  const ar = locale === 'ar';
  return {
    id: order.id,
    status: order.status,
    seconds_left: order.status === 'pending' ? order.seconds_left : 0,
    currency_info: currencyInfo,
    total_cents: order.total_cents,
    total_formatted: formatStorePrice(order.total_cents, currencyInfo),
    /** Its promo code and what it took off (ADR 0092), a line of the summary; the lines' sum before it. */
    promo: promo?.code ? { code: promo.code, discount_formatted: formatStorePrice(promo.promo_discount_cents, currencyInfo) } : null,
    subtotal_formatted: formatStorePrice(order.total_cents + (promo?.promo_discount_cents ?? 0), currencyInfo),
    /** Whether a code may be typed: a signed-in buyer's order in riyals (a guest is asked to sign in). */
    promo_allowed: order.status === 'pending' && order.currency.toUpperCase() === 'SAR',
    /** Whether this account or browser placed the order: only it may pay or leave it (findBuyersOrder). */
    placed_here: placedBy(order, viewer),
    card_last4: buyer ? order.card_last4 : null,
    success_url: order.success_url,
    cancel_url: order.cancel_url,
    /** Where a paid order goes, as the buyer gave it; null to anyone else. */
    shipping: buyer ? shippingOf(order) : null,
    prefill,
    /** The buyer's wallet while paying (its balance, what it would pay), null without one (ADR 0093). */
    wallet: wallet.offer,
    /** What the wallet and the card paid of a paid order, to its buyer; null when the wallet paid nothing. */
    paid_from_wallet: wallet.paid,
    items: lines.map((line) => ({
      variant_id: line.variant_id,
      product_id: line.product_id,
      product_title: ar ? line.product_title_ar : line.product_title_en,
      variant_title: ar ? line.variant_title_ar : line.variant_title_en,
      image: line.variant_image_url ?? line.product_image_url,
      quantity: line.quantity,
      unit_price_formatted: formatStorePrice(line.unit_price_cents, currencyInfo),
      line_total_formatted: formatStorePrice(line.unit_price_cents * line.quantity, currencyInfo),
    })),
  };
}

type PaymentOutcome = { kind: 'paid'; redirectUrl: string } | { kind: 'expired' } | { kind: 'closed' };

/**
 * Pays through the PaymentProvider (as lab-test checkouts do), then takes the stock in the same
 * transaction as marking the order paid. The order row is locked first (a double click pays once: the
 * order id is the payment's idempotency key), then the variants; each unit is taken by a conditional
 * update, so stock never goes below zero whatever runs beside it. A payment whose order could not be
 * completed (it lapsed, closed, or its stock went elsewhere) is refunded.
 */
export async function payHostedCheckout(
  db: Kysely<Database>,
  payments: PaymentProvider,
  orderId: string,
  viewer: OrderViewer,
  card: Card,
  shipping: ShippingDetails,
  useWallet = false,
): Promise<{ redirectUrl: string }> {
  const order = await findBuyersOrder(db, orderId, viewer);
  if (order.status === 'paid') return { redirectUrl: order.success_url };
  if (order.status !== 'pending') throw new AppError(order.status === 'expired' ? 'CHECKOUT_EXPIRED' : 'CHECKOUT_CLOSED');
  // What the wallet pays is recorded on the order, and the card is charged the rest (ADR 0093).
  const cardDue = cardDueOf(await chooseOrderWallet(db, order, viewer.userId, useWallet));
  if (cardDue === 0) return payFromWallet(db, orderId, viewer, shipping);

  const payment = await payments.charge({
    amount: cardDue,
    currency: order.currency,
    reference: orderId,
    description: `Tahaleel store order ${orderId}`,
    simulatedCard: { number: card.number },
  });

  const outcome = await completePaidOrder(
    db,
    orderId,
    { reference: payment.reference, cardLast4: card.number.slice(-4), cardDue },
    shipping,
  ).catch(async (error: unknown) => {
    await payments.refund(payment.reference);
    throw error;
  });
  if (outcome.kind !== 'paid') await payments.refund(payment.reference);
  if (outcome.kind === 'expired') throw new AppError('CHECKOUT_EXPIRED');
  if (outcome.kind === 'closed') throw new AppError('CHECKOUT_CLOSED');
  return { redirectUrl: outcome.redirectUrl };
}

/**
 * Places an order its buyer's wallet pays whole, without a card (simulated payments and a gateway's
 * alike): what the wallet pays is recorded, then drawn as the order is marked paid. A balance that no
 * longer covers the total is WALLET_BALANCE_CHANGED, and nothing is taken.
 */
export async function payFromWallet(
  db: Kysely<Database>,
  orderId: string,
  viewer: OrderViewer,
  shipping: ShippingDetails,
): Promise<{ redirectUrl: string }> {
  const order = await findBuyersOrder(db, orderId, viewer);
  if (order.status === 'paid') return { redirectUrl: order.success_url };
  if (order.status !== 'pending') throw new AppError(order.status === 'expired' ? 'CHECKOUT_EXPIRED' : 'CHECKOUT_CLOSED');
  if (cardDueOf(await chooseOrderWallet(db, order, viewer.userId, true)) > 0) throw new AppError('WALLET_BALANCE_CHANGED');
  const outcome = await completePaidOrder(
    db,
    orderId,
    { reference: walletPaymentReference(orderId), cardLast4: null, cardDue: 0 },
    shipping,
  );
  if (outcome.kind === 'expired') throw new AppError('CHECKOUT_EXPIRED');
  if (outcome.kind === 'closed') throw new AppError('CHECKOUT_CLOSED');
  return { redirectUrl: outcome.redirectUrl };
}

/**
 * The buyer's confirmation, to the address they gave at payment, in the language they paid in: what
 * was paid and where it goes (never the items: a test kit says too much). Its link opens the order.
 */
export async function mailOrderConfirmed(tx: Transaction<Database>, orderId: string, items: Array<{ quantity: number }>) {
  const order = await findOrderForMail(tx, orderId);
  const shipping = shippingOf(order);
  if (!order || !shipping) return;
  await enqueueMail(tx, {
    to: shipping.email,
    locale: order.locale === 'en' ? 'en' : 'ar',
    userId: order.user_id,
    message: {
      template: 'store-order-confirmed',
      data: {
        name: shipping.fullName,
        orderReference: `ST-${orderId.replaceAll('-', '').slice(0, 8).toUpperCase()}`,
        total: order.total_cents / 100,
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        shipping,
        link: hostedCheckoutPath(orderId),
      },
    },
    dedupeKey: `store-order-confirmed:${orderId}`,
  });
}

/**
 * Marks the paid order paid, takes its stock and draws its wallet's part, all or nothing. `cardDue` is
 * what the card was charged: an order whose wallet's part changed since (a second pay beside it) is not
 * paid by it.
 */
function completePaidOrder(
  db: Kysely<Database>,
  orderId: string,
  payment: { reference: string; cardLast4: string | null; cardDue: number },
  shipping: ShippingDetails,
): Promise<PaymentOutcome> {
  return db.transaction().execute(async (tx): Promise<PaymentOutcome> => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', { orderId });
    if (order.status === 'paid') return { kind: 'paid', redirectUrl: order.success_url };
    if (order.status !== 'pending') return { kind: order.status === 'expired' ? 'expired' : 'closed' };
    if (cardDueOf(order) !== payment.cardDue) throw new AppError('WALLET_BALANCE_CHANGED');

    const items = await findOrderItems(tx, orderId);
    const variants = await lockVariantsForSale(
      tx,
      items.map((item) => item.variant_id),
    );
    // Only now, with the variants locked, is the reservation's lapse compared with a checkout's.
    if (!(await isReservationActive(tx, orderId))) {
      await expireLapsedOrder(tx, orderId);
      return { kind: 'expired' };
    }
    for (const item of items) {
      const variant = variants.find((candidate) => candidate.id === item.variant_id);
      if (!variant?.manage_inventory) continue;
      if (!(await takeStock(tx, item.variant_id, item.quantity))) {
        // Someone took stock outside a reservation: nothing of this order is kept.
        throw new AppError('OUT_OF_STOCK', { variantId: item.variant_id, available: variant.inventory_quantity });
      }
    }
    await drawOrderWallet(tx, order);
    await markOrderPaid(tx, orderId, { reference: payment.reference, cardLast4: payment.cardLast4 }, shipping);
    // Its simplified tax invoice, in the transaction that marks it paid.
    await issueStoreOrderInvoice(tx, orderId, new Date());
    await mailOrderConfirmed(tx, orderId, items);
    return { kind: 'paid', redirectUrl: order.success_url };
  });
}

/**
 * Leaving the payment page (its button, or the beacon of a closing page) releases the reservation at
 * once and goes back to the store.
 */
export async function cancelHostedCheckout(db: Kysely<Database>, orderId: string, viewer: OrderViewer): Promise<{ redirectUrl: string }> {
  const order = await findBuyersOrder(db, orderId, viewer);
  const cancelUrl = await cancelPendingOrder(db, orderId);
  if (cancelUrl) return { redirectUrl: cancelUrl };
  // No longer pending: paid (perhaps just now) stays as it is; a lapsed or cancelled one just goes back.
  if ((await findOrder(db, orderId))?.status === 'paid') throw new AppError('CHECKOUT_CLOSED');
  return { redirectUrl: order.cancel_url };
}
