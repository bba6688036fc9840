import { type Kysely, sql, type Transaction } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import { PREPARE } from '../../db/prepared-statements.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewOutboxMail {
  template: string;
  recipient: string;
  locale: Locale;
  data: Record<string, unknown>;
  userId?: string | null;
  dedupeKey?: string | null;
  sendAfter?: Date;
  /** The booking whose reference `complete_checkout` writes into the data (read there only). */
  bookingId?: string | undefined;
}

/** The outbox's rows as JSON, the shape the insert below and `complete_checkout` (booking.sql) read. */
export function toOutboxRows(mails: NewOutboxMail[]) {
  return mails.map((mail) => ({
    template: mail.template,
    recipient: mail.recipient,
    locale: mail.locale,
    user_id: mail.userId ?? null,
    dedupe_key: mail.dedupeKey ?? null,
    send_after: mail.sendAfter?.toISOString() ?? null,
    data: mail.data,
    booking_id: mail.bookingId ?? null,
  }));
}

/**
 * Writes mails to the outbox in the caller's transaction; a mail whose dedupe key is taken is dropped.
 * One prepared statement whatever the number of mails.
 */
export async function insertOutboxMails(db: Db, mails: NewOutboxMail[]): Promise<void> {
  await sql`${sql.raw(PREPARE)}
    insert into outbox (template, recipient, locale, user_id, dedupe_key, send_after, data)
    select template, recipient, locale, user_id, dedupe_key, coalesce(send_after, now()), data
      from jsonb_to_recordset(${JSON.stringify(toOutboxRows(mails))}::jsonb)
        as m(template text, recipient text, locale text, user_id uuid, dedupe_key text, send_after timestamptz, data jsonb)
    on conflict (dedupe_key) do nothing`.execute(db);
}

/** Drops a mail not sent yet (a reminder for a booking that was cancelled, say). */
export async function cancelOutboxMail(db: Db, dedupeKey: string): Promise<void> {
  await db.deleteFrom('outbox').where('dedupe_key', '=', dedupeKey).where('status', '=', 'pending').execute();
}

export interface ClaimedMail {
  id: string;
  template: string;
  recipient: string;
  locale: Locale;
  data: unknown;
  attempts: number;
  user_id: string | null;
  reminder_mail: boolean | null;
}

/**
 * Claims up to `limit` due mails for `leaseSeconds`: `for update skip locked` lets several senders
 * (several server processes) share the outbox without two of them taking the same row, and the lease
 * hands a row to another sender only if this one stopped before marking it.
 */
export async function claimDueMail(db: Kysely<Database>, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const { rows } = await sql<ClaimedMail>`
    with due as (
      select id from outbox
      where status = 'pending' and send_after <= now() and (locked_until is null or locked_until < now())
      order by send_after
      limit ${limit}
      for update skip locked
    )
    update outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = outbox.attempts + 1
    from due
    where outbox.id = due.id
    returning outbox.id, outbox.template, outbox.recipient, outbox.locale, outbox.data, outbox.attempts, outbox.user_id,
      (select reminder_mail from user_profiles p where p.id = outbox.user_id) as reminder_mail`.execute(db);
  return rows;
}

/** Delivered: the row keeps who, what and when, not the content (its links may hold single-use tokens). */
export async function markMailSent(db: Kysely<Database>, id: string, transport: string, keepContent: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: sql<Date>`now()`,
      locked_until: null,
      transport,
      last_error: null,
      ...(keepContent ? {} : { data: JSON.stringify({ delivered: true }) }),
    })
    .where('id', '=', id)
    .execute();
}

/** Not to be sent (the user turned such mail off, or its occasion passed). */
export async function markMailSkipped(db: Kysely<Database>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'skipped', locked_until: null, last_error: reason, data: JSON.stringify({ skipped: true }) })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again after `retryAt`, or given up when `giveUp`. */
export async function markMailFailed(db: Kysely<Database>, id: string, error: string, retryAt: Date, giveUp: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: giveUp ? 'failed' : 'pending', locked_until: null, last_error: error.slice(0, 500), send_after: retryAt })
    .where('id', '=', id)
    .execute();
}

export function listMail(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'template', 'recipient', 'locale', 'data', 'status', 'transport', 'sent_at', 'created_at', 'send_after'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A user's address, name and language, for a mail to them. */
export function findRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.email', 'users.contact_email', 'users.is_anonymous', 'user_profiles.name', 'user_profiles.locale'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
