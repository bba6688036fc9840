import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { NafathProvider } from '../../platform/nafath/nafath-provider.ts';
import { NafathCallbackRefused, receiveNafathCallback } from './identity.service.ts';

/** The callback's body as Elm posts it (ADR 0096), each part bounded. */
const callbackBody = z.object({
  token: z.string().min(1).max(20_000),
  transId: z.string().min(1).max(200),
  requestId: z.uuid(),
});

/**
 * Nafath's callback, registered with Elm as `PUBLIC_URL/nafath/callback`: posted from Elm's servers with
 * no cookie, so it is mounted before the cross-site checks, and believed only through its signed token
 * (identity.service.ts receiveNafathCallback). A refused callback is answered 4xx and changes nothing.
 */
export function nafathCallbackRoutes(deps: { db: Kysely<Database>; nafath: NafathProvider; log: Logger }) {
  const app = new Hono();
  app.post('/', async (c) => {
    let parsed: z.infer<typeof callbackBody>;
    try {
      parsed = callbackBody.parse(await c.req.json());
    } catch {
      return c.json({ error: 'bad request' }, 400);
    }
    try {
      await receiveNafathCallback(deps.db, deps.nafath, parsed);
    } catch (error) {
      if (!(error instanceof NafathCallbackRefused)) throw error;
      deps.log.warn({ reason: error.message, status: error.status }, 'Nafath callback refused');
      return c.json({ error: 'refused' }, error.status);
    }
    return c.json({ received: true });
  });
  return app;
}
