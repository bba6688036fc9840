import { createEvent } from 'ics';
import type { Locale } from '../../../shared/locale.ts';
import { appointmentTime, clean, inLanguage, webAddress } from './templates/format.ts';
import type { BookingMailData, MailAttachment } from './templates/types.ts';

/**
 * The appointment as an iCalendar file (RFC 5545) for the booking-confirmed mail.
 *
 * Time zone: the `ics` package cannot write `DTSTART;TZID=…` or a VTIMEZONE; it writes either UTC
 * (`…Z`) or "floating" times, which follow whatever zone the reader's device is in. Floating would
 * be wrong for anyone whose device is not set to the lab's zone, so DTSTART and DTEND are written in
 * UTC. That is still the right event: a UTC time names the exact instant, every calendar shows it
 * on the reader's own clock (9:30 in Riyadh for 06:30Z), and a one-off event needs no zone rules,
 * which only matter for repeating events. The lab's local time and zone are also in DESCRIPTION.
 *
 * Privacy: the title, location and description name the lab, its address and the time, never the
 * test (health data stays in the app).
 */
export function bookingCalendarEvent(data: BookingMailData, locale: Locale): MailAttachment {
  const start = Date.parse(data.startsAt);
  if (Number.isNaN(start)) throw new Error(`Not an instant: ${data.startsAt}`);
  const lab = inLanguage(data.labName, locale);
  const when = appointmentTime(data.startsAt, data.minutes, data.timeZone, locale);
  const reference = clean(data.bookingReference);
  const link = webAddress(data.link);
  const phone = data.labPhone === null ? '' : clean(data.labPhone);
  const description = [
    locale === 'ar' ? `رقم الحجز: ${reference}` : `Booking reference: ${reference}`,
    locale === 'ar' ? `${when.date}، الساعة ${when.time} (${when.zone})` : `${when.date}, ${when.time} (${when.zone})`,
    phone && (locale === 'ar' ? `هاتف المختبر: ${phone}` : `Lab phone: ${phone}`),
    locale === 'ar' ? `لإدارة حجزك: ${link}` : `Manage your booking: ${link}`,
  ]
    .filter(Boolean)
    .join('\n');

  const { error, value } = createEvent({
    productId: '-//Tahaleel//Bookings//EN',
    method: 'PUBLISH',
    // One UID per booking: a re-sent or updated file replaces the same calendar entry instead of adding one.
    uid: bookingEventUid(reference),
    // A number is an exact instant: written as UTC whatever the server's own TZ is.
    start,
    end: start + data.minutes * 60_000,
    startOutputType: 'utc',
    endOutputType: 'utc',
    title: locale === 'ar' ? `موعد تحليل في ${lab}` : `Lab appointment at ${lab}`,
    location: inLanguage(data.labAddress, locale),
    description,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be written');
  return {
    filename: 'tahaleel-appointment.ics',
    content: foldByOctets(value),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

function bookingEventUid(reference: string): string {
  return `booking-${encodeURIComponent(reference.toUpperCase())}@tahaleel.sa`;
}

/**
 * RFC 5545 folds content lines at 75 octets; the package counts characters, and an Arabic letter is
 * two octets in UTF-8. Unfolds its lines and folds them again by octets, never inside a character.
 */
function foldByOctets(calendar: string): string {
  return calendar
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const character of line) {
        const size = utf8Length(character);
        // The first line holds 75 octets; each continuation starts with a space, so 74 more.
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = '';
          octets = 0;
        }
        part += character;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

function utf8Length(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}
