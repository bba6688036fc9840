// A lab-test checkout paid in the browser at a gateway (Moyasar) is confirmed here, by the return to
// /payments/moyasar/callback and by the webhook alike (ADR 0026). Neither is believed: the payment is
// fetched from the gateway with the secret key, and the checkout is booked only when that payment is
// `paid` for exactly the checkout's amount and currency and names the checkout in its metadata. A
// payment confirms its checkout once, whichever of the two arrives first; a paid payment that cannot
// have its seats (they went while the customer paid) goes straight back.
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MoyasarPayment, PaymentProvider } from '../../platform/payment-provider.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import * as repo from './booking.repository.ts';
import { confirmPaidCheckout, offeringsOf } from './booking.service.ts';

// What the built-in store's gateway payments keep and refund the same way (ADR 0039).
export {
  addRefunded,
  claimWholeRefund,
  markGatewayPayment,
  recordGatewayPayment,
  recordRefund,
  releaseRefundClaim,
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
}

const UNKNOWN: ConfirmedPayment = { outcome: 'unknown', checkoutId: null };

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
  const answer = (outcome: PaymentOutcome): ConfirmedPayment => ({ outcome, checkoutId: checkout.id });

  if (payment.status === 'failed') return answer(checkout.status === 'paid' ? 'paid' : 'failed');
  if (payment.status === 'initiated') return answer('pending');
  if (payment.status === 'refunded' || payment.status === 'voided') {
    return answer(checkout.status === 'paid' && checkout.payment_reference === payment.id ? 'paid' : 'refunded');
  }
  if (payment.status !== 'paid') return answer('pending');

  // Paid, but for something else than this checkout (the card pays what the wallet does not): never booked.
  if (payment.amount !== checkout.total_halalas - checkout.wallet_halalas || payment.currency.toUpperCase() !== 'SAR') {
    log?.warn({ payment: payment.id, checkout: checkout.id }, 'a paid gateway payment does not match its checkout');
    return answer('unknown');
  }

  for (let tries = 0; tries < 3; tries++) {
    const current = tries === 0 ? checkout : await repo.findCheckoutById(db, checkout.id);
    if (!current) return UNKNOWN;
    if (current.status === 'paid') {
      if (current.payment_reference === payment.id) return answer('paid');
      // The checkout was paid by another payment: this one is a second charge and goes back.
      await refundWhole(db, payments, payment, 'duplicate', current.customer_id, log);
      return answer('paid');
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
        return answer('refunded');
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
  reason: 'seat_lost' | 'duplicate' | 'wallet_changed',
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
          data: { name: recipient.name, amount: halalasToSar(amount), reason, link: reason === 'duplicate' ? '/dashboard' : '/checkout' },
        },
        dedupeKey: `payment-refunded:${payment.id}`,
      });
    }
  });
  log?.info({ payment: payment.id, amount, reason }, 'gateway payment refunded');
}
