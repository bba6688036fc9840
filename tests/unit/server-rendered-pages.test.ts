import { describe, expect, it } from 'vitest';
import { isServerRenderedPath, readServerPageParts } from '../../src/server/server-rendered-pages.ts';
import { clientPageHtml, type PageAssets, serverPageHtml } from '../../src/shared/page-document.ts';
import type { RenderedPage } from '../../src/shared/server-rendering.ts';

// What vite.config.ts writes into dist/client/page-assets.json.
const assets: PageAssets = {
  entry: '/assets/index-Ef56.js',
  modulePreloads: ['/assets/rolldown-runtime-Kl12.js', '/assets/shared-Gh78.js'],
  stylesheets: ['/assets/index-Ij90.css'],
  locales: {
    ar: {
      firstLoad: ['/assets/messages-Ab12.js', '/assets/ibm-plex-sans-arabic-arabic-400-normal-X.woff2'],
      fonts: ['/assets/ibm-plex-sans-arabic-arabic-400-normal-X.woff2', '/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2'],
    },
    en: {
      firstLoad: ['/assets/messages-Cd34.js', '/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2'],
      fonts: ['/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2'],
    },
  },
};
const stylesheets = new Map([['/assets/index-Ij90.css', '@font-face{font-family:x}']]);

const page: RenderedPage = {
  html: '<main>صفحة</main>',
  styles: '<style data-emotion="css a1">.css-a1{color:red}</style>',
  state: { mutations: [], queries: [] },
  head: null,
  status: 200,
};

const pageHtml = (locale: 'ar' | 'en', drawn: RenderedPage) => serverPageHtml(assets, stylesheets, locale, drawn);

describe('a server-rendered page', () => {
  it('carries the language and direction it was drawn in, in the light theme (the store darkens only its own area)', () => {
    expect(pageHtml('en', page)).toContain('<html lang="en" dir="ltr" style="color-scheme: light">');
    expect(pageHtml('ar', page)).toContain('<html lang="ar" dir="rtl" style="color-scheme: light">');
  });

  it('puts the markup in #root, its styles in the head and its data beside it', () => {
    const html = pageHtml('ar', page);
    expect(html).toContain(
      '<div id="root" data-server-locale="ar"><main>صفحة</main></div><script type="application/json" id="tahaleel-query-state">',
    );
    expect(html.indexOf(page.styles)).toBeLessThan(html.indexOf('</head>'));
  });

  it('holds the first paint back for nothing: entry named, boot script async, its language’s fonts preloaded', () => {
    const html = pageHtml('ar', page);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<meta name="tahaleel:entry" content="/assets/index-Ef56.js" />');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('tahaleel:preload');
    expect(html).not.toContain('messages-');
    expect(html).toContain('<script src="/boot-locale.js" async></script>');
    const preloads = (markup: string) =>
      [...markup.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]);
    expect(preloads(html)).toEqual([
      '/assets/ibm-plex-sans-arabic-arabic-400-normal-X.woff2',
      '/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2',
    ]);
    expect(preloads(pageHtml('en', page))).toEqual(['/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2']);
  });

  it('has its stylesheets written into the head, each link kept for the app’s loader and never fetched', () => {
    const html = pageHtml('ar', page);
    expect(html).toContain(
      '<style>@font-face{font-family:x}</style><link rel="stylesheet" crossorigin href="/assets/index-Ij90.css" disabled>',
    );
    expect(html).not.toMatch(/rel="stylesheet"(?![^>]*disabled)/);
    expect(() => serverPageHtml(assets, new Map(), 'ar', page)).toThrow(/index-Ij90\.css was not read/);
  });

  it('keeps data that looks like markup from ending its script', () => {
    const hostile = {
      ...page,
      state: { mutations: [], queries: [{ queryKey: ['</script><script>alert(1)</script>'] }] },
    } as unknown as RenderedPage;
    const html = pageHtml('ar', hostile);
    const json = html.slice(
      html.indexOf('id="tahaleel-query-state">') + 'id="tahaleel-query-state">'.length,
      html.lastIndexOf('</script>'),
    );
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(hostile.state);
  });

  it('has the page’s own title and description, with what a visitor typed written as text', () => {
    const html = pageHtml('en', {
      ...page,
      head: { title: 'Search results for “</title><script>alert(1)</script>” | Tahaleel', description: 'Say "hi" & <b>bye</b>' },
    });
    expect(html).toContain('<title>Search results for “&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;” | Tahaleel</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;" />');
    expect(html).not.toContain('تحاليل | Tahaleel');
  });

  it('keeps the site’s title and description when the page names none', () => {
    expect(pageHtml('ar', page)).toContain('<title>تحاليل | Tahaleel</title>');
  });
});

