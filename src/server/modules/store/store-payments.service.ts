// The built-in store's hosted checkout paid in the browser at a gateway (Moyasar's form model, ADR 0039,
// following ADR 0026 for lab-test checkouts). The payment page writes who buys and where it goes, then
// answers the form's configuration with the order's id in `metadata.store_order_id`; the browser posts
// the card to the gateway. The return to /payments/moyasar/callback and the webhook are believed only
// through the payment fetched with the secret key: `paid`, for exactly the order's amount and currency,
// naming this order. A payment confirms its order once, whichever arrives first; one that comes after
// the reservation lapsed and the stock was sold, or was made for what the order asked before the buyer
// changed the wallet's part (ADR 0095), goes straight back, and the buyer is told.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { SaidRefundReason, WholeRefundReason } from '../../../shared/payment-refunds.ts';
import type { ShippingDetails } from '../../../shared/store-schemas.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MoyasarPayment, PaymentProvider } from '../../platform/payment-provider.ts';
import { issueStoreOrderInvoice } from '../billing/billing.service.ts';
import {
  addRefunded,
  claimWholeRefund,
  expectGatewayPayment,
  findOpenGatewayPayments,
  findUnsettledGatewayPayments,
  markGatewayPayment,
  type PaymentOutcome,
  recordGatewayPayment,
  recordRefund,
  releaseRefundClaim,
  wholeRefundReasonOf,
} from '../booking/booking-payments.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { refundWalletShare } from '../wallet/wallet-refunds.service.ts';
import {
  findBuyersOrder,
  hostedCheckoutPath,
  mailOrderConfirmed,
  type OrderViewer,
  payFromWallet,
  shippingOf,
} from './hosted-checkout.service.ts';
import {
  cardRefundedOf,
  endPendingOrder,
  expireLapsedOrder,
  findOrder,
  findOrderForMail,
  findOrderItems,
  findReservedQuantities,
  isReservationActive,
  lockOrder,
  lockVariantsForSale,
  markOrderPaidAtGateway,
  saveBuyerDetails,
  takeStock,
} from './store-orders.repository.ts';
import { cardDueOf, chooseOrderWallet, drawOrderWallet, orderSpendKey } from './store-wallet.ts';

/** The metadata key naming the store order a gateway payment is for (a lab-test checkout's is `checkout_id`). */
export const STORE_ORDER_METADATA_KEY = 'store_order_id';

/** How many of an order's earlier payments are asked about when it is paid again: the newest. */
const EARLIER_PAYMENTS_ASKED = 5;

/**
 * Writes who buys and where it goes on the pending order, then answers the gateway form's configuration
 * (as `booking.create` does in Moyasar mode): the card goes from the browser to the gateway, never here.
 * Only for whoever placed the order: the gateway's return and webhook need no viewer, the payment
 * fetched from the gateway being their proof. The payment is given its id here and kept as expected;
 * every earlier payment of the order is then settled by what it asks now (ADR 0095): one made before the
 * buyer turned the wallet's switch goes back whole, one that matches places the order.
 */
export async function startStorePayment(
  db: Kysely<Database>,
  payments: PaymentProvider,
  orderId: string,
  viewer: OrderViewer,
  shipping: ShippingDetails,
  publicUrl: string,
  useWallet = false,
  log?: Logger,
  now = new Date(),
) {
  const gateway = payments.browser;
  if (!gateway) throw new AppError('PAYMENT_FAILED', { reason: 'the simulated payment takes the card on the payment page' });
  await expireLapsedOrder(db, orderId);
  const order = await findBuyersOrder(db, orderId, viewer);
  if (order.status === 'paid') return { status: 'paid' as const, redirectUrl: order.success_url };
  if (order.status !== 'pending') throw new AppError(order.status === 'expired' ? 'CHECKOUT_EXPIRED' : 'CHECKOUT_CLOSED');
  if (!(await saveBuyerDetails(db, orderId, shipping))) throw new AppError('CHECKOUT_CLOSED');
  // The gateway is asked for what the wallet does not pay (ADR 0093); nothing left: placed at once.
  const cardDue = cardDueOf(await chooseOrderWallet(db, order, viewer.userId, useWallet));
  if (cardDue === 0) {
    const placed = await payFromWallet(db, orderId, viewer, shipping);
    await settleEarlierPayments(db, payments, orderId, null, log, now);
    return { status: 'paid' as const, ...placed };
  }
  const givenId = randomUUID();
  await expectGatewayPayment(
    db,
    {
      id: givenId,
      provider: payments.name,
      checkoutId: null,
      storeOrderId: order.id,
      amount: cardDue,
      currency: order.currency.toUpperCase(),
    },
    now,
  );
  if (await settleEarlierPayments(db, payments, orderId, givenId, log, now)) {
    // Placed by an earlier payment after all: no second one.
    const placed = await findOrder(db, orderId);
    if (placed?.status === 'paid') return { status: 'paid' as const, redirectUrl: placed.success_url };
  }
  return {
    status: 'payment_required' as const,
    order_id: order.id,
    payment: {
      given_id: givenId,
      amount: cardDue,
      currency: order.currency.toUpperCase(),
      description: `Tahaleel store order ${order.id}`,
      publishable_api_key: gateway.publishableKey,
      callback_url: new URL('/payments/moyasar/callback', publicUrl).toString(),
      metadata: { [STORE_ORDER_METADATA_KEY]: order.id },
    },
    /** Where the browser posts the card: the gateway's API base (MOYASAR_API_URL). */
    gateway_url: gateway.apiUrl,
  };
}

