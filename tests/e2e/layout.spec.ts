import type { Browser, BrowserContext } from '@playwright/test';
import {
  answeredAboutYou,
  chooseFreeSlot,
  clientAddress,
  DEMO_PASSWORD,
  demo,
  expect,
  type Language,
  languages,
  openAuthModal,
  type Page,
  readInLanguage as readingIn,
  signIn,
  test,
  trpc,
} from './fixtures.ts';
import { CBC, dashboardPaths, publicPaths } from './site-pages.ts';
import { words } from './words.ts';

// No page is wider than a phone's screen (360 and 390 px), in either language, signed out or in as
// each role: a page wider than the screen opens scrolled sideways and clips its edge. One browser
// context per role, one walk per language; each page, once open, is measured at both widths, as a
// phone's screen is resized (both are below Chakra's first breakpoint, so the same layout rules apply).
const WIDTHS = [360, 390] as const;
const HEIGHT = 780;

async function phoneContext(browser: Browser, baseURL: string, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: WIDTHS[0], height: HEIGHT },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  await readingIn(context, language);
  await answeredAboutYou(context);
  return context;
}

/** Opens a page once the app has taken it over and its data has come (no loading overlay, no skeletons). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
}

/** At each phone width, the page's width beyond the screen's, with the widest elements named when there is any. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await expectFitting(page, `${where} at ${width} px`);
  }
}

async function expectFitting(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const root = document.documentElement;
    if (root.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''}`);
    return `${root.scrollWidth} px on a ${width} px screen (${culprits.join(', ')})`;
  });
  expect(overflow, where).toBeNull();
}

/** The CBC test and its first lab, as the booking pages show them. */
async function firstCbcLab(context: BrowserContext): Promise<string> {
  const cbc = await trpc<{ id: number }>(context, 'catalog.test', { nameEn: 'Complete Blood Count (CBC)' }, 'GET');
  const [lab] = await trpc<{ id: string }[]>(context, 'catalog.labsForTest', { testId: cbc.id }, 'GET');
  return lab!.id;
}

const roles = [
  { name: 'customer', email: demo.customer, admin: false, paths: dashboardPaths.customer },
  { name: 'lab', email: demo.lab, admin: false, paths: dashboardPaths.lab },
  { name: 'admin', email: demo.admin, admin: true, paths: dashboardPaths.admin },
];

// One test per role, so that the two workers share the walks and each has a time limit of its own.
for (const { language, locale } of languages) {
  test.describe(`no page is wider than a ${WIDTHS.join(' or ')} px phone, in ${language}`, () => {
    const w = words[locale];

    test('signed out', async ({ browser, baseURL }) => {
      test.setTimeout(150_000);
      const visitor = await phoneContext(browser, baseURL!, locale);
      const page = await visitor.newPage();
      for (const path of publicPaths) {
        await open(page, path);
        await expectNoSidewaysScroll(page, path);
      }

      // A lab's page, and a test page with that lab chosen and its free times shown.
      const labId = await firstCbcLab(visitor);
      await open(page, `/labs/${labId}`);
      await expectNoSidewaysScroll(page, '/labs/{id}');
      await open(page, `${CBC}?lab_id=${labId}`);
      await expectNoSidewaysScroll(page, 'the booking calendar');
      await chooseFreeSlot(page, locale);
      await expectNoSidewaysScroll(page, 'the booking calendar with its free times');

      // The sign-in modal over it fits the screen, and its backdrop covers all of it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const modal = await openAuthModal(page, locale, 'login');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        const box = (await modal.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        const backdrop = (await page.locator('.chakra-dialog__backdrop').boundingBox())!;
        expect(backdrop).toMatchObject({ x: 0, y: 0, width, height: HEIGHT });
        await expectFitting(page, `the sign-in modal at ${width} px`);
      }
      await visitor.close();
    });

    for (const role of roles) {
      test(`as the ${role.name}`, async ({ browser, baseURL }) => {
        test.setTimeout(120_000);
        const context = await phoneContext(browser, baseURL!, locale);
        await signIn(context, role.email, { admin: role.admin, password: DEMO_PASSWORD });
        const signedIn = await context.newPage();
        for (const path of role.paths) {
          await open(signedIn, path);
          await expectNoSidewaysScroll(signedIn, `${path} as ${role.email}`);
        }
        if (role.name === 'customer') {
          // The checkout, with a booking in the cart.
          await open(signedIn, `${CBC}?lab_id=${await firstCbcLab(context)}`);
          await chooseFreeSlot(signedIn, locale, { pick: 'last' });
          await signedIn.getByTestId('booking-panel').getByRole('button', { name: w.booking.addToCart }).click();
          // In the cart (its hold taken) before going on, or the checkout finds it empty and goes home.
          await expect(signedIn.locator('[data-scope="toast"][data-part="root"]')).toHaveAttribute('data-type', 'success');
          await open(signedIn, '/checkout');
          await expect(signedIn).toHaveURL(/\/checkout/);
          await expectNoSidewaysScroll(signedIn, '/checkout');
        }
        await context.close();
      });
    }
  });
}
