// What Meta's `messages` webhook says about the messages the app sent ("Create a webhook endpoint",
// https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/create-webhook-endpoint,
// and the status reference, https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status,
// with the WebhookPayload and Statuses schemas of https://github.com/facebook/openapi/blob/main/business-messaging-api_v23.0.yaml).
// Each POST is signed: `X-Hub-Signature-256: sha256=` and the hex HMAC-SHA256 of the body exactly as it came, keyed
// by the app's secret (Meta escapes the body's non-ASCII characters as \uXXXX before signing, so the raw text is
// what is checked, never a re-serialized parse). The body is { object: "whatsapp_business_account", entry: [{ id,
// changes: [{ field: "messages", value: { messaging_product, metadata, statuses: [{ id, status, timestamp,
// recipient_id, errors?: [{ code, title, message, error_data: { details } }] }] } }] }] }; the same field also
// carries messages people send (`value.messages`), which are not ours to read here.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Whether `header` is Meta's signature of `rawBody` under `appSecret`; compared in constant time. */
export function verifyWhatsAppSignature(rawBody: string, header: string | undefined, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!given?.[1] || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(Buffer.from(given[1], 'hex'), expected);
}

export interface WhatsAppStatus {
  /** The `wamid.…` the send was answered with. */
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Meta's words for it, for the message's row: a failure's codes, titles and details. */
  said: string;
}

/** One status; anything else on it (timestamp, recipient, pricing, conversation) is not needed here. */
const statusSchema = z.object({
  // PostgreSQL cannot store U+0000: no id of Meta's carries one.
  id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((id) => !id.includes('\u0000')),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  errors: z
    .array(
      z.object({
        code: z.number().int().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

/** A failure's words are kept to this length: Meta's details run to a sentence or two. */
const SAID_MAX = 500;

/** The envelope, loosely: each status is read on its own, so one Meta adds later does not lose the others. */
const payloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(z.object({ field: z.string(), value: z.object({ statuses: z.array(z.unknown()).optional() }) })),
    }),
  ),
});

/**
 * The statuses of sent messages in a webhook body, in order. Other changes, incoming messages, and statuses
 * of kinds not listed (a voice message `played`) are left out; a body that is not a WhatsApp webhook has none.
 */
export function whatsappStatuses(body: unknown): WhatsAppStatus[] {
  const payload = payloadSchema.safeParse(body);
  if (!payload.success) return [];
  const statuses: WhatsAppStatus[] = [];
  for (const entry of payload.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const candidate of change.value.statuses ?? []) {
        const parsed = statusSchema.safeParse(candidate);
        if (!parsed.success) continue;
        const { id, status, errors } = parsed.data;
        const said = errors?.length ? errors.map(describeError).join('; ') : status;
        statuses.push({ providerMessageId: id, status, said: said.replaceAll('\u0000', '').slice(0, SAID_MAX) });
      }
    }
  }
  return statuses;
}

function describeError(error: NonNullable<z.infer<typeof statusSchema>['errors']>[number]): string {
  const title = error.title || error.message || 'failed';
  const code = error.code === undefined ? '' : ` (${error.code})`;
  const details = error.error_data?.details ? `: ${error.error_data.details}` : '';
  return `${title}${code}${details}`;
}
