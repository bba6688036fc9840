import { type Kysely, sql, type Transaction } from 'kysely';
import type { TextChoice } from '../../../shared/text-choices.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A text message to write to the outbox (phone_messages), in the caller's transaction. */
export interface NewPhoneMessage {
  recipient: string;
  template: string;
  locale: 'ar' | 'en';
  data: Record<string, unknown>;
  userId: string | null;
  /** A message that must go out once however often it is written (e.g. `phone-code:<id>`). */
  dedupeKey: string;
  sendAfter?: Date;
  /** The booking a checkout's message is about: complete_checkout puts its reference in `bookingReference`. */
  bookingId?: string;
  /** The WhatsApp message this SMS stands in for. */
  fallbackOf?: string;
}

/** Messages as rows of phone_messages in JSON, for a database function that writes them with their event (complete_checkout). */
export function phoneMessageRowsJson(messages: NewPhoneMessage[]) {
  return messages.map((message) => ({
    channel: 'sms',
    template: message.template,
    recipient: message.recipient,
    locale: message.locale,
    user_id: message.userId,
    dedupe_key: message.dedupeKey,
    send_after: message.sendAfter?.toISOString() ?? null,
    data: message.data,
    booking_id: message.bookingId ?? null,
  }));
}

/**
 * Withdraws the messages whose keys start with `keyPrefix` that have not gone out yet (a cancelled booking's
 * reminders). The prefixes are the app's own (a kind and a booking's id): no LIKE wildcard is in them.
 */
export async function deletePendingPhoneMessages(db: Db, keyPrefix: string): Promise<void> {
  await db.deleteFrom('phone_messages').where('dedupe_key', 'like', `${keyPrefix}%`).where('status', '=', 'pending').execute();
}

/** The account's confirmed mobile number and language, or undefined. */
export function findTextRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.phone', 'user_profiles.locale'])
    .where('users.id', '=', userId)
    .where('users.phone_verified_at', 'is not', null)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Writes messages in one statement, in the caller's transaction; a message whose key is taken is dropped. */
