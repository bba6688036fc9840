import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHUNK_REPORT_FILE, type ChunkReport } from '../../scripts/build/chunk-report.ts';
import { demo, expect, type Language, labCartItem, readInLanguage, signIn, test } from './fixtures.ts';
import { CBC } from './site-pages.ts';
import { words } from './words.ts';

// The public pages arrive drawn by the server (docs/decisions/0011): they read before any of the
// app's code has run, in the reader's language, and the app then takes them over as they are (every
// page, for every reader: site-walk.spec.ts).

for (const language of ['ar', 'en'] as const satisfies Language[]) {
  test.describe(`server-drawn pages in ${language === 'ar' ? 'Arabic' : 'English'}`, () => {
    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('the home page, a test page and the store read in the chosen language', async ({ page }) => {
        await readInLanguage(page, language);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 })).toContainText(words[language].home.heading);
        await expect(page.getByRole('banner').getByRole('button', { name: words[language].auth.logIn, exact: true })).toBeVisible();

        await page.goto(CBC);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(words[language].catalogue.cbc);
        // Its own title, for a search engine or a link preview that runs no script.
        await expect(page).toHaveTitle(new RegExp(words[language].catalogue.cbc.replace(/[()]/g, '\\$&')));
        await expect(page.getByTestId('lab-offer').first()).toBeVisible();

        await page.goto('/store');
        await expect(page.getByTestId('product-card').first()).toBeVisible();
        // The store's area in its dark theme from the first paint, not only once the app has started.
        await expect(page.locator('main')).toHaveClass(/dark/);
      });

      test('a dashboard comes drawn for the person signed in, with their data, and no cache keeps it', async ({ page }) => {
        await readInLanguage(page, language);
        await signIn(page, demo.lab);
        const response = await page.goto('/dashboard');
        expect(response?.headers()['cache-control']).toBe('no-store');
        // The overview's own data, fetched by its sections as the server drew them: the lab's latest bookings.
        const recent = page.getByRole('heading', { name: language === 'ar' ? 'أحدث الحجوزات' : 'Recent bookings' });
        await expect(recent).toBeVisible();
        // Which bookings they are depends on what this worker's other tests booked at the demo lab.
        const recentBookings = page.locator('.chakra-card__root').filter({ has: recent }).getByRole('listitem');
        await expect(recentBookings.first()).toContainText(language === 'ar' ? 'ر.س' : 'SAR');
      });

      test('search results come with the page', async ({ page }) => {
        await readInLanguage(page, language);
        await page.goto('/search?query=CBC');
        await expect(page.getByTestId('search-result').first()).toContainText(words[language].catalogue.cbc);
      });
    });

    test('the first paint waits on no other file, and only the fonts the text uses are downloaded', async ({ page }) => {
      await readInLanguage(page, language);
      const fonts: string[] = [];
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
        if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
      });
      const response = await page.goto('/');
      const html = (await response?.text()) ?? '';
      // No stylesheet and no script before the body that the browser must fetch and run first; nor
      // does the app fetch the stylesheet written into the head when it starts.
      expect(html).not.toMatch(/rel="stylesheet"(?![^>]*disabled)/);
      expect(html).toMatch(/<script src="\/boot-locale\.js" async><\/script>/);
      const blockingScripts = (html.match(/<script[^>]*>/g) ?? []).filter((tag) => !/ async>$|type="application\/json"/.test(tag));
      expect(blockingScripts).toEqual([]);
      await page.evaluate(() => document.fonts.ready);
      // The reader's script in the regular weight is there (its core face); nothing on the home page
      // needs Latin Extended or the characters outside the cores (the full Arabic and Latin files).
      expect(fonts.some((path) => path.includes(`ibm-plex-sans-arabic-${language === 'ar' ? 'arabic' : 'latin'}-core-400-normal`))).toBe(
        true,
      );
      expect(fonts.filter((path) => /latin-ext|arabic-arabic-\d00-normal|arabic-latin-\d00-normal/.test(path))).toEqual([]);
      expect(stylesheets).toEqual([]);
    });

    test('the home and search pages fetch no chart, map or PDF code: each comes when its section opens', async ({ page }) => {
      // The built chunks that hold those libraries, found by the modules in them (not by file names).
      const { chunks } = JSON.parse(readFileSync(join(import.meta.dirname, '../..', CHUNK_REPORT_FILE), 'utf8')) as ChunkReport;
      const heavy = (library: RegExp) =>
        chunks.filter((chunk) => Object.keys(chunk.modules).some((module) => library.test(module))).map((chunk) => `/${chunk.file}`);
      const charts = heavy(/node_modules\/(recharts|d3-[\w-]+|victory-vendor)\//);
      const maps = heavy(/node_modules\/leaflet\//);
      const pdf = heavy(/node_modules\/(pdfkit|jspdf|pdf-lib|pdfjs-dist|@react-pdf)\//);
      expect(charts.length, 'the dashboards draw charts: some chunk holds them').toBeGreaterThan(0);
      expect(maps.length, 'the labs list draws a map: some chunk holds it').toBeGreaterThan(0);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await readInLanguage(page, language);
      for (const path of ['/', '/search?query=CBC']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      expect(requested.filter((path) => [...charts, ...maps, ...pdf].includes(path))).toEqual([]);
    });
  });
}

test.describe('server-drawn pages for a signed-in reader', () => {
  test.use({ javaScriptEnabled: false });

  test('the header already shows their account, and no cache keeps the page', async ({ page }) => {
    await signIn(page, demo.customer);
    const response = await page.goto('/');
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers().vary).toMatch(/Cookie/);
    await expect(page.getByRole('banner').getByRole('button', { name: words.ar.auth.logIn, exact: true })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: words.ar.dashboard.name }).first()).toBeVisible();
  });
});

