import { expect, type Language, type Locator, type Page, test, useLanguage } from './fixtures.ts';
import { words } from './words.ts';

/** The number in the product page's stock message ('34 in stock!' / 'الكمية المتوفرة: 34'). */
async function stockShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('stock-message').textContent()) ?? '';
  const match = /\d+/.exec(text);
  if (!match) throw new Error(`no stock number in "${text}"`);
  return Number(match[0]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function storedCart(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('tahaleel.storeCart') ?? 'null'));
}

interface Journey {
  language: Language;
  product: string;
  variant: string;
  quantity: number;
  total: string;
}

async function buyThroughTheStore(page: Page, journey: Journey) {
  const texts = words[journey.language].store;
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
  await expect(page.getByTestId('product-card')).toHaveCount(10);

  await page.getByRole('link', { name: journey.product }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(journey.product);
  await expect(page).toHaveTitle(`${journey.product} - ${texts.heading}`);

  await page.getByRole('radio', { name: journey.variant }).click({ force: true });
  await expect(page.getByRole('radio', { name: journey.variant })).toBeChecked();
  const stockBefore = await stockShown(page);
  await expect(page.getByTestId('stock-message')).toHaveText(texts.stock(stockBefore));
  const main = page.getByRole('main');
  for (let count = 1; count < journey.quantity; count++)
    await main.getByRole('button', { name: new RegExp(`${words.en.store.increase}|${words.ar.store.increase}`, 'i') }).click();
  await expect(main.getByRole('group', { name: /quantity|الكمية/i }).getByRole('textbox')).toHaveValue(String(journey.quantity));
  await main.getByRole('button', { name: texts.addToCart }).click();
  const added = texts.added({ quantity: journey.quantity, product: journey.product, variantTitle: journey.variant });
  await expect(page.getByText(added, { exact: false }).first()).toBeVisible();

  await page.getByTestId('cart-button').click();
  const drawer = page.getByTestId('store-cart-drawer');
  await expect(drawer.getByTestId('store-cart-item')).toHaveCount(1);
  await expect(drawer.getByTestId('store-cart-item')).toContainText(journey.product);
  await expect(drawer.getByTestId('store-cart-item')).toContainText(journey.variant);
  await expect(drawer.getByTestId('store-cart-subtotal')).toHaveText(journey.total);
  await drawer.getByRole('button', { name: texts.checkout }).click();

  await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.checkoutHeading);
  await expect(page.getByTestId('hosted-checkout-total')).toHaveText(journey.total);
  await page.getByLabel(texts.nameOnCard).fill('Noura Alqahtani');
  // The amount as it is, case and all.
  await page.getByRole('button', { name: new RegExp(escapeRegExp(texts.pay(journey.total))) }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.success);
  await expect.poll(() => storedCart(page)).toEqual([]);

  await page.goto('/store');
  await page.getByRole('link', { name: journey.product }).click();
  await page.getByRole('radio', { name: journey.variant }).click({ force: true });
  await expect(page.getByTestId('stock-message')).toHaveText(texts.stock(stockBefore - journey.quantity));
}

