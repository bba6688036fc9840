import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestUser, testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import {
  approvedPayment,
  checkoutDefaults,
  createTestVariant,
  orderIdOf,
  recordingPayments,
  stockOf,
  storeCallerFor,
  successAddressOf,
} from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function productBySku(sku: string) {
  return database.db
    .selectFrom('store_variants')
    .select(['id', 'product_id', 'inventory_quantity'])
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
}

async function expectAppError(promise: Promise<unknown>, appCode: string, details?: Record<string, unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught as { cause?: { code?: string; details?: Record<string, unknown> } },
  );
  expect(error?.cause?.code).toBe(appCode);
  if (details) expect(error?.cause?.details).toMatchObject(details);
}

/** The store key a guest's checkout sets on its browser, ready for a Cookie header. */
const storeKeyOf = (cookies: string[]) => cookiePair(cookies.find((cookie) => cookie.startsWith('tahaleel_store=')));

describe('store.products (built-in)', () => {
  it('lists the ten seeded products in their order, in Arabic by default', async () => {
    const caller = await storeCallerFor(database.db);
    const page = await caller.store.products();
    expect(page.count).toBe(10);
    expect(page.products).toHaveLength(10);
    expect(page.products[0]).toMatchObject({ title: 'اختبار فيتامين د المنزلي', ribbon_text: 'الأكثر مبيعاً', currency: 'SAR' });
    expect(page.products.map((product) => product.order)).toEqual([...page.products.map((product) => product.order)].sort((a, b) => a - b));
  });

  it('answers in English when the request is in English', async () => {
    const caller = await storeCallerFor(database.db, { locale: 'en' });
    const [first] = (await caller.store.products()).products;
    expect(first).toMatchObject({
      title: 'Vitamin D Home Test Kit',
      subtitle: 'Finger-prick sample, lab-analysed',
      ribbon_text: 'Bestseller',
    });
    expect(first?.variants[0]).toMatchObject({ title: 'Single kit', price_formatted: 'SAR\u00a0149.00' });
  });

  it('formats prices with the SAR template of the active language, sale price beside the price', async () => {
    const arabic = (await (await storeCallerFor(database.db)).store.products()).products;
    const english = (await (await storeCallerFor(database.db, { locale: 'en' })).store.products()).products;
    const arabicPack = arabic[0]!.variants[1]!;
    expect(arabicPack).toMatchObject({
      price_in_cents: 26900,
      sale_price_in_cents: 23900,
      price_formatted: '269.00\u00a0ر.س',
      sale_price_formatted: '239.00\u00a0ر.س',
    });
    expect(arabicPack.currency_info).toEqual({ code: 'SAR', symbol: 'ر.س', template: '$1\u00a0ر.س' });
    expect(english[0]!.variants[1]).toMatchObject({ price_formatted: 'SAR\u00a0269.00', sale_price_formatted: 'SAR\u00a0239.00' });
    expect(english[0]!.variants[0]!.sale_price_formatted).toBeNull();
  });

  it('picks the card variant by site_product_selection: cheapest for lowest_price_first or null, else the first', async () => {
    const products = (await (await storeCallerFor(database.db, { locale: 'en' })).store.products()).products;
    const byTitle = (title: string) => products.find((product) => product.title === title)!;
    // lowest_price_first: Single kit 149.00 beats the pack's sale price 239.00.
    const vitaminD = byTitle('Vitamin D Home Test Kit');
    expect(vitaminD.selected_variant_id).toBe(vitaminD.variants[0]!.id);
    expect(vitaminD.price_in_cents).toBe(14900);
    // 'first' on the t-shirt: the first variant whatever its price.
    const shirt = byTitle('Tahaleel Cotton T-Shirt');
    expect(shirt.selected_variant_id).toBe(shirt.variants[0]!.id);
    // A single-variant product on sale carries the sale price too.
    expect(byTitle('HbA1c Home Test Kit')).toMatchObject({ price_in_cents: 12900, sale_price_in_cents: 9900 });
  });

  it('gives every product its thumbnail, pictures in order, and null when it has none', async () => {
    const products = (await (await storeCallerFor(database.db, { locale: 'en' })).store.products()).products;
    const shirt = products.find((product) => product.title === 'Tahaleel Cotton T-Shirt')!;
    expect(shirt.image).toBe('/store/tshirt-navy.svg');
    expect(shirt.images.map((image) => image.order)).toEqual([0, 1, 2]);
    expect(products.find((product) => product.title === 'Home First Aid Kit')!.image).toBeNull();
  });

  it('pages and sorts: by price ascending, then a second page', async () => {
    const caller = await storeCallerFor(database.db, { locale: 'en' });
    const cheapestFirst = await caller.store.products({ sortBy: 'price', order: 'asc', limit: 3 });
    expect(cheapestFirst.products.map((product) => product.title)).toEqual(['Early Pregnancy Test', 'Ceramic Mug', 'Canvas Tote Bag']);
    const second = await caller.store.products({ sortBy: 'price', order: 'asc', limit: 3, offset: 3 });
    expect(second).toMatchObject({ count: 10, offset: 3, limit: 3 });
    expect(second.products[0]!.title).not.toBe('Canvas Tote Bag');
  });

  it('keeps hidden products out of the grid but answers them by id (a cart still holds them)', async () => {
    const { productId } = await createTestVariant(database.db, { stock: 5 });
    const caller = await storeCallerFor(database.db);
    expect((await caller.store.products()).products.map((product) => product.id)).not.toContain(productId);
    expect((await caller.store.products({ ids: [productId] })).products.map((product) => product.id)).toEqual([productId]);
  });
});

