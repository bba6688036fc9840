import { HIJRI_TAGS, INTL_TAGS, type Locale } from '../../../../shared/locale.ts';
import type { Bilingual } from './types.ts';

/** The lab zone assumed when a stored zone is not one the runtime knows (every lab is in the Kingdom). */
const FALLBACK_TIME_ZONE = 'Asia/Riyadh';

/**
 * Where a reader can write to us. The same placeholder as the site's footer
 * (src/client/lib/contact-details.ts, which the server may not import).
 */
export const SUPPORT_EMAIL = 'support@tahaleel.sa';

/** Picks the sentence for the mail's language: `t('…', '…')`, Arabic first. */
export type Pick = (arabic: string, english: string) => string;

export function picker(locale: Locale): Pick {
  return (arabic, english) => (locale === 'ar' ? arabic : english);
}

// C0 controls (line breaks included) and the bidi embeddings, overrides and isolates: a value
// from a form must not start new lines in the plain text or turn the text around it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]+/g;

/** A value typed by a person (a name, an address), on one line and without direction controls. */
export function clean(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** The text in the mail's language, or the other one when it is missing. */
export function inLanguage(text: Bilingual, locale: Locale): string {
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return clean(text[locale]) || clean(text[other]);
}

/** Only web addresses become links: the templates' links are built by the server, so anything else is a bug. */
export function webAddress(href: string): string {
  const trimmed = href.trim();
  if (!/^https?:\/\/[^\s/]/i.test(trimmed) || /\s/.test(trimmed)) throw new Error(`A mail link must be an http(s) address: ${trimmed}`);
  return trimmed;
}

/** The site's address without a trailing slash, so `${publicUrl}/dashboard` has one slash. */
export function siteAddress(publicUrl: string): string {
  return webAddress(publicUrl).replace(/\/+$/, '');
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

// Intl formatters are slow to build and quick to use: one per tag and options.
function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formats.set(key, format);
  }
  return format as Intl.DateTimeFormat;
}

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    formats.set(key, format);
  }
  return format as Intl.NumberFormat;
}

export function knownTimeZone(timeZone: string): string {
  try {
    dateFormat('en', { timeZone });
    return timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

export interface AppointmentTime {
  /** 'الثلاثاء، 1 ديسمبر 2026' / 'Tuesday, December 1, 2026' */
  date: string;
  /** The same day on the Umm al-Qura calendar: '21 جمادى الآخرة 1448 هـ' */
  hijriDate: string;
  /** 'الثلاثاء، 1 ديسمبر' / 'Tuesday, December 1', for subjects */
  shortDate: string;
  /** 'الثلاثاء' / 'Tuesday' */
  weekday: string;
  /** '9:30 ص' / '9:30 AM' */
  time: string;
  /** From the start to the end on the lab's clock, '7:00–9:00 ص' / '7:00 – 9:00 AM': a home visit's window. */
  window: string;
  /** 'توقيت المملكة العربية السعودية' / 'Saudi Arabia Time' */
  zone: string;
  /** '30 دقيقة' / '30 minutes' */
  duration: string;
}

/** An appointment's date and time as the lab's clock shows them, in the mail's language. */
export function appointmentTime(startsAt: string, minutes: number, labTimeZone: string, locale: Locale): AppointmentTime {
  const instant = new Date(startsAt);
  if (Number.isNaN(instant.getTime())) throw new Error(`Not an instant: ${startsAt}`);
  const timeZone = knownTimeZone(labTimeZone);
  const tag = INTL_TAGS[locale];
  const zoneName = dateFormat(tag, { timeZone, timeZoneName: 'shortGeneric' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return {
    date: dateFormat(tag, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant),
    hijriDate: dateFormat(HIJRI_TAGS[locale], { timeZone, dateStyle: 'long' }).format(instant),
    shortDate: dateFormat(tag, { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(instant),
    weekday: dateFormat(tag, { timeZone, weekday: 'long' }).format(instant),
    time: dateFormat(tag, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(instant),
    window: dateFormat(tag, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).formatRange(
      instant,
      new Date(instant.getTime() + minutes * 60_000),
    ),
    zone: zoneName ?? timeZone,
    duration: numberFormat(tag, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes),
  };
}

export function formatCount(count: number, locale: Locale): string {
  return numberFormat(INTL_TAGS[locale], {}).format(count);
}
