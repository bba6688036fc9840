// What a payment at the gateway (Moyasar) came to, settled by asking the gateway itself (ADR 0026):
// the browser's return to /payments/moyasar/callback, the webhook, and the checkout page asking after a
// payment that ended on the page (payments.outcome) all name a payment id and nothing more. The payment
// is fetched with the secret key and confirms what its metadata names: a plan (ADR 0042), a store order
// (ADR 0039) or a lab-test checkout. A failed one is given our reason (platform/payment-failures.ts),
// its gateway's own words going to the log alone (issue #61).
import type { Kysely } from 'kysely';
import type { PaymentFailureReason } from '../../../shared/payment-failures.ts';
import type { SaidRefundReason } from '../../../shared/payment-refunds.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { MoyasarOutageError } from '../../platform/moyasar.ts';
import { loggedFailureReason } from '../../platform/payment-failures.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { confirmCheckoutPayment, type PaymentOutcome } from '../booking/booking-payments.service.ts';
import { hostedCheckoutPath } from '../store/hosted-checkout.service.ts';
import { confirmStorePayment, isStorePayment } from '../store/store-payments.service.ts';
import { confirmSubscriptionPayment, isSubscriptionPayment, planPaymentLanding } from '../subscriptions/subscriptions.service.ts';

/** Where the customer lands after a lab-test checkout's payment: its outcome, said in their language by the client. */
const PAYMENT_RESULT_PAGE = '/payment-result';

export interface SettledPayment {
  outcome: PaymentOutcome;
  /** Why a `failed` payment failed; null for any other outcome. */
  reason: PaymentFailureReason | null;
  /** Where the returning browser goes: the page that says the outcome (and the reason). */
  landing: string;
}

/** The lab-test checkout's result page, saying `outcome` (and why it failed, or why it went back). */
export function paymentResultPage(
  outcome: PaymentOutcome,
  reason: PaymentFailureReason | null,
  refundedBecause?: SaidRefundReason,
): string {
  const to = new URLSearchParams({ outcome });
  if (outcome === 'failed' && reason) to.set('reason', reason);
  if (outcome === 'refunded' && refundedBecause) to.set('refund', refundedBecause);
  return `${PAYMENT_RESULT_PAGE}?${to}`;
}

/**
 * Fetches the payment and confirms what its metadata names, once however many times it is asked.
 * Answers its outcome, why it failed, and where the returning browser goes. Throws MoyasarOutageError
 * when the gateway does not answer.
 */
export async function settleGatewayPayment(
  db: Kysely<Database>,
  payments: PaymentProvider,
  id: string,
  log?: Logger,
): Promise<SettledPayment> {
  const payment = await payments.browser?.fetchPayment(id);
  if (!payment) return { outcome: 'unknown', reason: null, landing: paymentResultPage('unknown', null) };
  const failure = payment.status === 'failed' ? loggedFailureReason(payment, log) : null;
  const reasonIf = (outcome: PaymentOutcome) => (outcome === 'failed' ? failure : null);

  if (isSubscriptionPayment(payment)) {
    // A plan bought: the plans page (a lab's dashboard) says what came of it.
    const outcome = await confirmSubscriptionPayment(db, payments, payment, log);
    return { outcome, reason: reasonIf(outcome), landing: await planPaymentLanding(db, payment, outcome, reasonIf(outcome)) };
  }
  if (isStorePayment(payment)) {
    const confirmed = await confirmStorePayment(db, payments, payment, log);
    const reason = reasonIf(confirmed.outcome);
    const back = new URLSearchParams({ payment: confirmed.outcome });
    if (reason) back.set('reason', reason);
    if (confirmed.refundedBecause) back.set('refund', confirmed.refundedBecause);
    // Paid: the store's success page, as the simulated payment goes; else the order's payment page says what happened.
    const landing = confirmed.successUrl ?? (confirmed.orderId ? `${hostedCheckoutPath(confirmed.orderId)}?${back}` : null);
    return { outcome: confirmed.outcome, reason, landing: landing ?? paymentResultPage('unknown', null) };
  }
  const { outcome, refundedBecause } = await confirmCheckoutPayment(db, payments, payment, log);
  return { outcome, reason: reasonIf(outcome), landing: paymentResultPage(outcome, reasonIf(outcome), refundedBecause) };
}

/**
 * What a payment that ended on the checkout page came to (an STC Pay code, a card or a wallet the
 * gateway refused at once): settled as the callback settles it, so the page can say why it failed, or
 * start again after a wrong code. A gateway not answering is `pending`, as the callback says it.
 */
export async function gatewayPaymentOutcome(
  db: Kysely<Database>,
  payments: PaymentProvider,
  id: string,
  log?: Logger,
): Promise<{ outcome: PaymentOutcome; reason: PaymentFailureReason | null }> {
  if (!payments.browser) return { outcome: 'unknown', reason: null };
  try {
    const { outcome, reason } = await settleGatewayPayment(db, payments, id, log);
    return { outcome, reason };
  } catch (error) {
    if (!(error instanceof MoyasarOutageError)) throw error;
    log?.warn({ payment: id, err: error }, 'Moyasar did not answer about a payment that ended on the page');
    return { outcome: 'pending', reason: null };
  }
}
