import type { Locale } from './locale.ts';
import type { RenderedPage } from './server-rendering.ts';
import { SERVER_LOCALE_ATTRIBUTE, SERVER_STATE_ID } from './server-rendering.ts';

// The two HTML documents the app is served in, written whole from named parts (docs/decisions/0044):
// - the page the client draws (checkout, the pages after a payment; the dev server), which vite.config.ts
//   makes index.html;
// - a page drawn on the server (server-rendered-pages.ts), around the markup React drew.
// Nothing here reads or rewrites HTML: the build names the files (`PageAssets`, written by vite.config.ts
// into dist/client/page-assets.json), and both documents share one head.

/** The built files a document names, by their public paths (`/assets/…`). */
export interface PageAssets {
  /** The app's entry module. */
  entry: string;
  /** Modules the entry loads at once (a page the client draws preloads them). */
  modulePreloads: string[];
  /** The entry's stylesheets: the font faces (src/client/fonts.css). */
  stylesheets: string[];
  locales: Record<
    Locale,
    {
      /** What a page the client draws preloads in this language (public/boot-locale.js): the message catalog and the regular face. */
      firstLoad: string[];
      /** Every face a page drawn on the server uses in this language, preloaded so its first layout has them (ADR 0013). */
      fonts: string[];
    }
  >;
}

/** Where the build writes `PageAssets`, in dist/client. */
export const PAGE_ASSETS_FILE = 'page-assets.json';

/** The site's own title and description, for a page that names none (usePageMeta names a page's own). */
const SITE_HEAD = {
  title: 'تحاليل | Tahaleel',
  description: 'تحاليل: قارن أسعار التحاليل الطبية في المختبرات القريبة منك واحجز موعدك بسهولة.',
} as const;

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' } as const;

/** Text for an HTML attribute or element: a page title may hold what a visitor typed (a search). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ENTITIES[character as keyof typeof ENTITIES]);
}

/** The head both documents start with. */
function commonHead(head: { title: string; description: string }): string[] {
  return [
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="theme-color" content="#0b5e63" />',
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    `<title>${escapeHtml(head.title)}</title>`,
  ];
}

const document = (htmlAttributes: string, head: string[], body: string) =>
  `<!doctype html>\n<html ${htmlAttributes}>\n  <head>\n    ${head.join('\n    ')}\n  </head>\n  <body>\n    ${body}\n  </body>\n</html>\n`;

/**
 * The page the client draws: Arabic and right to left until public/boot-locale.js, which runs before
 * the body, sets the stored language and preloads its catalog and regular face (named here per
 * language), beside the entry and the modules it loads at once.
 */
export function clientPageHtml(assets: PageAssets): string {
  return document(
    'lang="ar" dir="rtl"',
    [
      ...commonHead(SITE_HEAD),
      ...Object.entries(assets.locales).flatMap(([locale, { firstLoad }]) =>
        firstLoad.length > 0 ? [`<meta name="tahaleel:preload:${locale}" content="${firstLoad.join(' ')}" />`] : [],
      ),
      '<script src="/boot-locale.js"></script>',
      `<script type="module" crossorigin src="${assets.entry}"></script>`,
      ...assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...assets.modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ],
    '<div id="root"></div>',
  );
}

/**
 * A page drawn on the server (ADR 0011, 0013): language, direction and the light theme on <html>; the
 * page's own title and description; nothing that holds the first paint back. The fonts its text uses
 * in its language are preloaded; boot-locale.js is async (it asks for the entry, named in a <meta>, once
 * the page has painted); the font faces are written into the head (`stylesheets`, their text), each
 * link kept but disabled (never fetched: the app's chunks name the stylesheet as theirs, and Vite's
 * loader would add a second copy if it found none); then the page's styles. The markup goes in #root,
 * its data beside it as JSON (only "</script" could end that early: every "<" is written \u003c).
 */
export function serverPageHtml(assets: PageAssets, stylesheets: ReadonlyMap<string, string>, locale: Locale, page: RenderedPage): string {
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  return document(
    `lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}" style="color-scheme: light"`,
    [
      ...commonHead(page.head ?? SITE_HEAD),
      ...assets.locales[locale].fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`),
      '<script src="/boot-locale.js" async></script>',
      `<meta name="tahaleel:entry" content="${assets.entry}" />`,
      ...assets.stylesheets.map((href) => {
        const css = stylesheets.get(href);
        if (css === undefined) throw new Error(`the stylesheet ${href} was not read`);
        return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
      }),
      page.styles,
    ],
    `<div id="root" ${SERVER_LOCALE_ATTRIBUTE}="${locale}">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
  );
}
