import { msg } from '@lingui/core/macro';
import { registerPageMessages } from '../../lib/errors.ts';

/**
 * The sentences for the codes only the checkout meets when it pays only the person's share (ADR 0099), in
 * the coverage catalog: given by the checkout's insurance card as it loads, which it does for every cart
 * that may send the checks' ids, so no other page's first download carries them.
 */
export function registerCheckoutCoverageErrors() {
  registerPageMessages({
    COVERAGE_CHANGED: msg`Your insurer's answer has changed since you checked it. We asked again: check the amounts before you pay.`,
    COVERAGE_UNANSWERED: msg`Your insurer could not be asked as you paid. The reason is under Health insurance; paying the full price is now chosen for you.`,
  });
}