export async function insertPhoneMessages(db: Db, messages: NewPhoneMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('phone_messages')
    .values(
      messages.map((message) => ({
        recipient: message.recipient,
        template: message.template,
        locale: message.locale,
        data: JSON.stringify(message.data),
        user_id: message.userId,
        dedupe_key: message.dedupeKey,
        ...(message.sendAfter && { send_after: message.sendAfter }),
        ...(message.fallbackOf && { fallback_of: message.fallbackOf }),
      })),
    )
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

export interface ClaimedPhoneMessage {
  id: string;
  channel: 'sms' | 'whatsapp';
  recipient: string;
  template: string;
  locale: 'ar' | 'en';
  data: Record<string, unknown>;
  attempts: number;
  dedupe_key: string | null;
  user_id: string | null;
  /** Set on an SMS that stands in for a failed WhatsApp message. */
  fallback_of: string | null;
  /** The recipient account's choices of channel per kind, as they are now (null: no account). */
  booking_texts: TextChoice | null;
  reminder_texts: TextChoice | null;
  result_texts: TextChoice | null;
  order_texts: TextChoice | null;
}

/**
 * Takes up to `limit` due messages for `leaseSeconds` (another sender skips them meanwhile, and takes them
 * over after, should this one stop mid-way), counting the attempt.
 */
export async function claimDuePhoneMessages(db: Kysely<Database>, now: Date, limit: number, leaseSeconds: number) {
  const { rows } = await sql<ClaimedPhoneMessage>`
    with due as (
      select id, user_id from phone_messages
       where status = 'pending' and send_after <= ${now} and (locked_until is null or locked_until < ${now})
       order by send_after
       limit ${limit}
       for update skip locked
    )
    update phone_messages set locked_until = ${now}::timestamptz + make_interval(secs => ${leaseSeconds}),
                              attempts = phone_messages.attempts + 1
      from due
      left join user_profiles choices on choices.id = due.user_id
     where phone_messages.id = due.id
    returning phone_messages.id, phone_messages.channel, phone_messages.recipient, phone_messages.template,
              phone_messages.locale, phone_messages.data, phone_messages.attempts, phone_messages.dedupe_key, phone_messages.user_id,
              phone_messages.fallback_of, choices.booking_texts, choices.reminder_texts, choices.result_texts,
              choices.order_texts`.execute(db);
  return rows;
}

/**
 * Sent, by `channel`: the provider's id for the receipts to come. The row keeps who, what and when; its
 * content only while it may still be needed: a WhatsApp message's until its receipt (a failure is sent again
 * by SMS), and the development mailbox's, which shows it (`keepContent`). An SMS keeps none (a code in it).
 */
export async function markPhoneMessageSent(
  db: Kysely<Database>,
  id: string,
  sent: { channel: 'sms' | 'whatsapp'; provider: string; providerMessageId: string; at: Date; keepContent: boolean },
): Promise<void> {
  await db
    .updateTable('phone_messages')
    .set({
      status: 'sent',
      channel: sent.channel,
      sent_at: sent.at,
      locked_until: null,
      provider: sent.provider,
      provider_message_id: sent.providerMessageId,
      last_error: null,
      ...(!sent.keepContent && { data: JSON.stringify({}) }),
    })
    .where('id', '=', id)
    .execute();
}

/** Not sent by `channel` this time: tried again at `retryAt`, or (null) given up. */
export async function markPhoneMessageFailed(
  db: Db,
  id: string,
  channel: 'sms' | 'whatsapp',
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('phone_messages')
    .set(
      retryAt
        ? { channel, locked_until: null, send_after: retryAt, last_error: error }
        : { channel, status: 'failed', locked_until: null, last_error: error, data: JSON.stringify({}) },
    )
    .where('id', '=', id)
    .execute();
}

/** No longer worth sending (e.g. a code that has expired meanwhile). */
export async function markPhoneMessageSkipped(db: Kysely<Database>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('phone_messages')
    .set({ status: 'skipped', locked_until: null, last_error: reason, data: JSON.stringify({}) })
    .where('id', '=', id)
    .execute();
}

/** The newest messages, for the development mailbox page. */
export function listPhoneMessages(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('phone_messages')
    .select(['id', 'channel', 'recipient', 'template', 'locale', 'data', 'status', 'provider', 'sent_at', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * What the operator said of a sent message (its delivery receipt): delivered, or failed with its word. A
 * receipt never undoes a final one, and one for a message we do not know changes nothing. A WhatsApp message
 * that failed is written again as one SMS (its key and `:sms`, so once however often the receipt comes).
 */
export async function markPhoneMessageReceipt(
  db: Kysely<Database>,
  receipt: { provider: string; providerMessageId: string; status: 'delivered' | 'failed'; said: string; at: Date },
): Promise<void> {
  if (receipt.status === 'delivered') {
    await db
      .updateTable('phone_messages')
      .set({ status: 'delivered', delivered_at: receipt.at, data: sql`case when provider = 'dev' then data else '{}'::jsonb end` })
      .where('provider', '=', receipt.provider)
      .where('provider_message_id', '=', receipt.providerMessageId)
      .where('status', '=', 'sent')
      .execute();
    return;
  }
  await sql`
    with target as (
      select * from phone_messages
       where provider = ${receipt.provider} and provider_message_id = ${receipt.providerMessageId} and status = 'sent'
       for update
    ), failed as (
      update phone_messages set status = 'failed', last_error = ${`the operator reported it ${receipt.said}`}, data = '{}'::jsonb
        from target
       where phone_messages.id = target.id
    )
    insert into phone_messages (channel, recipient, template, locale, data, user_id, dedupe_key, fallback_of)
    select 'sms', recipient, template, locale, data, user_id, coalesce(dedupe_key, id::text) || ':sms', id
      from target
     where channel = 'whatsapp'
    on conflict (dedupe_key) do nothing`.execute(db);
}

/**
 * A WhatsApp message that could not be sent, given up and written again as one SMS, due now (its key and
 * `:sms`: once, however often this is reached).
 */
export async function replacePhoneMessageBySms(db: Kysely<Database>, row: ClaimedPhoneMessage, error: string) {
  await db.transaction().execute(async (tx) => {
    await markPhoneMessageFailed(tx, row.id, 'whatsapp', error, null);
    await insertPhoneMessages(tx, [
      {
        recipient: row.recipient,
        template: row.template,
        locale: row.locale,
        data: row.data,
        userId: row.user_id,
        dedupeKey: `${row.dedupe_key ?? row.id}:sms`,
        fallbackOf: row.id,
      },
    ]);
  });
}
