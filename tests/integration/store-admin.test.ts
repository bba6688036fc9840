import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { afterQuietHours } from '../../src/server/modules/phone/phone-messages.service.ts';
import { createTestUser, type TestUser, testEnvSource } from '../setup/fixtures.ts';
import { approvedPayment, checkoutDefaults, orderIdOf, recordingPayments, stockOf, storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
let admin: TestUser;
let customer: TestUser;
let lab: TestUser;
beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  customer = await createTestUser(database.db, 'customer');
  lab = await createTestUser(database.db, 'lab');
});
afterAll(() => database.close());

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
}

const adminCaller = (options: Parameters<typeof storeCallerFor>[1] = {}) => storeCallerFor(database.db, { user: admin, ...options });

function productInput(suffix: string, stock = [5, 3]) {
  return {
    nameAr: `مجموعة اختبار ${suffix}`,
    nameEn: `Test kit ${suffix}`,
    descriptionAr: '<p>وصف <script>alert(1)</script><strong>آمن</strong></p>',
    descriptionEn: '<p onclick="x()">A <em>safe</em> description</p>',
    published: true,
    ribbonAr: 'جديد',
    ribbonEn: 'New',
    seoTitleEn: `Test kit ${suffix}`,
    options: [{ ar: 'الحجم', en: 'Size' }],
    variants: [
      { sku: `SA-${suffix}-1`, price: 4900, stock: stock[0]!, optionValues: [{ ar: 'فردي', en: 'Single' }] },
      { sku: `SA-${suffix}-2`, price: 8900, salePrice: 7900, stock: stock[1]!, optionValues: [{ ar: 'عائلي', en: 'Family' }] },
    ],
  };
}

let suffixes = 0;
const nextSuffix = () => `${Date.now().toString(36)}${(suffixes++).toString(36)}`.toUpperCase();

/** A paid order of `quantity` units of the variant, bought by the customer. */
async function paidOrder(variantId: number, quantity: number) {
  const buyer = await storeCallerFor(database.db, { user: customer });
  const { url } = await buyer.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity }] });
  const orderId = orderIdOf(url);
  await buyer.store.hostedCheckout.pay({ orderId, ...approvedPayment });
  return orderId;
}

describe('storeAdmin: admins only', () => {
  it('refuses a customer, a lab and a visitor on every procedure', async () => {
    const { variants } = await (await adminCaller()).storeAdmin.saveProduct(productInput(nextSuffix()));
    const orderId = await paidOrder(variants[0]!.id, 1);
    for (const user of [customer, lab, undefined]) {
      const caller = await storeCallerFor(database.db, user ? { user } : {});
      const expected = user ? 'FORBIDDEN' : 'UNAUTHENTICATED';
      expect(await codeOf(caller.storeAdmin.products({}))).toBe(expected);
      expect(await codeOf(caller.storeAdmin.saveProduct(productInput(nextSuffix())))).toBe(expected);
      expect(await codeOf(caller.storeAdmin.adjustStock({ variantId: variants[0]!.id, delta: 5, reason: 'x' }))).toBe(expected);
      expect(await codeOf(caller.storeAdmin.orders({}))).toBe(expected);
      expect(await codeOf(caller.storeAdmin.order({ orderId }))).toBe(expected);
      expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' }))).toBe(expected);
    }
    expect(await stockOf(database.db, variants[0]!.id)).toBe(4);
  });
});

