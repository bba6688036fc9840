import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { retryDelaySeconds } from '../../platform/outbox-backoff.ts';
import { startRounds } from '../../platform/rounds.ts';
import { type SmsProvider, TextSendError } from '../../platform/sms/sms-provider.ts';
import type { WhatsAppProvider } from '../../platform/whatsapp/whatsapp-provider.ts';
import {
  type ClaimedPhoneMessage,
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
  replacePhoneMessageBySms,
} from './phone-messages.repository.ts';
import {
  type BookingTextData,
  type BookingTextTemplate,
  type PhoneText,
  renderPhoneText,
  staleReason,
  textKindOf,
  textParts,
} from './phone-texts.ts';

export type { BookingTextData } from './phone-texts.ts';

/** After this many failed attempts a message is given up (a code is long expired by then). */
export const MAX_PHONE_ATTEMPTS = 6;
/** A WhatsApp message is tried this often (30 s apart) before its SMS goes instead: a reminder must not wait long. */
export const WHATSAPP_ATTEMPTS = 2;
/** How often each instance looks for due messages: a sign-in code should arrive within seconds. */
const ROUND_MS = 2_000;
const LEASE_SECONDS = 60;
const BATCH = 20;

export interface PhoneMessageDeps {
  db: Kysely<Database>;
  sms: SmsProvider;
  /** Meta's WhatsApp Cloud API (or `dev`), when this deployment has it: without, everything goes by SMS. */
  whatsapp?: WhatsAppProvider | null;
  publicUrl: string;
  log: Logger;
}

/**
 * The channel a message goes by now, or null when its reader chose not to get its kind by phone. A code
 * and a WhatsApp message's stand-in are SMS; a critical value goes by the results' channel, or SMS when that
 * is off. The choice is read as the message goes, so changing it reaches the reminders already written.
 */
function channelFor(row: ClaimedPhoneMessage, whatsapp: boolean): 'sms' | 'whatsapp' | null {
  const kind = textKindOf(row.template as PhoneText['template']);
  if (row.fallback_of !== null || kind === 'code') return 'sms';
  const choice = (kind === 'critical' ? row.result_texts : row[`${kind}_texts`]) ?? 'sms';
  if (choice === 'off') return kind === 'critical' ? 'sms' : null;
  return choice === 'whatsapp' && whatsapp ? 'whatsapp' : 'sms';
}

/**
 * Sends every text message due now, each by the channel its reader chose: each once (claimed under a lease),
 * tried again with backoff (30 s, 1 min, …) when the provider fails for a while, given up when it refuses the
 * message for good. A WhatsApp message that cannot go is sent once by SMS instead. Resolves with how many
 * were handled.
 */
export async function sendDuePhoneMessages(deps: PhoneMessageDeps, now = new Date()): Promise<number> {
  const claimed = await claimDuePhoneMessages(deps.db, now, BATCH, LEASE_SECONDS);
  for (const row of claimed) {
    const message = { template: row.template, data: row.data } as PhoneText;
    const channel = channelFor(row, Boolean(deps.whatsapp));
    const stale = staleReason(message, now) ?? (channel ? null : 'the reader chose not to get these by phone');
    if (stale || !channel) {
      await markPhoneMessageSkipped(deps.db, row.id, stale ?? '');
      continue;
    }
    try {
      const sent = await sendBy(deps, channel, row, message);
      await markPhoneMessageSent(deps.db, row.id, {
        channel,
        provider: sent.provider,
        providerMessageId: sent.providerMessageId,
        at: now,
        keepContent: sent.provider === 'dev' || channel === 'whatsapp',
      });
    } catch (error) {
      const retryable = !(error instanceof TextSendError) || error.retryable;
      const said = error instanceof Error ? error.message : String(error);
      deps.log.error({ err: error, phoneMessageId: row.id, channel, attempts: row.attempts }, 'sending a text message failed');
      if (channel === 'whatsapp' && (!retryable || row.attempts >= WHATSAPP_ATTEMPTS)) {
        await replacePhoneMessageBySms(deps.db, row, said);
        continue;
      }
      const retryAt =
        retryable && row.attempts < MAX_PHONE_ATTEMPTS ? new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000) : null;
      await markPhoneMessageFailed(deps.db, row.id, channel, said, retryAt);
    }
  }
  return claimed.length;
}

/** One message through the chosen channel's provider: a WhatsApp template with its words, or the SMS's text. */
async function sendBy(deps: PhoneMessageDeps, channel: 'sms' | 'whatsapp', row: ClaimedPhoneMessage, message: PhoneText) {
  if (channel === 'whatsapp' && deps.whatsapp && message.template !== 'phone-code') {
    const { body, parameters } = textParts(message, row.locale, deps.publicUrl);
    const sent = await deps.whatsapp.send({ to: row.recipient, template: body.name, language: row.locale, parameters });
    return { ...sent, provider: deps.whatsapp.name };
  }
  const sent = await deps.sms.send({ to: row.recipient, body: renderPhoneText(message, row.locale, deps.publicUrl) });
  return { ...sent, provider: deps.sms.name };
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
    const kept = Object.keys(row.data as Record<string, unknown>).length > 0;
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

/**
 * A text message to an account's confirmed number, written in the caller's transaction (the event's): a
 * results notice, a critical value's call, an order shipped. Nothing for an account without one. Due at
 * once unless `sendAfter` (a critical value is never held: quiet hours are for the others, afterQuietHours).
 */
export async function textAccount(
  tx: Transaction<Database>,
  userId: string,
  message: Exclude<PhoneText, { template: 'phone-code' | BookingTextTemplate }>,
  dedupeKey: string,
  sendAfter?: Date,
): Promise<void> {
  const to = await textRecipientOf(tx, userId);
  if (!to) return;
  await insertPhoneMessages(tx, [
    {
      recipient: to.phone,
      template: message.template,
      locale: to.locale,
      data: message.data,
      userId,
      dedupeKey,
      ...(sendAfter && { sendAfter }),
    },
  ]);
}

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

const hourOf = (at: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));

/** Whether `at` falls between 22:00 and 08:00 on the clock of `timeZone` (quiet hours). */
export function inQuietHours(at: Date, timeZone = 'Asia/Riyadh'): boolean {
  const hour = hourOf(at, timeZone);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * When a message not urgent enough to wake anyone, due at `due`, goes out: then, or at 08:00 Riyadh time if
 * `due` falls between 22:00 and 08:00 (quiet hours). A critical value is never passed through here.
 */
export function afterQuietHours(due: Date, timeZone = 'Asia/Riyadh'): Date {
  if (!inQuietHours(due, timeZone)) return due;
  const hour = hourOf(due, timeZone);
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
