// Single-use links sent by mail (docs/decisions/0016): confirm an address, reset a password. The
// token lives only in the link; the database keeps its SHA-256, as it does for session tokens.
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../platform/password.ts';
import { assertStrongPassword } from '../../platform/password-strength.ts';
import { consumeAttempt, countAttempt } from '../../platform/rate-limit.ts';
import { generateSessionToken, sessionIdFromToken } from '../../platform/session.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import * as passkeys from '../passkeys/passkeys.service.ts';
import * as twoFactor from '../two-factor/two-factor.service.ts';
import * as repo from './auth.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_LINK_MS = 24 * HOUR_MS;
export const RESET_LINK_MS = 30 * 60 * 1000;

export const linkLimits = {
  resendVerificationPerUser: { limit: 3, windowSeconds: 15 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Reset mails one requester gets sent to one address; the first of the hour always goes. */
  resetMailsPerAddressAndIp: { limit: 3, windowSeconds: 60 * 60 },
  /** Requests for one address from everywhere; past it, only each requester's first is mailed. */
  resetMailsPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  useLinkPerIp: { limit: 30, windowSeconds: 15 * 60 },
};

/** A password reset request answers after this long, whether the address has an account or not. */
const RESET_ANSWER_MS = 300;

type Tx = Transaction<Database>;

function link(publicUrl: string, path: string, token: string): string {
  return new URL(`${path}?token=${token}`, publicUrl).toString();
}

/**
 * Mails a link that confirms `email` as the user's address: the one they signed up with, or a new
 * one (account settings), which replaces the old address only once confirmed.
 */
export async function sendVerificationLink(
  tx: Tx,
  user: { id: string; name: string; locale: Locale },
  email: string,
  publicUrl: string,
): Promise<void> {
  const token = generateSessionToken();
  await repo.insertAccountToken(tx, {
    id: sessionIdFromToken(token),
    userId: user.id,
    purpose: 'verify_email',
    email,
    expiresAt: new Date(Date.now() + VERIFY_LINK_MS),
  });
  await enqueueMail(tx, {
    to: email,
    locale: user.locale,
    userId: user.id,
    message: { template: 'verify-email', data: { name: user.name, link: link(publicUrl, '/verify-email', token) } },
  });
}

/**
 * Someone asks to make `email` the user's address (a guest's upgrade, "change e-mail"). A free address
 * gets the link that confirms it. An address another account has is not linked to anything: its owner
 * is told instead. The caller answers the same either way, so no one learns from it which addresses
 * have accounts (only sign-up says so, and it is limited per client address).
 */
export async function offerAddress(
  tx: Tx,
  user: { id: string; name: string; locale: Locale },
  email: string,
  publicUrl: string,
): Promise<void> {
  const owner = await repo.findCredentialsByEmail(tx, email);
  if (!owner?.email || owner.id === user.id) return sendVerificationLink(tx, user, email, publicUrl);
  await enqueueMail(tx, {
    to: owner.email,
    locale: owner.locale,
    userId: owner.id,
    message: { template: 'address-in-use', data: { name: owner.name } },
  });
}

/** The signed-in user asks for the confirmation mail again. */
export async function resendVerification(db: Kysely<Database>, userId: string, publicUrl: string): Promise<{ sent: true }> {
  const user = await repo.findMailProfile(db, userId);
  if (!user?.email || user.is_anonymous) throw new AppError('FORBIDDEN');
  if (user.email_verified_at) throw new AppError('EMAIL_ALREADY_VERIFIED');
  await consumeAttempt(db, `verify-resend:user:${userId}`, linkLimits.resendVerificationPerUser);
  const email = user.email;
  await db.transaction().execute((tx) => sendVerificationLink(tx, user, email, publicUrl));
  return { sent: true };
}

/**
 * The address has just been proven for the first time. Passkeys and two-factor sign-in added before
 * then may be someone else's, who signed up with the address before its owner (pre-account takeover):
 * they are removed, with every session but `keepSessionId`'s, and the owner is told (docs/decisions/0016).
 */
async function removeSignInMethodsAddedBeforeProof(
  tx: Tx,
  user: { id: string; name: string; locale: Locale },
  email: string,
  keepSessionId: string | null,
): Promise<void> {
  const passkeyNames = await passkeys.removeBeforeAddressProof(tx, user.id);
  const removedTwoFactor = await twoFactor.removeBeforeAddressProof(tx, user.id);
  if (passkeyNames.length === 0 && !removedTwoFactor) return;
  await repo.deleteSessionsOf(tx, user.id, keepSessionId);
  await enqueueMail(tx, {
    to: email,
    locale: user.locale,
    userId: user.id,
    message: { template: 'sign-in-methods-removed', data: { name: user.name, passkeyNames, twoFactor: removedTwoFactor } },
  });
}

/** The token's row, locked, or the reason the link cannot be used. */
async function takeToken(tx: Tx, token: string, purpose: repo.AccountTokenPurpose) {
  const id = sessionIdFromToken(token);
  const row = await repo.lockAccountToken(tx, id, purpose);
  if (!row) throw new AppError('LINK_INVALID');
  if (row.used_at) throw new AppError('LINK_USED');
  if (row.expires_at.getTime() <= Date.now()) throw new AppError('LINK_EXPIRED');
  await repo.markAccountTokenUsed(tx, id);
  return row;
}

/**
 * Opening the link confirms the address. A link for a new address (account settings) makes it the
 * account's address, tells the old one, and ends every other link: none sent to the old address
 * still works. The first proof of the account's address removes what was added before it; the session
 * of the browser that opened the link (`openerSessionId`) stays, as whoever opened it holds the mailbox.
 */
export async function verifyEmail(
  db: Kysely<Database>,
  token: string,
  clientIp: string,
  openerSessionId: string | null,
): Promise<{ verified: true; email: string; changed: boolean }> {
  await consumeAttempt(db, `account-link:ip:${clientIp}`, linkLimits.useLinkPerIp);
  return db.transaction().execute(async (tx) => {
    const row = await takeToken(tx, token, 'verify_email');
    const user = await repo.findMailProfile(tx, row.user_id);
    if (!user) throw new AppError('LINK_INVALID');
    const changed = (user.email ?? '').toLowerCase() !== row.email.toLowerCase();
    if (changed && (await repo.emailTakenByOther(tx, row.email, user.id))) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    await repo.setEmailVerified(tx, user.id, row.email);
    if (!changed && !user.email_verified_at) await removeSignInMethodsAddedBeforeProof(tx, user, row.email, openerSessionId);
    if (changed) {
      await repo.deleteUnusedAccountTokens(tx, user.id, 'verify_email');
      await repo.deleteUnusedAccountTokens(tx, user.id, 'reset_password');
      if (user.email) {
        await enqueueMail(tx, {
          to: user.email,
          locale: user.locale,
          userId: user.id,
          message: { template: 'email-changed', data: { name: user.name, newEmail: row.email } },
        });
      }
    }
    return { verified: true as const, email: row.email, changed };
  });
}

/**
 * OWASP's forgot-password flow: the same answer in the same time whether or not the address has an
 * account; a mail only to an address that does, with a link valid 30 minutes.
 *
 * Anyone may ask for anyone's address, so nothing a stranger asks may cost the owner: only the
 * requester's own address is refused (RATE_LIMITED). For the target address, requests past its
 * limits are answered the same and silently not mailed: its inbox gets at most a few mails an hour
 * from each requester, and once the address is asked for from many, only each requester's first.
 * So a flood from elsewhere cannot stop the owner getting a link from their own address, and a
 * flood of mail costs an address per mail. A new request does not void the links already sent
 * (any stranger could void the owner's); the first one used ends them all (resetPassword).
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  email: string,
  meta: { clientIp: string; publicUrl: string },
): Promise<{ requested: true }> {
  const answerAt = Date.now() + RESET_ANSWER_MS;
  await consumeAttempt(db, `reset:ip:${meta.clientIp}`, linkLimits.resetPerIp);
  const target = email.toLowerCase();
  const fromRequester = await countAttempt(db, `reset-mail:address:${target}:ip:${meta.clientIp}`, linkLimits.resetMailsPerAddressAndIp);
  const forAddress = await countAttempt(db, `reset-mail:address:${target}`, linkLimits.resetMailsPerAddress);
  const mailed =
    fromRequester.attempts === 1 ||
    (fromRequester.attempts <= linkLimits.resetMailsPerAddressAndIp.limit && forAddress.attempts <= linkLimits.resetMailsPerAddress.limit);
  const account = mailed ? await repo.findCredentialsByEmail(db, email) : undefined;
  const token = generateSessionToken();
  if (account?.email) {
    const to = account.email;
    await db.transaction().execute(async (tx) => {
      await repo.insertAccountToken(tx, {
        id: sessionIdFromToken(token),
        userId: account.id,
        purpose: 'reset_password',
        email: to,
        expiresAt: new Date(Date.now() + RESET_LINK_MS),
      });
      await enqueueMail(tx, {
        to,
        locale: account.locale,
        userId: account.id,
        message: { template: 'reset-password', data: { name: account.name, link: link(meta.publicUrl, '/reset-password', token) } },
      });
    });
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
  return { requested: true };
}

/** Whether a reset link can still be used, so its page can say so before the form is filled in. */
export async function checkResetLink(db: Kysely<Database>, token: string): Promise<{ status: 'valid' | 'used' | 'expired' | 'invalid' }> {
  const row = await repo.findAccountToken(db, sessionIdFromToken(token), 'reset_password');
  if (!row) return { status: 'invalid' };
  if (row.used_at) return { status: 'used' };
  if (row.expires_at.getTime() <= Date.now()) return { status: 'expired' };
  return { status: 'valid' };
}

/**
 * Sets the new password, ends every session of the user, confirms the address the link went to
 * (opening it proved it; a first proof removes what was added before it), and tells the user by mail.
 * The caller goes on as a sign-in with the new password would: a second factor still asks for its code.
 */
export async function resetPassword(
  db: Kysely<Database>,
  input: { token: string; password: string },
  clientIp: string,
): Promise<{ userId: string }> {
  await consumeAttempt(db, `account-link:ip:${clientIp}`, linkLimits.useLinkPerIp);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    const row = await takeToken(tx, input.token, 'reset_password');
    const user = await repo.findMailProfile(tx, row.user_id);
    if (!user?.email || user.email.toLowerCase() !== row.email.toLowerCase()) throw new AppError('LINK_INVALID');
    // Refused before anything changes: the transaction rolls back, so the link still works.
    assertStrongPassword(input.password, [user.email, user.name]);
    await repo.setPassword(tx, user.id, passwordHash);
    if (!user.email_verified_at) {
      await repo.setEmailVerified(tx, user.id, user.email);
      await removeSignInMethodsAddedBeforeProof(tx, user, user.email, null);
    }
    await repo.deleteUnusedAccountTokens(tx, user.id, 'reset_password');
    await repo.deleteSessionsOf(tx, user.id, null);
    await enqueueMail(tx, {
      to: user.email,
      locale: user.locale,
      userId: user.id,
      message: { template: 'password-changed', data: { name: user.name } },
    });
    return { userId: user.id };
  });
}
