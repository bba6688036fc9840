import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { cancelOutboxMail, findRecipient, insertOutboxMails, toOutboxRows } from './outbox.repository.ts';
import type { MailMessage } from './templates.tsx';

export type { BookingMailData, MailMessage } from './templates.tsx';

export interface MailOrder {
  to: string;
  locale: Locale;
  message: MailMessage;
  /** The account the mail is for: its mail choices are read when the mail goes out. */
  userId?: string | null;
  /** One mail per key, however often the event is reported. */
  dedupeKey?: string;
  /** Not before this time (a reminder); now when absent. */
  sendAfter?: Date;
  /**
   * The booking a checkout's mail is about, when `complete_checkout` writes it with the booking: it puts
   * the reference the booking was given in the data's `bookingReference`.
   */
  bookingId?: string;
}

/**
 * Puts a mail in the outbox. Call it inside the transaction of the event that causes the mail: the
 * mail exists if and only if the event happened, and the outbox sender delivers it afterwards.
 */
export function enqueueMail(db: Kysely<Database> | Transaction<Database>, order: MailOrder): Promise<void> {
  return insertOutboxMails(db, [newOutboxMail(order)]);
}

function newOutboxMail(order: MailOrder) {
  return {
    template: order.message.template,
    recipient: order.to,
    locale: order.locale,
    data: order.message.data as unknown as Record<string, unknown>,
    userId: order.userId ?? null,
    dedupeKey: order.dedupeKey ?? null,
    sendAfter: order.sendAfter,
    bookingId: order.bookingId,
  };
}

/**
 * The outbox rows for mails that a database function writes in the same call as its event (a
 * checkout's bookings: `complete_checkout`), for its JSON argument.
 */
export function outboxRows(orders: MailOrder[]) {
  return toOutboxRows(orders.map(newOutboxMail));
}

/** Withdraws a mail that has not gone out yet, by its dedupe key. */
export function cancelMail(db: Kysely<Database> | Transaction<Database>, dedupeKey: string): Promise<void> {
  return cancelOutboxMail(db, dedupeKey);
}

/** Where a user's mail goes and in what language; `guest`: an account without a sign-in, mailed at the address it gave. */
export interface Recipient {
  email: string;
  name: string;
  locale: Locale;
  guest: boolean;
}

/** Where a user's mail goes and in what language; null for an account without an address (a guest who gave none). */
export async function recipientOf(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<Recipient | null> {
  const row = await findRecipient(db, userId);
  // A guest's mail goes to the address it gave for it, if it gave one (ADR 0066).
  const email = row?.email ?? row?.contact_email;
  return row && email ? { email, name: row.name, locale: row.locale, guest: row.is_anonymous } : null;
}