describe('store.product (built-in)', () => {
  it('answers one product with its options, variants, additional info in order, and single-product fields', async () => {
    const caller = await storeCallerFor(database.db, { locale: 'en' });
    const { product_id } = await productBySku('TEE-M-NAVY');
    const shirt = await caller.store.product({ id: String(product_id) });
    expect(shirt.title).toBe('Tahaleel Cotton T-Shirt');
    expect(shirt.options.map((option) => option.title)).toEqual(['Size', 'Colour']);
    expect(shirt.options[0]!.values.map((value) => value.value)).toEqual(['S', 'M', 'L', 'XL']);
    expect(shirt.variants).toHaveLength(8);
    expect(shirt.variants[1]!.options.map((option) => option.value)).toEqual(['M', 'Navy']);
    expect(shirt.additional_info.map((info) => info.title)).toEqual(['Care instructions', 'Size guide', 'Shipping & returns']);
    expect(shirt).toMatchObject({ status: 'published', deleted_at: null, type: { value: 'merch' } });
    expect(shirt.collections).toHaveLength(1);
  });

  it('says NOT_FOUND for an unknown, malformed or unpublished product', async () => {
    const caller = await storeCallerFor(database.db);
    await expectAppError(caller.store.product({ id: 999_999 }), 'NOT_FOUND');
    await expectAppError(caller.store.product({ id: 'abc' }), 'NOT_FOUND');
    const { productId } = await createTestVariant(database.db, { stock: 1 });
    await database.db.updateTable('store_products').set({ status: 'draft' }).where('id', '=', productId).execute();
    await expectAppError(caller.store.product({ id: productId }), 'NOT_FOUND');
  });

  it('removes script, handlers, javascript: links and frames from product and additional-info HTML', async () => {
    const { productId } = await createTestVariant(database.db, { stock: 1 });
    const payloads = [
      '<p>Safe <strong>bold</strong> text</p>',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">click</a>',
      '<a href="JaVaScRiPt:alert(4)">click</a>',
      '<a href="java&#x09;script:alert(5)">click</a>',
      '<svg onload="alert(6)"><circle /></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(7))" onclick="alert(8)">styled</p>',
      '<form action="https://evil.example"><input name="x"></form>',
      '<a href="https://tahaleel.sa/help">help</a>',
    ].join('');
    await database.db
      .updateTable('store_products')
      .set({ description_ar: payloads, description_en: payloads })
      .where('id', '=', productId)
      .execute();
    await database.db
      .insertInto('store_additional_info')
      .values({
        product_id: productId,
        sort_order: 0,
        title_ar: 'تنبيه',
        title_en: 'Note',
        description_ar: payloads,
        description_en: payloads,
      })
      .execute();
    const product = await (await storeCallerFor(database.db)).store.product({ id: productId });
    for (const html of [product.description, product.additional_info[0]!.description]) {
      expect(html).toContain('<p>Safe <strong>bold</strong> text</p>');
      expect(html).toContain('<a href="https://tahaleel.sa/help" target="_blank" rel="noopener noreferrer nofollow">help</a>');
      expect(html.toLowerCase()).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|<form|<input|style=|alert\(/);
    }
  });
});

