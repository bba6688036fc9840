import { randomUUID } from 'node:crypto';
import { expect, type Page, test, useLanguage } from './fixtures.ts';

/** What a reader sees on the marketing pages, in each language. */
const copy = {
  ar: {
    site: 'تحاليل',
    notFound: 'الصفحة غير موجودة',
    home: {
      h1: 'احجز تحليلك بأفضل سعر وأقرب مختبر',
      description: 'قارن أسعار المختبرات المعتمدة وتقييماتها في جميع أنحاء المملكة، ثم احجز الموعد الذي يناسبك.',
      howItWorks: 'تحليلك في أربع خطوات بسيطة',
      whyUs: 'ستة أسباب لتحجز معنا',
      testimonials: 'يثق بنا عملاء في أنحاء المملكة',
      claims: [
        ['500+', 'مختبر معتمد'],
        ['50,000+', 'تحليل مكتمل'],
        ['4.9/5', 'متوسط تقييم العملاء'],
        ['24–48', 'ساعة لظهور نتائجك'],
      ],
      labCta: 'انضم كمختبر',
    },
    about: { h1: 'من نحن', story: 'قصتنا', mission: 'رسالتنا', vision: 'رؤيتنا' },
    join: { h1: 'انضم إلى تحاليل كمختبر', joinNow: 'انضم الآن', logIn: 'تسجيل الدخول', lab: 'مختبر', labName: 'اسم المختبر' },
    privacy: {
      h1: 'سياسة الخصوصية',
      date: 'آخر تحديث: 2 أكتوبر 2025',
      mentions: ['نظام حماية البيانات الشخصية', 'الهيئة السعودية للبيانات والذكاء الاصطناعي (سدايا)'],
      results: 'كيف نحمي نتائج تحاليلك',
      resultsText: 'أنت، والمختبر الذي أجرى التحليل، والمشرفون المخوّلون',
    },
    terms: {
      h1: 'الشروط والأحكام',
      date: 'آخر تحديث: 2 أكتوبر 2025',
      law: 'تخضع هذه الشروط للأنظمة المعمول بها في المملكة العربية السعودية',
      cancellation: 'يمكنك إلغاء الحجز مجانًا من لوحة التحكم حتى 4 ساعات قبل الموعد.',
      privacyLink: 'سياسة الخصوصية',
    },
    footer: {
      links: ['الرئيسية', 'الفئات', 'الأسعار والباقات', 'المختبرات', 'من نحن', 'انضم كمختبر'],
      privacy: 'سياسة الخصوصية',
      terms: 'الشروط والأحكام',
      adminLogin: 'دخول المشرف',
    },
    newsletter: {
      label: 'بريدك الإلكتروني',
      subscribe: 'اشترك',
      thanks: 'شكرًا لاشتراكك!',
      invalid: 'أدخل بريدًا إلكترونيًا صحيحًا.',
      rateLimited: 'محاولات كثيرة. يرجى المحاولة مجددًا بعد 30 دقيقة.',
    },
  },
  en: {
    site: 'Tahaleel',
    notFound: 'Page not found',
    home: {
      h1: 'Book your lab test at the best price near you',
      description: 'Compare prices and ratings of certified labs across the Kingdom, then book a time that suits you.',
      howItWorks: 'Your lab test in four simple steps',
      whyUs: 'Six reasons to book with us',
      testimonials: 'Trusted by people across the Kingdom',
      claims: [
        ['500+', 'certified labs'],
        ['50,000+', 'tests completed'],
        ['4.9/5', 'average customer rating'],
        ['24–48', 'hours to your results'],
      ],
      labCta: 'Join as a lab',
    },
    about: { h1: 'About us', story: 'Our story', mission: 'Our mission', vision: 'Our vision' },
    join: { h1: 'Join Tahaleel as a lab', joinNow: 'Join Now', logIn: 'Log in', lab: 'Laboratory', labName: 'Lab name' },
    privacy: {
      h1: 'Privacy Policy',
      date: /Last updated: (2 October 2025|October 2, 2025)/,
      mentions: ['Personal Data Protection Law', 'Saudi Data and Artificial Intelligence Authority (SDAIA)'],
      results: 'How we protect your lab results',
      resultsText: 'you, the lab that performed the test, and authorised Tahaleel administrators',
    },
    terms: {
      h1: 'Terms & Conditions',
      date: /Last updated: (2 October 2025|October 2, 2025)/,
      law: 'These terms are governed by the laws of the Kingdom of Saudi Arabia',
      cancellation: 'You can cancel a booking free of charge from your dashboard up to 4 hours before the appointment.',
      privacyLink: 'Privacy Policy',
    },
    footer: {
      links: ['Home', 'Categories', 'Pricing', 'Labs', 'About us', 'Join as a lab'],
      privacy: 'Privacy Policy',
      terms: 'Terms & Conditions',
      adminLogin: 'Admin Login',
    },
    newsletter: {
      label: 'Your e-mail address',
      subscribe: 'Subscribe',
      thanks: 'Thank you for subscribing!',
      invalid: 'Enter a valid e-mail address.',
      rateLimited: 'Too many attempts. Please try again in 30 minutes.',
    },
  },
} as const;

