import { describe, expect, it } from 'vitest';
import { isServerRenderedPath, pageHtml, serverPageTemplate } from '../../src/server/server-rendered-pages.ts';
import type { RenderedPage } from '../../src/shared/server-rendering.ts';

// The shape of the built index.html (vite.config.ts writes the preload metas and the modulepreload).
const indexHtml = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta name="description" content="تحاليل: قارن أسعار التحاليل الطبية." />
    <title>تحاليل | Tahaleel</title>
    <meta name="tahaleel:preload:ar" content="/assets/messages-Ab12.js /assets/ibm-plex-sans-arabic-arabic-400-normal-X.woff2" />
    <meta name="tahaleel:fonts:ar" content="/assets/ibm-plex-sans-arabic-arabic-400-normal-X.woff2 /assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2" />
    <meta name="tahaleel:preload:en" content="/assets/messages-Cd34.js /assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2" />
    <meta name="tahaleel:fonts:en" content="/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2" />
    <script src="/boot-locale.js"></script>
    <script type="module" crossorigin src="/assets/index-Ef56.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ij90.css">
    <link rel="modulepreload" crossorigin href="/assets/shared-Gh78.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page: RenderedPage = {
  html: '<main>صفحة</main>',
  styles: '<style data-emotion="css a1">.css-a1{color:red}</style>',
  state: { mutations: [], queries: [] },
  head: null,
  status: 200,
};

describe('a server-rendered page', () => {
  it('carries the language and direction it was drawn in, in the light theme (the store darkens only its own area)', () => {
    expect(pageHtml(indexHtml, 'en', page)).toContain('<html lang="en" dir="ltr" style="color-scheme: light">');
    expect(pageHtml(indexHtml, 'ar', page)).toContain('<html lang="ar" dir="rtl" style="color-scheme: light">');
  });

  it('puts the markup in #root, its styles in the head and its data beside it', () => {
    const html = pageHtml(indexHtml, 'ar', page);
    expect(html).toContain(
      '<div id="root" data-server-locale="ar"><main>صفحة</main></div><script type="application/json" id="tahaleel-query-state">',
    );
    expect(html.indexOf(page.styles)).toBeLessThan(html.indexOf('</head>'));
  });

  it('holds the first paint back for nothing: entry named, boot script async, its language’s fonts preloaded', () => {
    const html = pageHtml(indexHtml, 'ar', page);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<meta name="tahaleel:entry" content="/assets/index-Ef56.js" />');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('tahaleel:preload');
    expect(html).not.toContain('tahaleel:fonts');
    expect(html).not.toContain('messages-');
    expect(html).toContain('<script src="/boot-locale.js" async></script>');
    const preloads = (markup: string) =>
      [...markup.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]);
    expect(preloads(html)).toEqual([
      '/assets/ibm-plex-sans-arabic-arabic-400-normal-X.woff2',
      '/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2',
    ]);
    expect(preloads(pageHtml(indexHtml, 'en', page))).toEqual(['/assets/ibm-plex-sans-arabic-latin-400-normal-Y.woff2']);
  });

  it('starts from index.html with its stylesheets written into the head', () => {
    const template = serverPageTemplate(indexHtml, (path) => `/* ${path} */ @font-face{font-family:x}`);
    expect(template).toContain('<style>/* /assets/index-Ij90.css */ @font-face{font-family:x}</style>');
    // Kept for the app's loader to find, never fetched.
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Ij90.css" disabled>');
    expect(template).not.toMatch(/rel="stylesheet"(?![^>]*disabled)/);
    expect(pageHtml(template, 'ar', page)).toContain('<style>/* /assets/index-Ij90.css */');
  });

  it('keeps data that looks like markup from ending its script', () => {
    const hostile = {
      ...page,
      state: { mutations: [], queries: [{ queryKey: ['</script><script>alert(1)</script>'] }] },
    } as unknown as RenderedPage;
    const html = pageHtml(indexHtml, 'ar', hostile);
    const json = html.slice(
      html.indexOf('id="tahaleel-query-state">') + 'id="tahaleel-query-state">'.length,
      html.lastIndexOf('</script>'),
    );
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(hostile.state);
  });

  it('has the page’s own title and description, with what a visitor typed written as text', () => {
    const html = pageHtml(indexHtml, 'en', {
      ...page,
      head: { title: 'Search results for “</title><script>alert(1)</script>” | Tahaleel', description: 'Say "hi" & <b>bye</b>' },
    });
    expect(html).toContain('<title>Search results for “&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;” | Tahaleel</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;" />');
    expect(html).not.toContain('تحاليل | Tahaleel');
  });

  it('keeps the site’s title and description when the page names none', () => {
    expect(pageHtml(indexHtml, 'ar', page)).toContain('<title>تحاليل | Tahaleel</title>');
  });

  it('fails loudly when the build no longer has the entry script it replaces', () => {
    expect(() => pageHtml(indexHtml.replace(/<script type="module".*<\/script>/, ''), 'ar', page)).toThrow(/entry script/);
  });
});

describe('which pages the server draws', () => {
  it('draws the public pages', () => {
    for (const path of [
      '/',
      '/search',
      '/store',
      '/labs',
      '/labs/9b2f',
      '/test/Vitamin%20D',
      '/categories/Hormones',
      '/product/42',
      '/about',
      '/privacy-policy',
      '/dashboard',
      '/admin/dashboard',
    ]) {
      expect(isServerRenderedPath(path), path).toBe(true);
    }
  });

  it('leaves the pages that read the cart or a payment to the client', () => {
    for (const path of ['/checkout', '/store/checkout/abc', '/success', '/test/a/b', '/nowhere']) {
      expect(isServerRenderedPath(path), path).toBe(false);
    }
  });
});