describe('store.checkout (built-in) and its hosted payment page', () => {
  it('creates a pending order that reserves the stock and answers our own payment page', async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 5, priceHalalas: 2500 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    // A path: the buyer stays on the host they came by, whatever PUBLIC_URL names.
    expect(url).toMatch(/^\/store\/checkout\/[0-9a-f-]{36}$/);
    const order = await caller.store.hostedCheckout.get({ orderId: orderIdOf(url) });
    expect(order).toMatchObject({ status: 'pending', total_cents: 5000, total_formatted: '50.00\u00a0ر.س' });
    expect(order.seconds_left).toBeGreaterThan(14 * 60);
    expect(order.items).toEqual([
      expect.objectContaining({
        variant_id: variantId,
        quantity: 2,
        variant_title: 'قياسي',
        unit_price_formatted: '25.00\u00a0ر.س',
        line_total_formatted: '50.00\u00a0ر.س',
      }),
    ]);
    // Stock on hand is untouched until payment; what can be sold drops by the reservation.
    expect(await stockOf(database.db, variantId)).toBe(5);
    const { variants } = await caller.store.variants({ productIds: [productId] });
    expect(variants).toEqual([{ id: variantId, inventory_quantity: 3 }]);
    expect((await caller.store.product({ id: productId })).variants[0]!.inventory_quantity).toBe(3);
  });

  it('refuses more than what is left after reservations, saying how many are left', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 3 });
    const caller = await storeCallerFor(database.db);
    await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    await expectAppError(caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] }), 'OUT_OF_STOCK', {
      variantId,
      available: 1,
    });
    // The same variant twice in one cart counts as one want of 2.
    await expectAppError(
      caller.store.checkout({
        ...checkoutDefaults,
        items: [
          { variantId, quantity: 1 },
          { variantId, quantity: 1 },
        ],
      }),
      'OUT_OF_STOCK',
    );
  });

  it('sells a variant without managed inventory whatever its stored quantity', async () => {
    const mug = await productBySku('ACC-MUG');
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId: mug.id, quantity: 4 }] });
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(url), ...approvedPayment });
    expect(await stockOf(database.db, mug.id)).toBe(0);
  });

  it('refuses a product that is not purchasable and a variant that does not exist', async () => {
    const cap = await productBySku('CAP-NAVY');
    const caller = await storeCallerFor(database.db);
    await expectAppError(
      caller.store.checkout({ ...checkoutDefaults, items: [{ variantId: cap.id, quantity: 1 }] }),
      'PRODUCT_UNAVAILABLE',
    );
    await expectAppError(caller.store.checkout({ ...checkoutDefaults, items: [{ variantId: 987_654, quantity: 1 }] }), 'NOT_FOUND');
  });

  it('refuses return addresses on another site, so the payment page cannot be used to redirect anywhere', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 3 });
    const caller = await storeCallerFor(database.db);
    await expectAppError(
      caller.store.checkout({
        ...checkoutDefaults,
        successUrl: 'https://evil.example/success',
        items: [{ variantId, quantity: 1 }],
      }),
      'VALIDATION_FAILED',
      { field: 'successUrl' },
    );
    // The dev server on another loopback port is still us.
    const { url } = await caller.store.checkout({
      ...checkoutDefaults,
      successUrl: 'http://127.0.0.1:5173/success',
      items: [{ variantId, quantity: 1 }],
    });
    expect(url).toContain('/store/checkout/');
  });

  it('pays: takes the stock, marks the order paid and sends the browser to the success URL', async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 4 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 3 }] });
    const orderId = orderIdOf(url);
    expect(await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment })).toEqual({
      redirectUrl: successAddressOf(orderId),
    });
    expect(await stockOf(database.db, variantId)).toBe(1);
    expect((await caller.store.variants({ productIds: [productId] })).variants[0]!.inventory_quantity).toBe(1);
    const order = await database.db.selectFrom('store_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', card_last4: '4242' });
    expect(order.payment_reference).toMatch(/^sim_/);
    // Paying twice (a double click, a reload) charges once and still lands on the success page.
    expect(await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment })).toEqual({
      redirectUrl: successAddressOf(orderId),
    });
    expect(await stockOf(database.db, variantId)).toBe(1);
  });

  it('declines the test card 4000 0000 0000 0002 and keeps the reservation', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 2 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    await expectAppError(
      caller.store.hostedCheckout.pay({ orderId: orderIdOf(url), ...approvedPayment, number: '4000 0000 0000 0002' }),
      'PAYMENT_DECLINED',
    );
    expect((await caller.store.hostedCheckout.get({ orderId: orderIdOf(url) })).status).toBe('pending');
  });

  it('checks the card form: Luhn, expiry and security code, as field errors', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 2 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    const app = createApp({ db: database.db, env: testEnv });
    const response = await apiClient(app).mutate('store.hostedCheckout.pay', {
      orderId: orderIdOf(url),
      ...{ name: '', number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' },
    });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toMatchObject({
      name: ['required'],
      number: ['invalid_card_number'],
      expiry: ['card_expired'],
      cvc: ['invalid_card_cvc'],
    });
  });

  it('lets a reservation lapse: the stock is free again and the late payment is refused as expired', async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 2 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    const orderId = orderIdOf(url);
    expect((await caller.store.variants({ productIds: [productId] })).variants[0]!.inventory_quantity).toBe(0);
    await expectAppError(caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] }), 'OUT_OF_STOCK');

    await database.db
      .updateTable('store_orders')
      .set({ reserved_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', orderId)
      .execute();

    expect((await caller.store.variants({ productIds: [productId] })).variants[0]!.inventory_quantity).toBe(2);
    await expectAppError(caller.store.hostedCheckout.pay({ orderId, ...approvedPayment }), 'CHECKOUT_EXPIRED');
    expect(await caller.store.hostedCheckout.get({ orderId })).toMatchObject({ status: 'expired', seconds_left: 0 });
    expect(await stockOf(database.db, variantId)).toBe(2);
    // Someone else can now buy what was held.
    const other = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(other.url), ...approvedPayment });
    expect(await stockOf(database.db, variantId)).toBe(0);
  });

  it('cancelling releases the reservation at once and goes to the cancel URL; a paid order cannot be cancelled', async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 1 });
    const caller = await storeCallerFor(database.db);
    const first = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    expect(await caller.store.hostedCheckout.cancel({ orderId: orderIdOf(first.url) })).toEqual({
      redirectUrl: checkoutDefaults.cancelUrl,
    });
    expect((await caller.store.variants({ productIds: [productId] })).variants[0]!.inventory_quantity).toBe(1);
    await expectAppError(caller.store.hostedCheckout.pay({ orderId: orderIdOf(first.url), ...approvedPayment }), 'CHECKOUT_CLOSED');

    const second = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(second.url), ...approvedPayment });
    await expectAppError(caller.store.hostedCheckout.cancel({ orderId: orderIdOf(second.url) }), 'CHECKOUT_CLOSED');
  });

  it('pays through the PaymentProvider: the order total once per order, refunded when the order cannot be completed', async () => {
    const { payments, charged, refunded } = recordingPayments();
    const { variantId } = await createTestVariant(database.db, { stock: 3 });
    const caller = await storeCallerFor(database.db, { payments });
    const paid = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    const order = await caller.store.hostedCheckout.get({ orderId: orderIdOf(paid.url) });
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(paid.url), ...approvedPayment });
    await caller.store.hostedCheckout.pay({ orderId: orderIdOf(paid.url), ...approvedPayment });
    expect(charged).toEqual([{ amount: order.total_cents, currency: 'SAR', reference: orderIdOf(paid.url) }]);
    const row = await database.db
      .selectFrom('store_orders')
      .select('payment_reference')
      .where('id', '=', orderIdOf(paid.url))
      .executeTakeFirstOrThrow();
    expect(row.payment_reference).toBe(`sim_${orderIdOf(paid.url)}`);

    const short = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    await database.db.updateTable('store_variants').set({ inventory_quantity: 1 }).where('id', '=', variantId).execute();
    await expectAppError(caller.store.hostedCheckout.pay({ orderId: orderIdOf(short.url), ...approvedPayment }), 'OUT_OF_STOCK');
    expect(refunded).toEqual([`sim_${orderIdOf(short.url)}`]);
  });

  it('never takes stock below zero, even when stock vanished outside a reservation', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 2 });
    const caller = await storeCallerFor(database.db);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] });
    await database.db.updateTable('store_variants').set({ inventory_quantity: 1 }).where('id', '=', variantId).execute();
    await expectAppError(caller.store.hostedCheckout.pay({ orderId: orderIdOf(url), ...approvedPayment }), 'OUT_OF_STOCK');
    expect(await stockOf(database.db, variantId)).toBe(1);
    expect((await caller.store.hostedCheckout.get({ orderId: orderIdOf(url) })).status).toBe('pending');
  });

  it("lets nobody but its buyer pay or cancel an order: to a stranger with the link, a guest's or a signed-in buyer's pending order is not found, and stays as it was", async () => {
    const { payments, charged } = recordingPayments();
    const api = apiClient(createApp({ db: database.db, env: testEnv, payments }));
    const { variantId } = await createTestVariant(database.db, { stock: 10 });
    const open = async (session?: string) => {
      const started = await api.mutate<{ url: string }>(
        'store.checkout',
        { ...checkoutDefaults, items: [{ variantId, quantity: 1 }] },
        session,
      );
      return { orderId: orderIdOf(started.data.url), browser: session ?? storeKeyOf(started.cookies) };
    };
    const orders = { "a guest's": await open(), "a signed-in buyer's": await open((await createTestUser(database.db, 'customer')).cookie) };
    const strangers = {
      'a signed-out visitor': undefined,
      'another customer': (await createTestUser(database.db, 'customer')).cookie,
      'another guest’s browser, with a store key of its own': (await open()).browser,
    };
    const orderRow = (id: string) => database.db.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // A stranger paying with their own card would write their name and address over the buyer's.
    const theirs = { ...approvedPayment, fullName: 'Mallory', email: 'mallory@example.com', city: 'Jeddah' };

    const placedHere = async (orderId: string, cookie?: string) =>
      (
        await api.query<{ placed_here: boolean }>(
          `store.hostedCheckout.get?input=${encodeURIComponent(JSON.stringify({ orderId }))}`,
          cookie,
        )
      ).data.placed_here;

    for (const [whose, { orderId, browser }] of Object.entries(orders)) {
      const before = await orderRow(orderId);
      // The page shows the form only where the order was placed; elsewhere it says so.
      expect(await placedHere(orderId, browser)).toBe(true);
      for (const [who, cookie] of Object.entries(strangers)) {
        expect({ whose, who, placedHere: await placedHere(orderId, cookie) }).toEqual({ whose, who, placedHere: false });
        for (const answer of [
          await api.mutate('store.hostedCheckout.pay', { orderId, ...theirs }, cookie),
          await api.mutate('store.hostedCheckout.cancel', { orderId }, cookie),
        ]) {
          expect({ whose, who, status: answer.status, appCode: answer.error?.data.appCode, details: answer.error?.data.details }).toEqual({
            whose,
            who,
            status: 404,
            appCode: 'NOT_FOUND',
            details: { orderId },
          });
        }
      }
      expect(await orderRow(orderId)).toEqual(before);
      expect(charged.filter((charge) => charge.reference === orderId)).toEqual([]);

      const paid = await api.mutate('store.hostedCheckout.pay', { orderId, ...approvedPayment }, browser);
      expect(paid).toMatchObject({ status: 200, data: { redirectUrl: successAddressOf(orderId) } });
      expect(await orderRow(orderId)).toMatchObject({
        status: 'paid',
        buyer_email: approvedPayment.email,
        ship_city: approvedPayment.city,
      });
    }
    const left = await open();
    expect(await api.mutate('store.hostedCheckout.cancel', { orderId: left.orderId }, left.browser)).toMatchObject({
      status: 200,
      data: { redirectUrl: checkoutDefaults.cancelUrl },
    });
  });

  it('says NOT_FOUND for an order that does not exist', async () => {
    const caller = await storeCallerFor(database.db);
    await expectAppError(caller.store.hostedCheckout.get({ orderId: crypto.randomUUID() }), 'NOT_FOUND');
  });

  it('works over HTTP as the browser calls it: checkout, then pay with the store key the checkout set', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 1 });
    const api = apiClient(createApp({ db: database.db, env: testEnv }));
    const started = await api.mutate<{ url: string }>('store.checkout', {
      ...checkoutDefaults,
      items: [{ variantId: String(variantId), quantity: 1 }],
    });
    expect(started.status).toBe(200);
    const orderId = orderIdOf(started.data.url);
    const paid = await api.mutate<{ redirectUrl: string }>(
      'store.hostedCheckout.pay',
      { orderId, ...approvedPayment },
      storeKeyOf(started.cookies),
    );
    expect(paid.data).toEqual({ redirectUrl: successAddressOf(orderId) });
    const again = await api.mutate('store.checkout', { ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    expect(again.status).toBe(409);
    expect(again.error?.data).toMatchObject({ appCode: 'OUT_OF_STOCK', details: { variantId, available: 0 } });
  });
});

