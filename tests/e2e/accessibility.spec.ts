import AxeBuilder from '@axe-core/playwright';
import {
  chooseFreeSlot,
  demo,
  expect,
  type Locator,
  languages,
  openReaderPage,
  type Page,
  readInLanguage,
  signIn,
  signUpThroughApi,
  test,
} from './fixtures.ts';
import { words } from './words.ts';

// WCAG 2.1 A and AA on every route of spec §2, in Arabic and in English, and in the open states
// that matter (auth modal, mobile menu, lab cart, booking panel). No rule is disabled.
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on what is on screen and fails with one readable line per offending node. */
async function expectNoViolations(page: Page) {
  // Colours are measured as they end, not halfway through a transition (a slot just chosen fades into
  // the brand colour: caught mid-fade, its text measured 3.05:1 once in CI).
  // (An endless animation, a spinner's, is not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' > ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
    ),
  );
  expect(report, `axe violations on ${page.url()}`).toEqual([]);
}

/** Waits until the page shows its data: its heading, no loading overlay, no skeletons. */
async function rendered(page: Page, ready?: (page: Page) => Locator) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  if (ready) await expect(ready(page).first()).toBeVisible();
  await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
  await settled(page);
}

/** Dialogs, drawers and toasts fade in: measure colours once they have (spinners never stop). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Every stop that Tab reaches on the page shows a focus indicator (an outline or Chakra's ring). */
async function expectVisibleFocusOnEveryTabStop(page: Page) {
  const withoutRing: string[] = [];
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return 'end';
      if (element.dataset.a11yVisited) return 'end';
      element.dataset.a11yVisited = 'true';
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return ring ? 'ok' : element.outerHTML.slice(0, 120);
    });
    if (stop === 'end') break;
    if (stop !== 'ok') withoutRing.push(stop);
  }
  expect(withoutRing, `focus without a visible indicator on ${page.url()}`).toEqual([]);
}

