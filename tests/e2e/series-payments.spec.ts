import { randomUUID } from 'node:crypto';
import {
  chooseFreeSlot,
  confirmPhoneThroughApi,
  daysFromToday,
  expect,
  languages,
  missedVisitsCustomer,
  readInLanguage,
  signIn,
  signUpThroughApi,
  test,
  trpc,
} from './fixtures.ts';
import { openOneSeatLab } from './one-seat-lab.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #58: a test that repeats, paid each visit when it comes due (ADR 0075), on a phone. The customer books
// three monthly visits at a lab of their own and pays for the first; the others wait on their bookings,
// reserved, with the deadline to pay. The second is paid through the checkout like any booking and joins the
// series as its visit; the third is let go, and its time is free for others.

const TEST = 'Complete Blood Count (CBC)';

/** What the series' plan and the checkout say of each visit (issue #77 items 1 and 7). */
const terms = {
  ar: { paidNow: 'تُدفع الآن', payBy: 'ادفع قبل', paidWithThisPayment: 'تُدفع بهذا الدفع', moved: 'نُقلت', monthEnd: 'فاخترنا آخر يوم فيه' },
  en: {
    paidNow: 'Paid now',
    payBy: 'Pay by',
    paidWithThisPayment: 'Paid with this payment',
    moved: 'Moved',
    monthEnd: 'its last day instead',
  },
} as const;

