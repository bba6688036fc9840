import { chooseFreeSlot, expect, type Locator, languages, type Page, readInLanguage, signUpThroughApi, test } from './fixtures.ts';
import { expectNoViolations, expectTitleNamingThePage, settled } from './site-pages.ts';
import { words } from './words.ts';

// WCAG 2.1 A and AA in the open states that matter, in Arabic and in English: the auth modal, toasts,
// the lab cart, the booking panel and the checkout. No rule is disabled. Every page as it opens, its
// dashboards' sections, the phone's menu and the focus on every tab stop: site-walk.spec.ts.

/** Waits until the page shows its data: its heading, no loading overlay, no skeletons. */
async function rendered(page: Page, ready?: (page: Page) => Locator) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  if (ready) await expect(ready(page).first()).toBeVisible();
  await expect(page.locator('.chakra-skeleton')).toHaveCount(0);
  await settled(page);
}

for (const { language, locale } of languages) {
  const w = words[locale];

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
  });
}
