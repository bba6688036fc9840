import { randomUUID } from 'node:crypto';
import { expect, type Page, readInLanguage, test } from './fixtures.ts';
import { words } from './words.ts';

const footerPaths = ['/', '/categories', '/pricing', '/labs', '/about', '/join-as-lab'];

const metaDescription = (page: Page) => page.locator('meta[name="description"]');

for (const locale of ['ar', 'en'] as const) {
  const w = words[locale];

  test.describe(`marketing pages in ${locale === 'ar' ? 'Arabic' : 'English'}`, () => {
    test.beforeEach(async ({ page }) => {
      await readInLanguage(page, locale);
    });

    test('the home page shows how it works, the figures, six reasons, three testimonials and a way in for labs', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.home.heading);
      await expect(page).toHaveTitle(`${w.home.heading} | ${w.site}`);
      await expect(metaDescription(page)).toHaveAttribute('content', w.home.description);

      await expect(page.getByRole('heading', { name: w.home.howItWorks })).toBeVisible();
      await expect(page.getByTestId('how-it-works-step')).toHaveCount(4);
      const claims = page.getByTestId('marketing-claim');
      await expect(claims).toHaveCount(4);
      for (const [index, [figure, label]] of w.home.claims.entries()) {
        await expect(claims.nth(index).getByText(figure, { exact: true })).toBeVisible();
        await expect(claims.nth(index).getByText(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('heading', { name: w.home.whyUs })).toBeVisible();
      await expect(page.getByTestId('why-choose-us-reason')).toHaveCount(6);
      await expect(page.getByRole('heading', { name: w.home.testimonials })).toBeVisible();
      await expect(page.getByTestId('testimonial')).toHaveCount(3);

      await page.getByRole('main').getByRole('link', { name: w.home.labCta }).click();
      await expect(page).toHaveURL(/\/join-as-lab$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.join.heading);
    });

    test('the about page tells the story, the mission and the vision', async ({ page }) => {
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.about.heading);
      await expect(page).toHaveTitle(`${w.about.heading} | ${w.site}`);
      for (const heading of [w.about.story, w.about.mission, w.about.vision]) {
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }
      await expect(page.getByTestId('marketing-claim')).toHaveCount(4);
    });

    test('the join-as-lab page opens sign-up as a lab with Join Now and login with Log in', async ({ page }) => {
      await page.goto('/join-as-lab');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.join.heading);
      await expect(page).toHaveTitle(`${w.join.heading} | ${w.site}`);

      await page.getByRole('main').getByRole('button', { name: w.join.joinNow }).click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal.getByRole('radio', { name: w.auth.lab })).toHaveAttribute('aria-checked', 'true');
      await expect(modal.getByLabel(w.auth.labName)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      await page.getByRole('main').getByRole('button', { name: w.auth.logIn, exact: true }).click();
      await expect(modal.getByRole('heading', { name: w.auth.logIn })).toBeVisible();
      await expect(modal.getByRole('radio')).toHaveCount(0);
    });

    test('the privacy policy is dated 2 October 2025 and explains the PDPL and how results are protected', async ({ page }) => {
      await page.goto('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.legal.privacy.heading);
      await expect(page).toHaveTitle(`${w.legal.privacy.heading} | ${w.site}`);
      await expect(page.getByTestId('legal-updated')).toHaveText(w.legal.privacy.date);
      for (const mention of w.legal.privacy.mentions) await expect(page.getByText(mention).first()).toBeVisible();

      await page.getByRole('navigation', { name: w.legal.contents }).getByRole('link', { name: w.legal.privacy.results }).click();
      await expect(page).toHaveURL(/#lab-results$/);
      await expect(page.getByRole('heading', { name: w.legal.privacy.results })).toBeInViewport();
      await expect(page.getByText(w.legal.privacy.resultsText)).toBeVisible();
    });

    test('the terms are dated 2 October 2025, set Saudi law and cancellation rules, and link to the privacy policy', async ({ page }) => {
      await page.goto('/terms-and-conditions');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.legal.terms.heading);
      await expect(page).toHaveTitle(`${w.legal.terms.heading} | ${w.site}`);
      await expect(page.getByTestId('legal-updated')).toHaveText(w.legal.terms.date);
      await expect(page.getByText(w.legal.terms.law)).toBeVisible();
      await expect(page.getByText(w.legal.terms.cancellation)).toBeVisible();

      await page.getByRole('main').getByRole('link', { name: w.legal.terms.privacyLink }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.legal.privacy.heading);
    });

    test('every footer link leads to its page, and Admin Login opens the admin modal', async ({ page }) => {
      await page.goto('/about');
      const footer = page.getByRole('contentinfo');
      for (const [index, name] of w.footer.links.entries()) {
        await footer.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${footerPaths[index]}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(w.common.notFound);
      }
      await footer.getByRole('link', { name: w.footer.privacy }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.legal.privacy.heading);
      await footer.getByRole('link', { name: w.footer.terms }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.legal.terms.heading);

      await footer.getByRole('button', { name: w.auth.adminLogin }).click();
      await expect(page.getByTestId('auth-modal').getByRole('heading', { name: w.auth.adminLogin })).toBeVisible();
    });

    test('the newsletter takes a new e-mail, takes it again without complaint, and clears the field each time', async ({ page }) => {
      await page.goto('/about');
      const form = page.getByTestId('newsletter-form');
      const input = form.getByLabel(w.newsletter.label);
      const email = `reader-${randomUUID()}@example.sa`;

      for (const typed of [email, email.toUpperCase()]) {
        await input.fill(typed);
        const answer = page.waitForResponse((response) => response.url().includes('newsletter.subscribe'));
        await form.getByRole('button', { name: w.newsletter.subscribe }).click();
        expect((await answer).status()).toBe(200);
        await expect(page.getByText(w.newsletter.thanks).last()).toBeVisible();
        await expect(input).toHaveValue('');
        await expect(form.getByText(w.newsletter.invalid)).toHaveCount(0);
      }
    });

    test('the newsletter refuses an invalid e-mail with a clear message and keeps what was typed', async ({ page }) => {
      await page.goto('/');
      const form = page.getByTestId('newsletter-form');
      const input = form.getByLabel(w.newsletter.label);
      await input.fill('reader@');
      await form.getByRole('button', { name: w.newsletter.subscribe }).click();
      await expect(form.getByText(w.newsletter.invalid)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveValue('reader@');

      // Typing again clears the old message.
      await input.fill('reader@example.sa');
      await expect(form.getByText(w.newsletter.invalid)).toHaveCount(0);
    });

    test('the newsletter says how long to wait when the server limits subscriptions', async ({ page }) => {
      // The real limit is covered by the integration tests; here the server's answer is replayed so
      // this test does not use up the shared address's allowance.
      await page.route('**/trpc/newsletter.subscribe**', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify([
            {
              error: {
                message: 'RATE_LIMITED',
                code: -32029,
                data: {
                  code: 'TOO_MANY_REQUESTS',
                  httpStatus: 429,
                  appCode: 'RATE_LIMITED',
                  details: { retryAfterSeconds: 1800 },
                  fieldErrors: null,
                  formErrors: null,
                },
              },
            },
          ]),
        }),
      );
      await page.goto('/');
      const form = page.getByTestId('newsletter-form');
      const input = form.getByLabel(w.newsletter.label);
      await input.fill('reader@example.sa');
      await form.getByRole('button', { name: w.newsletter.subscribe }).click();
      await expect(form.getByText(w.newsletter.rateLimited)).toBeVisible();
      await expect(input).toHaveValue('reader@example.sa');
    });
  });
}

