import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../platform/logger.ts';
import { MoyasarOutageError, type MoyasarWebhook } from '../../platform/moyasar.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import { hostedCheckoutPath } from '../store/hosted-checkout.service.ts';
import { confirmStorePayment, isStorePayment } from '../store/store-payments.service.ts';
import { cardChangeLanding, saveChangedCard } from '../subscriptions/plan-card.service.ts';
import { confirmSubscriptionPayment, isSubscriptionPayment, planPaymentLanding } from '../subscriptions/subscriptions.service.ts';
import { type ConfirmedPayment, confirmCheckoutPayment } from './booking-payments.service.ts';

/** Where the customer lands after the callback: the checkout's outcome, said in their language by the client. */
export const PAYMENT_RESULT_PAGE = '/payment-result';

/** The lab-test checkout's result page, saying `outcome` (and the gateway's words for a decline). */
function resultPage(outcome: string, message: string | null): string {
  const to = new URLSearchParams({ outcome });
  if (message && outcome === 'failed') to.set('message', message.slice(0, 200));
  return `${PAYMENT_RESULT_PAGE}?${to}`;
}

/**
 * Moyasar's two ways back (ADR 0026): the browser's return from 3-D Secure to the callback_url
 * (`?id=…&status=…&message=…`) and the webhook. Both only name a payment: what it is, the server asks
 * the gateway (booking-payments.service.ts), so a forged status or body confirms nothing.
 */
export function moyasarRoutes(deps: { db: Kysely<Database>; env: Env; payments: PaymentProvider; log: Logger }) {
  const app = new Hono();

  /**
   * Fetches the payment and confirms what its metadata names: a store order (`store_order_id`, ADR
   * 0039) or a lab-test checkout (`checkout_id`). Answers where the returning browser goes.
   */
  async function confirm(id: string): Promise<ConfirmedPayment & { landing: string }> {
    const payment = await deps.payments.browser?.fetchPayment(id);
    if (payment && isSubscriptionPayment(payment)) {
      // A plan bought (ADR 0042): the plans page (a lab's dashboard) says what came of it.
      const outcome = await confirmSubscriptionPayment(deps.db, deps.payments, payment, deps.log);
      const landing = await planPaymentLanding(deps.db, payment, outcome);
      return { outcome, checkoutId: null, message: payment.source?.message ?? null, landing };
    }
    if (payment && isStorePayment(payment)) {
      const confirmed = await confirmStorePayment(deps.db, deps.payments, payment, deps.log);
      const back = new URLSearchParams({ payment: confirmed.outcome });
      if (confirmed.message && confirmed.outcome === 'failed') back.set('message', confirmed.message.slice(0, 200));
      // Paid: the store's success page, as the simulated payment goes; else the order's payment page says what happened.
      const landing = confirmed.successUrl ?? (confirmed.orderId ? `${hostedCheckoutPath(confirmed.orderId)}?${back}` : null);
      return { outcome: confirmed.outcome, checkoutId: null, message: confirmed.message, landing: landing ?? resultPage('unknown', null) };
    }
    const confirmed = payment
      ? await confirmCheckoutPayment(deps.db, deps.payments, payment, deps.log)
      : { outcome: 'unknown' as const, checkoutId: null, message: null };
    return { ...confirmed, landing: resultPage(confirmed.outcome, confirmed.message) };
  }

  app.get('/callback', async (c) => {
    const id = c.req.query('id') ?? '';
    // Moyasar not answering: the customer hears the payment is still being confirmed, and the webhook
    // (which Moyasar sends again until it is answered) or the next start settles it.
    const landing = await confirm(id).then(
      (confirmed) => confirmed.landing,
      (error: unknown) => {
        if (!(error instanceof MoyasarOutageError)) throw error;
        deps.log.warn({ payment: id, err: error }, 'Moyasar did not answer the return from payment');
        return resultPage('pending', null);
      },
    );
    c.header('Cache-Control', 'no-store');
    return c.redirect(landing, 303);
  });

  // A plan's new card back from the bank's 3-D Secure page (`?id=token_…`): saved for the account whose
  // session comes with the browser, if the gateway says the card passed (plan-card.service.ts).
  app.get('/card-saved', async (c) => {
    const session = readSessionToken(c, deps.env.PUBLIC_URL);
    const user = session ? (await validateSessionToken(deps.db, session))?.user : undefined;
    const id = c.req.query('id') ?? '';
    const landing = await saveChangedCard(deps.db, deps.payments, user, id, deps.log).catch((error: unknown) => {
      if (!(error instanceof MoyasarOutageError)) throw error;
      deps.log.warn({ token: id, err: error }, 'Moyasar did not answer the return from saving a card');
      return cardChangeLanding(user?.user_type, 'unknown');
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(landing, 303);
  });

  app.post('/webhook', async (c) => {
    let body: Partial<MoyasarWebhook>;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'invalid body' }, 400);
    }
    if (!deps.payments.browser?.isWebhookSecret(body.secret_token)) return c.json({ error: 'invalid secret_token' }, 401);
    const id = typeof body.data?.id === 'string' ? body.data.id : '';
    try {
      const confirmed = await confirm(id);
      return c.json({ received: true, outcome: confirmed.outcome });
    } catch (error) {
      // Not received: Moyasar sends the webhook again later.
      if (error instanceof MoyasarOutageError) return c.json({ error: 'payment gateway not answering' }, 503);
      throw error;
    }
  });

  return app;
}
