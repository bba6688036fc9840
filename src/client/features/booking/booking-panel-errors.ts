import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { registerDetailedMessage, registerPageMessages } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

/**
 * A series refused for one visit, with that visit's date and time as the server named them (issue #58);
 * undefined without them.
 */
function seriesRefusedMessage(i18n: I18n, details: Record<string, unknown> | null | undefined): string | undefined {
  const { bookingTime, timeZone } = details ?? {};
  if (typeof bookingTime !== 'string' || typeof timeZone !== 'string') return undefined;
  const locale = i18n.locale === 'en' ? 'en' : 'ar';
  const startsAt = new Date(bookingTime);
  const date = formatDate(startsAt, locale, timeZone);
  const time = formatTime(startsAt, locale, timeZone);
  return i18n._(
    msg`The visit on ${date} at ${time} cannot be booked: the lab is closed then or that time is full. Nothing was held: choose another first date or time.`,
  );
}

/**
 * The sentences for the codes only the booking panel meets (lib/errors.ts), in the booking catalog: given
 * by the panel, so no other page's first download carries them.
 */
export function registerBookingPanelErrors() {
  registerPageMessages({
    WAITLIST_TIMES_FREE: msg`There are free times on this day now: choose one and book it.`,
    WAITLIST_NO_TIMES: msg`The lab has no times for this test in those hours. Choose other hours or another day.`,
    SERIES_DATE_UNAVAILABLE: msg`One of the visits of this series cannot be booked, so nothing was held. Choose another first date or time.`,
  });
  registerDetailedMessage('SERIES_DATE_UNAVAILABLE', seriesRefusedMessage);
}
