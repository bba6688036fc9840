import type { Locale } from './locale.ts';

// Latin digits and the Gregorian calendar by default: ar-SA alone would switch both.
const intlLocales: Record<Locale, string> = {
  ar: 'ar-SA-u-nu-latn-ca-gregory',
  en: 'en-SA-u-ca-gregory',
};

export function intlLocale(locale: Locale): string {
  return intlLocales[locale];
}

export function formatMoney(sar: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(sar);
}

export function formatNumber(value: number, locale: Locale, fractionDigits?: number): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

export function formatDate(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone }).format(date);
}

/** The Umm al-Qura (Hijri) date Saudi readers expect beside the Gregorian one. */
export function formatHijriDate(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  const tag = locale === 'ar' ? 'ar-SA-u-ca-islamic-umalqura-nu-latn' : 'en-SA-u-ca-islamic-umalqura';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone }).format(date);
}

export function formatTime(date: Date, locale: Locale, timeZone = 'Asia/Riyadh'): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(
    date,
  );
}

/** A plan price in whole riyals ("99 SAR"), as price lists show them. */
export function formatWholeMoney(sar: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'SAR', maximumFractionDigits: 0 }).format(sar);
}

/** An amount in any ISO currency (store orders), two decimals. */
export function formatCurrency(amount: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${formatNumber(amount, locale, 2)} ${currency}`;
  }
}

/** A file size in KB or MB, one decimal at most. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024));
}

/** The name of a weekday (0 = Sunday) in the active language. */
export function formatWeekday(weekday: number, locale: Locale): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday)));
}
