// A lab-test checkout paid in the browser at a gateway (Moyasar) is confirmed here, by the return to
// /payments/moyasar/callback and by the webhook alike (ADR 0026). Neither is believed: the payment is
// fetched from the gateway with the secret key, and the checkout is booked only when that payment is
// `paid` for exactly the checkout's amount and currency and names the checkout in its metadata. A
// payment confirms its checkout once, whichever of the two arrives first. A paid payment that books
// nothing goes straight back, whole and once: its seats went while the customer paid, its checkout was
// paid by another payment, or it was made for an amount the checkout no longer asks (ADR 0095).
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { SaidRefundReason, WholeRefundReason } from '../../../shared/payment-refunds.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MoyasarPayment, PaymentProvider } from '../../platform/payment-provider.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import * as repo from './booking.repository.ts';
import {
  type BookingCustomer,
  type BookingItem,
  checkoutResult,
  confirmPaidCheckout,
  offeringsOf,
  type PayingWith,
  startGatewayCheckout,
} from './booking.service.ts';

// What the built-in store's gateway payments keep and refund the same way (ADR 0039).
export {
  addRefunded,
  claimWholeRefund,
  expectGatewayPayment,
  findOpenGatewayPayments,
  findUnsettledGatewayPayments,
  markGatewayPayment,
  recordGatewayPayment,
  recordRefund,
  releaseRefundClaim,
  wholeRefundReasonOf,
} from './booking.repository.ts';

/**
 * What became of a payment, as the customer is told after the callback: booked (`paid`), declined
 * (`failed`, the seats stay held until their hold ends and paying again is allowed), paid too late and
 * given back (`refunded`), still being paid (`pending`), or nothing we know (`unknown`).
 */
export type PaymentOutcome = 'paid' | 'failed' | 'refunded' | 'pending' | 'unknown';

export interface ConfirmedPayment {
  outcome: PaymentOutcome;
  checkoutId: string | null;
  /** Why a `refunded` payment went back when it is not its seats' going: the page says it in words of its own. */
  refundedBecause?: SaidRefundReason;
}

const UNKNOWN: ConfirmedPayment = { outcome: 'unknown', checkoutId: null };

/** How many of a checkout's earlier payments are asked about when it is paid again: the newest. */
const EARLIER_PAYMENTS_ASKED = 5;

/**
 * booking.create with a gateway the browser pays at (Moyasar): the checkout claimed, or claimed again, as
 * startGatewayCheckout does, then every earlier payment of it the gateway may have taken settled by what
 * the checkout asks now (ADR 0095). The customer may have paid, come back without our hearing of it, and
 * changed the promo code or the wallet's switch: such a payment no longer matches and goes back whole now,
 * rather than when its webhook comes; one that matches books the checkout, and the answer is its bookings.
 */
export async function startCheckoutAtGateway(
  db: Kysely<Database>,
  payments: PaymentProvider,
  customer: BookingCustomer,
  items: BookingItem[],
  idempotencyKey: string,
  publicUrl: string,
  now: Date,
  paying: PayingWith,
  log?: Logger,
) {
  const started = await startGatewayCheckout(db, payments, customer, items, idempotencyKey, publicUrl, now, paying);
  const asked = 'payment' in started ? started.payment.given_id : null;
  const earlier = await repo.findOpenGatewayPayments(db, { checkoutId: started.checkout_id }, asked, EARLIER_PAYMENTS_ASKED);
  for (const { id } of earlier) {
    try {
      await confirmGatewayPayment(db, payments, id, log, now);
    } catch (error) {
      // The gateway not answering, or refusing a refund: the webhook (sent again until answered) or the
      // next start settles it; the customer goes on paying.
      log?.warn({ payment: id, checkout: started.checkout_id, err: error }, 'could not settle an earlier payment of a checkout');
    }
  }
  if (earlier.length === 0 || !('payment' in started)) return started;
  // Booked by an earlier payment after all: its bookings, and no second payment.
  const settled = await repo.findCheckoutById(db, started.checkout_id);
  return settled?.status === 'paid' ? checkoutResult(db, started.checkout_id) : started;
}

