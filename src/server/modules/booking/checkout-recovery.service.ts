// What a server that stopped while customers paid left unfinished, settled when it starts again (issue
// #20, item 11; ADR 0031). Two kinds:
// - Attempts the server charged itself (the simulated payment), each named by the instance running it
//   (`checkouts.attempt_instance`). The instance that starts under the same name is the one that stopped,
//   so its attempts cannot be running any more: they end at once, and each customer with an address is
//   told that nothing was booked and nothing taken. Sending the checkout again then books at once, where
//   it used to answer CHECKOUT_IN_PROGRESS until the attempt counted as abandoned (two minutes). Another
//   instance's attempts are never touched: they may be running.
// - Payments made in the browser at the gateway (Moyasar) whose checkout is still pending: the gateway is
//   asked again (confirmGatewayPayment), which books the checkout, or refunds a payment whose seats went.
//   So are, for a day (RECENT_PAYMENTS_MS), the payments the browser was asked to make that we never heard
//   of, and those of a checkout paid by another payment: one the gateway took goes back whole (ADR 0095).
//   The same for the built-in store's orders (settleUnsettledStorePayments): sold, or refunded if the stock went.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { enqueueMail, type MailOrder, recipientOf } from '../mail/mail.service.ts';
import { settleUnsettledStorePayments } from '../store/store-payments.service.ts';
import * as repo from './booking.repository.ts';
import { confirmGatewayPayment } from './booking-payments.service.ts';

/** Where the mail sends the customer: the checkout, whose cart the browser still keeps. */
const CHECKOUT_PAGE = '/checkout';
/** Gateway payments asked about at one start; the webhook settles any beyond (Moyasar retries it). */
const GATEWAY_PAYMENTS_PER_START = 200;
/** How long a payment that bought nothing, or was never heard of, is asked about again at each start. */
export const RECENT_PAYMENTS_MS = 86_400_000;

export interface RecoveredCheckouts {
  /** Checkouts this instance was charging when it stopped, now ended. */
  ended: string[];
  /** Gateway payments for lab-test checkouts asked about again. */
  gatewayPaymentsChecked: number;
  /** Gateway payments for store orders asked about again. */
  storePaymentsChecked: number;
}

export async function recoverInterruptedCheckouts(
  db: Kysely<Database>,
  payments: PaymentProvider,
  instance: string,
  log?: Logger,
  now = new Date(),
): Promise<RecoveredCheckouts> {
  const ended = await db.transaction().execute(async (tx) => {
    const rows = await repo.failInstanceAttempts(tx, instance);
    for (const row of rows) {
      const recipient = await recipientOf(tx, row.customer_id);
      if (!recipient) continue; // a guest gave a phone number, not an address
      const mail: MailOrder = {
        to: recipient.email,
        locale: recipient.locale,
        userId: row.customer_id,
        message: { template: 'checkout-interrupted', data: { name: recipient.name, link: CHECKOUT_PAGE } },
        dedupeKey: `checkout-interrupted:${row.id}:${new Date(row.attempted_at).toISOString()}`,
      };
      await enqueueMail(tx, mail);
    }
    return rows.map((row) => row.id);
  });
  if (ended.length > 0) log?.warn({ instance, checkouts: ended.length }, 'ended the checkouts this instance was charging when it stopped');

  let gatewayPaymentsChecked = 0;
  if (payments.browser) {
    const since = new Date(now.getTime() - RECENT_PAYMENTS_MS);
    for (const { id } of await repo.findUnsettledGatewayPayments(db, 'checkouts', GATEWAY_PAYMENTS_PER_START, since)) {
      try {
        await confirmGatewayPayment(db, payments, id, log, now);
        gatewayPaymentsChecked++;
      } catch (error) {
        // The gateway may be down: the webhook or the customer's return settles it later.
        log?.warn({ payment: id, err: error }, 'could not settle a gateway payment at start-up');
      }
    }
  }
  const storePaymentsChecked = await settleUnsettledStorePayments(db, payments, GATEWAY_PAYMENTS_PER_START, log, now, RECENT_PAYMENTS_MS);
  return { ended, gatewayPaymentsChecked, storePaymentsChecked };
}
