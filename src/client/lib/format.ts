import { HIJRI_TAGS, INTL_TAGS, type Locale } from '../../shared/locale.ts';
import { formatSar } from '../../shared/money.ts';
import { yieldToBrowser } from './yield.ts';

export function intlLocale(locale: Locale): string {
  return INTL_TAGS[locale];
}

// Intl formatters are slow to create and quick to reuse: one per language tag and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Creates the Intl objects the pages use most, each in a task of its own. The first one of a kind
 * in a language loads that language's data (10–20 ms each on a slow phone); done here, before the
 * app takes the page over, that cost does not land inside one of hydration's slices, which cannot
 * yield in the middle of a component.
 */
export async function prepareIntl(locale: Locale): Promise<void> {
  const kinds = [
    () => new Intl.PluralRules(intlLocale(locale)).select(1),
    () => formatNumber(1, locale),
    () => formatSar(1, locale),
    () => formatDate(new Date(0), locale),
  ];
  for (const make of kinds) {
    await yieldToBrowser();
    make();
  }
}

export function formatNumber(value: number, locale: Locale, fractionDigits?: number): string {
  return numberFormat(intlLocale(locale), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** A share of a whole (0.08) as the page's language writes a percentage ("8%", «8٪»), whole percents unless told. */
export function formatPercent(ratio: number, locale: Locale, maximumFractionDigits = 0): string {
  return numberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits }).format(ratio);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Names joined as the page's language joins them: "A, B, and C" in English, «أ وب وج» in Arabic. */
export function formatList(items: readonly string[], locale: Locale): string {
  const tag = intlLocale(locale);
  let format = listFormats.get(tag);
  if (!format) {
    format = new Intl.ListFormat(tag, { type: 'conjunction' });
    listFormats.set(tag, format);
  }
  return format.format(items);
}

export function formatDate(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  return dateFormat(intlLocale(locale), { dateStyle: 'long', timeZone }).format(date);
}

/**
 * A date for a line with little room: the month's short name where the language has one ("Nov 27,
 * 2026"); Arabic names its months in full either way, so an Arabic date reads as formatDate's.
 */
export function formatCompactDate(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  return dateFormat(intlLocale(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(date);
}

/** The Umm al-Qura (Hijri) date Saudi readers expect beside the Gregorian one. */
export function formatHijriDate(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  return dateFormat(HIJRI_TAGS[locale], { dateStyle: 'long', timeZone }).format(date);
}

export function formatTime(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  return dateFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date);
}

/** An amount in any ISO currency (store orders), two decimals; riyals as every other riyal amount. */
export function formatCurrency(amount: number, currency: string, locale: Locale): string {
  if (currency === 'SAR') return formatSar(amount, locale);
  try {
    return numberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      amount,
    );
  } catch {
    return `${formatNumber(amount, locale, 2)} ${currency}`;
  }
}

/** A file size in KB or MB, one decimal at most. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1024 * 1024;
  return numberFormat(intlLocale(locale), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024));
}

/** The name of a weekday (0 = Sunday) in the active language. */
export function formatWeekday(weekday: number, locale: Locale): string {
  // 2023-01-01 was a Sunday.
  return dateFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday)));
}

/** A wall-clock time of a lab's day ('07:00' or '07:00:00') as its readers write it: '7:00 ص' / '7:00 AM'. */
export function formatClock(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return dateFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 0, 1, hours, minutes)),
  );
}

/** Whether a day's hours run from midnight to its last minute: such a lab is "open 24 hours". */
export function isAllDay(opensAt: string, closesAt: string): boolean {
  return opensAt.slice(0, 5) === '00:00' && closesAt.slice(0, 5) >= '23:59';
}

/** A chart's period by its first day (YYYY-MM-DD): '3 Mar' for a day or the week it starts, 'Mar 2026' for a month. */
export function formatPeriod(start: string, granularity: 'day' | 'week' | 'month', locale: Locale): string {
  const date = new Date(`${start}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return dateFormat(intlLocale(locale), options).format(date);
}
