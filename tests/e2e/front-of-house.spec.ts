import {
  bookAtDemoLab,
  chooseFreeSlot,
  continueAsGuest,
  demo,
  expect,
  languages,
  openAuthModal,
  readInLanguage,
  signIn,
  signUpThroughApi,
  test,
  trpc,
  uniqueEmail,
} from './fixtures.ts';
import { words } from './words.ts';

// Issue #27 (front of house): what a demanding visitor meets first, in both languages.

const CBC = `/test/${encodeURIComponent('Complete Blood Count (CBC)')}`;

test.describe('every role takes over the server-drawn pages without an error', () => {
  const roles = [
    { role: 'customer', email: demo.customer, dashboard: '/dashboard' },
    { role: 'lab', email: demo.lab, dashboard: '/dashboard' },
    { role: 'admin', email: demo.admin, dashboard: '/admin/dashboard' },
  ] as const;
  for (const { language, locale } of languages) {
    for (const { role, email, dashboard } of roles) {
      test(`a signed-in ${role} in ${language} opens /, /store, /labs and the dashboard with no console error`, async ({ page }) => {
        test.slow();
        await readInLanguage(page, locale);
        await signIn(page, email, { admin: role === 'admin' });
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
        for (const path of ['/', '/store', '/labs', dashboard]) {
          await page.goto(path);
          // A lab or an admin is kept in their own area: sent there by the server, before any drawing.
          await expect(page).toHaveURL(role === 'customer' ? new RegExp(`${path.replace('/', '\\/')}$`) : new RegExp(`${dashboard}$`));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        expect(errors).toEqual([]);
      });
    }
  }
});

for (const { language, locale } of languages) {
  const w = words[locale];

  test(`cancelling a booking in ${language} says what is refunded, and "keep booking" changes nothing`, async ({ page }) => {
    await readInLanguage(page, locale);
    await signUpThroughApi(page, { name: 'Cancel Tester' });
    await bookAtDemoLab(page);
    await page.goto('/dashboard?section=bookings');
    const booking = page.getByTestId('my-booking').first();
    await expect(booking).toContainText(w.dashboard.status.confirmed);

    await booking.getByRole('button', { name: w.dashboard.cancelBooking }).click();
    const dialog = page.getByRole('alertdialog', { name: w.dashboard.cancelThisBooking });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(w.dashboard.refundedInFull);
    await dialog.getByRole('button', { name: w.dashboard.keepBooking }).click();
    await expect(dialog).toBeHidden();
    await expect(booking).toContainText(w.dashboard.status.confirmed);
    const [mine] = await trpc<{ status: string }[]>(page, 'booking.mine', undefined, 'GET');
    expect(mine?.status).toBe('confirmed');

    await booking.getByRole('button', { name: w.dashboard.cancelBooking }).click();
    await dialog.getByRole('button', { name: w.dashboard.cancelBooking }).click();
    await expect(page.getByText(w.dashboard.bookingCancelled, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('my-booking').first()).toContainText(w.dashboard.status.cancelled);
  });

  test(`a visitor books from a test page as a guest in ${language}`, async ({ page, appServer }) => {
    test.setTimeout(60_000);
    await readInLanguage(page, locale);
    await page.goto(CBC);
    await page.getByTestId('lab-offer').first().getByRole('button', { name: w.booking.bookNow }).click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('button', { name: w.auth.bookAsGuest }).click();
    // The guest's number is confirmed by the code sent to it by SMS.
    await continueAsGuest(modal, appServer, locale, { name: 'Fahad', screenshot: `guest-code.${locale}` });
    await expect(modal).toBeHidden();
    // The lab they chose opens its booking at once.
    await chooseFreeSlot(page, locale);
    await page.getByTestId('confirm-book-now').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByTestId('pay').click();
    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('my-booking').first()).toContainText(/CBC/);
  });

  test(`sign-up in ${language} says under each field what is wrong, and keeps what was typed`, async ({ page }) => {
    await readInLanguage(page, locale);
    await page.goto('/');
    const modal = await openAuthModal(page, locale, 'signup');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/auth.signUp')) sent.push(request.url());
    });
    await modal.getByRole('button', { name: w.auth.createAccount }).click();

    const name = modal.getByLabel(w.auth.fullName);
    const email = modal.getByLabel(w.auth.email);
    const password = modal.getByLabel(w.auth.password);
    for (const [field, expected] of [
      [name, w.common.required],
      [email, w.common.required],
      [password, w.auth.atLeast(8)],
    ] as const) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(expected);
    }
    // Consent is asked for at its checkbox, not only in a passing message.
    const consent = modal.getByRole('checkbox', { name: w.auth.termsConsent });
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    const consentMessage = page.locator(`[id="${await consent.getAttribute('aria-describedby')}"]`);
    await expect(consentMessage).toHaveText(w.auth.consentRequired);
    // The first wrong field takes the focus, and the browser's own bubbles never show.
    await expect(name).toBeFocused();
    expect(await modal.locator('form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);

    const longName = 'ن'.repeat(101);
    await name.fill(longName);
    await email.fill('not-an-address');
    await password.fill('short');
    await expect(modal.getByText(w.auth.atMost(100))).toBeVisible();
    await expect(modal.getByText(w.auth.invalidEmail)).toBeVisible();
    await expect(modal.getByText(w.auth.atLeast(8))).toBeVisible();
    expect(sent).toEqual([]);

    await name.fill('Sara');
    await email.fill(uniqueEmail('sara'));
    await password.fill('a-long-enough-password');
    await modal.getByTestId('consent-checkbox').click();
    await expect(modal.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(name).toHaveValue('Sara');
    await modal.getByRole('button', { name: w.auth.createAccount }).click();
    await expect(page.getByText(w.auth.registered, { exact: true }).first()).toBeVisible();
  });

  test(`sign-in in ${language} checks its fields in the form and keeps the e-mail after a wrong password`, async ({ page }) => {
    await readInLanguage(page, locale);
    await page.goto('/');
    const modal = await openAuthModal(page, locale, 'login');
    await modal.getByRole('button', { name: w.auth.logIn }).click();
    await expect(modal.getByLabel(w.auth.email)).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByLabel(w.auth.password)).toHaveAttribute('aria-invalid', 'true');
    await modal.getByLabel(w.auth.email).fill(demo.customer);
    await modal.getByLabel(w.auth.password).fill('not-the-password');
    await modal.getByRole('button', { name: w.auth.logIn }).click();
    await expect(modal.getByLabel(w.auth.email)).toHaveValue(demo.customer);
    await expect(modal.getByLabel(w.auth.password)).toHaveValue('not-the-password');
  });

  test(`a signed-out visit to /dashboard in ${language} asks to sign in and returns there`, async ({ page }) => {
    await readInLanguage(page, locale);
    await page.goto('/dashboard');
    const modal = page.getByTestId('auth-modal');
    await expect(modal).toBeVisible();
    await modal.getByLabel(w.auth.email).fill(demo.customer);
    await modal.getByLabel(w.auth.password).fill('tahaleel-demo');
    await modal.getByRole('button', { name: w.auth.logIn }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-nav')).toBeVisible();
  });
}

test('the home page counts the tests each category really has', async ({ page }) => {
  const categories = await trpc<{ name_ar: string; test_count: number }[]>(page, 'catalog.categories', undefined, 'GET');
  await page.goto('/');
  const cards = page.getByTestId('category-card');
  await expect(cards.first()).toBeVisible();
  for (const category of categories.slice(1, 4)) {
    const card = cards.filter({ hasText: category.name_ar });
    await expect(card).not.toContainText('+');
    await expect(card).toContainText(String(category.test_count));
  }
});

test('a lab page names its city once', async ({ page }) => {
  const labs = await trpc<{ id: string; city: string; address_ar: string }[]>(page, 'catalog.labs', undefined, 'GET');
  const jeddah = labs.find((lab) => lab.address_ar.includes(words.ar.cities.jeddah));
  test.skip(!jeddah, 'no lab in the seed names Jeddah in its address');
  await page.goto(`/labs/${jeddah!.id}`);
  const address = page.getByText(jeddah!.address_ar).first();
  await expect(address).toBeVisible();
  expect((await address.innerText()).split(words.ar.cities.jeddah).length - 1).toBe(1);
});

test("the footer's copyright names this year", async ({ page }) => {
  const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Riyadh' }).format(new Date());
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${year} تحاليل`);
});

// Item 12: one formatter per kind — riyals, phones, opening hours, times of day — on every page.
for (const { language, locale } of languages) {
  const w = words[locale];

  test(`a lab page in ${language} writes its prices, phone and hours one way`, async ({ page }) => {
    await readInLanguage(page, locale);
    const labs = await trpc<{ id: string; lab_name_en: string }[]>(page, 'catalog.labs', undefined, 'GET');
    const allDay = labs.find((lab) => lab.lab_name_en === 'Bayan Medical Laboratories');
    expect(allDay, 'the seed has a lab open around the clock').toBeDefined();
    await page.goto(`/labs/${allDay!.id}`);
    await expect(page.getByRole('link', { name: '+966 11 293 0417' })).toHaveAttribute('href', 'tel:+966112930417');
    // Open every day, all day: said so, not "12:00 ص – 11:59 م".
    await expect(page.getByText(w.lab.openAllDay, { exact: true })).toHaveCount(7);
    await expect(page.getByText(/11:59/)).toHaveCount(0);
    // Every price as formatSar writes it: grouped Latin digits, the symbol, a no-break space, no direction marks.
    const prices = await page
      .locator('main bdi')
      .filter({ hasText: locale === 'ar' ? 'ر.س' : 'SAR' })
      .allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices)
      expect(price).toMatch(locale === 'ar' ? /^\d{1,3}(,\d{3})*\.\d{2}\u00a0ر\.س$/ : /^SAR\u00a0\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  test(`a lab's working hours in ${language} offer times as the page writes them`, async ({ page }) => {
    await readInLanguage(page, locale);
    await signIn(page, demo.lab);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-nav').getByRole('button', { name: w.dashboard.nav.settings }).click();
    const opening = page.getByTestId('lab-profile-form').getByTestId('working-day').first().getByRole('combobox').first();
    await expect(opening).toBeVisible();
    const shown = await opening.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
    expect(shown).toMatch(locale === 'ar' ? /^\d{1,2}:\d{2}\s?[صم]$/ : /^\d{1,2}:\d{2}\s?(AM|PM)$/);
    const choices = await opening.evaluate((select: HTMLSelectElement) => [...select.options].map((option) => option.textContent));
    expect(choices.join(' ')).not.toMatch(locale === 'ar' ? /AM|PM/ : /[صم]/);
  });
}

// Item 14: the footer links only to the accounts the operator set (SOCIAL_*_URL), never to "#".
test('the footer links to the social accounts that are set, and to nothing else', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  const social = footer.getByRole('group', { name: words.ar.footer.followUs });
  await expect(social.getByRole('link')).toHaveText(['X', 'Instagram']);
  await expect(social.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/tahaleel');
  await expect(footer.locator('a[href="#"]')).toHaveCount(0);
});
