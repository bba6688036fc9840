import { createLocalStore } from '../../lib/local-store.ts';
import { arrayOf, isString } from '../../lib/plain-checks.ts';
import type { SessionUser } from '../auth/use-session.ts';

/** The accounts that answered "Not now" in this browser: not asked again here. */
export const aboutYouPostponed = createLocalStore<string[]>('tahaleel.aboutYouNotNow', [], arrayOf(isString));

/**
 * Whether booking this test for oneself asks first for the sex and date of birth its results are judged
 * by: a customer's own booking, when the account lacks either and has not said "Not now" here.
 */
export function asksAboutYou(user: SessionUser | null, judgedByAgeOrSex: boolean, forFamilyMember: boolean): boolean {
  return (
    judgedByAgeOrSex &&
    !forFamilyMember &&
    user?.user_type === 'customer' &&
    !user.is_anonymous &&
    (!user.sex || !user.date_of_birth) &&
    !aboutYouPostponed.get().includes(user.id)
  );
}