test.describe('page titles, descriptions and direction', () => {
  test('the title and description follow a language switch', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page).toHaveTitle(`${words.ar.legal.terms.heading} | ${words.ar.site}`);
    await expect(metaDescription(page)).toHaveAttribute('content', /^شروط استخدام تحاليل/);
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveTitle(`${words.en.legal.terms.heading} | ${words.en.site}`);
    await expect(metaDescription(page)).toHaveAttribute('content', /^The terms for using Tahaleel/);
  });

  test('a page without its own title does not keep the previous page title', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(`${words.ar.about.heading} | ${words.ar.site}`);
    await page.getByRole('banner').getByRole('link', { name: words.ar.menu.store }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page).not.toHaveTitle(new RegExp(words.ar.about.heading));
  });

  test('in Arabic the steps run right to left and the arrow points left; in English the reverse', async ({ page }) => {
    await page.goto('/');
    for (const locale of ['ar', 'en'] as const) {
      await page.evaluate((value) => localStorage.setItem('tahaleel.locale', value), locale);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      const steps = page.getByTestId('how-it-works-step');
      const first = (await steps.nth(0).boundingBox())!;
      const second = (await steps.nth(1).boundingBox())!;
      expect(locale === 'ar' ? first.x > second.x : first.x < second.x).toBe(true);
      const arrow = page.getByRole('main').getByRole('link', { name: words[locale].home.labCta }).locator('svg');
      const transform = await arrow.evaluate((element) => getComputedStyle(element).transform);
      expect(transform).toBe(locale === 'ar' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');
    }
  });
});

test.describe('marketing pages on a phone', () => {
  for (const locale of ['ar', 'en'] as const) {
    test(`nothing overflows sideways in ${locale === 'ar' ? 'Arabic' : 'English'} @mobile`, async ({ page }) => {
      await readInLanguage(page, locale);
      for (const path of ['/', '/about', '/join-as-lab', '/privacy-policy', '/terms-and-conditions']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      }
    });
  }
});
