import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../platform/logger.ts';
import { MoyasarOutageError, type MoyasarWebhook } from '../../platform/moyasar.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { validateSessionToken } from '../../platform/session.ts';
import { readSessionToken } from '../../platform/session-cookie.ts';
import { paymentResultPage, settleGatewayPayment } from '../payments/gateway-returns.service.ts';
import { cardChangeLanding, saveChangedCard } from '../subscriptions/plan-card.service.ts';

/**
 * Moyasar's two ways back (ADR 0026): the browser's return from 3-D Secure to the callback_url
 * (`?id=…&status=…&message=…`) and the webhook. Both only name a payment: what it is, the server asks
 * the gateway (payments/gateway-returns.service.ts), so a forged status, message or body confirms
 * nothing, and the gateway's words reach the customer only as our reason for a failure.
 */
export function moyasarRoutes(deps: { db: Kysely<Database>; env: Env; payments: PaymentProvider; log: Logger }) {
  const app = new Hono();
  const confirm = (id: string) => settleGatewayPayment(deps.db, deps.payments, id, deps.log);

  app.get('/callback', async (c) => {
    const id = c.req.query('id') ?? '';
    // Moyasar not answering: the customer hears the payment is still being confirmed, and the webhook
    // (which Moyasar sends again until it is answered) or the next start settles it.
    const landing = await confirm(id).then(
      (confirmed) => confirmed.landing,
      (error: unknown) => {
        if (!(error instanceof MoyasarOutageError)) throw error;
        deps.log.warn({ payment: id, err: error }, 'Moyasar did not answer the return from payment');
        return paymentResultPage('pending', null);
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
