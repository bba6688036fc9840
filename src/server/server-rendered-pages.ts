import { createTRPCClient, type TRPCClient, unstable_localLink } from '@trpc/client';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Locale } from '../shared/locale.ts';
import {
  LOCALE_COOKIE,
  type PageRedirect,
  type RenderedPage,
  SERVER_LOCALE_ATTRIBUTE,
  SERVER_STATE_ID,
  TWO_FACTOR_LATER_COOKIE,
} from '../shared/server-rendering.ts';
import { consoleLogger } from './platform/logger.ts';
import { type AppDeps, createContext, type TrpcContext } from './trpc/context.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';

/** What dist/server/entry-server.js (src/client/entry-server.tsx) exports. */
export interface ServerEntry {
  render(request: {
    url: string;
    locale: Locale;
    client: TRPCClient<AppRouter>;
    twoFactorSkippedBy: string | null;
  }): Promise<RenderedPage | PageRedirect>;
  /** Whether a route of the app matches the address; any other is answered 404 with "not found". */
  isKnownPage(pathname: string): boolean;
}

/** Text for an HTML attribute or element: a page title may hold what a visitor typed (a search). */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The pages drawn on the server (see docs/decisions/0011): those anyone may open (the home page,
 * search, tests, labs, categories, the store and the information pages), and the dashboards, drawn
 * for the person signed in with their data (never kept by a cache). Checkout and the pages after a
 * payment stay client-drawn: they read the cart or the payment's answer from the browser.
 */
export function isServerRenderedPath(path: string): boolean {
  return (
    [
      '/',
      '/search',
      '/store',
      '/labs',
      '/categories',
      '/about',
      '/pricing',
      '/join-as-lab',
      '/privacy-policy',
      '/terms-and-conditions',
      '/dashboard',
      '/admin/dashboard',
    ].includes(path) || /^\/(test|labs|categories|product)\/[^/]+$/.test(path)
  );
}

const BOOT_SCRIPT = '<script src="/boot-locale.js"></script>';

/** A stylesheet of the built index.html (Vite writes each link this way), its path in group 1. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/** The paths of the stylesheets `serverPageTemplate` writes in, for a runtime that reads files asynchronously (the Worker). */
export function linkedStylesheets(indexHtml: string): string[] {
  return [...indexHtml.matchAll(STYLESHEET_LINK)].flatMap(([, path]) => (path ? [path] : []));
}

/**
 * The built index.html as the pages drawn on the server start from: its stylesheets (the font faces,
 * ~1.6 KB) written into the head instead of linked, so the first paint waits for no request but the
 * page's own. Each link stays, disabled (a disabled stylesheet is not fetched): the app's chunks name
 * the stylesheet as theirs too, and Vite's loader adds a <link> to it when it finds none, which would
 * add the font faces again and lay the whole page out again. Read once at start-up.
 */
export function serverPageTemplate(indexHtml: string, readAsset: (path: string) => string): string {
  return indexHtml.replace(
    STYLESHEET_LINK,
    (link: string, href: string) => `<style>${readAsset(href)}</style>${link.replace('>', ' disabled>')}`,
  );
}

/**
 * Puts a rendered page into the built index.html (as `serverPageTemplate` left it): language, direction
 * and theme on <html>, styles in the head, markup and its data in the body. Nothing holds the first
 * paint back: the entry script is named in a <meta> instead of loaded (public/boot-locale.js asks for
 * it once the page has painted, so the first and the largest paint never wait for the app's code; the
 * page reads and its links work meanwhile), boot-locale.js itself is async (the page's language and
 * direction are already on <html>; run as a task of its own, its code is not part of the first
 * layout's), and the fonts the page's text uses in its language are preloaded by <link>s the browser
 * sees at once, so they are there for the first layout (see vite.config.ts).
 */