describe('storeAdmin.saveProduct', () => {
  it('creates a product with two variants that the store then sells, descriptions sanitized', async () => {
    const suffix = nextSuffix();
    const saved = await (await adminCaller()).storeAdmin.saveProduct(productInput(suffix));
    expect(saved.variants.map((variant) => variant.sku)).toEqual([`SA-${suffix}-1`, `SA-${suffix}-2`]);
    const english = await (await storeCallerFor(database.db, { locale: 'en' })).store.product({ id: saved.id });
    expect(english).toMatchObject({ title: `Test kit ${suffix}`, ribbon_text: 'New' });
    expect(english.description).not.toContain('onclick');
    expect(
      english.variants.map((variant) => [variant.title, variant.price_in_cents, variant.sale_price_in_cents, variant.inventory_quantity]),
    ).toEqual([
      ['Single', 4900, null, 5],
      ['Family', 8900, 7900, 3],
    ]);
    expect(english.options[0]).toMatchObject({ title: 'Size' });
    const arabic = await (await storeCallerFor(database.db)).store.product({ id: saved.id });
    expect(arabic.description).not.toContain('script');
    expect(arabic.description).toContain('<strong>آمن</strong>');
    expect((await (await storeCallerFor(database.db)).store.products({ limit: 100 })).products.map((product) => product.id)).toContain(
      saved.id,
    );
  });

  it('edits: unpublishing takes it out of the store, an existing variant keeps its id and stock', async () => {
    const caller = await adminCaller();
    const input = productInput(nextSuffix());
    const saved = await caller.storeAdmin.saveProduct(input);
    const edited = await caller.storeAdmin.saveProduct({
      ...input,
      id: saved.id,
      published: false,
      nameEn: 'Renamed',
      variants: [{ ...input.variants[0]!, id: saved.variants[0]!.id, price: 5900, stock: 999 }],
    });
    expect(edited.variants).toEqual([{ id: saved.variants[0]!.id, sku: input.variants[0]!.sku }]);
    expect(await stockOf(database.db, saved.variants[0]!.id)).toBe(5);
    expect(await codeOf((await storeCallerFor(database.db)).store.product({ id: saved.id }))).toBe('NOT_FOUND');
    const form = await caller.storeAdmin.product({ id: saved.id });
    expect(form).toMatchObject({ nameEn: 'Renamed', published: false, variants: [{ price: 5900, stock: 5 }] });
  });

  it('refuses a SKU another variant has', async () => {
    const caller = await adminCaller();
    const first = productInput(nextSuffix());
    await caller.storeAdmin.saveProduct(first);
    const second = productInput(nextSuffix());
    second.variants[1]!.sku = first.variants[0]!.sku;
    expect(await codeOf(caller.storeAdmin.saveProduct(second))).toBe('CONFLICT');
  });
});

describe('storeAdmin.adjustStock', () => {
  it('adds and takes with a reason, never below zero, and keeps each change', async () => {
    const caller = await adminCaller();
    const { id, variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix(), [2, 0]));
    const variantId = variants[0]!.id;
    expect(await caller.storeAdmin.adjustStock({ variantId, delta: 10, reason: 'Delivery from supplier' })).toMatchObject({
      stock: 12,
      lowStock: false,
    });
    expect(await caller.storeAdmin.adjustStock({ variantId, delta: -9, reason: 'Damaged in storage' })).toMatchObject({
      stock: 3,
      lowStock: true,
    });
    expect(await codeOf(caller.storeAdmin.adjustStock({ variantId, delta: -4, reason: 'Too many' }))).toBe('STOCK_BELOW_ZERO');
    expect(await stockOf(database.db, variantId)).toBe(3);
    // Two takings at once of what only one can have: exactly one goes through.
    const outcomes = await Promise.all([
      codeOf(caller.storeAdmin.adjustStock({ variantId, delta: -3, reason: 'A' })),
      codeOf(caller.storeAdmin.adjustStock({ variantId, delta: -3, reason: 'B' })),
    ]);
    expect(outcomes.sort()).toEqual(['STOCK_BELOW_ZERO', undefined]);
    expect(await stockOf(database.db, variantId)).toBe(0);
    const form = await caller.storeAdmin.product({ id });
    expect(form.stockHistory.filter((entry) => entry.variantId === variantId).map((entry) => [entry.delta, entry.quantityAfter])).toEqual([
      [-3, 0],
      [-9, 3],
      [10, 12],
      [2, 2],
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'store.stock_adjust')
      .where('subject_id', '=', String(variantId))
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]!.actor_id).toBe(admin.id);
  });
});

