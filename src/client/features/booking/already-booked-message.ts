import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isolated, localized } from '../../lib/bidi.ts';
import { registerDetailedMessage } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

/**
 * ALREADY_BOOKED's sentence with the test, the lab and the time the server named (ADR 0064): the person has
 * the booking, is paying for it in another tab, or has it twice in one cart. Undefined without them.
 */
function alreadyBookedMessage(i18n: I18n, details: Record<string, unknown> | null | undefined): string | undefined {
  const { reason, bookingTime, testNameAr, testNameEn, labNameAr, labNameEn, timeZone } = details ?? {};
  const named = [bookingTime, testNameAr, testNameEn, labNameAr, labNameEn, timeZone].every((value) => typeof value === 'string');
  if (!named) return undefined;
  const locale = i18n.locale === 'en' ? 'en' : 'ar';
  const startsAt = new Date(bookingTime as string);
  // Names are data: isolated, so a Latin name cannot reorder the Arabic sentence around it.
  const test = isolated(localized(locale, testNameAr as string, testNameEn as string));
  const lab = isolated(localized(locale, labNameAr as string, labNameEn as string));
  const date = formatDate(startsAt, locale, timeZone as string);
  const time = formatTime(startsAt, locale, timeZone as string);
  if (reason === 'paying') {
    return i18n._(
      msg`A payment for ${test} at ${lab} on ${date} at ${time} is already under way in another tab or window. Finish it there, or try again in a few minutes.`,
    );
  }
  if (reason === 'in_cart') {
    return i18n._(msg`Your cart has ${test} at ${lab} on ${date} at ${time} twice for the same person. Remove one and try again.`);
  }
  return i18n._(msg`You already have this booking: ${test} at ${lab} on ${date} at ${time}. You will find it in your dashboard.`);
}

/**
 * Given by a test's booking panel, where a second booking is met, so these sentences load with that page only
 * (imported by a second route, they would join the chunk every page loads first). Elsewhere (a move in the
 * dashboard, the checkout) ALREADY_BOOKED's own short sentence is said.
 */
export function registerAlreadyBookedMessage() {
  registerDetailedMessage('ALREADY_BOOKED', alreadyBookedMessage);
}
