import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../shared/locale.ts';
import { LOCALE_COOKIE } from '../../shared/server-rendering.ts';
import { type CatalogName, catalogsOfRoute } from './catalog-sources.ts';
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

// Every catalog of both languages (lingui.config.ts), each a chunk of its own, loaded when asked for.
const catalogFiles = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');
const catalogsLoaded = new Map<string, Promise<Messages>>();

/** One catalog's messages in one language, fetched once. */
function catalog(name: 'messages' | CatalogName, locale: Locale): Promise<Messages> {
  const file = `../locales/${locale}/${name}.po`;
  let loaded = catalogsLoaded.get(file);
  if (!loaded) {
    const load = catalogFiles[file];
    if (!load) throw new Error(`no catalog ${file}`);
    loaded = load().then((module) => module.messages);
    // A failed fetch (the network) is asked again next time.
    loaded.catch(() => catalogsLoaded.delete(file));
    catalogsLoaded.set(file, loaded);
  }
  return loaded;
}

const pageCatalogsInUse = new Set<CatalogName>();
/** `locale/name` of the page catalogs merged into `i18n` so far. */
const catalogsMerged = new Set<string>();

/**
 * Adds the catalogs of the pages these routes draw to the active language's messages (the root route's
 * beforeLoad calls it with the matched routes, so a page, on its first load and after a link alike,
 * draws with its text); a later change of language loads them along with the main catalog. The server
 * has every catalog loaded already (entry-server.tsx).
 */
export async function loadRouteCatalogs(routeIds: string[]): Promise<void> {
  await loadCatalogs(routeIds.flatMap((id) => catalogsOfRoute[id as keyof typeof catalogsOfRoute] ?? []));
}

/**
 * A part drawn later (a dialog, a panel opened by a click), loaded together with the catalogs its text
 * is in: `lazy(() => withCatalogs(['auth'], () => import('./dialog.tsx')))` never draws it before its
 * text has arrived. tests/unit/i18n-catalog.test.ts reads the names beside each such import().
 */
export async function withCatalogs<Module>(names: CatalogName[], load: () => Promise<Module>): Promise<Module> {
  const [module] = await Promise.all([load(), loadCatalogs(names)]);
  return module;
}

async function loadCatalogs(names: CatalogName[]): Promise<void> {
  if (import.meta.env.SSR || names.length === 0) return;
  // On the first load this runs beside activateLocale, before a language is active.
  const locale = i18n.locale ? activeLocale() : storedLocale();
  const missing = [...new Set(names)].filter((name) => !pageCatalogsInUse.has(name) || !catalogsMerged.has(`${locale}/${name}`));
  if (missing.length === 0) return;
  for (const name of missing) pageCatalogsInUse.add(name);
  const loaded = await Promise.all(missing.map((name) => catalog(name, locale)));
  // Merged once per language: each load re-renders every component that reads the messages.
  i18n.load(locale, Object.assign({}, ...loaded) as Messages);
  for (const name of missing) catalogsMerged.add(`${locale}/${name}`);
}

/** Loads the catalogs, then switches language, direction and the stored choice together. */
export async function activateLocale(locale: Locale): Promise<void> {
  const loaded = await Promise.all([catalog('messages', locale), ...[...pageCatalogsInUse].map((name) => catalog(name, locale))]);
  const messages = Object.assign({}, ...loaded) as Messages;
  // Added to, not replacing, what is loaded: a page catalog may have arrived first.
  i18n.load(locale, messages);
  for (const name of pageCatalogsInUse) catalogsMerged.add(`${locale}/${name}`);
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
