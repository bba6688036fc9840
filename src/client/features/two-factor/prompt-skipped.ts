/** Whom the grace-period prompt has been skipped for in this tab; a sign-out forgets it, so each sign-in asks again. */
export const SKIPPED_KEY = 'tahaleel.two-factor-skipped';
