import { msg } from '@lingui/core/macro';
import { registerWaitlistMessages } from '../../lib/errors.ts';

/**
 * The sentences for the codes only the waitlist meets (lib/errors.ts), in the booking catalog: given by the
 * booking panel's waitlist, so no other page's first download carries them.
 */
export function registerWaitlistErrors() {
  registerWaitlistMessages({
    WAITLIST_TIMES_FREE: msg`There are free times on this day now: choose one and book it.`,
    WAITLIST_NO_TIMES: msg`The lab has no times for this test in those hours. Choose other hours or another day.`,
  });
}
