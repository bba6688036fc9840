import { randomUUID } from 'node:crypto';
import { isolateLatinRuns } from '../../src/client/lib/bidi.ts';
import {
  chooseStyle,
  type DeliveryField,
  deliveryField,
  demo,
  expect,
  fillDelivery,
  type Language,
  type Locator,
  labCartItem,
  languages,
  type Page,
  readInLanguage,
  signIn,
  signUpThroughApi,
  test,
  trpc,
} from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
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

  await chooseStyle(page, isolateLatinRuns(journey.variant));
  const stockBefore = await stockShown(page);
  await expect(page.getByTestId('stock-message')).toHaveText(texts.stock(stockBefore));
  const main = page.getByRole('main');
  for (let count = 1; count < journey.quantity; count++)
    await main.getByRole('button', { name: new RegExp(`${words.en.store.increase}|${words.ar.store.increase}`, 'i') }).click();
  await expect(main.getByRole('group', { name: /quantity|الكمية/i }).getByRole('textbox')).toHaveValue(String(journey.quantity));
  await main.getByRole('button', { name: texts.addToCart }).click();
  const added = texts.added({
    quantity: journey.quantity,
    product: isolateLatinRuns(journey.product),
    variantTitle: isolateLatinRuns(journey.variant),
  });
  await expect(page.getByText(added, { exact: false }).first()).toBeVisible();

  await page.getByTestId('cart-button').click();
  const drawer = page.getByTestId('store-cart-drawer');
  await expect(drawer.getByTestId('store-cart-item')).toHaveCount(1);
  await expect(drawer.getByTestId('store-cart-item')).toContainText(journey.product);
  await expect(drawer.getByTestId('store-cart-item')).toContainText(isolateLatinRuns(journey.variant));
  await expect(drawer.getByTestId('store-cart-subtotal')).toHaveText(journey.total);
  await drawer.getByRole('button', { name: texts.checkout }).click();

  await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.checkoutHeading);
  await expect(page.getByTestId('hosted-checkout-total')).toHaveText(journey.total);
  await fillDelivery(page, journey.language);
  await page.getByLabel(texts.nameOnCard).fill('Noura Alqahtani');
  // The amount as it is, case and all.
  // An accessible name has its no-break spaces flattened to spaces.
  await page.getByRole('button', { name: new RegExp(escapeRegExp(texts.pay(journey.total)).replaceAll('\u00a0', '\\s')) }).click();

  await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.success);
  await expect.poll(() => storedCart(page)).toEqual([]);

  await page.goto('/store');
  await page.getByRole('link', { name: journey.product }).click();
  await chooseStyle(page, isolateLatinRuns(journey.variant));
  await expect(page.getByTestId('stock-message')).toHaveText(texts.stock(stockBefore - journey.quantity));
}

