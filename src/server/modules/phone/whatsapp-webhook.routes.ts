import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sameSecret } from '../../platform/same-secret.ts';
import { verifyWhatsAppSignature, whatsappStatuses } from '../../platform/whatsapp/whatsapp-webhook.ts';
import { recordDeliveryReceipt } from './phone-messages.service.ts';

/** Meta's challenge is a number; anything much longer is not Meta's. */
const CHALLENGE_MAX = 200;

/**
 * Meta's webhook for the WhatsApp messages the app sends, set in the app's dashboard as
 * `PUBLIC_URL/whatsapp/webhook` with WHATSAPP_VERIFY_TOKEN and subscribed to the `messages` field
 * (platform/whatsapp/whatsapp-webhook.ts has the protocol). Setting the URL asks `GET ?hub.mode=subscribe
 * &hub.verify_token=…&hub.challenge=…`, answered with the challenge alone; each status then comes as a signed
 * POST. Meta sends a POST again until it is answered 200, so a status for a message not ours is answered 200 too.
 */
export function whatsappWebhookRoutes(deps: { db: Kysely<Database>; appSecret: string; verifyToken: string }) {
  const app = new Hono();
  app.get('/', (c) => {
    const challenge = c.req.query('hub.challenge') ?? '';
    const subscribing = c.req.query('hub.mode') === 'subscribe' && sameSecret(c.req.query('hub.verify_token') ?? '', deps.verifyToken);
    if (!subscribing || !challenge || challenge.length > CHALLENGE_MAX) return c.text('forbidden', 403);
    return c.text(challenge);
  });
  app.post('/', async (c) => {
    const rawBody = await c.req.text();
    if (!verifyWhatsAppSignature(rawBody, c.req.header('x-hub-signature-256'), deps.appSecret))
      return c.json({ error: 'unauthorized' }, 401);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return c.json({ error: 'not JSON' }, 400);
    }
    for (const { providerMessageId, status, said } of whatsappStatuses(body)) {
      // `sent` only says Meta handed it on; `read` implies delivered (Meta then skips the `delivered` status).
      if (status === 'sent') continue;
      await recordDeliveryReceipt(deps.db, 'whatsapp', providerMessageId, status === 'failed' ? 'failed' : 'delivered', said);
    }
    return c.json({ received: true });
  });
  return app;
}
