import { bookAtDemoLab, demo, expect, signIn, signUpThroughApi, test } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';

// Issue #23: a lab sees its bookings as a chart, and the same figures as a table, in either language;
// in Arabic the chart reads from the right (its values' axis on the right).

const text = {
  ar: { title: 'الحجوزات', show: 'عرض الجدول', period: 'الفترة' },
  en: { title: 'Bookings', show: 'Show table', period: 'Period' },
} as const;

for (const locale of ['ar', 'en'] as const) {
  test(`a lab sees its bookings chart and its table (${locale === 'ar' ? 'Arabic' : 'English'})`, async ({ person }) => {
    test.setTimeout(90_000);
    const customer = await person(locale);
    await signUpThroughApi(customer.context, { name: 'Sara Al-Otaibi' });
    await bookAtDemoLab(customer.context);

    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    const page = lab.page;
    await page.goto('/dashboard?section=stats');
    await expect(page.getByTestId('period-picker')).toBeVisible();
    const card = page.getByTestId('chart-bookings');
    await expect(card.getByRole('heading', { name: text[locale].title })).toBeVisible();
    const drawing = card.getByTestId('chart-bookings-chart');
    await expect(drawing.locator('svg.recharts-surface').first()).toBeVisible();

    // The values' axis sits on the reading side's start: the right in Arabic, the left in English.
    const box = (await drawing.boundingBox())!;
    const axis = (await drawing.locator('.recharts-yAxis').first().boundingBox())!;
    if (locale === 'ar') expect(axis.x).toBeGreaterThan(box.x + box.width / 2);
    else expect(axis.x + axis.width).toBeLessThan(box.x + box.width / 2);

    await card.getByRole('button', { name: text[locale].show }).click();
    const table = card.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: text[locale].period })).toBeVisible();
    // Today is the last period, and holds the booking just made (Latin digits in both languages).
    const today = await table.locator('tbody tr').last().locator('td').last().innerText();
    expect(Number(today.replace(/[^0-9]/g, ''))).toBeGreaterThanOrEqual(1);
    await screenshotBothSizes(page, page.getByTestId('section-stats'), `lab-stats-${locale}`);
  });
}
