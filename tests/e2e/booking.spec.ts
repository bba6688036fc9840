import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

interface Words {
  signUp: string;
  fullName: string;
  email: string;
  password: string;
  createAccount: string;
  bookNow: string;
  noTimes: string;
  nextMonth: string;
  pay: string;
  confirmed: string;
  dashboard: string;
}

const arabic: Words = {
  signUp: 'إنشاء حساب',
  fullName: 'الاسم الكامل',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  createAccount: 'إنشاء الحساب',
  bookNow: 'احجز الآن',
  noTimes: 'لا توجد مواعيد متاحة في هذا اليوم',
  nextMonth: 'الشهر التالي',
  pay: 'ادفع',
  confirmed: 'تم تأكيد حجزك!',
  dashboard: 'لوحة التحكم',
};

const english: Words = {
  signUp: 'Sign up',
  fullName: 'Full name',
  email: 'E-mail',
  password: 'Password',
  createAccount: 'Create account',
  bookNow: 'Book Now',
  noTimes: 'No free times on this day',
  nextMonth: 'Next month',
  pay: 'Pay',
  confirmed: 'Your booking is confirmed!',
  dashboard: 'Dashboard',
};

async function signUp(page: Page, words: Words) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: words.signUp }).click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByLabel(words.fullName).fill('Booking Tester');
  await modal.getByLabel(words.email).fill(`booker-${randomUUID()}@example.sa`);
  await modal.getByLabel(words.password).fill('booking-password');
  await modal.getByTestId('consent-checkbox').click();
  await modal.getByRole('button', { name: words.createAccount }).click();
  // Hashing the password (scrypt) takes a moment on a busy machine.
  await expect(modal).toBeHidden({ timeout: 15_000 });
}

/** Clicks days from tomorrow on until one has a free time, then picks the first time. */
async function chooseFirstFreeSlot(page: Page, words: Words) {
  const panel = page.getByTestId('booking-panel');
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 14; attempt++) {
    const dates = await panel.locator('[data-date]:not([disabled])').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-date')!));
    const next = dates.find((date) => date >= tomorrow && !tried.has(date));
    if (!next) {
      await panel.getByRole('button', { name: words.nextMonth }).click();
      continue;
    }
    tried.add(next);
    await panel.locator(`[data-date="${next}"]`).click();
    await expect(panel.getByTestId('slot').first().or(panel.getByText(words.noTimes))).toBeVisible();
    if (await panel.getByTestId('slot').count()) {
      await panel.getByTestId('slot').first().click();
      return;
    }
  }
  throw new Error('no free slot found');
}

for (const [language, words] of [['Arabic', arabic], ['English', english]] as const) {
  test(`booking in ${language}: test page → lab, date, time → checkout → confirmation → dashboard`, async ({ page }) => {
    test.setTimeout(60_000);
    if (language === 'English') await page.addInitScript(() => localStorage.setItem('tahaleel.locale', 'en'));
    await signUp(page, words);

    await page.goto('/test/' + encodeURIComponent('Complete Blood Count (CBC)'));
    const offer = page.getByTestId('lab-offer').first();
    const labName = (await offer.getByRole('link').first().innerText()).trim();
    await offer.getByRole('button', { name: words.bookNow }).click();
    const confirm = page.getByTestId('confirm-book-now');
    await expect(confirm).toBeDisabled();
    await chooseFirstFreeSlot(page, words);
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-item')).toContainText(labName);
    await page.getByTestId('pay').click();
    await expect(page.getByText(words.confirmed)).toBeVisible({ timeout: 15_000 });
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

test('Book Now without an account asks to log in', async ({ page }) => {
  await page.goto('/test/' + encodeURIComponent('Complete Blood Count (CBC)'));
  await page.getByTestId('lab-offer').first().getByRole('button', { name: 'احجز الآن' }).click();
  await expect(page.getByText('يجب تسجيل الدخول للحجز.')).toBeVisible();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
});
