import { chooseFreeSlot, expect, languages, readInLanguage, signUp, test } from './fixtures.ts';
import { words } from './words.ts';

for (const { language, locale } of languages) {
  test(`booking in ${language}: test page → lab, date, time → checkout → confirmation → dashboard`, async ({ page }) => {
    test.setTimeout(60_000);
    await readInLanguage(page, locale);
    await page.goto('/');
    await signUp(page, locale, { name: 'Booking Tester' });

    await page.goto(`/test/${encodeURIComponent('Complete Blood Count (CBC)')}`);
    const offer = page.getByTestId('lab-offer').first();
    const labName = (await offer.getByRole('link').first().innerText()).trim();
    await offer.getByRole('button', { name: words[locale].booking.bookNow }).click();
    const confirm = page.getByTestId('confirm-book-now');
    await expect(confirm).toBeDisabled();
    await chooseFreeSlot(page, locale);
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-item')).toContainText(labName);
    await page.getByTestId('pay').click();
    await expect(page.getByText(words[locale].booking.confirmed)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    const booking = page.getByTestId('my-booking').first();
    await expect(booking).toContainText(labName);
    await expect(booking).toContainText(/CBC/);
  });
}

test('checkout with an empty cart goes home', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/$/);
});

test('Book Now without an account asks to log in, sign up, or go on as a guest', async ({ page }) => {
  await page.goto(`/test/${encodeURIComponent('Complete Blood Count (CBC)')}`);
  await page.getByTestId('lab-offer').first().getByRole('button', { name: words.ar.booking.bookNow }).click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal.getByText('للحجز، سجّل الدخول أو أنشئ حسابًا أو تابع كزائر.')).toBeVisible();
  await expect(modal.getByRole('button', { name: words.ar.auth.bookAsGuest })).toBeVisible();
});
