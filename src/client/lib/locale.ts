import { i18n } from '@lingui/core';
import { intlLocale } from './format.ts';

export type Locale = 'ar' | 'en';
export const LOCALE_STORAGE_KEY = 'tahaleel.locale';
export const DEFAULT_LOCALE: Locale = 'ar';

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

export function storedLocale(): Locale {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) === 'en' ? 'en' : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  ar: () => import('../locales/ar/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/** Loads the catalog, then switches language, direction and the stored choice together. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  // Formatting locales keep Latin digits and the Gregorian calendar in Arabic, as Intl does elsewhere.
  i18n.loadAndActivate({ locale, locales: intlLocale(locale), messages: messages as never });
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  // A cookie too, so a server-side redirect (Google sign-in) knows the language.
  document.cookie = `tahaleel_locale=${locale}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this tab only.
  }
}

export function activeLocale(): Locale {
  return i18n.locale === 'en' ? 'en' : 'ar';
}