test.describe('store in Arabic', () => {
  test('grid → product → variant and quantity → drawer → payment page → pay → success; the stock shown drops', async ({ page }) => {
    await buyThroughTheStore(page, {
      language: 'ar',
      product: 'تيشيرت تحاليل القطني',
      variant: 'وسط (M) / كحلي',
      quantity: 2,
      total: '158.00\u00a0ر.س',
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

test('closing the payment page by going elsewhere gives the reserved stock back at once', async ({ page }) => {
  await page.goto('/store');
  const card = page.getByTestId('product-card').filter({ hasText: 'حقيبة قماشية' });
  await card.getByRole('button', { name: words.ar.store.addToCart }).click();
  await page.getByTestId('cart-button').click();
  await page.getByTestId('store-cart-drawer').getByRole('button', { name: words.ar.store.checkout }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('reservation-countdown')).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const statusOf = async () => {
    const answer = await page.request.get(`/trpc/store.hostedCheckout.get?input=${encodeURIComponent(JSON.stringify({ orderId }))}`);
    return ((await answer.json()) as { result: { data: { status: string } } }).result.data.status;
  };
  expect(await statusOf()).toBe('pending');
  // Typing another address: the page goes, and its beacon releases the reservation.
  await page.goto('/');
  await expect.poll(statusOf).toBe('cancelled');
});

test.describe('the payment page asks who buys and where it goes', () => {
  test('in Arabic: a wrong mobile and a missing city are said under their fields, nothing typed is lost, and the paid order shows the address', async ({
    page,
  }) => {
    // A signed-in buyer: a paid order's address is shown to its own account only (a guest's browser sees it while paying).
    await signUpThroughApi(page, { name: 'نورة القحطاني' });
    await page.goto('/store');
    const card = page.getByTestId('product-card').filter({ hasText: 'كوب سيراميك' });
    await card.getByRole('button', { name: words.ar.store.addToCart }).click();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('store-cart-drawer').getByRole('button', { name: words.ar.store.checkout }).click();
    await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
    const orderPage = new URL(page.url()).pathname;

    // What a phone's autofill goes by.
    const tokens: Partial<Record<DeliveryField, string>> = {
      fullName: 'name',
      email: 'email',
      phone: 'tel',
      city: 'address-level2',
      street: 'address-line1',
      postalCode: 'postal-code',
    };
    for (const [field, token] of Object.entries(tokens)) {
      await expect(deliveryField(page, 'ar', field as DeliveryField)).toHaveAttribute('autocomplete', token);
    }

    await fillDelivery(page, 'ar', { phone: '0412345678', city: '' });
    await page.getByLabel(words.ar.store.nameOnCard).fill('نورة القحطاني');
    await page.getByRole('button', { name: /ادفع/ }).click();
    const phone = deliveryField(page, 'ar', 'phone');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('أدخل رقم جوال سعوديًا، مثل 05XXXXXXXX.')).toBeVisible();
    await expect(deliveryField(page, 'ar', 'city')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('هذا الحقل مطلوب.')).toBeVisible();
    await expect(phone).toHaveValue('0412345678');
    await expect(deliveryField(page, 'ar', 'street')).toHaveValue('طريق الملك فهد');
    await expect(page.getByLabel(words.ar.store.nameOnCard)).toHaveValue('نورة القحطاني');

    await phone.fill('0551234567');
    await deliveryField(page, 'ar', 'city').fill('الرياض');
    await page.getByRole('button', { name: /ادفع/ }).click();
    await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);

    await page.goto(orderPage);
    const address = page.getByTestId('order-delivery-address');
    await expect(address).toContainText('نورة القحطاني');
    await expect(address).toContainText('2929 طريق الملك فهد، العليا، الرياض 12211');
    await expect(address).toContainText('RRRD2929');
    await expect(address).toContainText('+966 55 123 4567');
  });
});

test('on 127.0.0.1 in English, checkout and payment stay on 127.0.0.1, in English, without loading a page', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!);
  origin.hostname = '127.0.0.1';
  const here = origin.origin;
  // The reader chose English on this host only: a page of another host would open in Arabic.
  await page.context().addCookies([{ name: 'tahaleel_locale', value: 'en', url: here }]);
  await page.addInitScript((host) => {
    if (location.origin === host && !localStorage.getItem('tahaleel.locale')) localStorage.setItem('tahaleel.locale', 'en');
  }, here);
  await page.goto(`${here}/store`);
  await page.getByTestId('product-card').filter({ hasText: 'Ceramic Mug' }).getByRole('button', { name: words.en.store.addToCart }).click();
  await page.getByTestId('cart-button').click();
  // Gone with the document if the browser loads another page.
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
  await page.getByTestId('store-cart-drawer').getByRole('button', { name: words.en.store.checkout }).click();

  await expect(page).toHaveURL(new RegExp(`^${here}/store/checkout/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.en.store.checkoutHeading);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);

  await fillDelivery(page, 'en');
  await page.getByLabel(words.en.store.nameOnCard).fill('Noura Alqahtani');
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${here}/success\\?order=[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.en.store.success);
  expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
});

for (const { language, locale } of languages) {
  test(`back on the success page before paying, the cart keeps its items and the page says nothing was charged, in ${language}`, async ({
    page,
  }) => {
    const texts = words[locale].store;
    await readInLanguage(page, locale);
    await page.goto('/store');
    await page.getByTestId('product-card').first().getByRole('button', { name: texts.addToCart }).click();
    await expect.poll(() => storedCart(page)).toHaveLength(1);
    const [line] = (await storedCart(page)) as { variant: { id: number } }[];
    // A checkout begun and not paid (the payment page never opened, so nothing releases it).
    const { url } = await trpc<{ url: string }>(page, 'store.checkout', {
      items: [{ variantId: line!.variant.id, quantity: 1 }],
      successUrl: new URL('/success', page.url()).toString(),
      cancelUrl: new URL('/store', page.url()).toString(),
      locale,
      timeZone: 'Asia/Riyadh',
    });
    const orderId = new URL(url, page.url()).pathname.split('/').pop()!;
    await page.evaluate(() => sessionStorage.setItem('tahaleel.storeCheckoutPending', '1'));

    await page.goto(`/success?order=${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.notPaid);
    await expect(page.getByText(texts.success)).toHaveCount(0);
    expect(await storedCart(page)).toHaveLength(1);
    // The page's cart button is the test cart's; it says what the store cart holds.
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(new RegExp(`${texts.storeCartOfOne}$`));
    await page.getByRole('link', { name: texts.backToPayment }).click();
    await expect(page).toHaveURL(new RegExp(`/store/checkout/${orderId}$`));
  });
}

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
  await expect(page.getByTestId('store-cart-subtotal')).toHaveText('SAR\u00a039.00');
});

test.describe('store in English', () => {
  test.beforeEach(({ page }) => readInLanguage(page, 'en'));

  test('grid → product → variant and quantity → drawer → payment page → pay → success; the stock shown drops', async ({ page }) => {
    await buyThroughTheStore(page, {
      language: 'en',
      product: 'Blood Glucose Meter Starter Kit',
      variant: 'Meter + 25 strips',
      quantity: 3,
      total: 'SAR\u00a0447.00',
    });
  });

  test('the quantity stops at the stock, and the cart refuses more than the stock', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: 'Home First Aid Kit' }).click();
    const main = page.getByRole('main');
    const addButton: Locator = main.getByRole('button', { name: words.en.store.addToCart });
    const increase = main.getByRole('button', { name: words.en.store.increase });
    const stock = await stockShown(page);
    expect(stock).toBeGreaterThan(1);
    // A number typed on an Arabic keyboard is the same number.
    const quantity = main.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('٢');
    await expect(quantity).toHaveValue('2');
    await quantity.fill('1');
    await quantity.blur();
    for (let count = 1; count < stock; count++) await increase.click();
    await expect(quantity).toHaveValue(String(stock));
    await expect(increase).toBeDisabled();
    await expect(page.getByTestId('stock-message')).toHaveText(`${stock} in stock!`);
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
    await fillDelivery(page, 'en');
    await page.getByLabel(words.en.store.nameOnCard).fill('Noura Alqahtani');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined. Please try another card.' })).toBeVisible();
    await page.getByLabel('Card number').fill('4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);
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

test('one cart button, two carts: it opens the cart of the page, says the other holds items too, and leads there; counts agree in English', async ({
  page,
}) => {
  await readInLanguage(page, 'en');
  await page.goto('/store');
  await page.evaluate((item) => localStorage.setItem('tahaleel.labCart', JSON.stringify([item])), labCartItem());
  await page.reload();
  const button = page.getByTestId('cart-button');
  await expect(button).toHaveAccessibleName('Store cart, 0 items; the test cart has 1 test');
  await page.getByTestId('product-card').filter({ hasText: 'Ceramic Mug' }).getByRole('button', { name: words.en.store.addToCart }).click();
  await expect(button).toHaveAccessibleName('Store cart, 1 item; the test cart has 1 test');
  await expect(page.getByTestId('other-cart-badge')).toHaveText('1');

  await button.click();
  const drawer = page.getByTestId('store-cart-drawer');
  await expect(drawer.getByTestId('other-cart')).toContainText('Your test cart also has 1 test.');
  await drawer.getByRole('button', { name: 'View test cart' }).click();
  const dialog = page.getByRole('dialog', { name: words.en.booking.cart });
  await expect(dialog).toContainText('Vitamin D');
  await expect(dialog.getByTestId('other-cart')).toContainText('Your store cart also has 1 item.');
  await dialog.getByRole('button', { name: 'View store cart' }).click();
  await expect(page.getByTestId('store-cart-drawer').getByTestId('store-cart-item')).toContainText('Ceramic Mug');
  await page.keyboard.press('Escape');

  await page.goto('/');
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Test cart, 1 test; the store cart has 1 item');
});

// A promo code and wallet credit on the store's payment page (issue #79 items 4 and 5, ADRs 0092 and 0093): signed in,
// the first-order code takes 10% off the tote bag (49.00 → 44.10), the wallet (credit the admin gave) pays 20.00 and
// the card the 24.10 left; the order is placed and the wallet shows the spend.
for (const [locale, tag] of [
  ['ar', ''],
  ['en', ' @mobile'],
] as const) {
  test(`a signed-in customer pays a store order with a promo code and wallet credit in ${locale === 'ar' ? 'Arabic' : 'English'}${tag}`, async ({
    person,
  }) => {
    const texts = words[locale].store;
    const customer = await person(locale);
    await signUpThroughApi(customer.context, { name: 'Noura Alqahtani' });
    const { id } = await trpc<{ id: string }>(customer.context, 'auth.me', undefined, 'GET');
    const admin = await person(locale);
    await signIn(admin.context, demo.admin, { admin: true });
    await trpc(admin.context, 'wallet.grantGoodwill', { userId: id, grantId: randomUUID(), amount: 20, validDays: 30, note: 'e2e' });

    const page = customer.page;
    await page.goto('/store');
    const card = page.getByTestId('product-card').filter({ hasText: locale === 'ar' ? 'حقيبة قماشية' : 'Canvas Tote Bag' });
    await card.getByRole('button', { name: texts.addToCart }).click();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('store-cart-drawer').getByRole('button', { name: texts.checkout }).click();
    await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('hosted-checkout-total')).toContainText('49.00');

    await page.getByTestId('promo-code').fill('welcome١٠');
    await page.getByRole('button', { name: words[locale].booking.promoApply, exact: true }).click();
    await expect(page.getByTestId('promo-applied')).toContainText('WELCOME10');
    await expect(page.getByTestId('hosted-checkout-promo')).toContainText('4.90');
    await expect(page.getByTestId('hosted-checkout-total')).toContainText('44.10');
    await page.getByTestId('pay-with-wallet').click();
    await expect(page.getByTestId('wallet-paid-line')).toContainText('20.00');
    await expect(page.getByTestId('card-due-line')).toContainText('24.10');
    await screenshotBothSizes(page, page.getByTestId('hosted-checkout-total'), `store-promo-wallet.${locale}`);

    await fillDelivery(page, locale);
    await page.getByLabel(texts.nameOnCard).fill('Noura Alqahtani');
    await page.getByRole('button', { name: new RegExp(`^${texts.pay('')}.*24\\.10`) }).click();
    await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.success);
    await page.goto('/dashboard?section=wallet');
    await expect(page.getByTestId('wallet-movement').first()).toContainText(words[locale].booking.paidFromWallet);
  });
}
