import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { STORE_MAX_OPEN_CHECKOUTS, STORE_MAX_RESERVED_UNITS } from '../../src/shared/store.ts';
import { createTestUser, testEnv } from '../setup/fixtures.ts';
import { cookiePair } from '../setup/http.ts';
import { checkoutDefaults, createTestVariant, orderIdOf, storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Issue #20, item 5: one visitor or address cannot reserve the whole stock, and leaving the payment
// page gives the stock back at once.

let database: TestDatabase;
let app: Hono;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv, clientIp: (c) => c.req.header('x-test-client') });
});
afterAll(() => database.close());

const refusalOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as { code?: string; cause?: { code?: string; details?: unknown } } | null;
  return error && { code: error.code, appCode: error.cause?.code, details: error.cause?.details };
};

/** An address's caps are settings; these are their defaults. */
const ADDRESS_CHECKOUTS = testEnv.STORE_CHECKOUTS_PER_ADDRESS;
const ADDRESS_UNITS = testEnv.STORE_UNITS_PER_ADDRESS;

const refusalWith = (maxCheckouts: number, maxUnits: number) => ({
  code: 'TOO_MANY_REQUESTS',
  appCode: 'RESERVATION_LIMIT',
  details: { maxCheckouts, maxUnits },
});
const limitRefusal = refusalWith(ADDRESS_CHECKOUTS, ADDRESS_UNITS);

/** What can still be sold of a variant: its stock less live reservations, as the store shows it. */
async function sellable(productId: number) {
  const { variants } = await (await storeCallerFor(database.db)).store.variants({ productIds: [productId] });
  return variants[0]!.inventory_quantity;
}

describe('what one visitor may reserve in the built-in store at once', () => {
  it(`keeps an address to ${ADDRESS_CHECKOUTS} open checkouts: the next is refused and reserves nothing; leaving one makes room`, async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 100 });
    const address = '203.0.113.50';
    const visitor = await storeCallerFor(database.db, { clientIp: address });
    const urls: string[] = [];
    for (let i = 0; i < ADDRESS_CHECKOUTS; i += 1) {
      urls.push((await visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] })).url);
    }
    expect(await refusalOf(visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] }))).toEqual(limitRefusal);
    expect(await sellable(productId)).toBe(100 - ADDRESS_CHECKOUTS);
    // Another visitor from elsewhere is not held back by it.
    await (await storeCallerFor(database.db, { clientIp: '203.0.113.51' })).store.checkout({
      ...checkoutDefaults,
      items: [{ variantId, quantity: 1 }],
    });
    // Cancelling one gives its stock back at once and lets the visitor check out again.
    await visitor.store.hostedCheckout.cancel({ orderId: orderIdOf(urls[0]!) });
    expect(await sellable(productId)).toBe(100 - ADDRESS_CHECKOUTS);
    await visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
  });

  it(`reserves at most ${ADDRESS_UNITS} units per address, in one checkout or across several`, async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 500 });
    const visitor = await storeCallerFor(database.db, { clientIp: '203.0.113.60' });
    expect(await refusalOf(visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: ADDRESS_UNITS + 1 }] }))).toEqual(
      limitRefusal,
    );
    await visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: ADDRESS_UNITS - 1 }] });
    expect(await refusalOf(visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 2 }] }))).toEqual(limitRefusal);
    await visitor.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    expect(await sellable(productId)).toBe(500 - ADDRESS_UNITS);
  });

  it('counts a signed-in buyer across addresses, and lets exactly the limit through when sent at once', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 100 });
    const buyer = await createTestUser(database.db, 'customer');
    const outcomes = await Promise.allSettled(
      Array.from({ length: STORE_MAX_OPEN_CHECKOUTS + 3 }, async (_, index) =>
        (await storeCallerFor(database.db, { user: buyer, clientIp: `198.18.0.${index + 1}` })).store.checkout({
          ...checkoutDefaults,
          items: [{ variantId, quantity: 1 }],
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(STORE_MAX_OPEN_CHECKOUTS);
    const open = await database.db
      .selectFrom('store_orders')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('status', '=', 'pending')
      .execute();
    expect(open).toHaveLength(STORE_MAX_OPEN_CHECKOUTS);
  });
});

describe('caps an operator sets for an address', () => {
  it('takes STORE_CHECKOUTS_PER_ADDRESS and STORE_UNITS_PER_ADDRESS for an address; a signed-in buyer keeps their own caps', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 200 });
    const config = { ...testEnv, STORE_CHECKOUTS_PER_ADDRESS: 8, STORE_UNITS_PER_ADDRESS: 30 };
    const office = await storeCallerFor(database.db, { clientIp: '203.0.113.90', config });
    for (let i = 0; i < 8; i += 1) await office.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    expect(await refusalOf(office.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] }))).toEqual(
      refusalWith(8, 30),
    );
    const units = await storeCallerFor(database.db, { clientIp: '203.0.113.91', config });
    await units.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 30 }] });
    expect(await refusalOf(units.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] }))).toEqual(refusalWith(8, 30));
    // A signed-in buyer behind that office's address is held to a buyer's caps, not the address's.
    const buyer = await storeCallerFor(database.db, {
      user: await createTestUser(database.db, 'customer'),
      clientIp: '203.0.113.92',
      config,
    });
    for (let i = 0; i < STORE_MAX_OPEN_CHECKOUTS; i += 1)
      await buyer.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] });
    expect(await refusalOf(buyer.store.checkout({ ...checkoutDefaults, items: [{ variantId, quantity: 1 }] }))).toEqual(
      refusalWith(STORE_MAX_OPEN_CHECKOUTS, STORE_MAX_RESERVED_UNITS),
    );
  });
});

describe('leaving the payment page', () => {
  it('releases the reservation through the beacon a closing page sends (a plain JSON POST), so the stock is back at once', async () => {
    const { variantId, productId } = await createTestVariant(database.db, { stock: 3 });
    const visitor = { 'x-test-client': '203.0.113.70', origin: 'http://localhost:3000' };
    const checkout = await app.request('/trpc/store.checkout', {
      method: 'POST',
      headers: { ...visitor, 'content-type': 'application/json' },
      body: JSON.stringify({ ...checkoutDefaults, items: [{ variantId, quantity: 3 }] }),
    });
    const { result } = (await checkout.json()) as { result: { data: { url: string } } };
    expect(await sellable(productId)).toBe(0);
    // What navigator.sendBeacon sends: a POST with a JSON Blob, the page's Origin, no custom header,
    // and the browser's cookies: the store key its checkout set.
    const beaconFrom = (cookie?: string) =>
      app.request('/trpc/store.hostedCheckout.cancel', {
        method: 'POST',
        headers: { ...visitor, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: new Blob([JSON.stringify({ orderId: orderIdOf(result.data.url) })], { type: 'application/json' }),
      });
    // Someone else with the link, even from the same address, releases nothing: the order is not found to them.
    const stranger = await beaconFrom();
    expect(stranger.status).toBe(404);
    expect(await sellable(productId)).toBe(0);
    const beacon = await beaconFrom(cookiePair(checkout.headers.getSetCookie().find((cookie) => cookie.startsWith('tahaleel_store='))));
    expect(beacon.status).toBe(200);
    expect(await sellable(productId)).toBe(3);
    const order = await database.db
      .selectFrom('store_orders')
      .select(['status', 'client_address'])
      .where('id', '=', orderIdOf(result.data.url))
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'cancelled', client_address: '203.0.113.70' });
  });
});
