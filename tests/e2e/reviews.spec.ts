import { demo, expect, type Page, pastVisit, signIn, test, testChangingPublicLists, trpc } from './fixtures.ts';
import { words } from './words.ts';

// Issue #22: a customer whose booking is completed rates the lab (stars chosen with the keyboard) and
// sees the lab's rating and count change on the lab's page. It changes a public figure (the demo lab's
// rating), so it runs on a server of its own (testChangingPublicLists), apart from the tests that read it.

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/reviews/shots';

const copy = {
  ar: {
    rate: 'قيّم المختبر',
    edit: 'تعديل التقييم',
    oneStar: 'نجمة واحدة',
    publish: 'نشر التقييم',
    published: 'شكرًا لك! نُشر تقييمك.',
    reviews: 'التقييمات',
    text: 'انتظرت ساعة بعد الموعد. <b>ليس</b> كما وُعدت.',
  },
  en: {
    rate: 'Rate this lab',
    edit: 'Edit review',
    oneStar: '1 star',
    publish: 'Publish review',
    published: 'Thank you! Your review is published.',
    reviews: 'Reviews',
    text: 'Waited an hour past my time. <b>Not</b> as promised.',
  },
} as const;

/** The rating and count a Rating's spoken label gives ("Rated 4.7 out of 5, 11 reviews"). */
async function figures(page: Page) {
  const label = (await page.getByTestId('lab-reviews').getByRole('img', { name: /5/ }).first().getAttribute('aria-label')) ?? '';
  const numbers = (label.match(/\d+(?:[.٫]\d+)?/g) ?? []).map((value) => Number(value.replace('٫', '.')));
  return { rating: numbers[0], count: numbers[2] };
}

