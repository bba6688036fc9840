import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import { PRIVACY_VERSION, signUpUnfinished, TERMS_VERSION } from '../../../shared/legal.ts';
import type { Database } from '../../db/schema.ts';
import { loadSessionUser, type SessionUser } from '../../platform/session.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The user accepted the terms and privacy policy in force, now (a new row: the history stays). */
export async function recordConsent(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('user_consents')
    .values({ user_id: userId, terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION })
    .execute();
}

/**
 * Acceptance from the dialog auth.me's `consent_required` opens. The versions are the ones the user
 * was shown: a page loaded before a version changed asks again instead of recording the new one unread. Answers with the user as auth.me does.
 * An account whose sign-up by number stopped before its name is finished by the name step alone
 * (CONFLICT here), so no account is left without a name.
 */
export async function acceptConsent(
  db: Kysely<Database>,
  user: SessionUser,
  session: { userId: string; id: string },
  shown: { termsVersion: string; privacyVersion: string },
) {
  if (signUpUnfinished(user)) throw new AppError('CONFLICT');
  if (shown.termsVersion !== TERMS_VERSION || shown.privacyVersion !== PRIVACY_VERSION) {
    throw new AppError('CONFLICT', { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
  }
  await recordConsent(db, session.userId);
  return loadSessionUser(db, session.userId, session.id);
}