describe('the page the client draws', () => {
  const html = clientPageHtml(assets);

  it('sets its language before the body and preloads, per language, what its first paint needs', () => {
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const boot = html.indexOf('<script src="/boot-locale.js"></script>');
    expect(boot).toBeGreaterThan(0);
    for (const [locale, { firstLoad }] of Object.entries(assets.locales)) {
      const meta = html.indexOf(`<meta name="tahaleel:preload:${locale}" content="${firstLoad.join(' ')}" />`);
      expect(meta, locale).toBeGreaterThan(0);
      // boot-locale.js reads it as it runs, before the parser has gone further.
      expect(meta, locale).toBeLessThan(boot);
    }
  });

  it('loads the entry with its stylesheet and the modules it imports, and draws into an empty #root', () => {
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-Ef56.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Ij90.css">');
    expect([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1])).toEqual(
      assets.modulePreloads,
    );
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>تحاليل | Tahaleel</title>');
  });

  it('names no file to preload where the build has none (the dev server)', () => {
    const fromSources = clientPageHtml({
      ...assets,
      modulePreloads: [],
      stylesheets: [],
      locales: { ar: { firstLoad: [], fonts: [] }, en: { firstLoad: [], fonts: [] } },
    });
    expect(fromSources).not.toContain('tahaleel:preload');
    expect(fromSources).not.toContain('<link rel="stylesheet"');
  });
});

describe('the files the server writes its pages from', () => {
  const files = (json: unknown) => (path: string) =>
    path === '/page-assets.json'
      ? JSON.stringify(json)
      : path === '/assets/index-Ij90.css'
        ? '@font-face{}'
        : Promise.reject(new Error(path));

  it('are the build’s page-assets.json and the text of each stylesheet it names', async () => {
    const parts = await readServerPageParts(files(assets));
    expect(parts.assets).toEqual(assets);
    expect([...parts.stylesheets]).toEqual([['/assets/index-Ij90.css', '@font-face{}']]);
  });

  it('fail loudly when the build wrote something else', async () => {
    await expect(readServerPageParts(files({ ...assets, locales: { ar: assets.locales.ar } }))).rejects.toThrow(/page-assets\.json/);
    await expect(readServerPageParts(files({ ...assets, entry: undefined }))).rejects.toThrow(/page-assets\.json/);
  });
});

describe('which pages the server draws', () => {
  it('draws the public pages, the dashboards and the checkout', () => {
    for (const path of [
      '/',
      '/search',
      '/store',
      '/labs',
      '/labs/9b2f',
      '/test/Vitamin%20D',
      '/categories/Hormones',
      '/product/42',
      '/package/3',
      '/about',
      '/privacy-policy',
      '/dashboard',
      '/admin/dashboard',
      '/checkout',
    ]) {
      expect(isServerRenderedPath(path), path).toBe(true);
    }
  });

  it("leaves the pages that read a payment's answer to the client", () => {
    for (const path of ['/store/checkout/abc', '/success', '/test/a/b', '/nowhere']) {
      expect(isServerRenderedPath(path), path).toBe(false);
    }
  });
});
