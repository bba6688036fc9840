import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { retryDelaySeconds } from '../../platform/outbox-backoff.ts';
import { startRounds } from '../../platform/rounds.ts';
import { type SmsProvider, SmsSendError } from '../../platform/sms/sms-provider.ts';
import {
  claimDuePhoneMessages,
  listPhoneMessages,
  markPhoneMessageFailed,
  markPhoneMessageSent,
  markPhoneMessageSkipped,
} from './phone-messages.repository.ts';
import { type PhoneText, renderPhoneText, staleReason } from './phone-texts.ts';

/** After this many failed attempts a message is given up (a code is long expired by then). */
export const MAX_PHONE_ATTEMPTS = 6;
/** How often each instance looks for due messages: a sign-in code should arrive within seconds. */
const ROUND_MS = 2_000;
const LEASE_SECONDS = 60;
const BATCH = 20;

export interface PhoneMessageDeps {
  db: Kysely<Database>;
  sms: SmsProvider;
  publicUrl: string;
  log: Logger;
}

/**
 * Sends every text message due now through the SMS provider: each once (claimed under a lease), tried
 * again with backoff (30 s, 1 min, …) when the provider fails for a while, given up when it refuses the
 * message for good. Resolves with how many were handled.
 */
export async function sendDuePhoneMessages(deps: PhoneMessageDeps, now = new Date()): Promise<number> {
  const claimed = await claimDuePhoneMessages(deps.db, now, BATCH, LEASE_SECONDS);
  for (const row of claimed) {
    const message = { template: row.template, data: row.data } as PhoneText;
    const stale = staleReason(message, now);
    if (stale) {
      await markPhoneMessageSkipped(deps.db, row.id, stale);
      continue;
    }
    try {
      const sent = await deps.sms.send({ to: row.recipient, body: renderPhoneText(message, row.locale, deps.publicUrl) });
      await markPhoneMessageSent(deps.db, row.id, {
        provider: deps.sms.name,
        providerMessageId: sent.providerMessageId,
        at: now,
        keepContent: deps.sms.name === 'dev',
      });
    } catch (error) {
      const retryable = !(error instanceof SmsSendError) || error.retryable;
      const retryAt =
        retryable && row.attempts < MAX_PHONE_ATTEMPTS ? new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000) : null;
      deps.log.error({ err: error, phoneMessageId: row.id, attempts: row.attempts }, 'sending a text message failed');
      await markPhoneMessageFailed(deps.db, row.id, error instanceof Error ? error.message : String(error), retryAt);
    }
  }
  return claimed.length;
}

/** Sends due text messages from this instance every couple of seconds until stopped (node.ts). */
export function startPhoneMessages(deps: PhoneMessageDeps, everyMs = ROUND_MS) {
  return startRounds(
    () => sendDuePhoneMessages(deps),
    everyMs,
    (error) => deps.log.error({ err: error }, 'a round of text messages failed'),
  );
}

/** A text message as the development mailbox shows it: to whom, when, and what it said (while kept). */
export interface ShownPhoneMessage {
  id: string;
  channel: 'sms' | 'whatsapp';
  recipient: string;
  status: string;
  at: Date;
  text: string | null;
}

/** The newest text messages, with their text where the row still holds it (the `dev` provider's keep it). */
export async function recentPhoneMessages(db: Kysely<Database>, limit: number, publicUrl: string): Promise<ShownPhoneMessage[]> {
  const rows = await listPhoneMessages(db, limit);
  return rows.map((row) => {
    const message = { template: row.template, data: row.data } as PhoneText;
    const kept = typeof (row.data as Record<string, unknown>).code === 'string';
    return {
      id: row.id,
      channel: row.channel as 'sms' | 'whatsapp',
      recipient: row.recipient,
      status: row.status,
      at: row.sent_at ?? row.created_at,
      text: kept ? renderPhoneText(message, row.locale as 'ar' | 'en', publicUrl) : null,
    };
  });
}