for (const [locale, tag] of [
  ['ar', ''],
  ['en', ''],
  ['ar', ' @mobile'],
] as const) {
  const w = copy[locale];
  const language = locale === 'ar' ? 'Arabic' : 'English';

  testChangingPublicLists(
    `a customer with a completed booking reviews the lab and sees its rating change (${language})${tag}`,
    async ({ person }) => {
      test.setTimeout(120_000);
      const project = test.info().project.name;
      const visit = pastVisit(tag ? 'review-ar-mobile' : `review-${locale}`);
      const { bookingId } = visit;
      const customer = await person(locale);
      await signIn(customer.context, visit.email);
      const labs = await trpc<any[]>(customer.context, 'catalog.labs', undefined, 'GET');
      const labId = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab).id as string;

      const lab = await person(locale);
      await signIn(lab.context, demo.lab);
      await trpc(lab.context, 'lab.completeBooking', { id: bookingId });

      const page = customer.page;
      await page.goto(`/labs/${labId}`);
      await expect(page.getByRole('heading', { name: w.reviews, level: 2 })).toBeVisible();
      const before = await figures(page);
      expect(before.count).toBeGreaterThan(0);

      await page.goto('/dashboard?section=bookings');
      const card = page.locator(`[data-testid="my-booking"][data-booking-id="${bookingId}"]`);
      await card.getByRole('button', { name: w.rate }).click();
      const dialog = page.getByTestId('review-dialog');
      await expect(dialog).toBeVisible();
      // The stars answer the keyboard: focus the first and choose it with the space bar.
      const oneStar = dialog.getByRole('radio', { name: w.oneStar });
      await oneStar.focus();
      await page.keyboard.press('Space');
      await expect(oneStar).toBeChecked();
      await dialog.getByRole('textbox').fill(w.text);
      await page.screenshot({ path: `${SHOTS}/review-dialog-${locale}-${project}.png` });
      await dialog.getByRole('button', { name: w.publish }).click();
      await expect(page.getByText(w.published, { exact: true }).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card.getByRole('button', { name: w.edit })).toBeVisible();
      await expect(card.getByTestId('my-review').getByRole('img', { name: /1/ })).toBeVisible();

      // The lab's page: the new review first, its markup shown as the text it is, and the figures moved.
      await page.goto(`/labs/${labId}`);
      const newest = page.getByTestId('lab-review').first();
      await expect(newest).toContainText(w.text);
      await expect(newest.locator('b')).toHaveCount(0);
      await expect.poll(async () => (await figures(page)).count).toBe(before.count! + 1);
      const after = await figures(page);
      expect(after.rating).toBeLessThan(before.rating!);
      await expect(
        page
          .getByRole('heading', { level: 1 })
          .locator('..')
          .getByRole('img', { name: new RegExp(String(after.count)) }),
      ).toBeVisible();
      await page.getByTestId('lab-reviews').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lab-page-reviews-${locale}-${project}.png`, fullPage: true });

      // The lab sees it in its dashboard, where it replies.
      await lab.page.goto('/dashboard?section=reviews');
      await expect(lab.page.locator(`[data-testid="lab-review"]`).first()).toContainText(w.text);
      await lab.page.screenshot({ path: `${SHOTS}/lab-dashboard-reviews-${locale}-${project}.png`, fullPage: true });
    },
  );
}

const moderation = {
  ar: {
    hide: 'إخفاء التقييم',
    hidden: 'أُخفي التقييم.',
    showAgain: 'إعادة الإظهار',
    shown: 'أُعيد إظهار التقييم.',
    reason: 'السبب',
  },
  en: {
    hide: 'Hide review',
    hidden: 'The review is hidden.',
    showAgain: 'Show again',
    shown: 'The review is shown again.',
    reason: 'Reason',
  },
} as const;

for (const locale of ['ar', 'en'] as const) {
  const w = moderation[locale];
  const language = locale === 'ar' ? 'Arabic' : 'English';

  testChangingPublicLists(
    `the admin hides a review with a reason, the lab page drops it, and the admin shows it again (${language})`,
    async ({ person }) => {
      test.setTimeout(120_000);
      const visit = pastVisit(`moderation-${locale}`);
      const { bookingId } = visit;
      const customer = await person(locale);
      await signIn(customer.context, visit.email);
      const lab = await person(locale);
      await signIn(lab.context, demo.lab);
      await trpc(lab.context, 'lab.completeBooking', { id: bookingId });
      const text = `Moderation check ${bookingId.slice(0, 8)}`;
      const review = await trpc<{ id: string; lab_id: string }>(customer.context, 'reviews.create', { bookingId, rating: 2, text });
      const onLabPage = async () =>
        (await trpc<{ items: { id: string }[] }>(customer.context, 'reviews.forLab', { labId: review.lab_id }, 'GET')).items.some(
          (item) => item.id === review.id,
        );
      expect(await onLabPage()).toBe(true);

      const admin = await person(locale);
      await signIn(admin.context, demo.admin, { admin: true });
      const page = admin.page;
      await page.goto('/admin/dashboard?section=reviews');
      const card = page.locator(`[data-testid="lab-review"][data-review-id="${review.id}"]`);
      await expect(card).toContainText(text);

      await card.getByRole('button', { name: w.hide }).click();
      const hideDialog = page.getByTestId('hide-review-dialog');
      await expect(hideDialog.getByRole('button', { name: w.hide })).toBeDisabled();
      await hideDialog.getByLabel(w.reason).fill('Not about this visit');
      await hideDialog.getByRole('button', { name: w.hide }).click();
      await expect(page.getByText(w.hidden, { exact: true }).first()).toBeVisible();
      await expect(card).toContainText('Not about this visit');
      expect(await onLabPage()).toBe(false);
      await page.screenshot({ path: `${SHOTS}/admin-review-hidden-${locale}.png`, fullPage: true });

      await card.getByRole('button', { name: w.showAgain }).click();
      const showDialog = page.getByTestId('show-review-dialog');
      await showDialog.getByLabel(w.reason).fill('A real visit after all');
      await showDialog.getByRole('button', { name: w.showAgain }).click();
      await expect(page.getByText(w.shown, { exact: true }).first()).toBeVisible();
      await expect(card.getByRole('button', { name: w.hide })).toBeVisible();
      expect(await onLabPage()).toBe(true);
    },
  );
}