describe('storeAdmin orders', () => {
  it('moves an order only forward: fulfilled, shipped with a tracking number, delivered', async () => {
    const caller = await adminCaller();
    const { variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix()));
    const orderId = await paidOrder(variants[0]!.id, 2);
    const sold = async () => (await caller.admin.overview()).counts.paid_store_orders;
    const soldBefore = await sold();
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'shipped', trackingNumber: 'SMSA123' }))).toBe(
      'ORDER_STATUS_NOT_ALLOWED',
    );
    expect(await caller.storeAdmin.setOrderStatus({ orderId, status: 'fulfilled' })).toMatchObject({ status: 'fulfilled' });
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'fulfilled' }))).toBe('ORDER_STATUS_NOT_ALLOWED');
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'shipped' }))).toBe('VALIDATION_FAILED');
    // The buyer's confirmed mobile number is told, with the tracking number, once it is daytime in Riyadh (issue #55).
    const phone = '+966551230987';
    await database.db.updateTable('users').set({ phone, phone_verified_at: new Date() }).where('id', '=', customer.id).execute();
    await caller.storeAdmin.setOrderStatus({ orderId, status: 'shipped', trackingNumber: 'SMSA123' });
    const texts = await database.db
      .selectFrom('phone_messages')
      .select(['template', 'data', 'send_after'])
      .where('recipient', '=', phone)
      .execute();
    expect(texts).toMatchObject([{ template: 'order-shipped', data: { trackingNumber: 'SMSA123' } }]);
    expect(texts[0]?.send_after).toEqual(afterQuietHours(texts[0]!.send_after));
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' }))).toBe('ORDER_STATUS_NOT_ALLOWED');
    await caller.storeAdmin.setOrderStatus({ orderId, status: 'delivered' });
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'fulfilled' }))).toBe('ORDER_STATUS_NOT_ALLOWED');
    const order = await caller.storeAdmin.order({ orderId });
    expect(order).toMatchObject({ status: 'delivered', trackingNumber: 'SMSA123', nextSteps: [], itemCount: 2 });
    expect(order.fulfilledAt && order.shippedAt && order.deliveredAt).toBeTruthy();
    // A delivered order is still a sale in the admin's figures.
    expect(await sold()).toBe(soldBefore);
  });

  it('refuses to move an order that was never paid', async () => {
    const caller = await adminCaller();
    const { variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix()));
    const buyer = await storeCallerFor(database.db, { user: customer });
    const { url } = await buyer.store.checkout({ ...checkoutDefaults, items: [{ variantId: variants[0]!.id, quantity: 1 }] });
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId: orderIdOf(url), status: 'fulfilled' }))).toBe(
      'ORDER_STATUS_NOT_ALLOWED',
    );
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId: orderIdOf(url), status: 'cancelled' }))).toBe(
      'ORDER_STATUS_NOT_ALLOWED',
    );
  });

  it('cancelling gives the stock back and refunds the payment, once', async () => {
    const { payments, refunded } = recordingPayments();
    const caller = await adminCaller({ payments });
    const { variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix()));
    const variantId = variants[1]!.id;
    const orderId = await paidOrder(variantId, 2);
    expect(await stockOf(database.db, variantId)).toBe(1);
    await caller.storeAdmin.setOrderStatus({ orderId, status: 'fulfilled' });
    expect(await caller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' })).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await stockOf(database.db, variantId)).toBe(3);
    const order = await database.db
      .selectFrom('store_orders')
      .select(['payment_reference', 'refunded_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(refunded).toEqual([order.payment_reference]);
    expect(order.refunded_at).not.toBeNull();
    expect(await codeOf(caller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' }))).toBe('ORDER_STATUS_NOT_ALLOWED');
    expect(refunded).toHaveLength(1);
    expect(await stockOf(database.db, variantId)).toBe(3);
  });

  it('a refused refund leaves the order, and its stock, as they were', async () => {
    const { payments } = recordingPayments();
    const failing = { ...payments, refund: async () => Promise.reject(new Error('gateway down')) };
    const caller = await adminCaller({ payments: failing });
    const { variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix()));
    const orderId = await paidOrder(variants[0]!.id, 1);
    await expect(caller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' })).rejects.toThrow();
    expect((await caller.storeAdmin.order({ orderId })).status).toBe('paid');
    expect(await stockOf(database.db, variants[0]!.id)).toBe(4);
  });

  it('lists by status, day and customer, and the buyer sees their own in store.myOrders', async () => {
    const caller = await adminCaller();
    const { variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix()));
    const orderId = await paidOrder(variants[0]!.id, 1);
    const reference = `ST-${orderId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    const found = await caller.storeAdmin.orders({ q: reference });
    expect(found.items.map((order) => order.id)).toEqual([orderId]);
    expect(found.items[0]).toMatchObject({ reference, status: 'paid', customerName: approvedPayment.fullName, itemCount: 1 });
    expect((await caller.storeAdmin.orders({ q: 'noura@example', status: 'paid', limit: 100 })).items.map((order) => order.id)).toContain(
      orderId,
    );
    expect((await caller.storeAdmin.orders({ q: reference, status: 'delivered' })).items).toEqual([]);
    expect((await caller.storeAdmin.orders({ q: reference, from: '2000-01-01', to: '2000-01-02' })).items).toEqual([]);
    const mine = await (await storeCallerFor(database.db, { user: customer, locale: 'en' })).store.myOrders();
    expect(mine.items.map((order) => order.id)).toContain(orderId);
    expect(mine.items.find((order) => order.id === orderId)!.lines[0]).toMatchObject({ variantTitle: 'Single', quantity: 1 });
    const stranger = await createTestUser(database.db, 'customer');
    expect((await (await storeCallerFor(database.db, { user: stranger })).store.myOrders()).items).toEqual([]);
    expect(await codeOf((await storeCallerFor(database.db)).store.myOrders())).toBe('UNAUTHENTICATED');
  });

  it('pages with a cursor: no order missed or repeated when orders are added between pages', async () => {
    const caller = await adminCaller();
    const { variants } = await caller.storeAdmin.saveProduct(productInput(nextSuffix(), [50, 50]));
    for (let index = 0; index < 7; index += 1) await paidOrder(variants[index % 2]!.id, 1);
    const atStart = (await caller.storeAdmin.orders({ limit: 100 })).items.map((order) => order.id);
    const seen: string[] = [];
    const added: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.storeAdmin.orders({ limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((order) => order.id));
      cursor = page.nextCursor ?? undefined;
      // Newer orders arrive while the admin reads.
      if (added.length < 2) added.push(await paidOrder(variants[0]!.id, 1));
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(atStart);
    expect(atStart.length).toBeGreaterThanOrEqual(7);
    // They are on the first page of the next reading.
    expect((await caller.storeAdmin.orders({ limit: 2 })).items.map((order) => order.id)).toEqual([...added].reverse());
    expect(await codeOf(caller.storeAdmin.orders({ cursor: 'not-a-cursor' }))).toBe('VALIDATION_FAILED');
  });

  it('pages products the same way', async () => {
    const caller = await adminCaller();
    const seen: number[] = [];
    let cursor: string | undefined;
    let first = true;
    do {
      const page = await caller.storeAdmin.products({ limit: 4, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((product) => product.id));
      cursor = page.nextCursor ?? undefined;
      if (first) await caller.storeAdmin.saveProduct(productInput(nextSuffix()));
      first = false;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const count = await database.db
      .selectFrom('store_products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(seen.length).toBe(Number(count.n) - 1);
  });
});

describe('storeAdmin with the external store configured', () => {
  it('says the catalogue is managed there and refuses to change it', async () => {
    const config = parseEnv({ ...testEnvSource, STORE_API_URL: 'http://127.0.0.1:9', STORE_ID: 'store-1' });
    const caller = await adminCaller({ config });
    expect(await caller.storeAdmin.mode()).toEqual({ managedExternally: true });
    expect(await codeOf(caller.storeAdmin.products({}))).toBe('STORE_MANAGED_EXTERNALLY');
    expect(await codeOf(caller.storeAdmin.saveProduct(productInput(nextSuffix())))).toBe('STORE_MANAGED_EXTERNALLY');
    expect(await codeOf(caller.storeAdmin.adjustStock({ variantId: 1, delta: 1, reason: 'x' }))).toBe('STORE_MANAGED_EXTERNALLY');
    expect(await codeOf(caller.storeAdmin.orders({}))).toBe('STORE_MANAGED_EXTERNALLY');
  });
});
