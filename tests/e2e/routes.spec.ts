import { expect, languages, openReaderPage, type Page, readInLanguage, test } from './fixtures.ts';
import { words } from './words.ts';

// Every route of spec §2 answers, and says which page it is (never the not-found page).
const routes: { path: string; heading: RegExp; status?: number }[] = [
  { path: '/', heading: /احجز تحليلك/ },
  { path: '/about', heading: /من نحن/ },
  { path: '/pricing', heading: /الباقات والأسعار/ },
  { path: '/categories', heading: /فئات التحاليل/ },
  { path: '/categories/Blood%20Tests', heading: /تحاليل الدم/ },
  { path: '/labs', heading: /المختبرات/ },
  { path: '/search?query=CBC', heading: /نتائج البحث/ },
  { path: '/test/Complete%20Blood%20Count%20(CBC)', heading: /صورة الدم الكاملة/ },
  // A lab that does not exist: the lab page's own "not found" state, answered 404 for search engines.
  { path: '/labs/00000000-0000-0000-0000-000000000000', heading: /المختبر غير موجود/, status: 404 },
  // An empty cart's checkout sends the visitor home (the full flow: booking.spec.ts).
  { path: '/checkout', heading: /احجز تحليلك/ },
  // The dashboards answer too, and send a visitor home (signed-in views: auth.spec.ts).
  { path: '/dashboard', heading: /احجز تحليلك/ },
  { path: '/admin/dashboard', heading: /احجز تحليلك/ },
  { path: '/store', heading: /متجرنا/ },
  { path: '/product/1', heading: /اختبار فيتامين د المنزلي/ },
  { path: '/store/checkout/00000000-0000-0000-0000-000000000000', heading: /دفع آمن/ },
  { path: '/success', heading: /تمّ الدفع بنجاح/ },
  { path: '/privacy-policy', heading: /سياسة الخصوصية/ },
  { path: '/terms-and-conditions', heading: /الشروط والأحكام/ },
  { path: '/join-as-lab', heading: /انضم إلى تحاليل/ },
];

// Only read: one page goes through them in order (see `openReaderPage`).
test.describe('every route', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser, appServer }) => {
    // A first visit's language: Arabic.
    page = await openReaderPage(browser, appServer);
  });
  test.afterAll(() => page.context().close());

  for (const route of routes) {
    test(`${route.path} answers with its own page`, async () => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status ?? 200);
      // The page's own h1, by its tag: a dashboard sends a visitor home with its sign-in dialog open, and an
      // open dialog hides the page behind it from the accessibility tree (the heading's role with it).
      await expect(page.locator('h1')).toHaveText(route.heading);
    });
  }
});

for (const { language, locale } of languages) {
  test(`an unknown address is answered 404 with the not-found page, drawn in ${language}`, async ({ page }) => {
    await readInLanguage(page, locale);
    for (const path of ['/no-such-page', '/labs/some-lab/extra', '/dashboard/nothing']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[locale].common.notFound);
    }
    // Drawn on the server: the page says so before any script runs.
    const html = await (await page.request.get('/no-such-page')).text();
    expect(html).toContain(`lang="${locale}"`);
    expect(html).toContain(words[locale].common.notFound);
  });
}
