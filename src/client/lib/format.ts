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
