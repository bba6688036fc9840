import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../shared/locale.ts';
import { LOCALE_COOKIE } from '../../shared/server-rendering.ts';
import { intlLocale } from './format.ts';

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

type Catalog = Record<Locale, () => Promise<{ messages: Messages }>>;

const catalogs: Catalog = {
  ar: () => import('../locales/ar/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/** Text only some pages show, in catalogs of their own (see lingui.config.ts), loaded by those pages. */
const pageCatalogs = {
  legal: {
    ar: () => import('../locales/ar/legal.po'),
    en: () => import('../locales/en/legal.po'),
  },
  dashboards: {
    ar: () => import('../locales/ar/dashboards.po'),
    en: () => import('../locales/en/dashboards.po'),
  },
} satisfies Record<string, Catalog>;

export type PageCatalog = keyof typeof pageCatalogs;
const pageCatalogsInUse = new Set<PageCatalog>();

/**
 * Adds a page's own catalog to the active language's messages (route loaders call it, so the page
 * draws with its text); a later change of language loads it along with the main catalog.
 */
export async function loadPageCatalog(name: PageCatalog): Promise<void> {
  pageCatalogsInUse.add(name);
  // On the first load this runs beside activateLocale, before a language is active.
  const locale = i18n.locale ? activeLocale() : storedLocale();
  const { messages } = await pageCatalogs[name][locale]();
  i18n.load(locale, messages);
}

/** Loads the catalogs, then switches language, direction and the stored choice together. */
export async function activateLocale(locale: Locale): Promise<void> {
  const loaded = await Promise.all([catalogs[locale](), ...[...pageCatalogsInUse].map((name) => pageCatalogs[name][locale]())]);
  const messages = Object.assign({}, ...loaded.map((catalog) => catalog.messages)) as Messages;
  // Added to, not replacing, what is loaded: a page catalog may have arrived first.
  i18n.load(locale, messages);
  // Formatting locales keep Latin digits and the Gregorian calendar in Arabic, as Intl does elsewhere.
  i18n.activate(locale, intlLocale(locale));
  // Only on a change: a server-drawn page (and boot-locale.js) has set them already.
  const root = document.documentElement;
  if (root.lang !== locale) root.lang = locale;
  if (root.dir !== directionOf(locale)) root.dir = directionOf(locale);
  // A cookie too, so a server-side redirect (Google sign-in) knows the language.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this tab only.
  }
}

export function activeLocale(): Locale {
  return i18n.locale === 'en' ? 'en' : 'ar';
}
