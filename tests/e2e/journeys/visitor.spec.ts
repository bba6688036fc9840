import { chooseStyle, expect, fillDelivery, type Page, readInLanguage, test } from '../fixtures.ts';
import { words } from '../words.ts';
import { openFromMenu, runs, titled } from './journeys.ts';

// A visitor, never signed in: home → a category → a test → a lab offering it; then the store: the grid,
// a product, the cart drawer, the built-in hosted payment page, and the success page.

interface Purchase {
  product: string;
  /** The variant to choose, or null for a product with one. */
  variant: string | null;
  variantTitle: string;
  quantity: number;
  total: string;
}

// One product variant per run, none of them bought by store.spec.ts: each run can check that the stock
// shown drops by exactly what it bought.
const purchases: Purchase[] = [
  { product: 'اختبار فيتامين د المنزلي', variant: 'اختبار واحد', variantTitle: 'اختبار واحد', quantity: 1, total: '149.00 ر.س' },
  { product: 'HbA1c Home Test Kit', variant: null, variantTitle: 'Single kit', quantity: 2, total: 'SAR\u00a0198.00' },
  { product: 'اختبار الحمل المبكر', variant: 'اختباران', variantTitle: 'اختباران', quantity: 2, total: '50.00 ر.س' },
  { product: 'Early Pregnancy Test', variant: '5 tests', variantTitle: '5 tests', quantity: 1, total: 'SAR\u00a049.00' },
];

async function stockShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('stock-message').textContent()) ?? '';
  const match = /\d+/.exec(text);
  if (!match) throw new Error(`no stock number in "${text}"`);
  return Number(match[0]);
}

for (const run of runs) {
  const w = words[run.locale];
  const s = words[run.locale].store;
  const purchase = purchases[run.index]!;

  test(titled('a visitor browses from a category to a lab, then buys in the store', run), async ({ page }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, run.locale);

    // Home → category.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.home.heading);
    await page.getByTestId('category-card').filter({ hasText: w.catalogue.bloodTests }).click();
    await expect(page).toHaveURL(/\/categories\/Blood%20Tests$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.catalogue.bloodTests);

    // Category → test.
    const testCard = page.getByTestId('test-card').filter({ hasText: w.catalogue.cbc });
    await expect(testCard).toContainText(run.locale === 'ar' ? 'ر.س' : 'SAR');
    await testCard.click();
    await expect(page).toHaveURL(/\/test\/Complete%20Blood%20Count/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(w.catalogue.cbc);
    await expect(page.getByRole('heading', { name: w.catalogue.howToPrepare })).toBeVisible();
    await expect(page.getByRole('heading', { name: w.catalogue.labsOffering })).toBeVisible();

    // Test → the lab of its first offer, which lists the same test at the same price.
    const offer = page.getByTestId('lab-offer').first();
    const labLink = offer.getByRole('link').first();
    // Read where the visitor reads it: a card below the screen is not drawn yet (ADR 0013), and its
    // rendered text is empty until it is.
    await offer.scrollIntoViewIfNeeded();
    const labName = (await labLink.innerText()).trim();
    // The price is the isolated amount in riyals (the lab's name is isolated too).
    const price = (
      await offer
        .locator('bdi')
        .filter({ hasText: /ر\.س|SAR/ })
        .first()
        .innerText()
    ).trim();
    await labLink.click();
    await expect(page).toHaveURL(/\/labs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labName);
    await expect(page.getByRole('heading', { name: w.catalogue.workingHours })).toBeVisible();
    await expect(page.getByRole('heading', { name: w.catalogue.testsAndPrices })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: w.catalogue.cbc })).toContainText(price);

    // The store, from the menu.
    await openFromMenu(page, w.menu.store);
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.heading);
    await expect(page.getByTestId('product-card')).toHaveCount(10);
    await page.getByRole('link', { name: purchase.product }).click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(purchase.product);
    if (purchase.variant) {
      await chooseStyle(page, purchase.variant);
    }
    const stockBefore = await stockShown(page);
    await expect(page.getByTestId('stock-message')).toHaveText(s.stock(stockBefore));
    const main = page.getByRole('main');
    for (let count = 1; count < purchase.quantity; count++) await main.getByRole('button', { name: s.increase }).click();
    await main.getByRole('button', { name: s.addToCart }).click();
    await expect(page.getByText(s.added(purchase)).first()).toBeVisible();

    // The cart drawer → the hosted payment page → paid.
    await page.getByTestId('cart-button').click();
    const drawer = page.getByTestId('store-cart-drawer');
    await expect(drawer.getByTestId('store-cart-item')).toHaveCount(1);
    await expect(drawer.getByTestId('store-cart-item')).toContainText(purchase.product);
    await expect(drawer.getByTestId('store-cart-subtotal')).toHaveText(purchase.total);
    if (run.phone) expect(Math.round((await drawer.boundingBox())!.width)).toBe(page.viewportSize()!.width);
    await drawer.getByRole('button', { name: s.checkout }).click();

    await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.checkoutHeading);
    await expect(page.getByTestId('hosted-checkout-item')).toContainText(purchase.product);
    await expect(page.getByTestId('hosted-checkout-total')).toHaveText(purchase.total);
    await fillDelivery(page, run.locale);
    await page.getByLabel(s.nameOnCard).fill(run.locale === 'ar' ? 'نورة القحطاني' : 'Noura Alqahtani');
    await page.getByRole('button', { name: s.pay(purchase.total) }).click();

    await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.success);

    // The stock shown is lower by what was bought, and the cart is empty again.
    await openFromMenu(page, w.menu.store);
    await page.getByRole('link', { name: purchase.product }).click();
    if (purchase.variant) await chooseStyle(page, purchase.variant);
    await expect(page.getByTestId('stock-message')).toHaveText(s.stock(stockBefore - purchase.quantity));
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('store-cart-drawer').getByTestId('store-cart-item')).toHaveCount(0);
  });
}
