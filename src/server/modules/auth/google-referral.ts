import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/schema.ts';
import { recordReferral, referrerOf, rememberDevice } from '../wallet/referrals.service.ts';

/**
 * After a Google sign-in (ADR 0093): this browser's device seen on the account, and, when Google made a
 * new account, the invitation carried through the flow recorded for it, with the same check of a device
 * the inviter used. An existing account signing in is never referred; a code nobody has is dropped
 * (the person is signed in all the same: there is no form to correct it in).
 */
export async function inviteGoogleSignUp(
  db: Kysely<Database>,
  signedIn: { userId: string; created: boolean; code: string | null; deviceKey: string },
) {
  await rememberDevice(db, signedIn.userId, signedIn.deviceKey);
  if (!signedIn.created || !signedIn.code) return;
  const referrerId = await referrerOf(db, signedIn.code).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'REFERRAL_CODE_UNKNOWN') return null;
    throw error;
  });
  if (referrerId) await recordReferral(db, signedIn.userId, referrerId, signedIn.deviceKey);
}
