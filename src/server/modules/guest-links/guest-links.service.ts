import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { consumeAttempt } from '../../platform/rate-limit.ts';
import { generateSessionToken, sessionIdFromToken } from '../../platform/session.ts';
import * as repo from './guest-links.repository.ts';

// The link in a guest's booking mail (issue #57, ADR 0066): it opens the guest's bookings on any device,
// without an account, to view, move or cancel them, until the booking it was sent for has ended. The
// token lives only in the mail; the table keeps its SHA-256, as for sessions. It may be opened more than
// once (on the phone, then on the laptop); opening it starts a session of the guest's, as signing in would.

type Db = Kysely<Database> | Transaction<Database>;

/** The page the link opens: it asks before signing in, so a mail scanner following links signs in no one. */
export const GUEST_LINK_PATH = '/manage-booking';
/** A link for a booking that has already ended (a late cancellation notice) still works this long. */
const AT_LEAST_MS = 24 * 60 * 60 * 1000;
const openPerIp = { limit: 30, windowSeconds: 15 * 60 };

/**
 * A new link for the guest, valid until `until` (the end of the booking it is mailed about): the path
 * with its token, for the mail. The guest's links that have expired go as a new one is made.
 */
export async function issueGuestLink(db: Db, userId: string, until: Date, now = new Date()): Promise<string> {
  const token = generateSessionToken();
  const expiresAt = new Date(Math.max(until.getTime(), now.getTime() + AT_LEAST_MS));
  await repo.deleteExpiredGuestLinks(db, userId, now);
  await repo.insertGuestLink(db, { id: sessionIdFromToken(token), userId, createdAt: now, expiresAt });
  return `${GUEST_LINK_PATH}?token=${token}`;
}

/**
 * The guest whose bookings the link opens. Refused: a token never made (LINK_INVALID), one past its
 * booking (LINK_EXPIRED), and one whose guest has since become a customer (ALREADY_REGISTERED): their
 * bookings are behind their sign-in now, and the mail is no key to an account with a password.
 */
export async function openGuestLink(db: Kysely<Database>, token: string, clientIp: string, now = new Date()): Promise<{ userId: string }> {
  await consumeAttempt(db, `guest-link:ip:${clientIp}`, openPerIp);
  const link = await repo.markGuestLinkOpened(db, sessionIdFromToken(token), now);
  if (!link) throw new AppError('LINK_INVALID');
  if (link.expires_at.getTime() <= now.getTime()) throw new AppError('LINK_EXPIRED');
  const user = await repo.findAccountKind(db, link.user_id);
  if (!user) throw new AppError('LINK_INVALID');
  if (!user.is_anonymous) throw new AppError('ALREADY_REGISTERED');
  return { userId: link.user_id };
}
