/** The product's languages: Arabic first (the default, right to left), English second. */
export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Who an account belongs to; admins are never created by sign-up. */
export type UserType = 'customer' | 'lab' | 'admin';

/**
 * The Intl language tags the product formats with: Latin digits and the Gregorian calendar ('ar-SA'
 * alone would switch to Arabic-Indic digits and the Hijri calendar), the Saudi conventions otherwise.
 */
export const INTL_TAGS: Record<Locale, string> = {
  ar: 'ar-SA-u-nu-latn-ca-gregory',
  en: 'en-SA-u-ca-gregory',
};

/** The Umm al-Qura (Hijri) calendar Saudi readers expect beside the Gregorian one. */
export const HIJRI_TAGS: Record<Locale, string> = {
  ar: 'ar-SA-u-ca-islamic-umalqura-nu-latn',
  en: 'en-SA-u-ca-islamic-umalqura',
};
