import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { clearAttempts, consumeAttempt, rateLimits } from '../../platform/rate-limit.ts';
import { loadSessionUser } from '../../platform/session.ts';
import * as repo from './account.repository.ts';

/** Name and preferred language; answers with the user as `auth.me` does. */
export async function updateProfile(db: Kysely<Database>, userId: string, input: { name: string; locale: Locale }) {
  await repo.updateProfile(db, userId, input);
  const user = await loadSessionUser(db, userId);
  if (!user) throw new AppError('NOT_FOUND', { entity: 'user' });
  return user;
}

/**
 * A new password, given the current one (an account that signed up with Google has none yet and sets
 * its first). Guesses count against the same per-account limit as sign-in; other sessions end.
 */
export async function changePassword(
  db: Kysely<Database>,
  session: { userId: string; sessionId: string },
  input: { currentPassword?: string; newPassword: string },
) {
  const account = await repo.findPasswordHash(db, session.userId);
  if (!account) throw new AppError('NOT_FOUND', { entity: 'user' });
  // A guest first adds an e-mail and password through auth.upgradeAnonymous.
  if (account.is_anonymous) throw new AppError('FORBIDDEN');
  if (account.password_hash) {
    const key = `password:account:${session.userId}`;
    await consumeAttempt(db, key, rateLimits.signInPerAccount);
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, account.password_hash))) {
      throw new AppError('WRONG_PASSWORD', { field: 'currentPassword' });
    }
    await clearAttempts(db, key);
  }
  await repo.setPasswordHash(db, session.userId, await hashPassword(input.newPassword));
  await repo.deleteOtherSessions(db, session.userId, session.sessionId);
  return { changed: true as const };
}
