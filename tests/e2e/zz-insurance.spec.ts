import { demo, expect, signIn, test } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';

for (const locale of ['ar', 'en'] as const) {
  test(`insurance screens (${locale})`, async ({ person }) => {
    test.setTimeout(120_000);
    const customer = await person(locale);
    await signIn(customer.context, demo.customer);
    const page = customer.page;
    await page.goto('/dashboard?section=settings');
    const card = page.getByTestId('insurance-card');
    await expect(card.getByTestId('insurance-person').first()).toBeVisible();
    await screenshotBothSizes(page, card, `insurance-card-${locale}`);
    await card.getByTestId('insurance-person').first().getByRole('button').first().click();
    const dialog = page.getByTestId('insurance-dialog');
    await expect(dialog.getByTestId('insurance-insurer')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/insurance-dialog-${locale}.png` });
    await dialog.getByTestId('insurance-expires').fill('2020-01-01');
    await dialog.getByTestId('save-insurance').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/insurance-dialog-error-${locale}.png` });

    const admin = await person(locale);
    await signIn(admin.context, demo.admin, { admin: true });
    await admin.page.goto('/admin/dashboard?section=insurers');
    const list = admin.page.getByTestId('insurer-list');
    await expect(list).toBeVisible();
    await screenshotBothSizes(admin.page, list, `admin-insurers-${locale}`);
  });
}
