import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { retryDelaySeconds } from '../../platform/outbox-backoff.ts';
import { startRounds } from '../../platform/rounds.ts';
import { type SmsProvider, SmsSendError } from '../../platform/sms/sms-provider.ts';
import {
  claimDuePhoneMessages,
  deletePendingPhoneMessages,
  findTextRecipient,
  insertPhoneMessages,
  listPhoneMessages,
  markPhoneMessageFailed,
  markPhoneMessageReceipt,
  markPhoneMessageSent,
  markPhoneMessageSkipped,
  type NewPhoneMessage,
  phoneMessageRowsJson,
} from './phone-messages.repository.ts';
import { type BookingTextData, type BookingTextTemplate, type PhoneText, renderPhoneText, staleReason } from './phone-texts.ts';

export type { BookingTextData } from './phone-texts.ts';

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
    const stale =
      staleReason(message, now) ??
      (message.template === 'booking-reminder' && row.reminder_mail === false ? 'the user turned reminders off' : null);
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

/** Where an account's text messages go: its confirmed mobile number, in its language; null without one. */
export async function textRecipientOf(db: Kysely<Database> | Transaction<Database>, userId: string) {
  const row = await findTextRecipient(db, userId);
  return row?.phone ? { phone: row.phone, locale: row.locale } : null;
}

/** A booking's text message to its customer's phone: what to say, when, and its key (one message per key). */
export interface BookingTextOrder {
  to: { phone: string; locale: 'ar' | 'en' };
  userId: string;
  template: BookingTextTemplate;
  data: BookingTextData;
  dedupeKey: string;
  sendAfter?: Date;
  /** The booking, for complete_checkout to give the text its reference. */
  bookingId?: string;
}

const newMessage = (order: BookingTextOrder): NewPhoneMessage => ({
  recipient: order.to.phone,
  template: order.template,
  locale: order.to.locale,
  data: order.data as unknown as Record<string, unknown>,
  userId: order.userId,
  dedupeKey: order.dedupeKey,
  ...(order.sendAfter && { sendAfter: order.sendAfter }),
  ...(order.bookingId && { bookingId: order.bookingId }),
});

/** Writes booking texts in the caller's transaction (the event's): they exist if and only if it happened. */
export async function enqueueBookingTexts(tx: Transaction<Database>, orders: BookingTextOrder[]): Promise<void> {
  await insertPhoneMessages(tx, orders.map(newMessage));
}

/** Booking texts as rows for complete_checkout, which writes them with the bookings (beside their mails). */
export function bookingTextRowsJson(orders: BookingTextOrder[]) {
  return phoneMessageRowsJson(orders.map(newMessage));
}

/** Withdraws the texts not sent yet whose keys start with `keyPrefix` (a cancelled or moved booking's reminders). */
export function withdrawTexts(tx: Transaction<Database>, keyPrefix: string): Promise<void> {
  return deletePendingPhoneMessages(tx, keyPrefix);
}

/** Quiet hours on the recipient's clock (Saudi time): a reminder due then waits for their end. */
const QUIET_FROM_HOUR = 22;
const QUIET_UNTIL_HOUR = 8;

/**
 * When a message not urgent enough to wake anyone, due at `due`, goes out: then, or at 08:00 Riyadh time if
 * `due` falls between 22:00 and 08:00 (quiet hours). A critical value is never passed through here.
 */
export function afterQuietHours(due: Date, timeZone = 'Asia/Riyadh'): Date {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(due));
  if (hour < QUIET_FROM_HOUR && hour >= QUIET_UNTIL_HOUR) return due;
  // Whole hours to the next 08:00 on that clock, less the minutes already past the hour.
  const hoursToGo = (QUIET_UNTIL_HOUR - hour + 24) % 24;
  const minutes = Number(new Intl.DateTimeFormat('en-GB', { timeZone, minute: 'numeric' }).format(due));
  return new Date(due.getTime() + hoursToGo * 3_600_000 - minutes * 60_000 - due.getUTCSeconds() * 1000 - due.getUTCMilliseconds());
}

/** A gateway's delivery receipt for a message it sent (sms-receipts.routes.ts): delivered, or not. */
export function recordDeliveryReceipt(
  db: Kysely<Database>,
  provider: string,
  providerMessageId: string,
  status: 'delivered' | 'failed',
  said: string,
  now = new Date(),
): Promise<void> {
  return markPhoneMessageReceipt(db, { provider, providerMessageId, status, said, at: now });
}
