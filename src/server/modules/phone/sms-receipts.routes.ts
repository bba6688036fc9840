import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { sameSecret } from '../../platform/same-secret.ts';
import { recordDeliveryReceipt } from './phone-messages.service.ts';

/**
 * Unifonic's delivery receipt (its "DLR Webhook", set in the account's message preferences): a POST for each
 * message an operator reported on, with `MessageID`, `DLR` ("Delivered" or "Undeliverable"), `Recipient`,
 * `TimeCreated`, `SCTS` and `DLRTimestamp`, as a form or as JSON. It carries no signature, so the URL set at
 * Unifonic carries ours: `PUBLIC_URL/sms/receipts/unifonic?secret=SMS_WEBHOOK_SECRET`. Unifonic tries again
 * until it is answered 200 (six times in 72 hours), so a receipt for an unknown message is answered 200 too.
 */
const unifonicReceipt = z.object({
  MessageID: z.coerce.string().trim().min(1).max(100).refine(withoutNul),
  DLR: z.string().trim().max(40).refine(withoutNul),
});

/** PostgreSQL cannot store U+0000: a receipt that carries one is no receipt of ours, refused as such (not a 500). */
function withoutNul(text: string): boolean {
  return !text.includes('\u0000');
}

async function readFields(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json().catch(() => null);
  return Object.fromEntries(new URLSearchParams(await request.text()));
}

export function smsReceiptRoutes(deps: { db: Kysely<Database>; secret: string }) {
  const app = new Hono();
  app.post('/unifonic', async (c) => {
    if (!sameSecret(c.req.query('secret') ?? '', deps.secret)) return c.json({ error: 'unauthorized' }, 401);
    const receipt = unifonicReceipt.safeParse(await readFields(c.req.raw));
    if (!receipt.success) return c.json({ error: 'not a delivery receipt' }, 400);
    const delivered = receipt.data.DLR.toLowerCase() === 'delivered';
    await recordDeliveryReceipt(deps.db, 'unifonic', receipt.data.MessageID, delivered ? 'delivered' : 'failed', receipt.data.DLR);
    return c.json({ received: true });
  });
  return app;
}
