import { chooseFreeSlot, daysFromToday, expect, languages, readInLanguage, signUpThroughApi, test } from './fixtures.ts';
import { openOneSeatLab } from './one-seat-lab.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #58: a test that repeats, paid each visit when it comes due (ADR 0075), on a phone. The customer books
// three monthly visits at a lab of their own and pays for the first; the others wait on their bookings,
// reserved, with the deadline to pay. The second is paid through the checkout like any booking and joins the
// series as its visit; the third is let go, and its time is free for others.

const TEST = 'Complete Blood Count (CBC)';

for (const { language, locale } of languages) {
  test(`a customer repeats a test monthly, pays the first visit now and the next when due, and lets the last go, on a phone in ${language} @mobile`, async ({
    page,
    person,
    appServer,
  }) => {
    test.setTimeout(150_000);
    const w = words[locale];
    const { labId, labName } = await openOneSeatLab(person, appServer, locale, TEST);

    await readInLanguage(page, locale);
    await page.goto('/');
    await signUpThroughApi(page, { name: locale === 'ar' ? 'نورة' : 'Noura' });
    await page.goto(`/test/${encodeURIComponent(TEST)}?lab_id=${labId}`);
    const panel = page.getByTestId('booking-panel');
    await expect(panel).toBeVisible();
    await chooseFreeSlot(page, locale, { from: daysFromToday(2) });
    await panel.getByTestId('repeat-every').selectOption('1');
    await panel.getByTestId('repeat-visits').selectOption('3');
    await panel.getByTestId('repeat-payment').selectOption({ label: w.series.eachWhenDue });
    await expect(panel.getByTestId('repeat-payment-note')).toBeVisible();
    await screenshotBothSizes(page, panel.getByTestId('repeat-choice').locator('..'), `series-pay-each.${locale}`);
    await panel.getByRole('button', { name: w.booking.bookNow }).click();

    // Only the first visit is paid now.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await page.getByTestId('pay').click();
    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });

    // The series on the bookings: the first visit booked, the two others reserved with the deadline to pay.
    await page.goto('/dashboard?section=bookings');
    const series = page.getByTestId('my-booking-series').filter({ hasText: labName });
    await expect(series.getByTestId('my-booking')).toHaveCount(1);
    const reserved = series.getByTestId('reserved-visit');
    await expect(reserved).toHaveCount(2);
    await expect(reserved.first()).toContainText(w.series.reserved);
    await expect(reserved.first().getByTestId('reserved-visit-pay-by')).toBeVisible();
    await screenshotBothSizes(page, series, `series-reserved-visits.${locale}`);

    // The second visit is paid like any booking, and joins the series as its visit.
    await reserved.first().getByRole('button', { name: w.series.payForVisit }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await page.getByTestId('pay').click();
    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });
    await page.goto('/dashboard?section=bookings');
    await expect(series.getByTestId('my-booking')).toHaveCount(2);
    await expect(series.getByTestId('reserved-visit')).toHaveCount(1);

    // The third is let go, after asking.
    await series.getByTestId('reserved-visit').getByRole('button', { name: w.series.letGo }).click();
    const dialog = page.getByTestId('release-reserved-visit-dialog');
    await expect(dialog).toBeVisible();
    await screenshotBothSizes(page, dialog, `series-let-go.${locale}`);
    await dialog.getByRole('button', { name: w.series.letGo }).click();
    await expect(page.getByText(w.series.letGoDone)).toBeVisible();
    await expect(series.getByTestId('reserved-visit')).toHaveCount(0);
    await expect(series.getByTestId('my-booking')).toHaveCount(2);
  });
}