/** Confirms (or not) the checkout of the gateway payment `paymentId`, by what the gateway says of it. */
export async function confirmGatewayPayment(
  db: Kysely<Database>,
  payments: PaymentProvider,
  paymentId: string,
  log?: Logger,
  now = new Date(),
): Promise<ConfirmedPayment> {
  const payment = await payments.browser?.fetchPayment(paymentId);
  if (!payment) return UNKNOWN;
  return confirmCheckoutPayment(db, payments, payment, log, now);
}

/** Confirms (or not) the checkout a payment fetched from the gateway names in `metadata.checkout_id`. */
export async function confirmCheckoutPayment(
  db: Kysely<Database>,
  payments: PaymentProvider,
  payment: MoyasarPayment,
  log?: Logger,
  now = new Date(),
): Promise<ConfirmedPayment> {
  const checkoutId = typeof payment.metadata?.checkout_id === 'string' ? payment.metadata.checkout_id : null;
  const checkout = checkoutId && /^[0-9a-f-]{36}$/i.test(checkoutId) ? await repo.findCheckoutById(db, checkoutId) : undefined;
  if (!checkout || checkout.status === undefined) {
    log?.warn({ payment: payment.id }, 'a gateway payment names no checkout of ours');
    return UNKNOWN;
  }
  await repo.recordGatewayPayment(
    db,
    {
      id: payment.id,
      provider: payments.name,
      checkoutId: checkout.id,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      message: payment.source?.message ?? null,
    },
    now,
  );
  const answer = (outcome: PaymentOutcome, refundedBecause?: SaidRefundReason): ConfirmedPayment => ({
    outcome,
    checkoutId: checkout.id,
    ...(refundedBecause && { refundedBecause }),
  });

  if (payment.status === 'failed') return answer(checkout.status === 'paid' ? 'paid' : 'failed');
  if (payment.status === 'initiated') return answer('pending');
  if (payment.status === 'refunded' || payment.status === 'voided') {
    // Given back: its checkout is paid (by it, cancelled since, or by another payment), or it books nothing.
    if (checkout.status === 'paid') return answer('paid');
    const reason = await repo.wholeRefundReasonOf(db, payment.id);
    return answer('refunded', reason === 'amount_changed' || reason === 'wallet_changed' ? reason : undefined);
  }
  if (payment.status !== 'paid') return answer('pending');

  for (let tries = 0; tries < 3; tries++) {
    const current = tries === 0 ? checkout : await repo.findCheckoutById(db, checkout.id);
    if (!current) return UNKNOWN;
    // What the checkout asks of the card now: its total less the wallet's part, in riyals. The customer may
    // have changed it (a promo code, the wallet's switch) after this payment was made.
    const matches = payment.amount === current.total_halalas - current.wallet_halalas && payment.currency.toUpperCase() === 'SAR';
    if (current.status === 'paid') {
      if (current.payment_reference === payment.id) return answer('paid');
      // Paid by another payment: this one is a second charge, or one for what the checkout asked before.
      await refundWhole(db, payments, payment, matches ? 'duplicate' : 'amount_changed', current.customer_id, log);
      return answer('paid');
    }
    if (!matches) {
      log?.warn({ payment: payment.id, checkout: current.id }, 'a paid gateway payment no longer matches its checkout: refunded');
      await refundWhole(db, payments, payment, 'amount_changed', current.customer_id, log);
      return answer('refunded', 'amount_changed');
    }
    if (current.status === 'failed') {
      // Paid after the checkout ended (its seats were lost to a late payment before): give it back.
      await refundWhole(db, payments, payment, 'seat_lost', current.customer_id, log);
      return answer('refunded');
    }
    const seats = (current.items ?? []) as unknown as repo.Seat[];
    if (seats.length === 0) return answer('unknown');
    try {
      const labTestIds = seats.map((seat) => seat.lab_test_id);
      const [offerings, invoiced, recipient] = await Promise.all([
        offeringsOf(db, labTestIds),
        repo.findInvoicedOfferings(db, labTestIds),
        recipientOf(db, current.customer_id),
      ]);
      const priced = {
        plan: current.customer_plan,
        discount_halalas: current.discount_halalas,
        fee_halalas: current.fee_halalas,
        promo:
          current.promo_code && current.promo_paid_by
            ? { code: current.promo_code, discount_halalas: current.promo_discount_halalas, paid_by: current.promo_paid_by }
            : null,
        wallet_halalas: current.wallet_halalas,
      };
      await confirmPaidCheckout(
        db,
        {
          id: current.id,
          customerId: current.customer_id,
          attemptedAt: new Date(current.attempted_at),
          paymentReference: payment.id,
          priced,
        },
        seats,
        offerings,
        invoiced,
        now,
        recipient,
      );
      return answer('paid');
    } catch (error) {
      const state = (error as { code?: string }).code;
      // Another confirmation (the callback and the webhook at once), or a new attempt, changed the
      // checkout since it was read: read it again and decide by what it is now.
      if (state === repo.ATTEMPT_SUPERSEDED_STATE) continue;
      if (state === repo.SLOT_UNAVAILABLE_STATE) {
        // The hold ran out while the customer paid and someone took the seat: the money goes back now.
        await repo.failCheckout(db, current.id, payment.id);
        await refundWhole(db, payments, payment, 'seat_lost', current.customer_id, log);
        return answer('refunded');
      }
      if (error instanceof AppError && error.code === 'WALLET_BALANCE_CHANGED') {
        // The wallet no longer holds its part (another checkout spent it, or it expired while the card was
        // paid): nothing is booked, and the card's payment goes back.
        await repo.failCheckout(db, current.id, payment.id);
        await refundWhole(db, payments, payment, 'wallet_changed', current.customer_id, log);
        return answer('refunded', 'wallet_changed');
      }
      if (state === repo.ALREADY_BOOKED_STATE) {
        // Its person booked the same test and time by another checkout after this one's hold ran out (ADR
        // 0064): they have their booking, and this second payment for it goes back, as a payment twice does.
        await repo.failCheckout(db, current.id, payment.id);
        await refundWhole(db, payments, payment, 'duplicate', current.customer_id, log);
        return answer('paid');
      }
      throw error;
    }
  }
  return answer('pending');
}

