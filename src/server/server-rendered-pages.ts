import { createTRPCClient, type TRPCClient, unstable_localLink } from '@trpc/client';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { LOCALES, type Locale } from '../shared/locale.ts';
import { PAGE_ASSETS_FILE, type PageAssets, serverPageHtml } from '../shared/page-document.ts';
import { LOCALE_COOKIE, type PageRedirect, type RenderedPage, TWO_FACTOR_LATER_COOKIE } from '../shared/server-rendering.ts';
import { type AppRouter, appRouter } from './app-router.ts';
import { consoleLogger } from './platform/logger.ts';
import { type AppDeps, createContext, type TrpcContext } from './trpc/context.ts';

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

/**
 * The pages drawn on the server (see docs/decisions/0011): those anyone may open (the home page,
 * search, tests, packages, labs, categories, the store and the information pages), and the dashboards, drawn
 * for the person signed in with their data (never kept by a cache). The checkout is drawn without
 * the cart, which the browser keeps (place-holders for its lines and amounts, filled in once the page
 * runs). The pages after a payment stay client-drawn: they read the payment's answer from the browser.
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
      '/checkout',
    ].includes(path) || /^\/(test|package|labs|categories|product)\/[^/]+$/.test(path)
  );
}

const pageAssetsSchema = z.object({
  entry: z.string(),
  modulePreloads: z.array(z.string()),
  stylesheets: z.array(z.string()),
  locales: z.record(z.enum(LOCALES), z.object({ firstLoad: z.array(z.string()), fonts: z.array(z.string()) })),
});

/** What the server writes its pages from: the build's files (dist/client/page-assets.json) and the text of its stylesheets. */
export interface ServerPageParts {
  assets: PageAssets;
  stylesheets: ReadonlyMap<string, string>;
}

/**
 * Reads the build's page-assets.json and the stylesheets it names (by their public paths), once at
 * start-up; throws, naming the file, when the build wrote something else.
 */
export async function readServerPageParts(read: (path: string) => string | Promise<string>): Promise<ServerPageParts> {
  const parsed = pageAssetsSchema.safeParse(JSON.parse(await read(`/${PAGE_ASSETS_FILE}`)));
  if (!parsed.success) throw new Error(`dist/client/${PAGE_ASSETS_FILE} is not what the build writes: ${parsed.error.message}`);
  const assets = parsed.data;
  const stylesheets = new Map(await Promise.all(assets.stylesheets.map(async (path) => [path, await read(path)] as const)));
  return { assets, stylesheets };
}

/**
 * Draws a page on the server, its data fetched by calling the API in-process as the visitor (their
 * session cookie, their language from the cookie the client sets). Null when the render fails: the
 * caller falls back to the client-drawn index.html.
 */
async function drawPage(deps: AppDeps, parts: ServerPageParts, entry: ServerEntry, c: Context): Promise<Response | null> {
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
  return c.html(serverPageHtml(parts.assets, parts.stylesheets, locale, page), page.status);
}

/** Serves the public pages drawn on the server; any other path, or a render that fails, goes on. */
export function serverRenderedPages(deps: AppDeps, parts: ServerPageParts, entry: ServerEntry): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !isServerRenderedPath(c.req.path)) return next();
    return (await drawPage(deps, parts, entry, c)) ?? next();
  };
}

/**
 * The last handler: a page of the app gets the client-drawn index.html (after a payment, e-mail links); an
 * address no route knows gets the app's "not found" page, drawn on the server, with status 404.
 */
export function clientPagesOrNotFound(
  deps: AppDeps,
  pages: { indexHtml: string; server: ServerPageParts },
  entry: ServerEntry,
): MiddlewareHandler {
  return async (c) => {
    if (entry.isKnownPage(c.req.path)) return c.html(pages.indexHtml);
    return (await drawPage(deps, pages.server, entry, c)) ?? c.html(pages.indexHtml, 404);
  };
}