/** The next 31st at least two days ahead whose next month has no 31st (31 January, 31 March…), as YYYY-MM-DD. */
function nextThirtyFirstBeforeAShortMonth(): string {
  for (let days = 2; ; days += 1) {
    const date = new Date(Date.now() + days * 24 * 3600 * 1000);
    const nextMonthDays = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0)).getUTCDate();
    if (date.getUTCDate() === 31 && nextMonthDays < 31) return date.toISOString().slice(0, 10);
  }
}

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
    // Every visit is shown before it is held: the first paid now, the others by their deadlines.
    const planned = panel.getByTestId('series-plan-visit');
    await expect(planned).toHaveCount(3);
    await expect(planned.first()).toContainText(terms[locale].paidNow);
    await expect(planned.nth(1)).toContainText(terms[locale].payBy);
    await screenshotBothSizes(page, panel.getByTestId('repeat-choice').locator('..'), `series-pay-each.${locale}`);
    await panel.getByRole('button', { name: w.booking.bookNow }).click();

    // Only the first visit is paid now; the checkout lists the three, and says its prices include VAT.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    const checkoutVisits = page.getByTestId('checkout-series-visit');
    await expect(checkoutVisits).toHaveCount(3);
    await expect(checkoutVisits.first()).toContainText(terms[locale].paidWithThisPayment);
    await expect(checkoutVisits.nth(1)).toContainText(terms[locale].payBy);
    await expect(page.getByTestId('checkout-vat-included')).toBeVisible();
    await screenshotBothSizes(page, page.getByTestId('checkout-series'), `series-checkout-terms.${locale}`);
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

    // The third visit moves to another day, still reserved, as a booking moves.
    await reserved.nth(1).getByTestId('move-reserved-visit').click();
    const moving = page.getByTestId('reschedule-booking-dialog');
    await expect(moving).toBeVisible();
    const newDay = daysFromToday(4);
    const day = moving.locator(`[data-date="${newDay}"]`);
    if (!(await day.isVisible())) await moving.getByRole('button', { name: w.booking.nextMonth }).click();
    await day.click();
    await moving.getByTestId('slot').first().click();
    await screenshotBothSizes(page, moving, `series-move-reserved.${locale}`);
    await moving.getByTestId('confirm-reschedule').click();
    await expect(page.getByText(w.series.movedReserved)).toBeVisible();
    await expect(moving).toBeHidden();
    await expect(reserved).toHaveCount(2);

    // The second visit is paid like any booking, at the amount its card showed, and joins the series as its visit.
    const charge = (await reserved.first().getByTestId('reserved-visit-charge').innerText()).trim();
    await reserved.first().getByRole('button', { name: w.series.payForVisit }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-total')).toHaveText(charge);
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

for (const { language, locale } of languages) {
  test(`a series from the 31st shows its next visit on the last day of a shorter month, marked as moved, before it is held, in ${language}`, async ({
    page,
    person,
    appServer,
  }) => {
    const { labId } = await openOneSeatLab(person, appServer, locale, TEST);
    await readInLanguage(page, locale);
    await page.goto('/');
    await signUpThroughApi(page, { name: locale === 'ar' ? 'سارة' : 'Sara' });
    await page.goto(`/test/${encodeURIComponent(TEST)}?lab_id=${labId}`);
    const panel = page.getByTestId('booking-panel');
    const first = nextThirtyFirstBeforeAShortMonth();
    expect((await chooseFreeSlot(page, locale, { from: first })).date).toBe(first);
    await panel.getByTestId('repeat-every').selectOption('1');
    await panel.getByTestId('repeat-visits').selectOption('2');
    const planned = panel.getByTestId('series-plan-visit');
    await expect(planned).toHaveCount(2);
    await expect(planned.nth(1)).toHaveAttribute('data-moved', 'true');
    await expect(planned.nth(1)).toContainText(terms[locale].moved);
    await expect(planned.nth(1).getByTestId('series-plan-moved').first()).toContainText(terms[locale].monthEnd);
    await screenshotBothSizes(page, panel.getByTestId('series-plan'), `series-plan-moved.${locale}`);
  });
}

for (const { language, locale } of languages) {
  test(`a customer with two missed visits at the demo lab is asked to pay every visit of a series now, and told why, in ${language} @mobile`, async ({
    page,
  }) => {
    const w = words[locale];
    await readInLanguage(page, locale);
    await page.goto('/');
    await signIn(page, missedVisitsCustomer.email);
    const labs = await trpc<any[]>(page, 'catalog.labs', undefined, 'GET');
    const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
    await page.goto(`/test/${encodeURIComponent(TEST)}?lab_id=${lab.id}`);
    const panel = page.getByTestId('booking-panel');
    await chooseFreeSlot(page, locale, { from: daysFromToday(2) });
    await panel.getByTestId('repeat-every').selectOption('3');
    // Told before choosing: the choice to pay each visit when due is not offered, and the note says why.
    await expect(panel.getByTestId('repeat-payment-up-front')).toContainText(w.series.missedTwo);
    await expect(panel.getByTestId('repeat-payment').locator('option[value="each"]')).toBeDisabled();
    await expect(panel.getByTestId('repeat-payment')).toHaveValue('all');
    await screenshotBothSizes(page, panel.getByTestId('repeat-choice').locator('..'), `series-pay-up-front.${locale}`);
  });
}

/** About 3.5 km from the demo lab (Al Nukhba, Olaya, Riyadh), inside its 20 km. */
const HOME = { address: 'حي العليا، شارع التخصصي، عمارة 8، شقة 3', latitude: 24.7301, longitude: 46.6702 };

test('a series at home, paid each visit when due: the reserved visit is paid with its window and fee, in Arabic', async ({
  page,
  appServer,
}) => {
  test.setTimeout(120_000);
  const w = words.ar;
  await readInLanguage(page, 'ar');
  await page.goto('/');
  await signUpThroughApi(page, { name: 'ريم الحربي' });
  await confirmPhoneThroughApi(page, appServer);
  // Two monthly visits at home from the demo lab, the first paid now; a window another run took is passed over.
  const labs = await trpc<any[]>(page, 'catalog.labs', undefined, 'GET');
  const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
  const detail = await trpc(page, 'catalog.lab', { labId: lab.id }, 'GET');
  const labTestId: number = detail.tests[0].lab_test_id;
  const first = await holdHomeSeries(page, lab.id, labTestId);
  await trpc(page, 'booking.create', { items: [{ labTestId, bookingTime: first, home: HOME }], idempotencyKey: randomUUID() });

  await page.goto('/dashboard?section=bookings');
  const reserved = page.getByTestId('reserved-visit');
  await expect(reserved).toHaveCount(1);
  await expect(reserved).toContainText(HOME.address);
  await screenshotBothSizes(page, page.getByTestId('my-booking-series'), 'series-reserved-home-visit.ar');
  await reserved.getByRole('button', { name: w.series.payForVisit }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-item')).toContainText(HOME.address);
  await page.getByTestId('pay').click();
  await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });
  await page.goto('/dashboard?section=bookings');
  const visits = page.getByTestId('my-booking-series').getByTestId('my-booking');
  await expect(visits).toHaveCount(2);
  await expect(visits.nth(1)).toContainText(HOME.address);
});

/** Holds a two-visit monthly series at home at the first free window from three days on: its first visit's start. */
async function holdHomeSeries(page: import('@playwright/test').Page, labId: string, labTestId: number): Promise<string> {
  for (let day = 3; day < 40; day++) {
    const windows = await trpc<{ starts_at: string }[]>(page, 'booking.homeWindows', { labId, date: daysFromToday(day), labTestId }, 'GET');
    for (const window of windows) {
      try {
        await trpc(page, 'booking.holdSeries', {
          labTestId,
          bookingTime: window.starts_at,
          everyMonths: 1,
          visits: 2,
          payEachVisit: true,
          home: HOME,
        });
        return window.starts_at;
      } catch {
        // A visit of it is full, or the lab is closed that day next month: the next window.
      }
    }
  }
  throw new Error('no free home series at the demo lab');
}