/**
 * Asks the gateway about the order's earlier payments that may have taken money (but `exceptId`, the one
 * just asked of the browser) and settles each as its callback would. Answers whether there were any.
 */
async function settleEarlierPayments(
  db: Kysely<Database>,
  payments: PaymentProvider,
  orderId: string,
  exceptId: string | null,
  log: Logger | undefined,
  now: Date,
) {
  const earlier = await findOpenGatewayPayments(db, { storeOrderId: orderId }, exceptId, EARLIER_PAYMENTS_ASKED);
  await askAgain(db, payments, earlier, log, now);
  return earlier.length > 0;
}

/**
 * Fetches each payment from the gateway and confirms (or refunds) it as its callback would; answers how
 * many were asked. One the gateway does not answer about, or whose refund it refuses, is left to the
 * webhook (Moyasar sends it again until answered) and the next start.
 */
async function askAgain(db: Kysely<Database>, payments: PaymentProvider, rows: { id: string }[], log: Logger | undefined, now: Date) {
  let asked = 0;
  for (const { id } of rows) {
    try {
      const payment = await payments.browser!.fetchPayment(id);
      if (payment) await confirmStorePayment(db, payments, payment, log, now);
      asked++;
    } catch (error) {
      log?.warn({ payment: id, err: error }, 'could not settle a store payment');
    }
  }
  return asked;
}

export interface ConfirmedStorePayment {
  outcome: PaymentOutcome;
  orderId: string | null;
  /** Where a paid order's buyer goes next: the store's success page, as the checkout named it. */
  successUrl: string | null;
  /** Why a payment went back when it is not the stock's going: the wallet no longer held its part (ADR 0093), or the amount changed (ADR 0095). */
  refundedBecause?: SaidRefundReason;
}

