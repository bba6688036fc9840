import { DEMO_PASSWORD, demo, expect, type Language, type Locator, type Page, readInLanguage, test, uniqueEmail } from './fixtures.ts';
import { words } from './words.ts';

// A whole booking with the keyboard alone: Tab, Shift+Tab, Enter, Space and the arrow keys; no
// mouse, no page.goto after the first page. Each step also checks that the focus can be seen.

/** Presses Tab (or Shift+Tab) until `target` has the focus, as someone would; fails if it is not reachable. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  for (let presses = 0; presses <= limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} cannot be reached with ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused control shows a focus ring (an outline or Chakra's ring shadow), not nothing. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.shadow, 'a visible focus indicator').toBe(true);
}

type Words = (typeof words)[Language];
const arabic = words.ar.auth;

/** The word in either language, for a check that holds whichever language the page is in. */
const eitherLanguage = (pick: (table: Words) => string) => new RegExp(`${pick(words.ar)}|${pick(words.en)}`);

/** Signs up as a new customer through the modal: type, tab, Space for consent, Enter to send. */
async function signUpWithKeyboard(page: Page, language: Language) {
  const w = words[language].auth;
  const opener = page.getByRole('banner').getByRole('button', { name: w.signUp });
  await tabTo(page, opener);
  await expectVisibleFocus(opener);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  // The focus is trapped in the modal from the start.
  await expect(modal.locator(':focus')).toHaveCount(1);
  await expect(modal.getByRole('radio', { checked: true })).toHaveAccessibleName(eitherLanguage((table) => table.auth.customer));

  await tabTo(page, modal.getByLabel(w.fullName));
  await page.keyboard.type('Keyboard Booker');
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel(w.email)).toBeFocused();
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel(w.password)).toBeFocused();
  await page.keyboard.type('keyboard-password');
  await tabTo(page, modal.getByRole('checkbox', { name: w.termsConsent }));
  await page.keyboard.press('Space');
  await expect(modal.getByRole('checkbox', { name: w.termsConsent })).toBeChecked();
  const submit = modal.getByRole('button', { name: w.createAccount });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  // Password hashing is slow on purpose.
  await expect(modal).toBeHidden({ timeout: 15_000 });
}

/** Logs in the demo customer through the modal. */
async function logInWithKeyboard(page: Page, language: Language) {
  const w = words[language].auth;
  const opener = page.getByRole('banner').getByRole('button', { name: w.logIn });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel(w.email)).toBeFocused();
  await page.keyboard.type(demo.customer);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  // Password hashing is slow on purpose.
  await expect(modal).toBeHidden({ timeout: 15_000 });
}

const journeys = [
  { language: 'Arabic', locale: 'ar', account: signUpWithKeyboard, offer: 1 },
  { language: 'English', locale: 'en', account: logInWithKeyboard, offer: 2 },
] as const;

for (const { language, locale, account, offer } of journeys) {
  test(`keyboard only in ${language}: account, search, Book Now, day and time, checkout, pay`, async ({ page }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, locale);
    const w = words[locale];
    await page.goto('/');
    await expect(page.getByTestId('category-card').first()).toBeVisible();

    // The first Tab reaches the skip link, and it shows itself.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: eitherLanguage((table) => table.common.skipToContent) });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await account(page, locale);
    // The button that opened the modal is gone once signed in: the focus goes to the page, not the top.
    await expect(page.locator('main')).toBeFocused();

    const search = page.getByLabel(w.search.testName);
    await tabTo(page, search);
    await page.keyboard.type('CBC');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=CBC/);
    await expect(page.locator('main')).toBeFocused();
    const result = page.getByTestId('search-result').first().getByRole('link').first();
    await tabTo(page, result);
    await expectVisibleFocus(result);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/test\/Complete%20Blood%20Count/);
    // Not the first lab: booking.spec.ts fills that one's first time.
    const lab = page.getByTestId('lab-offer').nth(offer);
    const labName = (await lab.getByRole('link').first().innerText()).trim();
    const bookNow = lab.getByRole('button', { name: w.booking.bookNow });
    await tabTo(page, bookNow);
    await expectVisibleFocus(bookNow);
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('booking-panel');
    await expect(panel.getByRole('heading')).toBeFocused();

    // The month grid is one tab stop; the arrow keys walk the days (forward is left in Arabic).
    const forward = language === 'Arabic' ? 'ArrowLeft' : 'ArrowRight';
    const grid = panel.getByRole('grid');
    await tabTo(page, grid.locator('[data-date][tabindex="0"]'));
    const slots = panel.getByTestId('slot');
    for (let day = 0; ; day++) {
      if (day === 14) throw new Error('no free time in two weeks');
      await page.keyboard.press(forward);
      const focusedDay = grid.locator('[data-date]:focus');
      await expectVisibleFocus(focusedDay);
      await page.keyboard.press('Enter');
      await expect(focusedDay).toHaveAttribute('aria-pressed', 'true');
      await expect(slots.first().or(panel.getByRole('status'))).toBeVisible();
      if (await slots.count()) break;
    }

    // The times are one radio group: Tab in, the arrow keys choose.
    await page.keyboard.press('Tab');
    await expect(slots.first()).toBeFocused();
    await page.keyboard.press('Space');
    await expect(slots.first()).toHaveAttribute('aria-checked', 'true');
    if ((await slots.count()) > 1) {
      await page.keyboard.press('ArrowDown');
      await expect(slots.nth(1)).toBeFocused();
      await expect(slots.nth(1)).toHaveAttribute('aria-checked', 'true');
    }

    const confirm = panel.getByTestId('confirm-book-now');
    await tabTo(page, confirm);
    await expectVisibleFocus(confirm);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toContainText(labName);
    const pay = page.getByTestId('pay');
    await tabTo(page, pay);
    await expectVisibleFocus(pay);
    await page.keyboard.press('Enter');

    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('my-booking').filter({ hasText: labName }).first()).toBeVisible();
  });
}

test('dialogs keep the focus inside while open and give it back on Escape', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('category-card').first()).toBeVisible();
  const logIn = page.getByRole('banner').getByRole('button', { name: arabic.logIn });
  await tabTo(page, logIn);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('auth-modal');
  await expect(modal.getByLabel(arabic.email)).toBeFocused();
  // Shift+Tab from the first field wraps to the modal's last control, never to the page behind it.
  await page.keyboard.press('Shift+Tab');
  await expect(modal.getByRole('button', { name: 'إغلاق' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel(arabic.email)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(logIn).toBeFocused();

  const cart = page.getByTestId('cart-button');
  await tabTo(page, cart, { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cart).toBeFocused();
});
