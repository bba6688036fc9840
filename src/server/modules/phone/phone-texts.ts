// What a text message says, in the reader's language: short (one or two SMS parts: smsSegments), Latin
// codes set apart inside Arabic (FSI…PDI), the time on the lab's clock with the Hijri date in Arabic, and
// never the test booked. A code's text ends with the site's own line, in the form browsers read to fill a
// code into the page that asked for it (WebOTP: `@host #code`).
import { HIJRI_TAGS, INTL_TAGS } from '../../../shared/locale.ts';

/** A booking as its texts tell it (written with the booking; rendered when the message goes out). */
export interface BookingTextData {
  labName: { ar: string; en: string };
  startsAt: string;
  timeZone: string;
  /** Its slot's minutes, or a home visit's window. */
  minutes: number;
  homeVisit?: boolean;
  /** Given by the database as the booking is inserted (complete_checkout), like the mails'. */
  bookingReference: string;
}

export type BookingTextTemplate = 'booking-confirmed' | 'booking-reminder' | 'booking-rescheduled' | 'booking-cancelled';

/** The messages the outbox knows, with their data. */
export type PhoneText =
  | { template: 'phone-code'; data: { code: string; minutes: number; expiresAt: string } }
  | { template: BookingTextTemplate; data: BookingTextData };

const isolate = (text: string) => `\u2068${text}\u2069`;

/** When, on the lab's clock: the day and date, the Hijri date in Arabic, and the time (a home visit's window). */
function when(data: BookingTextData, locale: 'ar' | 'en'): string {
  const start = new Date(data.startsAt);
  const timeZone = data.timeZone;
  const day = new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(start);
  const clock = new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
  const time = data.homeVisit ? clock.formatRange(start, new Date(start.getTime() + data.minutes * 60_000)) : clock.format(start);
  if (locale === 'en') return `${day}, ${data.homeVisit ? 'between ' : ''}${time}`;
  const hijri = new Intl.DateTimeFormat(HIJRI_TAGS.ar, { timeZone, day: 'numeric', month: 'long' }).format(start);
  return `${day} (${hijri})، ${data.homeVisit ? 'بين ' : 'الساعة '}${time}`;
}

function bookingText(template: BookingTextTemplate, data: BookingTextData, locale: 'ar' | 'en'): string {
  const lab = data.labName[locale];
  const at = when(data, locale);
  if (locale === 'ar') {
    const reference = isolate(data.bookingReference);
    const visit = data.homeVisit ? `زيارة ${lab} لمنزلك` : `موعدك في ${lab}`;
    switch (template) {
      case 'booking-confirmed':
        return `تحاليل: تم تأكيد ${visit}، ${at}. رقم الحجز ${reference}`;
      case 'booking-reminder':
        return `تحاليل: نذكّرك ب${visit}، ${at}. رقم الحجز ${reference}`;
      case 'booking-rescheduled':
        return `تحاليل: نُقل ${visit} إلى ${at}. رقم الحجز ${reference}`;
      case 'booking-cancelled':
        return `تحاليل: أُلغي ${visit}، ${at}. رقم الحجز ${reference}`;
    }
  }
  const visit = data.homeVisit ? `${lab}'s visit to your home` : `your appointment at ${lab}`;
  const reference = `Booking ${data.bookingReference}`;
  switch (template) {
    case 'booking-confirmed':
      return `Tahaleel: ${visit} is confirmed for ${at}. ${reference}`;
    case 'booking-reminder':
      return `Tahaleel: a reminder of ${visit}, ${at}. ${reference}`;
    case 'booking-rescheduled':
      return `Tahaleel: ${visit} has moved to ${at}. ${reference}`;
    case 'booking-cancelled':
      return `Tahaleel: ${visit} on ${at} is cancelled. ${reference}`;
  }
}

export function renderPhoneText(message: PhoneText, locale: 'ar' | 'en', publicUrl: string): string {
  if (message.template !== 'phone-code') return bookingText(message.template, message.data, locale);
  const host = new URL(publicUrl).host;
  const { code, minutes } = message.data;
  const body =
    locale === 'ar'
      ? `رمز الدخول إلى تحاليل: ${code}\nصالح لمدة ${minutes} دقائق. لا تشاركه مع أحد.`
      : `Your Tahaleel code is ${code}.\nIt is valid for ${minutes} minutes. Do not share it.`;
  return `${body}\n\n@${host} #${code}`;
}

/** Whether a message due now should no longer go out, and why: a code expired, an appointment begun. */
export function staleReason(message: PhoneText, now: Date): string | null {
  if (message.template === 'phone-code') {
    return new Date(message.data.expiresAt).getTime() <= now.getTime() ? 'the code expired before it could be sent' : null;
  }
  if (message.template === 'booking-reminder' && new Date(message.data.startsAt).getTime() <= now.getTime()) {
    return 'the appointment has begun';
  }
  return null;
}
