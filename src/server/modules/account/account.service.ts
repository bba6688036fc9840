import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { PersonalDetailsInput } from '../../../shared/family.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { TextChoice, TextKind } from '../../../shared/text-choices.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { assertStrongPassword } from '../../platform/password-strength.ts';
import { clearAttempts, consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import { assertRecentProof, loadSessionUser, type Session, type SessionUser } from '../../platform/session.ts';
import { offerAddress } from '../auth/auth.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { unsubscribeAddress } from '../newsletter/newsletter.service.ts';
import { disable as disableSecondFactor } from '../two-factor/two-factor.service.ts';
import * as repo from './account.repository.ts';

/** Name and preferred language; answers with the user as `auth.me` does. */
export async function updateProfile(
  db: Kysely<Database>,
  session: { userId: string; id: string },
  input: { name: string; locale: Locale },
) {
  await repo.updateProfile(db, session.userId, input);
  const user = await loadSessionUser(db, session.userId, session.id);
  if (!user) throw new AppError('NOT_FOUND', { entity: 'user' });
  return user;
}

/**
 * The account holder's own sex and date of birth, which their ranges, eGFR and the analysis use
 * (issue #76 item 3); answers with the user as `auth.me` does.
 */
export async function updatePersonal(db: Kysely<Database>, session: { userId: string; id: string }, input: PersonalDetailsInput) {
  await repo.updatePersonal(db, session.userId, input);
  const user = await loadSessionUser(db, session.userId, session.id);
  if (!user) throw new AppError('NOT_FOUND', { entity: 'user' });
  return user;
}

/**
 * A new password, given the current one. An account that signed up with Google has none yet and sets
 * its first: a new way in, so only soon after signing in, as for a passkey (a stolen session must not
 * set one; issue #56). Guesses count against the same per-account limit as sign-in; other sessions end.
 */
export async function changePassword(
  db: Kysely<Database>,
  signedIn: { user: SessionUser; session: Session },
  input: { currentPassword?: string; newPassword: string },
) {
  const session = { userId: signedIn.user.id, sessionId: signedIn.session.id };
  if (!signedIn.user.has_password) assertRecentProof(signedIn.session, signedIn.user);
  const account = await confirmedAccount(db, session.userId, input.currentPassword);
  assertStrongPassword(input.newPassword, [account.email, account.name], 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    await repo.setPasswordHash(tx, session.userId, passwordHash);
    await repo.deleteOtherSessions(tx, session.userId, session.sessionId);
    if (account.email) {
      await enqueueMail(tx, {
        to: account.email,
        locale: account.locale,
        userId: session.userId,
        message: { template: 'password-changed', data: { name: account.name } },
      });
    }
  });
  return { changed: true as const };
}

/**
 * The account, once the caller proved it is theirs with the current password (an account that
 * signed up with Google has none and is not asked). Guesses count against the sign-in limit.
 */
export async function confirmedAccount(db: Kysely<Database>, userId: string, currentPassword: string | undefined) {
  const account = await repo.findPasswordHash(db, userId);
  if (!account) throw new AppError('NOT_FOUND', { entity: 'user' });
  // A guest first adds an e-mail and password through auth.upgradeAnonymous.
  if (account.is_anonymous) throw new AppError('FORBIDDEN');
  if (account.password_hash) {
    const key = `password:account:${userId}`;
    await consumeAttempt(db, key, rateLimits.passwordCheckPerAccount);
    if (!currentPassword || !(await verifyPassword(currentPassword, account.password_hash))) {
      throw new AppError('WRONG_PASSWORD', { field: 'currentPassword' });
    }
    await clearAttempts(db, key);
  }
  return account;
}

/**
 * A new address takes effect once confirmed: the link goes to the new address (auth.verifyEmail
 * then switches it and tells the old one). Until then the account keeps its address. An address
 * another account has is answered the same, and its owner is told instead (offerAddress). Each
 * request mails someone, so it is limited per user and per client address, as sign-up is.
 */
export async function changeEmail(
  db: Kysely<Database>,
  userId: string,
  input: { newEmail: string; currentPassword?: string },
  meta: { clientIp: string; publicUrl: string },
) {
  await consumeAttempt(db, `change-email:user:${userId}`, rateLimits.changeEmailPerUser);
  await consumeAttempt(db, `change-email:ip:${meta.clientIp}`, rateLimits.changeEmailPerIp);
  const account = await confirmedAccount(db, userId, input.currentPassword);
  const user = { id: userId, name: account.name, locale: account.locale };
  await db.transaction().execute((tx) => offerAddress(tx, user, input.newEmail, meta.publicUrl));
  return { sent: true as const, email: input.newEmail };
}

/** Ends every session of the account, this one included. */
export async function signOutEverywhere(db: Kysely<Database>, userId: string) {
  await repo.deleteAllSessions(db, userId);
  return { signedOut: true as const };
}

/** Appointment reminders and news by mail; mail about the user's own bookings and account always goes. */
export async function updateMailPreferences(
  db: Kysely<Database>,
  session: { userId: string; id: string },
  choices: { reminderMail: boolean; marketingMail: boolean },
) {
  await repo.setMailPreferences(db, session.userId, choices);
  const user = await loadSessionUser(db, session.userId, session.id);
  if (!user) throw new AppError('NOT_FOUND', { entity: 'user' });
  if (!choices.marketingMail && user.email) await unsubscribeAddress(db, user.email);
  return user;
}

/** How each kind of message reaches the account's confirmed number (issue #55); answers the session's user. */
export async function updateTextChoices(
  db: Kysely<Database>,
  session: { userId: string; id: string },
  choices: Record<TextKind, TextChoice>,
) {
  await repo.setTextChoices(db, session.userId, choices);
  const user = await loadSessionUser(db, session.userId, session.id);
  if (!user) throw new AppError('NOT_FOUND', { entity: 'user' });
  return user;
}

/** Two-factor off takes the password (if the account has one) and a code: a session left open is not enough. */
export async function disableTwoFactor(db: Kysely<Database>, userId: string, input: { password?: string; code: string }, env: Env) {
  const account = await repo.findPasswordHash(db, userId);
  if (account?.password_hash && !input.password) throw new AppError('WRONG_PASSWORD', { field: 'password' });
  await confirmedAccount(db, userId, input.password);
  return disableSecondFactor(db, userId, input.code, env);
}
