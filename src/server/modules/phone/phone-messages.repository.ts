import { type Kysely, sql, type Transaction } from 'kysely';
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
  /** The recipient account's choice of appointment reminders (null: no account). */
  reminder_mail: boolean | null;
}

/**
 * Takes up to `limit` due messages for `leaseSeconds` (another sender skips them meanwhile, and takes them
 * over after, should this one stop mid-way), counting the attempt.
 */
export async function claimDuePhoneMessages(db: Kysely<Database>, now: Date, limit: number, leaseSeconds: number) {
  const { rows } = await sql<ClaimedPhoneMessage>`
    with due as (
      select id from phone_messages
       where status = 'pending' and send_after <= ${now} and (locked_until is null or locked_until < ${now})
       order by send_after
       limit ${limit}
       for update skip locked
    )
    update phone_messages set locked_until = ${now}::timestamptz + make_interval(secs => ${leaseSeconds}),
                              attempts = phone_messages.attempts + 1
      from due
     where phone_messages.id = due.id
    returning phone_messages.id, phone_messages.channel, phone_messages.recipient, phone_messages.template,
              phone_messages.locale, phone_messages.data, phone_messages.attempts,
              (select reminder_mail from user_profiles p where p.id = phone_messages.user_id) as reminder_mail`.execute(db);
  return rows;
}

/**
 * Sent: the provider's id for the receipts to come. The row keeps who, what and when, not the content (a
 * code in it), but for the development mailbox, which shows it (`keepContent`).
 */
export async function markPhoneMessageSent(
  db: Kysely<Database>,
  id: string,
  sent: { provider: string; providerMessageId: string; at: Date; keepContent: boolean },
): Promise<void> {
  await db
    .updateTable('phone_messages')
    .set({
      status: 'sent',
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

/** Not sent this time: tried again at `retryAt`, or (null) given up. */
export async function markPhoneMessageFailed(db: Kysely<Database>, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('phone_messages')
    .set(
      retryAt
        ? { locked_until: null, send_after: retryAt, last_error: error }
        : { status: 'failed', locked_until: null, last_error: error, data: JSON.stringify({}) },
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
 * receipt never undoes a final one, and one for a message we do not know changes nothing.
 */
export async function markPhoneMessageReceipt(
  db: Kysely<Database>,
  receipt: { provider: string; providerMessageId: string; status: 'delivered' | 'failed'; said: string; at: Date },
): Promise<void> {
  await db
    .updateTable('phone_messages')
    .set(
      receipt.status === 'delivered'
        ? { status: 'delivered', delivered_at: receipt.at }
        : { status: 'failed', last_error: `the operator reported it ${receipt.said}` },
    )
    .where('provider', '=', receipt.provider)
    .where('provider_message_id', '=', receipt.providerMessageId)
    .where('status', '=', 'sent')
    .execute();
}
