import { msg } from '@lingui/core/macro';
import { NO_SHOW_DAYS, NO_SHOW_PREPAY_COUNT } from '../../../shared/series.ts';
import { registerPageMessages } from '../../lib/errors.ts';

/**
 * The sentence for the code only choosing how to pay a series meets (ADR 0077), in the series catalog: given
 * by the repeat choice as it loads, before a series can be sent.
 */
export function registerSeriesErrors() {
  registerPageMessages({
    PAY_UP_FRONT: msg`This lab asks for every visit to be paid now, because of ${NO_SHOW_PREPAY_COUNT} missed appointments there in the last ${NO_SHOW_DAYS} days. Choose “All visits now”.`,
  });
}
