import { expect, type Locator, readInLanguage, test } from './fixtures.ts';
import { words } from './words.ts';

test.describe('bilingual shell', () => {
  test('the home page renders in Arabic, right to left, by default', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('احجز تحليلك بأفضل سعر وأقرب مختبر');
    // Categories come from the seeded database through tRPC.
    await expect(page.getByTestId('category-card')).toHaveCount(10);
    await expect(page.getByText('تحاليل الدم')).toBeVisible();
  });

  test('the language toggle switches to English, left to right, and survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-toggle').click();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your lab test at the best price near you');
    await expect(page.getByText('Blood Tests')).toBeVisible();

    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your lab test at the best price near you');

    await page.getByTestId('language-toggle').click();
    await expect(html).toHaveAttribute('dir', 'rtl');
  });

  test('an empty search warns instead of navigating', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page.getByText('يرجى إدخال كلمة البحث')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a search goes to /search with the query and the typed location', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('اسم التحليل').fill('فيتامين د');
    await page.getByLabel('الموقع').fill('الرياض');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?query=.+&location=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نتائج البحث');
  });

  test('the store darkens its own area only: the header and footer stay as they are, there and after', async ({ page }) => {
    const header = page.getByRole('banner');
    const footer = page.getByRole('contentinfo');
    const background = (element: Locator) => element.evaluate((node) => getComputedStyle(node).backgroundColor);
    await page.goto('/');
    const chrome = { header: await background(header), footer: await background(footer), main: await background(page.locator('main')) };
    await page.goto('/store');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.locator('main')).toHaveClass(/dark/);
    expect(await background(page.locator('main'))).not.toBe(chrome.main);
    expect(await background(header)).toBe(chrome.header);
    expect(await background(footer)).toBe(chrome.footer);
    await page.getByRole('link', { name: 'الرئيسية' }).first().click();
    await expect(page.locator('main')).not.toHaveClass(/dark/);
    expect(await background(header)).toBe(chrome.header);
    expect(await background(page.locator('main'))).toBe(chrome.main);
  });

  for (const screen of ['a desktop', 'a phone @mobile']) {
    test(`going back to the home page from its footer shows the footer where it was, on ${screen}`, async ({ page }) => {
      await page.goto('/');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // Scrolled to the very end, as the sections on the way are drawn and take their real heights.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            await new Promise((resolve) => setTimeout(resolve, 200));
            return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          }),
        )
        .toBe(true);
      const about = page.getByRole('contentinfo').getByRole('link', { name: words.ar.about.heading });
      // Where on the screen the link is (the page above it may settle at other heights meanwhile, as long
      // as the browser keeps what the reader sees in place).
      const where = async () => Math.round((await about.boundingBox())!.y);
      const left = await where();
      await about.click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      // Where the reader was, showing what they left there: the footer's link at the same place on screen.
      await expect.poll(where).toEqual(left);
    });
  }

  for (const language of ['ar', 'en'] as const) {
    test(`a breadcrumb's arrows point from one step to the next, the way the line reads (${language})`, async ({ page }) => {
      await readInLanguage(page, language);
      await page.goto('/categories/Blood%20Tests');
      const first = await page
        .getByRole('navigation', { name: language === 'ar' ? 'مسار التنقل' : 'Breadcrumb' })
        .getByRole('link')
        .first()
        .boundingBox();
      const separator = page.getByTestId('breadcrumb-separator').first();
      const arrow = (await separator.boundingBox())!;
      // The chevron is drawn pointing right; in Arabic it is mirrored, so it points left, to the next step.
      const mirrored = await separator.evaluate((node) => new DOMMatrix(getComputedStyle(node).transform).a < 0);
      const nextIsLeft = first!.x > arrow.x;
      expect(nextIsLeft).toBe(language === 'ar');
      expect(mirrored).toBe(nextIsLeft);
    });
  }

  test('the mobile menu slides in at four fifths of the width @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    const viewport = page.viewportSize()!;
    const box = (await menu.boundingBox())!;
    expect(Math.round(box.width)).toBe(Math.round(viewport.width * 0.8));
    await menu.getByRole('link', { name: 'الفئات' }).click();
    await expect(page).toHaveURL(/\/categories$/);
  });
});
