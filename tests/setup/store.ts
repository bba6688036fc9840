import type { Kysely } from 'kysely';
import { appRouter } from '../../src/server/app-router.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { Env } from '../../src/server/env.ts';
import { type PaymentProvider, simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import { newStoreBrowserKey } from '../../src/server/platform/store-browser-key.ts';
import { createCallerFactory } from '../../src/server/trpc/init.ts';
import type { Locale } from '../../src/shared/locale.ts';
import { contextFor, type TestUser } from './fixtures.ts';

const createCaller = createCallerFactory(appRouter);

let visitors = 0;

/**
 * A caller of the store procedures in a language, optionally signed in or with another store configured.
 * Each caller comes from an address of its own unless one is named: what one address may reserve at
 * once is limited (STORE_MAX_OPEN_CHECKOUTS). A signed-out caller is one browser, holding the store key
 * its first checkout would set: only it may pay or cancel its guest orders.
 */
export async function storeCallerFor(
  db: Kysely<Database>,
  options: { locale?: Locale; config?: Env; user?: TestUser; payments?: PaymentProvider; clientIp?: string } = {},
) {
  const context = await contextFor(db, options.user);
  visitors += 1;
  return createCaller({
    ...context,
    clientIp: options.clientIp ?? `10.0.${Math.floor(visitors / 256) % 256}.${visitors % 256}`,
    locale: options.locale ?? context.locale,
    config: options.config ?? context.config,
    payments: options.payments ?? context.payments,
    storeBrowserKey: options.user ? null : newStoreBrowserKey(),
  });
}

export const returnUrls = { successUrl: 'http://localhost:3000/success', cancelUrl: 'http://localhost:3000/store' };

export const checkoutDefaults = { ...returnUrls, locale: 'ar' as const, timeZone: 'Asia/Riyadh' };

/** The simulated gateway, recording what it charged and refunded. */
export function recordingPayments() {
  const gateway = simulatedPaymentProvider(0);
  const charged: { amount: number; currency: string; reference: string }[] = [];
  const refunded: string[] = [];
  const payments: PaymentProvider = {
    name: gateway.name,
    async charge(request) {
      const payment = await gateway.charge(request);
      charged.push({ amount: request.amount, currency: request.currency, reference: request.reference });
      return payment;
    },
    async refund(reference) {
      refunded.push(reference);
      await gateway.refund(reference);
    },
  };
  return { payments, charged, refunded };
}

/** What the payment page sends: the buyer and where the order goes (a Saudi National Address), and a card that pays. */
export const deliveryDetails = {
  fullName: 'Noura Alqahtani',
  email: 'noura@example.sa',
  phone: '0551234567',
  city: 'Riyadh',
  district: 'Al Olaya',
  street: 'King Fahd Road',
  buildingNumber: '2929',
  postalCode: '12211',
  shortAddress: 'RRRD2929',
};
export const approvedPayment = {
  name: 'Noura Alqahtani',
  number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  ...deliveryDetails,
};

/** A product of our own with one variant, so a test owns its stock. */
export async function createTestVariant(
  db: Kysely<Database>,
  options: { stock: number; priceHalalas?: number; manageInventory?: boolean; purchasable?: boolean } = { stock: 10 },
) {
  const suffix = crypto.randomUUID().slice(0, 8);
  const product = await db
    .insertInto('store_products')
    .values({
      slug: `test-${suffix}`,
      type: 'kit',
      title_ar: `منتج اختبار ${suffix}`,
      title_en: `Test product ${suffix}`,
      currency: 'SAR',
      purchasable: options.purchasable ?? true,
      is_hidden: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variant = await db
    .insertInto('store_variants')
    .values({
      product_id: product.id,
      sku: `TEST-${suffix}`,
      title_ar: 'قياسي',
      title_en: 'Standard',
      price_in_cents: options.priceHalalas ?? 1000,
      manage_inventory: options.manageInventory ?? true,
      inventory_quantity: options.stock,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { productId: product.id, variantId: variant.id };
}

export async function stockOf(db: Kysely<Database>, variantId: number): Promise<number> {
  const row = await db.selectFrom('store_variants').select('inventory_quantity').where('id', '=', variantId).executeTakeFirstOrThrow();
  return row.inventory_quantity;
}

/** The order id at the end of the hosted checkout URL. */
/** Where a paid order sends the browser: the success page, naming the order. */
export function successAddressOf(orderId: string): string {
  return `${checkoutDefaults.successUrl}?order=${orderId}`;
}

export function orderIdOf(url: string): string {
  const id = new URL(url, 'http://localhost').pathname.split('/').pop();
  if (!id) throw new Error(`no order id in ${url}`);
  return id;
}
