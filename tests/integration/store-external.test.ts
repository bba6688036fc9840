import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createExternalStore, STORE_RETRY_AFTER_MS, StoreHttpError } from '../../src/server/modules/store/external-store.ts';
import { type FakeProduct, startFakeStore } from '../setup/fake-store.ts';
import { checkoutDefaults, storeCallerFor } from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

const STORE_ID = 'tahaleel-store';

const products: FakeProduct[] = [
  {
    id: 'prod_kit',
    title: 'Iron Home Test',
    subtitle: 'Ferritin from a finger prick',
    ribbon_text: 'New',
    description: '<p>Know your <strong>iron</strong>.</p><script>alert("x")</script><img src=x onerror=alert(1)>',
    image: { url: 'https://cdn.fake-store.example/iron.png' },
    purchasable: true,
    order: 1,
    site_product_selection: 'lowest_price_first',
    additional_info: [
      { id: 'ai_2', order: 2, title: 'Shipping', description: '<p>Two days</p>' },
      { id: 'ai_1', order: 1, title: 'How it works', description: '<a href="javascript:alert(2)">steps</a>' },
    ],
    variants: [
      {
        id: 'var_single',
        title: 'Single',
        price_in_cents: 4500,
        sale_price_in_cents: 3900,
        currency: 'eur',
        currency_info: { code: 'EUR', symbol: '€', template: '€$1' },
        manage_inventory: true,
        inventory_quantity: 99,
      },
      {
        id: 'var_double',
        title: 'Double',
        price_in_cents: 4000,
        currency: 'usd',
        currency_info: { code: 'USD', symbol: '$' },
        manage_inventory: true,
        inventory_quantity: 99,
      },
    ],
  },
  {
    id: 'prod_mug',
    title: 'Mug',
    order: 2,
    variants: [
      { id: 'var_mug_code', title: 'Code only', price_in_cents: 1234, currency_info: { code: 'GBP' }, inventory_quantity: 5 },
      { id: 'var_mug_none', title: 'Nothing', price_in_cents: 1000, inventory_quantity: 5 },
    ],
  },
  { id: 'prod_hidden', title: 'Hidden', is_hidden: true, variants: [] },
];

let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeStore>>;
let config: ReturnType<typeof parseEnv>;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeStore(STORE_ID, products, { var_single: 3, var_double: 0 });
  config = parseEnv({ PUBLIC_URL: 'http://localhost:3000', STORE_API_URL: fake.url, STORE_ID });
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith(null);
  fake.answerCheckoutWith('https://pay.fake-store.example/session/cs_test_123');
});

const external = () => storeCallerFor(database.db, { config, locale: 'en' });

async function appErrorOf(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: { cause?: { code?: string; details?: Record<string, unknown> } }) => error.cause,
  );
}