describe('the buyer and the delivery address on the payment page', () => {
  async function openOrder(options: Parameters<typeof storeCallerFor>[1] = {}) {
    const { variantId } = await createTestVariant(database.db, { stock: 3 });
    const caller = await storeCallerFor(database.db, options);
    const { url } = await caller.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    return { caller, orderId: orderIdOf(url) };
  }

  it('refuses a bad mobile, a missing city, a 4-digit postal code and a malformed short address, each as a field error; the order waits', async () => {
    const { caller, orderId } = await openOrder();
    const app = createApp({ db: database.db, env: testEnv });
    const response = await apiClient(app).mutate('store.hostedCheckout.pay', {
      orderId,
      ...approvedPayment,
      phone: '0412345678',
      city: '  ',
      postalCode: '1221',
      shortAddress: 'RRR2929',
    });
    expect(response.status).toBe(400);
    expect(response.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(response.error?.data.fieldErrors).toEqual({
      phone: ['invalid_phone'],
      city: ['required'],
      postalCode: ['invalid_postal_code'],
      shortAddress: ['invalid_short_address'],
    });
    expect((await caller.store.hostedCheckout.get({ orderId })).status).toBe('pending');
  });

  it('stores a good order’s buyer and address on the order, the mobile as +9665…, and shows them to its buyer on the paid order', async () => {
    const { caller, orderId } = await openOrder({ user: await createTestUser(database.db, 'customer') });
    await caller.store.hostedCheckout.pay({
      orderId,
      ...approvedPayment,
      phone: '055 123 4567',
      postalCode: '١٢٢١١',
      shortAddress: 'rrrd 2929',
    });
    const row = await database.db.selectFrom('store_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      buyer_name: 'Noura Alqahtani',
      buyer_email: 'noura@example.sa',
      buyer_phone: '+966551234567',
      ship_city: 'Riyadh',
      ship_district: 'Al Olaya',
      ship_street: 'King Fahd Road',
      ship_building_number: '2929',
      ship_postal_code: '12211',
      ship_short_address: 'RRRD2929',
    });
    expect((await caller.store.hostedCheckout.get({ orderId })).shipping).toEqual({
      fullName: 'Noura Alqahtani',
      email: 'noura@example.sa',
      phone: '+966551234567',
      city: 'Riyadh',
      district: 'Al Olaya',
      street: 'King Fahd Road',
      buildingNumber: '2929',
      postalCode: '12211',
      shortAddress: 'RRRD2929',
    });
  });

  it('shows a paid order’s buyer, address and card only to its buyer: another customer and a signed-out visitor with its link see its state', async () => {
    const buyer = await createTestUser(database.db, 'customer');
    const { caller, orderId } = await openOrder({ user: buyer });
    await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment });
    const mine = await caller.store.hostedCheckout.get({ orderId });
    expect(mine).toMatchObject({ status: 'paid', card_last4: '4242', shipping: expect.objectContaining({ street: 'King Fahd Road' }) });

    const otherCustomer = await storeCallerFor(database.db, { user: await createTestUser(database.db, 'customer') });
    const signedOut = await storeCallerFor(database.db);
    for (const stranger of [otherCustomer, signedOut]) {
      const seen = await stranger.store.hostedCheckout.get({ orderId });
      expect(seen).toMatchObject({ id: orderId, status: 'paid', total_cents: mine.total_cents, card_last4: null, shipping: null });
      expect(seen.items).toEqual(mine.items);
      for (const personal of ['Noura', 'noura@example.sa', '551234567', 'King Fahd', 'Al Olaya', '12211', 'RRRD2929', '4242']) {
        expect(JSON.stringify(seen)).not.toContain(personal);
      }
    }
  });

  it('fills a signed-in buyer’s form from their account, then from their last order; never from another’s, nor for a guest', async () => {
    const buyer = await createTestUser(database.db, 'customer', { name: 'Sara Alharbi' });
    const first = await openOrder({ user: buyer });
    expect((await first.caller.store.hostedCheckout.get({ orderId: first.orderId })).prefill).toEqual({
      fullName: 'Sara Alharbi',
      email: buyer.email,
      phone: undefined,
    });
    await first.caller.store.hostedCheckout.pay({ orderId: first.orderId, ...approvedPayment, fullName: 'Sara Alharbi', city: 'Jeddah' });

    const second = await openOrder({ user: buyer });
    expect((await second.caller.store.hostedCheckout.get({ orderId: second.orderId })).prefill).toMatchObject({
      fullName: 'Sara Alharbi',
      city: 'Jeddah',
      postalCode: '12211',
    });

    // Someone else holding the same order id (a guest, another account) is never shown Sara's details.
    const guest = await storeCallerFor(database.db);
    expect((await guest.store.hostedCheckout.get({ orderId: second.orderId })).prefill).toBeNull();
    const other = await createTestUser(database.db, 'customer', { name: 'Omar' });
    const otherCaller = await storeCallerFor(database.db, { user: other });
    const seen = await otherCaller.store.hostedCheckout.get({ orderId: second.orderId });
    expect(seen.prefill).toMatchObject({ fullName: 'Omar', email: other.email });
    expect(JSON.stringify(seen)).not.toContain('Jeddah');
  });
});
