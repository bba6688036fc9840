// What a text message says, in the reader's language: short (one or two SMS parts: smsSegments), Latin
// codes set apart inside Arabic (FSI…PDI), the time on the lab's clock with the Hijri date in Arabic, and
// never the test booked nor a value. Each text is a body with numbered blanks ({{1}}, {{2}}…) and the words
// that fill them: an SMS is the body filled in; a WhatsApp message is the template of the same name and
// words, the body being what the template was approved with (whatsapp-templates.ts). A code's text is SMS
// only, and ends with the site's own line, in the form browsers read to fill a code into the page that asked
// for it (WebOTP: `@host #code`).
import { HIJRI_TAGS, INTL_TAGS } from '../../../shared/locale.ts';
import { formatSar } from '../../../shared/money.ts';
import type { TextKind } from '../../../shared/text-choices.ts';

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

export type BookingTextTemplate =
  | 'booking-confirmed'
  | 'booking-reminder'
  | 'booking-rescheduled'
  | 'booking-cancelled'
  | 'collector-on-the-way';

/** A visit of a series reserved until paid (ADR 0075) come due: the lab, its time and the deadline to pay. */
export type SeriesVisitDueTextData = {
  labName: { ar: string; en: string };
  startsAt: string;
  timeZone: string;
  minutes: number;
  /** A visit at home: its window is said. */
  homeVisit?: boolean;
  payBy: string;
};

/** A seat the waitlist offers (issue #58, ADR 0069): where, when, and until when it is held for them. */
export type WaitlistOfferTextData = {
  labName: { ar: string; en: string };
  startsAt: string;
  timeZone: string;
  minutes: number;
  heldUntil: string;
};

/**
 * A patient's link for a doctor locked by five wrong codes (ADR 0061): named by the day it was shared, as
 * their list of links shows it; never the tests it holds, nor the link or its code.
 */
export type ResultShareLockedTextData = { sharedAt: string };

/** What a code confirms, which its SMS says (issue #77 item 13). */
export type CodeUse = 'sign_in' | 'guest_booking' | 'home_visit' | 'account_number';

/** A code, how long it works and what for (a code written before it said so signs in). */
export type PhoneCodeTextData = { code: string; minutes: number; expiresAt: string; codeFor?: CodeUse };

/** The messages the outbox knows, with their data. */
export type PhoneText =
  | { template: 'phone-code'; data: PhoneCodeTextData }
  | { template: BookingTextTemplate; data: BookingTextData }
  | { template: 'series-visit-due'; data: SeriesVisitDueTextData }
  | { template: 'waitlist-offer'; data: WaitlistOfferTextData }
  | { template: 'results-ready'; data: { labName: { ar: string; en: string } } }
  | { template: 'critical-value'; data: { labName: { ar: string; en: string }; labPhone: string | null } }
  | { template: 'order-shipped'; data: { orderReference: string; trackingNumber: string } }
  | { template: 'result-share-locked'; data: ResultShareLockedTextData }
  | { template: 'guarantee-credited'; data: GuaranteeCreditedTextData };

/** The service guarantee's credit (ADR 0093): how much (SAR) went into the wallet, and which promise was missed. */
export type GuaranteeCreditedTextData = { amount: number; kind: 'late_results' | 'late_collector' };

/**
 * The kind a person chose a channel for (user_profiles.<kind>_texts) that a message is of. A code is always
 * an SMS; a critical value goes by the results' channel, and by SMS when that is off: it is never held back.
 */
export function textKindOf(template: PhoneText['template']): TextKind | 'code' | 'critical' {
  switch (template) {
    case 'phone-code':
      return 'code';
    case 'booking-reminder':
    case 'series-visit-due':
      return 'reminder';
    case 'booking-confirmed':
    case 'booking-rescheduled':
    case 'booking-cancelled':
    case 'collector-on-the-way':
    case 'waitlist-offer':
    case 'guarantee-credited':
      return 'booking';
    case 'results-ready':
    case 'result-share-locked':
      return 'result';
    case 'critical-value':
      return 'critical';
    case 'order-shipped':
      return 'order';
  }
}

/** A body in each language, with numbered blanks; its name is the WhatsApp template's. */
export interface TextBody {
  name: string;
  ar: string;
  en: string;
}