describe('external store provider (STORE_API_URL and STORE_ID set)', () => {
  it('lists products with the contract query and JSON content type, no auth header, hidden ones left out', async () => {
    const page = await (await external()).store.products({ limit: 20, offset: 0 });
    expect(page.products.map((product) => product.id)).toEqual(['prod_kit', 'prod_mug']);
    const [list, variants] = fake.requests;
    expect(list).toMatchObject({ method: 'GET', path: `/store/${STORE_ID}/products` });
    expect(Object.fromEntries(list!.query)).toEqual({
      offset: '0',
      limit: '20',
      order: 'asc',
      sort_by: 'order',
      is_hidden: 'false',
    });
    expect(list!.headers.get('content-type')).toBe('application/json');
    expect(list!.headers.get('authorization')).toBeNull();
    expect(variants).toMatchObject({ method: 'GET', path: `/store/${STORE_ID}/variants` });
    expect(variants!.query.get('fields')).toBe('inventory_quantity');
    expect(variants!.query.getAll('product_ids[]')).toEqual(['prod_kit', 'prod_mug']);
  });

  it('asks for given products with repeated ids[]', async () => {
    await (await external()).store.products({ ids: ['prod_mug', 'prod_hidden'] });
    expect(fake.requests[0]!.query.getAll('ids[]')).toEqual(['prod_mug', 'prod_hidden']);
    expect(fake.requests[0]!.query.has('is_hidden')).toBe(false);
  });

  it('overrides the stock inside products with the variants call, by variant id', async () => {
    const [kit] = (await (await external()).store.products()).products;
    expect(kit!.variants.map((variant) => [variant.id, variant.inventory_quantity])).toEqual([
      ['var_single', 3],
      ['var_double', 0],
    ]);
  });

  it('formats prices by template, else symbol, else code, else the euro sign', async () => {
    const [kit, mug] = (await (await external()).store.products()).products;
    expect(kit!.variants[0]).toMatchObject({ price_formatted: '€45.00', sale_price_formatted: '€39.00' });
    expect(kit!.variants[1]).toMatchObject({ price_formatted: '$40.00', sale_price_formatted: null });
    expect(mug!.variants[0]!.price_formatted).toBe('GBP 12.34');
    expect(mug!.variants[1]!.price_formatted).toBe('€10.00');
  });

  it('picks lowest_price_first by sale price, else price, and a null selection the same way', async () => {
    const [kit, mug] = (await (await external()).store.products()).products;
    expect(kit!.selected_variant_id).toBe('var_single'); // sale 39.00 beats 40.00
    expect(mug!.selected_variant_id).toBe('var_mug_none'); // null selection: 10.00 beats 12.34
  });

  it('sanitizes the external HTML and orders additional info', async () => {
    const kit = await (await external()).store.product({ id: 'prod_kit' });
    expect(kit.description).toBe('<p>Know your <strong>iron</strong>.</p>');
    expect(kit.additional_info.map((info) => info.title)).toEqual(['How it works', 'Shipping']);
    expect(kit.additional_info[0]!.description).not.toContain('javascript:');
    expect(kit.image).toBe('https://cdn.fake-store.example/iron.png');
    expect(fake.requests[0]!.path).toBe(`/store/${STORE_ID}/products/prod_kit`);
  });

  it('says NOT_FOUND for a product the store does not have', async () => {
    expect(await appErrorOf((await external()).store.product({ id: 'prod_missing' }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('posts the checkout with items, return URLs, locale and time zone, and answers its URL', async () => {
    const answer = await (await external()).store.checkout({
      ...checkoutDefaults,
      locale: 'en',
      timeZone: 'Europe/Berlin',
      items: [
        { variantId: 'var_single', quantity: 2 },
        { variantId: 'var_double', quantity: 1 },
        { variantId: 'var_single', quantity: 1 },
      ],
    });
    expect(answer).toEqual({ url: 'https://pay.fake-store.example/session/cs_test_123' });
    const [post] = fake.requests;
    expect(post).toMatchObject({ method: 'POST', path: `/store/${STORE_ID}/checkout` });
    expect(post!.headers.get('content-type')).toBe('application/json');
    expect(post!.body).toEqual({
      items: [
        { variant_id: 'var_single', quantity: 3 },
        { variant_id: 'var_double', quantity: 1 },
      ],
      successUrl: checkoutDefaults.successUrl,
      cancelUrl: checkoutDefaults.cancelUrl,
      locale: 'en',
      timeZone: 'Europe/Berlin',
    });
  });

  it('refuses to send the browser to a checkout URL that is not http(s)', async () => {
    fake.answerCheckoutWith('javascript:alert(1)');
    const error = await appErrorOf(
      (await external()).store.checkout({ ...checkoutDefaults, items: [{ variantId: 'var_single', quantity: 1 }] }),
    );
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE' });
  });

  it("fails a non-OK answer as 'HTTP {status}: {statusText}', carried to the client as STORE_UNAVAILABLE", async () => {
    fake.failWith(503);
    const provider = createExternalStore(fake.url, STORE_ID);
    await expect(provider.listProducts({ offset: 0, limit: 10, sortBy: 'order', order: 'asc' }, 'en')).rejects.toThrow(
      new StoreHttpError(503, 'Service Unavailable'),
    );
    await expect(provider.listProducts({ offset: 0, limit: 10, sortBy: 'order', order: 'asc' }, 'en')).rejects.toThrow(
      'HTTP 503: Service Unavailable',
    );
    const error = await appErrorOf((await external()).store.products());
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', details: { status: 503, statusText: 'Service Unavailable' } });
  });

  it('says STORE_UNAVAILABLE when the store cannot be reached at all', async () => {
    const unreachable = parseEnv({ PUBLIC_URL: 'http://localhost:3000', STORE_API_URL: 'http://127.0.0.1:9', STORE_ID });
    const caller = await storeCallerFor(database.db, { config: unreachable });
    expect(await appErrorOf(caller.store.products())).toMatchObject({ code: 'STORE_UNAVAILABLE' });
  });

  it('keeps the built-in hosted payment page out of it: there are no local orders to pay', async () => {
    const caller = await external();
    expect(await appErrorOf(caller.store.hostedCheckout.get({ orderId: crypto.randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('an external store that stops answering', () => {
  it('gives up on a read after 3 s, then fails at once while it is down, showing the catalogue it last had, marked stale', async () => {
    const flaky = await startFakeStore(STORE_ID, products, { var_single: 3, var_double: 0 });
    const flakyConfig = parseEnv({ PUBLIC_URL: 'http://localhost:3000', STORE_API_URL: flaky.url, STORE_ID });
    const caller = await storeCallerFor(database.db, { config: flakyConfig, locale: 'en' });
    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now();
      const value = await call();
      return { value, ms: performance.now() - started };
    };
    try {
      const fresh = await caller.store.products({ limit: 20, offset: 0 });
      expect(fresh.stale).toBe(false);
      flaky.hang(true);

      // The first read waits out its timeout, then shows what the store last said.
      const first = await timed(() => caller.store.products({ limit: 20, offset: 0 }));
      expect(first.ms).toBeGreaterThanOrEqual(2900);
      expect(first.ms).toBeLessThan(4500);
      expect(first.value.stale).toBe(true);
      expect(first.value.products.map((product) => product.id)).toEqual(fresh.products.map((product) => product.id));

      // The circuit is open: the next reads do not wait.
      const second = await timed(() => caller.store.products({ limit: 20, offset: 0 }));
      expect(second.ms).toBeLessThan(1000);
      expect(second.value.stale).toBe(true);
      // With nothing to show, the reader is told at once.
      const missing = await timed(() => appErrorOf(caller.store.product({ id: 'prod_mug' })));
      expect(missing.ms).toBeLessThan(1000);
      expect(missing.value).toMatchObject({ code: 'STORE_UNAVAILABLE' });

      // It recovers by itself once the store answers again: one call tries it after the pause.
      flaky.hang(false);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + STORE_RETRY_AFTER_MS + 1000);
      const recovered = await caller.store.products({ limit: 20, offset: 0 });
      expect(recovered.stale).toBe(false);
      expect((await caller.store.product({ id: 'prod_mug' })).stale).toBe(false);
    } finally {
      vi.useRealTimers();
      await flaky.close();
    }
  });
});