const UNKNOWN: ConfirmedStorePayment = { outcome: 'unknown', orderId: null, successUrl: null };
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a payment fetched from the gateway is for a store order (else a lab-test checkout's). */
export function isStorePayment(payment: MoyasarPayment): boolean {
  return typeof payment.metadata?.[STORE_ORDER_METADATA_KEY] === 'string';
}

/** "4111-11XX-XXXX-1111", as the gateway masks a card: its last four digits. */
function lastFourOf(payment: MoyasarPayment): string | null {
  const digits = (payment.source?.number ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/**
 * Start-up (checkout-recovery.service.ts): the gateway is asked again about each payment we heard of
 * for an order still pending, which sells the order, or refunds a payment whose stock went; and, from
 * `recentMs` ago, about the payments we never heard of and those of an order paid by another payment,
 * which go back whole if the gateway took them (ADR 0095). Answers how many it asked about.
 */
export async function settleUnsettledStorePayments(
  db: Kysely<Database>,
  payments: PaymentProvider,
  limit: number,
  log?: Logger,
  now = new Date(),
  recentMs = 86_400_000,
) {
  if (!payments.browser) return 0;
  return askAgain(
    db,
    payments,
    await findUnsettledGatewayPayments(db, 'store_orders', limit, new Date(now.getTime() - recentMs)),
    log,
    now,
  );
}

/** Confirms (or not) the store order a payment fetched from the gateway names, by what the gateway says of it. */
export async function confirmStorePayment(
  db: Kysely<Database>,
  payments: PaymentProvider,
  payment: MoyasarPayment,
  log?: Logger,
  now = new Date(),
): Promise<ConfirmedStorePayment> {
  const named = payment.metadata?.[STORE_ORDER_METADATA_KEY];
  const order = typeof named === 'string' && ORDER_ID.test(named) ? await findOrder(db, named) : undefined;
  if (!order) {
    log?.warn({ payment: payment.id }, 'a gateway payment names no store order of ours');
    return UNKNOWN;
  }
  await recordGatewayPayment(
    db,
    {
      id: payment.id,
      provider: payments.name,
      checkoutId: null,
      storeOrderId: order.id,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      message: payment.source?.message ?? null,
    },
    now,
  );
  const answer = (outcome: PaymentOutcome): ConfirmedStorePayment => ({
    outcome,
    orderId: order.id,
    successUrl: outcome === 'paid' ? order.success_url : null,
  });

  if (payment.status === 'failed') return answer(order.status === 'paid' ? 'paid' : 'failed');
  if (payment.status === 'initiated') return answer('pending');
  if (payment.status === 'refunded' || payment.status === 'voided') {
    // Given back: its order is paid (by it, or by another payment), or it placed nothing.
    if (order.status === 'paid') return answer('paid');
    const reason = await wholeRefundReasonOf(db, payment.id);
    return reason === 'wallet_changed' || reason === 'amount_changed'
      ? { ...answer('refunded'), refundedBecause: reason }
      : answer('refunded');
  }
  if (payment.status !== 'paid') return answer('pending');

  const completed = await completeGatewayOrder(db, order.id, payment);
  if (completed === 'duplicate' || completed === 'paid_by_another') {
    // Paid by another payment: this one is a second charge, or one for what the order asked before the buyer changed it.
    await refundWhole(db, payments, payment, order.id, completed === 'duplicate' ? 'duplicate' : 'amount_changed', log);
    return answer('paid');
  }
  if (completed === 'stock_lost') {
    await refundWhole(db, payments, payment, order.id, 'stock_lost', log);
    return answer('refunded');
  }
  if (completed === 'wallet_changed' || completed === 'amount_changed') {
    // The wallet held less than its part by then; or the payment was made for what the order asked before
    // the buyer changed the wallet's part: the order stays to be paid, and this payment goes back whole.
    if (completed === 'amount_changed')
      log?.warn({ payment: payment.id, order: order.id }, 'a paid gateway payment no longer matches its store order: refunded');
    await refundWhole(db, payments, payment, order.id, completed, log);
    return { ...answer('refunded'), refundedBecause: completed };
  }
  return answer('paid');
}

/** Raised inside the order's transaction when a unit is gone: everything it took is rolled back. */
class StockLost extends Error {}

/**
 * Marks the order paid by this payment and takes its stock, all or nothing, under the order's row lock
 * (the callback and the webhook at once: the second waits, then finds the order paid). An order whose
 * reservation lapsed during 3-D Secure is still sold when its units are free (what other live
 * reservations hold counted); otherwise its stock was sold, and the payment goes back.
 */
async function completeGatewayOrder(
  db: Kysely<Database>,
  orderId: string,
  payment: MoyasarPayment,
): Promise<'paid' | 'duplicate' | 'paid_by_another' | 'amount_changed' | 'stock_lost' | 'wallet_changed'> {
  try {
    return await db.transaction().execute(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('NOT_FOUND', { orderId });
      if (order.payment_reference === payment.id) return 'paid';
      // What the order asks of the card now: its total less the wallet's part, which the buyer may have
      // changed after this payment was made (paying again with the wallet's switch turned).
      const matches = payment.amount === cardDueOf(order) && payment.currency.toUpperCase() === order.currency.toUpperCase();
      // Paid (and perhaps on its way since) by another payment: this one is a second charge, or one for what it asked before.
      if (order.payment_reference || !['pending', 'expired', 'cancelled'].includes(order.status))
        return matches ? 'duplicate' : 'paid_by_another';
      if (!matches) return 'amount_changed';

      const items = await findOrderItems(tx, orderId);
      const variants = await lockVariantsForSale(
        tx,
        items.map((item) => item.variant_id),
      );
      const managed = variants.filter((variant) => variant.manage_inventory);
      const reserved = order.status === 'pending' && (await isReservationActive(tx, orderId));
      // Without a live reservation of its own, only what no live reservation holds may be sold to it.
      const heldByOthers = reserved
        ? new Map<number, number>()
        : await findReservedQuantities(
            tx,
            managed.map((variant) => variant.id),
          );
      for (const item of items) {
        const variant = managed.find((candidate) => candidate.id === item.variant_id);
        if (!variant) continue;
        if (variant.inventory_quantity - (heldByOthers.get(variant.id) ?? 0) < item.quantity) throw new StockLost();
        if (!(await takeStock(tx, item.variant_id, item.quantity))) throw new StockLost();
      }
      await drawOrderWallet(tx, order);
      await markOrderPaidAtGateway(tx, orderId, { reference: payment.id, cardLast4: lastFourOf(payment) });
      // Its simplified tax invoice and the buyer's mail, in the transaction that marks it paid.
      await issueStoreOrderInvoice(tx, orderId, new Date());
      await mailOrderConfirmed(tx, orderId, items);
      return 'paid';
    });
  } catch (error) {
    // The wallet paid less than the order recorded: nothing was taken; the order stays to be paid again.
    if (error instanceof AppError && error.code === 'WALLET_BALANCE_CHANGED') return 'wallet_changed';
    if (!(error instanceof StockLost)) throw error;
    await endPendingOrder(db, orderId);
    return 'stock_lost';
  }
}

/**
 * An order's refund, as the admin's cancellation gave it: a refund row naming the order (simulated
 * payments too) with what of it went to the wallet, as a booking's refund row has, and what was given
 * back of a gateway payment (the card's part).
 */
async function recordStoreRefund(
  tx: Transaction<Database>,
  refund: { orderId: string; paymentReference: string; walletHalalas: number; cardHalalas: number },
) {
  await recordRefund(tx, {
    paymentReference: refund.paymentReference,
    bookingId: null,
    storeOrderId: refund.orderId,
    amount: refund.walletHalalas + refund.cardHalalas,
    walletHalalas: refund.walletHalalas,
    reason: 'cancellation',
  });
  if (refund.cardHalalas > 0) await addRefunded(tx, refund.paymentReference, refund.cardHalalas, new Date());
}

/**
 * Gives back `amountHalalas` of a paid order (the admin's cancellation gives its total), where the money
 * came from (ADR 0093): split between the wallet and the card as they paid; the wallet's share goes back
 * to the wallet (keyed by this refund), the card's through the PaymentProvider, inside the caller's
 * transaction, so a refused refund (REFUND_FAILED) gives nothing back.
 */
export async function refundStoreOrder(
  tx: Transaction<Database>,
  payments: PaymentProvider,
  order: { id: string; user_id: string | null; payment_reference: string; total_cents: number; wallet_halalas: number },
  amountHalalas: number,
  now = new Date(),
) {
  const split = await refundWalletShare(
    tx,
    {
      userId: order.user_id,
      spendKey: orderSpendKey(order.id),
      walletPaidHalalas: order.wallet_halalas,
      totalHalalas: order.total_cents,
      cardRefundedHalalas: await cardRefundedOf(tx, order.id, order.payment_reference),
      amountHalalas,
      refundKey: randomUUID(),
    },
    now,
  );
  if (split.walletHalalas + split.cardHalalas > 0)
    await recordStoreRefund(tx, { orderId: order.id, paymentReference: order.payment_reference, ...split });
  if (split.cardHalalas > 0) {
    // Asked of the gateway that took it (Moyasar by its payment id, ADR 0039), last: a refusal rolls the rest back.
    try {
      await payments.refund(order.payment_reference, split.cardHalalas);
    } catch {
      throw new AppError('REFUND_FAILED');
    }
  }
  return split;
}

/** Gives a whole payment back, once however many confirmations find it, and tells the buyer by mail. */
async function refundWhole(
  db: Kysely<Database>,
  payments: PaymentProvider,
  payment: MoyasarPayment,
  orderId: string,
  reason: Exclude<WholeRefundReason, 'seat_lost'>,
  log?: Logger,
) {
  const amount = payment.amount - payment.refunded;
  if (amount <= 0 || !(await claimWholeRefund(db, payment.id, amount))) return;
  try {
    await payments.browser!.refundPayment(payment.id, amount);
  } catch (error) {
    await releaseRefundClaim(db, payment.id);
    throw error;
  }
  await db.transaction().execute(async (tx) => {
    await recordRefund(tx, { paymentReference: payment.id, bookingId: null, storeOrderId: orderId, amount, reason });
    await markGatewayPayment(tx, payment.id, 'refunded', new Date());
    const order = await findOrderForMail(tx, orderId);
    const buyer = shippingOf(order);
    if (order && buyer) {
      await enqueueMail(tx, {
        to: buyer.email,
        locale: order.locale === 'en' ? 'en' : 'ar',
        userId: order.user_id,
        message: {
          template: 'store-payment-refunded',
          data: {
            name: buyer.fullName,
            orderReference: `ST-${orderId.replaceAll('-', '').slice(0, 8).toUpperCase()}`,
            amount: amount / 100,
            reason,
            link: reason === 'stock_lost' ? '/store' : hostedCheckoutPath(orderId),
          },
        },
        dedupeKey: `store-payment-refunded:${payment.id}`,
      });
    }
  });
  log?.info({ payment: payment.id, order: orderId, amount, reason }, 'store gateway payment refunded');
}
