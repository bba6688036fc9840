import type { Locale } from '../../../shared/locale.ts';
import { isolated, localized } from '../../lib/bidi.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

interface BookingChoice {
  test_name_ar: string;
  test_name_en: string;
  patient_name: string;
  booking_time: string;
  time_zone: string;
}

/**
 * A booking as the result form's <option> names it: the test, the patient (a family member when the
 * booking is for one) and the time. An <option> takes no <bdi>, so each part is isolated (FSI…PDI): a
 * Latin name or a test named in Latin then cannot pull the date's day away from its month
 * ("27 · QA Customer One نوفمبر 2026").
 */
export function bookingChoiceLabel(booking: BookingChoice, locale: Locale): string {
  const when = new Date(booking.booking_time);
  return [
    localized(locale, booking.test_name_ar, booking.test_name_en),
    booking.patient_name,
    `${formatDate(when, locale, booking.time_zone)} ${formatTime(when, locale, booking.time_zone)}`,
  ]
    .map(isolated)
    .join(' · ');
}