const footerPaths = ['/', '/categories', '/pricing', '/labs', '/about', '/join-as-lab'];

const metaDescription = (page: Page) => page.locator('meta[name="description"]');

for (const locale of ['ar', 'en'] as const) {
  const c = copy[locale];

  test.describe(`marketing pages in ${locale === 'ar' ? 'Arabic' : 'English'}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, locale);
    });

    test('the home page shows how it works, the figures, six reasons, three testimonials and a way in for labs', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.home.h1);
      await expect(page).toHaveTitle(`${c.home.h1} | ${c.site}`);
      await expect(metaDescription(page)).toHaveAttribute('content', c.home.description);

      await expect(page.getByRole('heading', { name: c.home.howItWorks })).toBeVisible();
      await expect(page.getByTestId('how-it-works-step')).toHaveCount(4);
      const claims = page.getByTestId('marketing-claim');
      await expect(claims).toHaveCount(4);
      for (const [index, [figure, label]] of c.home.claims.entries()) {
        await expect(claims.nth(index).getByText(figure, { exact: true })).toBeVisible();
        await expect(claims.nth(index).getByText(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('heading', { name: c.home.whyUs })).toBeVisible();
      await expect(page.getByTestId('why-choose-us-reason')).toHaveCount(6);
      await expect(page.getByRole('heading', { name: c.home.testimonials })).toBeVisible();
      await expect(page.getByTestId('testimonial')).toHaveCount(3);

      await page.getByRole('main').getByRole('link', { name: c.home.labCta }).click();
      await expect(page).toHaveURL(/\/join-as-lab$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.join.h1);
    });

    test('the about page tells the story, the mission and the vision', async ({ page }) => {
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.about.h1);
      await expect(page).toHaveTitle(`${c.about.h1} | ${c.site}`);
      for (const heading of [c.about.story, c.about.mission, c.about.vision]) {
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }
      await expect(page.getByTestId('marketing-claim')).toHaveCount(4);
    });

    test('the join-as-lab page opens sign-up as a lab with Join Now and login with Log in', async ({ page }) => {
      await page.goto('/join-as-lab');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.join.h1);
      await expect(page).toHaveTitle(`${c.join.h1} | ${c.site}`);

      await page.getByRole('main').getByRole('button', { name: c.join.joinNow }).click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal.getByRole('radio', { name: c.join.lab })).toHaveAttribute('aria-checked', 'true');
      await expect(modal.getByLabel(c.join.labName)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      await page.getByRole('main').getByRole('button', { name: c.join.logIn, exact: true }).click();
      await expect(modal.getByRole('heading', { name: c.join.logIn })).toBeVisible();
      await expect(modal.getByRole('radio')).toHaveCount(0);
    });

    test('the privacy policy is dated 2 October 2025 and explains the PDPL and how results are protected', async ({ page }) => {
      await page.goto('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.privacy.h1);
      await expect(page).toHaveTitle(`${c.privacy.h1} | ${c.site}`);
      await expect(page.getByTestId('legal-updated')).toHaveText(c.privacy.date);
      for (const mention of c.privacy.mentions) await expect(page.getByText(mention).first()).toBeVisible();

      await page
        .getByRole('navigation', { name: locale === 'ar' ? 'المحتويات' : 'Contents' })
        .getByRole('link', { name: c.privacy.results })
        .click();
      await expect(page).toHaveURL(/#lab-results$/);
      await expect(page.getByRole('heading', { name: c.privacy.results })).toBeInViewport();
      await expect(page.getByText(c.privacy.resultsText)).toBeVisible();
    });

    test('the terms are dated 2 October 2025, set Saudi law and cancellation rules, and link to the privacy policy', async ({ page }) => {
      await page.goto('/terms-and-conditions');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.terms.h1);
      await expect(page).toHaveTitle(`${c.terms.h1} | ${c.site}`);
      await expect(page.getByTestId('legal-updated')).toHaveText(c.terms.date);
      await expect(page.getByText(c.terms.law)).toBeVisible();
      await expect(page.getByText(c.terms.cancellation)).toBeVisible();

      await page.getByRole('main').getByRole('link', { name: c.terms.privacyLink }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.privacy.h1);
    });

    test('every footer link leads to its page, and Admin Login opens the admin modal', async ({ page }) => {
      await page.goto('/about');
      const footer = page.getByRole('contentinfo');
      for (const [index, name] of c.footer.links.entries()) {
        await footer.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${footerPaths[index]}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(c.notFound);
      }
      await footer.getByRole('link', { name: c.footer.privacy }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.privacy.h1);
      await footer.getByRole('link', { name: c.footer.terms }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.terms.h1);

      await footer.getByRole('button', { name: c.footer.adminLogin }).click();
      await expect(page.getByTestId('auth-modal').getByRole('heading', { name: c.footer.adminLogin })).toBeVisible();
    });

    test('the newsletter takes a new e-mail, takes it again without complaint, and clears the field each time', async ({ page }) => {
      await page.goto('/about');
      const form = page.getByTestId('newsletter-form');
      const input = form.getByLabel(c.newsletter.label);
      const email = `reader-${randomUUID()}@example.sa`;

      for (const typed of [email, email.toUpperCase()]) {
        await input.fill(typed);
        const answer = page.waitForResponse((response) => response.url().includes('newsletter.subscribe'));
        await form.getByRole('button', { name: c.newsletter.subscribe }).click();
        expect((await answer).status()).toBe(200);
        await expect(page.getByText(c.newsletter.thanks).last()).toBeVisible();
        await expect(input).toHaveValue('');
        await expect(form.getByText(c.newsletter.invalid)).toHaveCount(0);
      }
    });

    test('the newsletter refuses an invalid e-mail with a clear message and keeps what was typed', async ({ page }) => {
      await page.goto('/');
      const form = page.getByTestId('newsletter-form');
      const input = form.getByLabel(c.newsletter.label);
      await input.fill('reader@');
      await form.getByRole('button', { name: c.newsletter.subscribe }).click();
      await expect(form.getByText(c.newsletter.invalid)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveValue('reader@');

      // Typing again clears the old message.
      await input.fill('reader@example.sa');
      await expect(form.getByText(c.newsletter.invalid)).toHaveCount(0);
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
      const input = form.getByLabel(c.newsletter.label);
      await input.fill('reader@example.sa');
      await form.getByRole('button', { name: c.newsletter.subscribe }).click();
      await expect(form.getByText(c.newsletter.rateLimited)).toBeVisible();
      await expect(input).toHaveValue('reader@example.sa');
    });
  });
}

test.describe('page titles, descriptions and direction', () => {
  test('the title and description follow a language switch', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page).toHaveTitle('الشروط والأحكام | تحاليل');
    await expect(metaDescription(page)).toHaveAttribute('content', /^شروط استخدام تحاليل/);
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveTitle('Terms & Conditions | Tahaleel');
    await expect(metaDescription(page)).toHaveAttribute('content', /^The terms for using Tahaleel/);
  });

  test('a page without its own title does not keep the previous page title', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('من نحن | تحاليل');
    await page.getByRole('banner').getByRole('link', { name: 'المتجر' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page).not.toHaveTitle(/من نحن/);
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
      const arrow = page.getByRole('main').getByRole('link', { name: copy[locale].home.labCta }).locator('svg');
      const transform = await arrow.evaluate((element) => getComputedStyle(element).transform);
      expect(transform).toBe(locale === 'ar' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');
    }
  });
});

test.describe('marketing pages on a phone', () => {
  for (const locale of ['ar', 'en'] as const) {
    test(`nothing overflows sideways in ${locale === 'ar' ? 'Arabic' : 'English'} @mobile`, async ({ page }) => {
      await useLanguage(page, locale);
      for (const path of ['/', '/about', '/join-as-lab', '/privacy-policy', '/terms-and-conditions']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      }
    });
  }
});