test.describe('the checkout, drawn before the cart is read', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, demo.customer);
    // A test in the cart, kept by the browser: the server never sees it.
    await page.addInitScript((item) => localStorage.setItem('tahaleel.labCart', JSON.stringify([item])), labCartItem());
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('arrives with its heading, payment and place-holders, and nothing to press yet', async ({ page }) => {
      const response = await page.goto('/checkout');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.ar.booking.checkout);
      await expect(page.getByText('لن يُخصم أي مبلغ من بطاقتك')).toBeVisible();
      await expect(page.locator('ul[aria-busy="true"] .chakra-skeleton')).toHaveCount(4);
      await expect(page.getByTestId('checkout-item')).toHaveCount(0);
      await expect(page.getByTestId('pay')).toBeDisabled();
    });
  });

  test('is taken over as drawn, then shows the cart and its total', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/checkout');
    await expect(page.locator('#root')).toHaveAttribute('data-server-locale', 'ar');
    await expect(page.getByTestId('checkout-item')).toHaveText(/فيتامين د/);
    await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
    // 149 SAR, and the Basic plan's booking fee on it.
    await expect(page.getByTestId('checkout-subtotal')).toHaveText(/149/);
    await expect(page.getByTestId('pay')).toBeEnabled();
    await expect(page.getByTestId('pay')).toContainText(await page.getByTestId('checkout-total').innerText());
    expect(errors).toEqual([]);
  });
});

test('what a visitor types into the address stays text in the server-drawn page', async ({ page }) => {
  const payload = '</script><script>window.__injected = 1</script><img src=x onerror="window.__injected = 2">';
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  await page.goto(`/search?query=${encodeURIComponent(payload)}`);
  await expect(page.getByRole('searchbox').or(page.getByLabel(words.ar.search.testName)).first()).toHaveValue(payload.slice(0, 100));
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("the app keeps the server's page-wide styles where they are, and a page the client draws brings its own", async ({ page }) => {
  // Moving a <style> tag restyles and lays out the whole page again: taking a page over moves none.
  await page.addInitScript(() => {
    const counted = window as unknown as { removedStyles: string[] };
    counted.removedStyles = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof HTMLStyleElement) counted.removedStyles.push(node.dataset.emotion ?? 'a style');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const brandSolid = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid').trim());
  for (const path of ['/', '/store']) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { removedStyles: string[] }).removedStyles)).toEqual([]);
    expect(await brandSolid()).not.toBe('');
  }

  // The page after a payment is drawn by the client alone: Chakra's reset, tokens and global styles come with the app.
  await page.goto('/success');
  await expect(page.locator('#root')).not.toHaveAttribute('data-server-locale');
  expect(await brandSolid()).not.toBe('');
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});

test("another spelling of a page's address arrives drawn as that page, and the address bar gets the spelling its links use", async ({
  page,
}) => {
  // `%28`/`%29` for the brackets, as some mail and chat apps write links: the router's own address has them plain.
  // TanStack Router's server handler reads the address decoded, so it draws the page itself (no redirect).
  const respelled = '/test/Complete%20Blood%20Count%20%28CBC%29';
  const answer = await page.request.get(respelled, { maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html.slice(html.indexOf('<h1'))).toContain(words.ar.catalogue.cbc);

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(respelled);
  expect(new URL(page.url()).pathname).toBe(CBC);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(words.ar.catalogue.cbc);
  expect(errors).toEqual([]);
});

test('a test, lab, category or product that does not exist is answered 404, and the page says so', async ({ page }) => {
  const missing = [
    ['/test/No%20Such%20Test', 'التحليل غير موجود'],
    ['/labs/00000000-0000-4000-8000-000000000000', 'المختبر غير موجود'],
    // An address that is no lab's id at all answers as an unknown id does, not with an error.
    ['/labs/not-a-lab', 'المختبر غير موجود'],
    ['/categories/No%20Such%20Category', 'الفئة غير موجودة'],
  ] as const;
  const errors: string[] = [];
  page.on('console', (message) => {
    // The document's own 404 is what the browser logs for it; anything else (a hydration mismatch) is a fault.
    if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
  });
  for (const [path, heading] of missing) {
    // Drawn so by the server, not "Loading…" until the browser asks again, and taken over as drawn.
    const html = await (await page.request.get(path)).text();
    expect(html.slice(html.indexOf('id="root"')), path).toContain(heading);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  expect(errors).toEqual([]);
  expect((await page.request.get('/product/999999')).status()).toBe(404);
  expect((await page.request.get('/product/not-a-product')).status()).toBe(404);
  expect((await page.goto(CBC))?.status()).toBe(200);
});