interface RouteCase {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  ready?: (page: Page) => Locator;
  /** Its title is the spec's own (a product: "{title} - Our Store"), without the site's name. */
  untitled?: true;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title names the page first, then the site (WCAG 2.4.2): "<h1 …> | Tahaleel". */
async function expectTitleNamingThePage(page: Page) {
  const heading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(heading)}.* \\| (تحاليل|Tahaleel)$`));
}

/** A real lab's page: the first one the labs page lists. */
async function firstLabPath(page: Page): Promise<string> {
  await page.goto('/labs');
  const href = await page
    .getByRole('listitem')
    .getByRole('link')
    .filter({ has: page.getByTestId('lab-card') })
    .first()
    .getAttribute('href');
  return href!;
}

// The routes of spec §2 (as in routes.spec.ts), with seeded values for the parameters.
const routes: RouteCase[] = [
  { name: 'home', path: '/', ready: (page) => page.getByTestId('category-card') },
  { name: 'about', path: '/about' },
  { name: 'pricing', path: '/pricing' },
  { name: 'categories', path: '/categories', ready: (page) => page.getByTestId('category-card') },
  { name: 'category', path: '/categories/Blood%20Tests', ready: (page) => page.getByTestId('test-card') },
  { name: 'labs', path: '/labs', ready: (page) => page.getByTestId('lab-card') },
  { name: 'lab', path: firstLabPath, ready: (page) => page.getByRole('heading', { level: 2 }) },
  { name: 'unknown lab', path: '/labs/00000000-0000-0000-0000-000000000000' },
  { name: 'search', path: '/search?query=vitamin', ready: (page) => page.getByTestId('search-result') },
  { name: 'test', path: '/test/Complete%20Blood%20Count%20(CBC)', ready: (page) => page.getByTestId('lab-offer') },
  { name: 'store', path: '/store', ready: (page) => page.getByTestId('product-card') },
  { name: 'product', path: '/product/1', untitled: true },
  { name: 'success', path: '/success' },
  { name: 'privacy policy', path: '/privacy-policy' },
  { name: 'terms and conditions', path: '/terms-and-conditions' },
  { name: 'join as lab', path: '/join-as-lab' },
  { name: 'not found', path: '/no-such-page' },
];

for (const { language, locale } of languages) {
  const w = words[locale];

  // The routes are only read: one page goes through them all, in order (see `openReaderPage`).
  test.describe(`accessibility in ${language}: every route`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    test.beforeAll(async ({ browser, appServer }) => {
      page = await openReaderPage(browser, appServer, locale);
    });
    test.afterAll(() => page.context().close());

    for (const route of routes) {
      test(`the ${route.name} page has no axe violations`, async () => {
        const path = typeof route.path === 'string' ? route.path : await route.path(page);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await rendered(page, route.ready);
        await expectNoViolations(page);
        if (!route.untitled) await expectTitleNamingThePage(page);
      });
    }
  });

  test.describe(`accessibility in ${language}`, () => {
    test.beforeEach(({ page }) => readInLanguage(page, locale));

    test('the auth modal has no axe violations when logging in and signing up', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/');
      await rendered(page);
      await page.getByRole('banner').getByRole('button', { name: w.auth.logIn }).click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal).toBeVisible();
      await settled(page);
      await expectNoViolations(page);

      await modal.getByRole('button', { name: w.auth.signUp }).click();
      await expect(modal.getByRole('radiogroup')).toBeVisible();
      await expectNoViolations(page);
      // A lab signs up with a license number too.
      await modal.getByRole('radio').last().click();
      await expect(modal.getByRole('textbox')).toHaveCount(4);
      await expectNoViolations(page);
      // Sent empty: the fields show the server's errors (red text on white must still read) and an error toast says why.
      await modal.getByTestId('consent-checkbox').click();
      await modal.getByRole('button', { name: w.auth.createAccount }).click();
      await expect(modal.locator('[aria-invalid="true"]').first()).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
    });

    test('warning, information and success toasts have no axe violations', async ({ page }) => {
      // Three pages, each checked by axe: 30–40 s alone, over a minute beside the other worker in CI.
      test.setTimeout(120_000);
      const toast = page.locator('[data-scope="toast"][data-part="root"]');
      await page.goto('/');
      await rendered(page);
      await page.getByRole('button', { name: w.search.search, exact: true }).click();
      await expect(toast).toHaveAttribute('data-type', 'warning');
      await settled(page);
      await expectNoViolations(page);

      await page.goto('/categories/Blood%20Tests');
      await rendered(page, (page) => page.getByTestId('test-card'));
      await page.getByRole('button', { name: w.common.filter }).click();
      await expect(toast).toHaveAttribute('data-type', 'info');
      await settled(page);
      await expectNoViolations(page);

      // A visitor's cart holds nothing on the server, so this takes no time from other tests.
      await page.goto('/test/Complete%20Blood%20Count%20(CBC)');
      await rendered(page, (page) => page.getByTestId('lab-offer'));
      await page.getByTestId('lab-offer').last().getByRole('button', { name: w.booking.addToCart }).click();
      await chooseFreeSlot(page, locale, { pick: 'last' });
      await page.getByTestId('booking-panel').getByRole('button', { name: w.booking.addToCart }).click();
      await expect(toast).toHaveAttribute('data-type', 'success');
      await settled(page);
      await expectNoViolations(page);
    });

    test('the empty lab cart dialog has no axe violations', async ({ page }) => {
      await page.goto('/');
      await rendered(page);
      await page.getByTestId('cart-button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
    });

    test('signed in: the booking panel, the lab cart, checkout and the dashboard with a booking have no axe violations', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      // A customer of its own: one person holds one seat at a time, and the demo customer books in other specs.
      await signUpThroughApi(page, { name: 'Axe Reader' });
      await page.goto('/test/Complete%20Blood%20Count%20(CBC)');
      await rendered(page, (page) => page.getByTestId('lab-offer'));
      // The last lab and its last time, to stay clear of the slots the booking specs take.
      await page.getByTestId('lab-offer').last().getByRole('button', { name: w.booking.bookNow }).click();
      await expect(page.getByTestId('booking-panel')).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
      await chooseFreeSlot(page, locale, { pick: 'last' });
      await expect(page.getByTestId('confirm-book-now')).toBeEnabled();
      await expectNoViolations(page);

      await page.getByTestId('confirm-book-now').click();
      await expect(page).toHaveURL(/\/checkout$/);
      await rendered(page, (page) => page.getByTestId('checkout-item'));
      // The pay button is enabled once the payment method has come, and fades in: measured after.
      await expect(page.getByTestId('pay')).toBeEnabled();
      await settled(page);
      await expectNoViolations(page);
      await expectTitleNamingThePage(page);

      await page.getByTestId('cart-button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // Paid: the dashboard lists the booking with its status badge, and the toast saying so is measured
      // once it has faded in (its region loads on first use, so it can arrive after the list: caught
      // mid-fade, its text measured 1.48:1 once in CI).
      await page.getByTestId('pay').click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
      await expect(page.getByText(w.booking.confirmed)).toBeVisible();
      await rendered(page, (page) => page.getByTestId('my-booking'));
      await expectNoViolations(page);
    });

    test('signed in as a lab and as the admin: the dashboards have no axe violations', async ({ page }) => {
      test.setTimeout(60_000);
      await signIn(page, demo.lab);
      for (const path of ['/dashboard', '/dashboard?section=payments']) {
        await page.goto(path);
        await rendered(page);
        await expectNoViolations(page);
      }

      await page.request.post('/trpc/auth.signOut');
      await signIn(page, demo.admin, { admin: true });
      for (const path of ['/admin/dashboard', '/admin/dashboard?section=payouts', '/admin/dashboard?section=renewals']) {
        await page.goto(path);
        await rendered(page);
        await expectNoViolations(page);
      }
    });

    test('the home page and the open mobile menu have no axe violations on a phone @mobile', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/');
      await rendered(page, (page) => page.getByTestId('category-card'));
      await expectNoViolations(page);
      await page.getByTestId('mobile-menu-button').click();
      await expect(page.getByTestId('mobile-menu')).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
    });
  });
}

// Focus styles do not depend on the language: checked once, in Arabic.
test.describe('visible focus', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser, appServer }) => {
    page = await openReaderPage(browser, appServer, 'ar');
  });
  test.afterAll(() => page.context().close());

  for (const route of routes) {
    test(`every tab stop on the ${route.name} page shows where the focus is`, async () => {
      // A round trip per stop: the search page has some 150 of them.
      test.setTimeout(120_000);
      const path = typeof route.path === 'string' ? route.path : await route.path(page);
      await page.goto(path);
      await rendered(page, route.ready);
      await expectVisibleFocusOnEveryTabStop(page);
    });
  }
});
