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
}

export async function insertPhoneMessage(db: Db, message: NewPhoneMessage): Promise<void> {
  await db
    .insertInto('phone_messages')
    .values({
      recipient: message.recipient,
      template: message.template,
      locale: message.locale,
      data: JSON.stringify(message.data),
      user_id: message.userId,
      dedupe_key: message.dedupeKey,
      ...(message.sendAfter && { send_after: message.sendAfter }),
    })
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
              phone_messages.locale, phone_messages.data, phone_messages.attempts`.execute(db);
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