test.describe('store in Arabic', () => {
  test('grid → product → variant and quantity → drawer → payment page → pay → success; the stock shown drops', async ({ page }) => {
    await buyThroughTheStore(page, {
      language: 'ar',
      product: 'تيشيرت تحاليل القطني',
      variant: 'وسط (M) / كحلي',
      quantity: 2,
      total: '158.00 ر.س',
    });
  });

  test('leaving the payment page brings the buyer back to the store with the cart still full', async ({ page }) => {
    await page.goto('/store');
    const card = page.getByTestId('product-card').filter({ hasText: 'حقيبة قماشية' });
    await card.getByRole('button', { name: words.ar.store.addToCart }).click();
    await expect(page.getByText('تمت الإضافة إلى السلة!', { exact: false }).first()).toBeVisible();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('store-cart-drawer').getByRole('button', { name: words.ar.store.checkout }).click();
    await expect(page).toHaveURL(/\/store\/checkout\//);
    await page.getByRole('button', { name: 'إلغاء والعودة إلى المتجر' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByText('أُلغي الدفع')).toBeVisible();
    await expect(page.getByTestId('store-cart-drawer').getByTestId('store-cart-item')).toContainText('حقيبة قماشية');
  });
});

test('switching the language reloads the store text, the saved cart included', async ({ page }) => {
  await page.goto('/store');
  await page.getByTestId('product-card').filter({ hasText: 'كوب سيراميك' }).getByRole('button', { name: words.ar.store.addToCart }).click();
  await page.getByRole('link', { name: 'كوب سيراميك' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('كوب سيراميك');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ceramic Mug');
  await expect(page).toHaveTitle(`Ceramic Mug - ${words.en.store.heading}`);
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('store-cart-item')).toContainText('Ceramic Mug');
  await expect(page.getByTestId('store-cart-subtotal')).toHaveText('39.00 SAR');
});

test.describe('store in English', () => {
  test.beforeEach(({ page }) => useLanguage(page, 'en'));

  test('grid → product → variant and quantity → drawer → payment page → pay → success; the stock shown drops', async ({ page }) => {
    await buyThroughTheStore(page, {
      language: 'en',
      product: 'Blood Glucose Meter Starter Kit',
      variant: 'Meter + 25 strips',
      quantity: 3,
      total: '447.00 SAR',
    });
  });

  test('the cart refuses more than the stock, and the product page says why Add to Cart is off', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: 'Home First Aid Kit' }).click();
    const main = page.getByRole('main');
    const addButton: Locator = main.getByRole('button', { name: words.en.store.addToCart });
    const stock = await stockShown(page);
    expect(stock).toBeGreaterThan(0);
    for (let count = 0; count < stock; count++) await main.getByRole('button', { name: words.en.store.increase }).click();
    await expect(page.getByTestId('stock-message')).toHaveText(`Not enough stock. Only ${stock} left.`);
    // In yellow (spec §4), not the page's own text colour.
    const colour = await page.getByTestId('stock-message').evaluate((element) => getComputedStyle(element).color);
    const [red = 0, green = 0, blue = 0] = colour.match(/\d+/g)!.map(Number);
    expect(red > 150 && green > 120 && blue < 120, `rgb(${red}, ${green}, ${blue}) is yellow`).toBe(true);
    await expect(addButton).toBeDisabled();
    await main.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await expect(page.getByText(`${stock} x Home First Aid Kit (Standard) added.`)).toBeVisible();
    for (let count = 1; count < stock; count++) await main.getByRole('button', { name: 'Decrease quantity' }).click();
    await addButton.click();
    await expect(page.getByText('Oh no! Something went wrong.')).toBeVisible();
    await expect(page.getByText(`Not enough stock for Home First Aid Kit (Standard). Only ${stock} left.`)).toBeVisible();
  });

  test('a declined card is said so on the payment page, and the order can still be paid', async ({ page }) => {
    await page.goto('/store');
    await page
      .getByTestId('product-card')
      .filter({ hasText: 'Ceramic Mug' })
      .getByRole('button', { name: words.en.store.addToCart })
      .click();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('store-cart-drawer').getByRole('button', { name: words.en.store.checkout }).click();
    await page.getByLabel(words.en.store.nameOnCard).fill('Noura Alqahtani');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined. Please try another card.' })).toBeVisible();
    await page.getByLabel('Card number').fill('4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page).toHaveURL(/\/success$/);
  });

  test('an unknown product shows the error and a way back', async ({ page }) => {
    await page.goto('/product/999999');
    await expect(page.getByRole('alert')).toContainText('Error loading product: We could not find what you were looking for.');
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('on a phone the grid is one column and the cart opens full screen @mobile', async ({ page }) => {
  await page.goto('/store');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(10);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  await cards.nth(0).getByRole('button', { name: words.ar.store.addToCart }).click();
  await page.getByTestId('cart-button').click();
  const drawer = page.getByTestId('store-cart-drawer');
  await expect(drawer.getByTestId('store-cart-item')).toHaveCount(1);
  const box = (await drawer.boundingBox())!;
  expect(Math.round(box.width)).toBe(page.viewportSize()!.width);
});