export function pageHtml(indexHtml: string, locale: Locale, page: RenderedPage): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no entry script');
  const fonts = new RegExp(`<meta name="tahaleel:fonts:${locale}" content="([^"]+)" />`).exec(indexHtml)?.[1];
  if (!fonts) throw new Error(`index.html has no ${locale} fonts to preload`);
  const fontPreloads = fonts
    .split(' ')
    .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`)
    .join('\n    ');
  if (!indexHtml.includes(BOOT_SCRIPT)) throw new Error('index.html has no boot-locale.js script');
  // In a JSON <script>, only "</script" could end it early: every "<" is written as \u003c.
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  let html = indexHtml;
  if (page.head) {
    const { title, description } = page.head;
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  return (
    html
      .replace(/<html lang="ar" dir="rtl">/, `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}" style="color-scheme: light">`)
      .replace(entry[0], `<meta name="tahaleel:entry" content="${entry[1]}" />`)
      // Nothing the first paint needs: the shared chunk and the catalog come after it with the entry.
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/\s*<meta name="tahaleel:(preload|fonts):\w+" content="[^"]*" \/>/g, '')
      .replace(BOOT_SCRIPT, () => `${fontPreloads}\n    <script src="/boot-locale.js" async></script>`)
      .replace('</head>', `${page.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" ${SERVER_LOCALE_ATTRIBUTE}="${locale}">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
      )
  );
}

/**
 * Draws a page on the server, its data fetched by calling the API in-process as the visitor (their
 * session cookie, their language from the cookie the client sets). Null when the render fails: the
 * caller falls back to the client-drawn index.html.
 */
async function drawPage(deps: AppDeps, indexHtml: string, entry: ServerEntry, c: Context): Promise<Response | null> {
  const locale: Locale = getCookie(c, LOCALE_COOKIE) === 'en' ? 'en' : 'ar';
  const resHeaders = new Headers();
  // One context for all the page's calls: the session is read (and renewed) once per page.
  let context: Promise<TrpcContext> | undefined;
  const client = createTRPCClient<AppRouter>({
    links: [
      unstable_localLink({
        router: appRouter,
        createContext: () => (context ??= createContext(deps, c, resHeaders).then((base) => ({ ...base, locale }))),
      }),
    ],
  });
  let page: RenderedPage | PageRedirect;
  try {
    const url = new URL(c.req.url);
    page = await entry.render({
      url: url.pathname + url.search,
      locale,
      client,
      twoFactorSkippedBy: getCookie(c, TWO_FACTOR_LATER_COOKIE) ?? null,
    });
  } catch (error) {
    (deps.log ?? consoleLogger).error({ err: error, path: c.req.path }, 'server rendering failed; the client draws the page instead');
    return null;
  }
  for (const cookie of resHeaders.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  if ('redirect' in page) {
    const { location, status } = page.redirect;
    // Only to a page of this site (a path, never `//host`).
    if (!location.startsWith('/') || location.startsWith('//') || status < 300 || status > 308) return null;
    return c.redirect(location, status as 301 | 302 | 303 | 307 | 308);
  }
  // Drawn for this visitor (their session, their language): never shared by a cache, and not kept at
  // all once they are signed in (the API's answer to them said so).
  c.header('Cache-Control', resHeaders.get('Cache-Control') ?? 'private, no-cache');
  c.header('Vary', 'Cookie');
  return c.html(pageHtml(indexHtml, locale, page), page.status);
}

/** Serves the public pages drawn on the server; any other path, or a render that fails, goes on. */
export function serverRenderedPages(deps: AppDeps, indexHtml: string, entry: ServerEntry): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !isServerRenderedPath(c.req.path)) return next();
    return (await drawPage(deps, indexHtml, entry, c)) ?? next();
  };
}

/**
 * The last handler: a page of the app gets the client-drawn index.html (dashboards, checkout); an
 * address no route knows gets the app's "not found" page, drawn on the server, with status 404.
 */
export function clientPagesOrNotFound(
  deps: AppDeps,
  templates: { indexHtml: string; serverHtml: string },
  entry: ServerEntry,
): MiddlewareHandler {
  return async (c) => {
    if (entry.isKnownPage(c.req.path)) return c.html(templates.indexHtml);
    return (await drawPage(deps, templates.serverHtml, entry, c)) ?? c.html(templates.indexHtml, 404);
  };
}
