import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { MoyasarOutageError, type MoyasarWebhook } from '../../platform/moyasar.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { confirmGatewayPayment } from './booking-payments.service.ts';

/** Where the customer lands after the callback: the checkout's outcome, said in their language by the client. */
export const PAYMENT_RESULT_PAGE = '/payment-result';

/**
 * Moyasar's two ways back (ADR 0026): the browser's return from 3-D Secure to the callback_url
 * (`?id=…&status=…&message=…`) and the webhook. Both only name a payment: what it is, the server asks
 * the gateway (booking-payments.service.ts), so a forged status or body confirms nothing.
 */
export function moyasarRoutes(deps: { db: Kysely<Database>; payments: PaymentProvider; log: Logger }) {
  const app = new Hono();

  app.get('/callback', async (c) => {
    const id = c.req.query('id') ?? '';
    // Moyasar not answering: the customer hears the payment is still being confirmed, and the webhook
    // (which Moyasar sends again until it is answered) or the next start settles it.
    const confirmed = await confirmGatewayPayment(deps.db, deps.payments, id, deps.log).catch((error: unknown) => {
      if (!(error instanceof MoyasarOutageError)) throw error;
      deps.log.warn({ payment: id, err: error }, 'Moyasar did not answer the return from payment');
      return { outcome: 'pending' as const, message: null };
    });
    const to = new URLSearchParams({ outcome: confirmed.outcome });
    if (confirmed.message && confirmed.outcome === 'failed') to.set('message', confirmed.message.slice(0, 200));
    c.header('Cache-Control', 'no-store');
    return c.redirect(`${PAYMENT_RESULT_PAGE}?${to}`, 303);
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
      const confirmed = await confirmGatewayPayment(deps.db, deps.payments, id, deps.log);
      return c.json({ received: true, outcome: confirmed.outcome });
    } catch (error) {
      // Not received: Moyasar sends the webhook again later.
      if (error instanceof MoyasarOutageError) return c.json({ error: 'payment gateway not answering' }, 503);
      throw error;
    }
  });

  return app;
}
