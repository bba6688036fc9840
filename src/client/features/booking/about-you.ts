import { createLocalStore } from '../../lib/local-store.ts';
import { isBoolean } from '../../lib/plain-checks.ts';
import type { SessionUser } from '../../lib/use-session.ts';

/** "Not now" was answered in this browser: not asked again here (the settings keep the fields). */
export const aboutYouPostponed = createLocalStore<boolean>('tahaleel.aboutYouNotNow', false, isBoolean);

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
    !aboutYouPostponed.get()
  );
}