/** Gives a whole payment back, once however many confirmations find it. */
async function refundWhole(
  db: Kysely<Database>,
  payments: PaymentProvider,
  payment: MoyasarPayment,
  reason: Exclude<WholeRefundReason, 'stock_lost'>,
  customerId: string,
  log?: Logger,
) {
  const amount = payment.amount - payment.refunded;
  if (amount <= 0 || !(await repo.claimWholeRefund(db, payment.id, amount))) return;
  try {
    await payments.browser!.refundPayment(payment.id, amount);
  } catch (error) {
    await repo.releaseRefundClaim(db, payment.id);
    throw error;
  }
  // The customer is told, in the same transaction: the one who closed the page after paying hears it only so.
  await db.transaction().execute(async (tx) => {
    await repo.recordRefund(tx, { paymentReference: payment.id, bookingId: null, amount, reason });
    await repo.markGatewayPayment(tx, payment.id, 'refunded', new Date());
    const recipient = await recipientOf(tx, customerId);
    if (recipient) {
      await enqueueMail(tx, {
        to: recipient.email,
        locale: recipient.locale,
        userId: customerId,
        message: {
          template: 'payment-refunded',
          // A second payment, or one for what the checkout asked before: the bookings, made or to be made by the other.
          data: {
            name: recipient.name,
            amount: halalasToSar(amount),
            reason,
            link: reason === 'seat_lost' || reason === 'wallet_changed' ? '/checkout' : '/dashboard',
          },
        },
        dedupeKey: `payment-refunded:${payment.id}`,
      });
    }
  });
  log?.info({ payment: payment.id, amount, reason }, 'gateway payment refunded');
}