const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The bodies, as WhatsApp templates are approved (category UTILITY): a blank never starts or ends one, and
 * the words in a blank have no line break. The booking's reference is isolated inside Arabic.
 */
export const TEXT_BODIES = {
  'booking-confirmed': {
    name: 'booking_confirmed',
    ar: `تحاليل: تم تأكيد موعدك في {{1}}، {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: 'Tahaleel: your appointment at {{1}} is confirmed for {{2}}. Booking {{3}}.',
  },
  'home-visit-confirmed': {
    name: 'home_visit_confirmed',
    ar: `تحاليل: تم تأكيد زيارة {{1}} لمنزلك، {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: "Tahaleel: {{1}}'s visit to your home is confirmed for {{2}}. Booking {{3}}.",
  },
  'booking-reminder': {
    name: 'booking_reminder',
    ar: `تحاليل: نذكّرك بموعدك في {{1}}، {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: 'Tahaleel: a reminder of your appointment at {{1}}, {{2}}. Booking {{3}}.',
  },
  'home-visit-reminder': {
    name: 'home_visit_reminder',
    ar: `تحاليل: نذكّرك بزيارة {{1}} لمنزلك، {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: "Tahaleel: a reminder of {{1}}'s visit to your home, {{2}}. Booking {{3}}.",
  },
  'booking-rescheduled': {
    name: 'booking_rescheduled',
    ar: `تحاليل: نُقل موعدك في {{1}} إلى {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: 'Tahaleel: your appointment at {{1}} has moved to {{2}}. Booking {{3}}.',
  },
  'home-visit-rescheduled': {
    name: 'home_visit_rescheduled',
    ar: `تحاليل: نُقلت زيارة {{1}} لمنزلك إلى {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: "Tahaleel: {{1}}'s visit to your home has moved to {{2}}. Booking {{3}}.",
  },
  'booking-cancelled': {
    name: 'booking_cancelled',
    ar: `تحاليل: أُلغي موعدك في {{1}}، {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: 'Tahaleel: your appointment at {{1}} on {{2}} is cancelled. Booking {{3}}.',
  },
  'home-visit-cancelled': {
    name: 'home_visit_cancelled',
    ar: `تحاليل: أُلغيت زيارة {{1}} لمنزلك، {{2}}. رقم الحجز ${isolate('{{3}}')}.`,
    en: "Tahaleel: {{1}}'s visit to your home on {{2}} is cancelled. Booking {{3}}.",
  },
  'collector-on-the-way': {
    name: 'collector_on_the_way',
    ar: `تحاليل: مندوب {{1}} في الطريق إليك لزيارتك المنزلية الآن. رقم الحجز ${isolate('{{2}}')}.`,
    en: "Tahaleel: {{1}}'s collector is on the way to your home now. Booking {{2}}.",
  },
  'series-visit-due': {
    name: 'series_visit_due',
    ar: 'تحاليل: ادفع لزيارتك القادمة في {{1}}، {{2}}، قبل {{3}} ليبقى موعدك.',
    en: 'Tahaleel: pay for your next visit at {{1}}, {{2}}, by {{3}} to keep it. It is in your bookings.',
  },
  'waitlist-offer': {
    name: 'waitlist_offer',
    ar: 'تحاليل: موعد متاح لك في {{1}}، {{2}}، محجوز لك حتى {{3}}. احجزه من حجوزاتك.',
    en: 'Tahaleel: a time is free for you at {{1}}, {{2}}. It is held for you until {{3}}: book it from your bookings on Tahaleel.',
  },
  'results-ready': {
    name: 'results_ready',
    ar: `تحاليل: نتائجك من {{1}} جاهزة. تجدها في حسابك: ${isolate('{{2}}')} بعد تسجيل الدخول.`,
    en: 'Tahaleel: your results from {{1}} are ready. Find them in your account at {{2}} once signed in.',
  },
  'critical-value': {
    name: 'critical_value',
    ar: `تحاليل: يحتاج {{1}} إلى التحدث معك بشأن نتيجتك اليوم. يُرجى الرد على اتصاله أو الاتصال به على ${isolate('{{2}}')}.`,
    en: 'Tahaleel: {{1}} needs to speak with you about your result today. Please answer their call or call them on {{2}}.',
  },
  'critical-value-no-phone': {
    name: 'critical_value_call_lab',
    ar: 'تحاليل: يحتاج {{1}} إلى التحدث معك بشأن نتيجتك اليوم. يُرجى الرد على اتصاله أو الاتصال به.',
    en: 'Tahaleel: {{1}} needs to speak with you about your result today. Please answer their call or call them.',
  },
  'order-shipped': {
    name: 'order_shipped',
    ar: `تحاليل: شُحن طلبك ${isolate('{{1}}')}. رقم التتبع ${isolate('{{2}}')}.`,
    en: 'Tahaleel: your order {{1}} has shipped. Tracking number {{2}}.',
  },
  'guarantee-late-results': {
    name: 'guarantee_late_results',
    ar: `تحاليل: تأخرت نتائجك عن موعدها، فأضفنا {{1}} إلى محفظتك. تجد رصيدك في حسابك: ${isolate('{{2}}')}.`,
    en: 'Tahaleel: your results came later than the lab promised, so we added {{1}} to your wallet. See it in your account at {{2}}.',
  },
  'guarantee-late-collector': {
    name: 'guarantee_late_collector',
    ar: `تحاليل: تأخر خروج المندوب لزيارتك المنزلية، فأضفنا {{1}} إلى محفظتك. تجد رصيدك في حسابك: ${isolate('{{2}}')}.`,
    en: "Tahaleel: the lab's collector set out late for your home visit, so we added {{1}} to your wallet. See it in your account at {{2}}.",
  },
  'result-share-locked': {
    name: 'result_share_locked',
    ar: `تحاليل: قُفل رابطك لطبيب ({{1}}) بعد 5 رموز خاطئة ولا يفتح الآن. أصدر رمزًا جديدًا من ${isolate('{{2}}')}.`,
    en: 'Tahaleel: your link for a doctor (shared {{1}}) was locked after 5 wrong codes and opens nothing now. Issue a new code at {{2}} once signed in.',
  },
} as const satisfies Record<string, TextBody>;

/** When, on the lab's clock: the day and date, the Hijri date in Arabic, and the time (a home visit's window). */
function when(data: Pick<BookingTextData, 'startsAt' | 'timeZone' | 'minutes' | 'homeVisit'>, locale: 'ar' | 'en'): string {
  const start = new Date(data.startsAt);
  const timeZone = data.timeZone;
  const day = new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(start);
  const clock = new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
  const time = data.homeVisit ? clock.formatRange(start, new Date(start.getTime() + data.minutes * 60_000)) : clock.format(start);
  if (locale === 'en') return `${day}, ${data.homeVisit ? 'between ' : ''}${time}`;
  const hijri = new Intl.DateTimeFormat(HIJRI_TAGS.ar, { timeZone, day: 'numeric', month: 'long' }).format(start);
  return `${day} (${hijri})، ${data.homeVisit ? 'بين ' : 'الساعة '}${time}`;
}

/** A deadline on the lab's clock, short: the date and the time. */
function deadline(data: { payBy: string; timeZone: string }, locale: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(INTL_TAGS[locale], {
    timeZone: data.timeZone,
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(data.payBy));
}

/** A time of today on the lab's clock: the hour and minute. */
function clockAt(instant: string, timeZone: string, locale: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(
    new Date(instant),
  );
}

/** A text message that is not a code: which body, and the words for its blanks, in order. */
export interface TextParts {
  body: TextBody;
  parameters: string[];
}

/** The body and words of a message other than a code (which is SMS only: codeText). */
export function textParts(message: Exclude<PhoneText, { template: 'phone-code' }>, locale: 'ar' | 'en', publicUrl: string): TextParts {
  switch (message.template) {
    case 'booking-confirmed':
    case 'booking-reminder':
    case 'booking-rescheduled':
    case 'booking-cancelled': {
      const { data } = message;
      const key = data.homeVisit ? (message.template.replace('booking-', 'home-visit-') as keyof typeof TEXT_BODIES) : message.template;
      return { body: TEXT_BODIES[key], parameters: [data.labName[locale], when(data, locale), data.bookingReference] };
    }
    case 'collector-on-the-way':
      // It is the visit's own time: no need to say when.
      return { body: TEXT_BODIES['collector-on-the-way'], parameters: [message.data.labName[locale], message.data.bookingReference] };
    case 'series-visit-due': {
      const { data } = message;
      return { body: TEXT_BODIES['series-visit-due'], parameters: [data.labName[locale], when(data, locale), deadline(data, locale)] };
    }
    case 'waitlist-offer': {
      const { data } = message;
      return {
        body: TEXT_BODIES['waitlist-offer'],
        parameters: [data.labName[locale], when(data, locale), clockAt(data.heldUntil, data.timeZone, locale)],
      };
    }
    case 'results-ready':
      return { body: TEXT_BODIES['results-ready'], parameters: [message.data.labName[locale], resultsAddress(publicUrl)] };
    case 'critical-value':
      return message.data.labPhone
        ? { body: TEXT_BODIES['critical-value'], parameters: [message.data.labName[locale], message.data.labPhone] }
        : { body: TEXT_BODIES['critical-value-no-phone'], parameters: [message.data.labName[locale]] };
    case 'order-shipped':
      return { body: TEXT_BODIES['order-shipped'], parameters: [message.data.orderReference, message.data.trackingNumber] };
    case 'result-share-locked':
      return {
        body: TEXT_BODIES['result-share-locked'],
        parameters: [dayShared(message.data.sharedAt, locale), resultsAddress(publicUrl)],
      };
    case 'guarantee-credited':
      return {
        body: TEXT_BODIES[message.data.kind === 'late_results' ? 'guarantee-late-results' : 'guarantee-late-collector'],
        // A plain space: the no-break one would make an English SMS Unicode, and twice as long.
        parameters: [formatSar(message.data.amount, locale).replace('\u00a0', ' '), resultsAddress(publicUrl, 'wallet')],
      };
  }
}

/** The day a link was shared, on the Kingdom's clock as the patient's list shows it: '28 سبتمبر' / 'September 28'. */
function dayShared(instant: string, locale: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone: 'Asia/Riyadh', day: 'numeric', month: 'long' }).format(new Date(instant));
}

/** Where the results (or another section of the dashboard) are, as short as a text needs it: the host and path, no scheme. */
function resultsAddress(publicUrl: string, section: 'results' | 'wallet' = 'results'): string {
  const url = new URL(`/dashboard?section=${section}`, publicUrl);
  return `${url.host}${url.pathname}${url.search}`;
}

/** The body with its blanks filled in. */
export function fillBody(body: string, parameters: string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (_blank, index: string) => parameters[Number(index) - 1] ?? '');
}

/** The first words of a code's SMS, saying what it is for, followed by the code. */
const CODE_LEADS: Record<CodeUse, { ar: string; en: string }> = {
  sign_in: { ar: 'رمز الدخول إلى تحاليل', en: 'Your Tahaleel sign-in code' },
  guest_booking: { ar: 'رمز تأكيد رقمك لحجزك كزائر في تحاليل', en: 'Your Tahaleel code to confirm your number for a guest booking' },
  home_visit: { ar: 'رمز تأكيد رقمك لزيارة منزلية من تحاليل', en: 'Your Tahaleel code to confirm your number for a home visit' },
  account_number: { ar: 'رمز تأكيد رقم جوالك في حسابك بتحاليل', en: 'Your Tahaleel code to confirm your account’s mobile number' },
};

function codeText(data: PhoneCodeTextData, locale: 'ar' | 'en', publicUrl: string): string {
  const host = new URL(publicUrl).host;
  const lead = CODE_LEADS[data.codeFor ?? 'sign_in'][locale];
  const body =
    locale === 'ar'
      ? `${lead}: ${data.code}\nصالح لمدة ${data.minutes} دقائق. لا تشاركه مع أحد.`
      : `${lead}: ${data.code}.\nIt is valid for ${data.minutes} minutes. Do not share it.`;
  return `${body}\n\n@${host} #${data.code}`;
}

/** The message as an SMS says it (and as the development mailbox shows a WhatsApp message's template). */
export function renderPhoneText(message: PhoneText, locale: 'ar' | 'en', publicUrl: string): string {
  if (message.template === 'phone-code') return codeText(message.data, locale, publicUrl);
  const { body, parameters } = textParts(message, locale, publicUrl);
  return fillBody(body[locale], parameters);
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
