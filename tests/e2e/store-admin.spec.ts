import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  demo,
  expect,
  fillDelivery,
  languages,
  readInLanguage,
  signIn,
  signUpThroughApi,
  test,
  testChangingPublicLists,
  trpc,
} from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// The built-in store run from the admin dashboard (issue #23, docs/decisions/0029, 0038): the admin makes
// a collection and a product in it with two variants and pictures (one moved first, one removed), a
// customer finds it in the store's collection and buys it, the admin prepares and ships the order, and
// the customer follows it in "My orders".
for (const { language, locale } of languages) {
  testChangingPublicLists(`the admin makes a product, a customer buys it, the admin ships it, in ${language}`, async ({ page, person }) => {
    test.setTimeout(180_000);
    const texts = words[locale].storeAdmin;
    const store = words[locale].store;
    const suffix = String(randomUUID().replace(/\D/g, '').slice(0, 6)).padEnd(6, '7');
    // Arabic-Indic digits in the Arabic name: the app sets Latin runs apart in Arabic text (bidi.ts).
    const arabicDigits = suffix.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));
    const product = { ar: `عدة فحص الحديد ${arabicDigits}`, en: `Iron Test Kit ${suffix}` };
    const name = locale === 'ar' ? product.ar : product.en;
    const variants = [
      { ar: 'فردي', en: 'Single', sku: `IRON-${suffix}-1`, price: '79', stock: '12' },
      { ar: 'ثنائي', en: 'Twin pack', sku: `IRON-${suffix}-2`, price: '139.50', stock: '4' },
    ];
    const collection = { ar: `عدد الحديد ${arabicDigits}`, en: `Iron kits ${suffix}` };
    const collectionName = locale === 'ar' ? collection.ar : collection.en;
    let productId: number | null = null;
    await readInLanguage(page, locale);
    try {
      // The admin makes a collection: it is listed last.
      await signIn(page, demo.admin, { admin: true });
      await page.goto('/admin/dashboard?section=collections');
      await page.getByLabel(texts.collectionNameAr).fill(collection.ar);
      await page.getByLabel(texts.collectionNameEn).fill(collection.en);
      await page.getByRole('button', { name: texts.addCollection }).click();
      await expect(page.getByText(texts.collectionAdded).first()).toBeVisible();
      await expect(page.getByTestId('admin-store-collection').last()).toContainText(collectionName);
      await expect(page.getByTestId('admin-store-collection').last()).toContainText(`iron-kits-${suffix}`);
      await screenshotBothSizes(page, page.getByRole('main'), `store-admin-collections.${locale}`);

      // Then the product, in that collection.
      await page.goto('/admin/dashboard?section=store');
      await page.getByRole('button', { name: texts.newProduct }).click();
      await page.getByLabel(texts.nameAr).fill(product.ar);
      await page.getByLabel(texts.nameEn).fill(product.en);
      await page.getByLabel(texts.descriptionAr, { exact: true }).fill('<p>يقيس <strong>مخزون الحديد</strong> من وخزة إصبع.</p>');
      await page.getByLabel(texts.descriptionEn, { exact: true }).fill('<p>Measures <strong>iron stores</strong> from a finger prick.</p>');
      await page.getByText(texts.published).click();
      await page.getByText(collectionName, { exact: true }).click();
      await expect(page.getByRole('checkbox', { name: collectionName })).toBeChecked();
      await page.getByRole('button', { name: texts.addOption }).click();
      await page.getByLabel(texts.optionAr).fill('العبوة');
      await page.getByLabel(texts.optionEn).fill('Pack');
      await page.getByRole('button', { name: texts.addVariant }).click();
      const rows = page.getByTestId('variant-row');
      await expect(rows).toHaveCount(2);
      for (const [index, variant] of variants.entries()) {
        const row = rows.nth(index);
        const optionName = locale === 'ar' ? 'العبوة' : 'Pack';
        await row.getByLabel(locale === 'ar' ? `${optionName} (بالعربية)` : `${optionName} (Arabic)`).fill(variant.ar);
        await row.getByLabel(locale === 'ar' ? `${optionName} (بالإنجليزية)` : `${optionName} (English)`).fill(variant.en);
        await row.getByLabel(texts.sku).fill(variant.sku);
        await row.getByLabel(texts.price, { exact: true }).fill(variant.price);
        await row.getByLabel(texts.stock).fill(variant.stock);
      }
      await page.getByRole('button', { name: texts.save, exact: true }).first().click();
      await expect(page.getByText(texts.saved).first()).toBeVisible();
      // Saved: the editor now offers pictures and stock changes.
      const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b33a3a' } })
        .jpeg()
        .toBuffer();
      await page.getByLabel(texts.addPicture).setInputFiles({ name: 'iron-kit.jpg', mimeType: 'image/jpeg', buffer: picture });
      await expect(page.getByTestId('product-image')).toHaveCount(1);
      const firstPicture = (await page.getByTestId('product-image').first().getAttribute('src'))!;
      // A second picture, moved before the first (the grid's picture now), then the first one removed.
      const second = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2a7ab3' } })
        .png()
        .toBuffer();
      await page.getByLabel(texts.addPicture).setInputFiles({ name: 'iron-kit-box.png', mimeType: 'image/png', buffer: second });
      await expect(page.getByTestId('product-image')).toHaveCount(2);
      await page.getByRole('button', { name: texts.movePictureEarlier(2) }).click();
      await expect(page.getByTestId('product-image').nth(1)).toHaveAttribute('src', firstPicture);
      const mainPicture = (await page.getByTestId('product-image').first().getAttribute('src'))!;
      await screenshotBothSizes(page, page.getByTestId('product-pictures'), `store-admin-pictures.${locale}`);
      await page.getByRole('button', { name: texts.removePicture(2) }).click();
      await page.getByTestId('remove-picture-dialog').getByRole('button', { name: texts.removeThePicture }).click();
      await expect(page.getByTestId('product-image')).toHaveCount(1);
      await expect(page.getByTestId('product-image').first()).toHaveAttribute('src', mainPicture);
      await expect(page.getByTestId('stock-adjuster')).toHaveCount(2);
      await screenshotBothSizes(page, page.getByRole('main'), `store-admin-product.${locale}`);

      const saved = await trpc<{ items: { id: number; nameEn: string }[] }>(page, 'storeAdmin.products', { q: product.en }, 'GET');
      productId = saved.items[0]!.id;

      await page.goto('/admin/dashboard?section=store');
      await expect(page.getByTestId('admin-store-product').first()).toContainText(name);
      await screenshotBothSizes(page, page.getByRole('main'), `store-admin-products.${locale}`);

      // A customer finds it in the store and buys it (its first variant, the one the page starts on).
      const customer = await person(locale);
      await signUpThroughApi(customer.context, { name: 'Noura Alqahtani' });
      // A customer finds it in its collection in the store, with the picture the admin put first.
      await customer.page.goto('/store');
      await customer.page.getByRole('navigation', { name: texts.collectionsNav }).getByRole('link', { name: collectionName }).click();
      await expect(customer.page).toHaveURL(new RegExp(`[?&]collection=iron-kits-${suffix}$`));
      await expect(customer.page.getByTestId('product-card')).toHaveCount(1);
      await screenshotBothSizes(customer.page, customer.page.getByRole('main'), `store-collection.${locale}`);
      await customer.page.getByRole('link', { name }).first().click();
      await expect(customer.page.getByRole('heading', { level: 1 })).toHaveText(name);
      const pictureId = /store-images\/([0-9a-f-]{36})\//.exec(mainPicture)![1]!;
      await expect(customer.page.getByRole('main').getByRole('img').first()).toHaveAttribute('src', new RegExp(pictureId));
      await customer.page.getByRole('main').getByRole('button', { name: store.addToCart }).click();
      await customer.page.getByTestId('cart-button').click();
      await customer.page.getByTestId('store-cart-drawer').getByRole('button', { name: store.checkout }).click();
      await expect(customer.page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
      await fillDelivery(customer.page, locale);
      await customer.page.getByLabel(store.nameOnCard).fill('Noura Alqahtani');
      await customer.page.getByRole('button', { name: locale === 'ar' ? /ادفع/ : /Pay/ }).click();
      await expect(customer.page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);

      // It is in their orders, paid.
      await customer.page.goto('/dashboard?section=orders');
      const mine = customer.page.getByTestId('my-store-order');
      await expect(mine).toHaveCount(1);
      await expect(mine.getByTestId('order-status')).toHaveText(texts.paid);
      await expect(mine).toContainText(name);
      const reference = (await mine.locator('bdi').first().textContent())!.trim();
      expect(reference).toMatch(/^ST-[0-9A-F]{8}$/);

      // The admin finds the order, prepares it and ships it.
      await page.goto('/admin/dashboard?section=orders');
      await page.getByLabel(texts.search).fill(reference);
      await expect(page.getByTestId('admin-store-order')).toHaveCount(1);
      await screenshotBothSizes(page, page.getByRole('main'), `store-admin-orders.${locale}`);
      await page.getByRole('button', { name: reference }).click();
      const orderPage = page.getByTestId('admin-store-order-page');
      await expect(orderPage.getByTestId('order-line')).toContainText(variants[0]!.sku);
      await page.getByRole('button', { name: texts.markPrepared }).click();
      await expect(orderPage.getByTestId('order-status')).toHaveText(texts.prepared);
      await page.getByLabel(texts.trackingNumber).fill(`SMSA${suffix}`);
      await page.getByRole('button', { name: texts.markShipped }).click();
      await expect(orderPage.getByTestId('order-status')).toHaveText(texts.shipped);
      await expect(orderPage.getByTestId('tracking-number')).toHaveText(`SMSA${suffix}`);
      await screenshotBothSizes(page, page.getByRole('main'), `store-admin-order.${locale}`);

      // The customer sees it shipped, with its tracking number.
      await customer.page.reload();
      await expect(mine.getByTestId('order-status')).toHaveText(texts.shipped);
      await expect(mine).toContainText(`SMSA${suffix}`);
      await screenshotBothSizes(customer.page, customer.page.getByRole('main'), `store-my-orders.${locale}`);
    } finally {
      // The store's other specs count the seeded grid and its collections: the product and the collection leave them again.
      const made = await trpc<{ id: number; nameEn: string }[]>(page, 'storeAdmin.collections', undefined, 'GET').catch(() => []);
      for (const entry of made.filter((candidate) => candidate.nameEn === collection.en)) {
        await trpc(page, 'storeAdmin.deleteCollection', { collectionId: entry.id });
      }
      if (productId !== null) {
        const form = await trpc(page, 'storeAdmin.product', { id: productId }, 'GET');
        await trpc(page, 'storeAdmin.saveProduct', {
          id: productId,
          nameAr: form.nameAr,
          nameEn: form.nameEn,
          published: false,
          options: form.options,
          variants: form.variants.map((variant: { id: number; sku: string; price: number; optionValues: unknown[] }) => ({
            id: variant.id,
            sku: variant.sku,
            price: variant.price,
            optionValues: variant.optionValues,
          })),
        });
      }
    }
  });
}
