import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

interface FakeVariant {
  id: string;
  title: string;
  price_in_cents: number;
  sale_price_in_cents?: number | null;
  currency?: string;
  currency_info?: { code?: string; symbol?: string; template?: string } | null;
  manage_inventory?: boolean;
  inventory_quantity: number;
}

export interface FakeProduct {
  id: string;
  title: string;
  description?: string;
  is_hidden?: boolean;
  variants: FakeVariant[];
  [field: string]: unknown;
}

/**
 * A storefront API as spec §7 describes it, on 127.0.0.1: products (ids[], offset, limit, order,
 * sort_by, is_hidden), one product, live variant stock and checkout. It records every request,
 * and can be told to fail with a status to test the 'HTTP {status}: {statusText}' path.
 */
export async function startFakeStore(storeId: string, products: FakeProduct[], liveStock: Record<string, number>) {
  const requests: RecordedRequest[] = [];
  let failWith: number | null = null;
  // While set, every request waits for it: a store that stopped answering.
  let hanging: { promise: Promise<void>; release: () => void } | null = null;
  let checkoutUrl = 'https://pay.fake-store.example/session/cs_test_123';
  const app = new Hono();

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const text = c.req.method === 'POST' ? await c.req.text() : '';
    requests.push({
      method: c.req.method,
      path: url.pathname,
      query: url.searchParams,
      headers: c.req.raw.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    if (hanging) await hanging.promise;
    if (failWith) return c.body(null, failWith as 503);
    if (!url.pathname.startsWith(`/store/${storeId}/`)) return c.json({ error: 'unknown store' }, 404);
    await next();
  });

  const inStore = new Hono();
  inStore.get('/products', (c) => {
    const ids = c.req.queries('ids[]');
    const offset = Number(c.req.query('offset') ?? 0);
    const limit = Number(c.req.query('limit') ?? 100);
    let list = products.filter((product) => (ids ? ids.includes(product.id) : true));
    if (c.req.query('is_hidden') === 'false') list = list.filter((product) => !product.is_hidden);
    if (c.req.query('order') === 'desc') list = [...list].reverse();
    const page = list.slice(offset, offset + limit).map(({ is_hidden: _hidden, ...product }) => product);
    return c.json({ count: list.length, offset, limit, products: page });
  });
  inStore.get('/products/:id', (c) => {
    const product = products.find((candidate) => candidate.id === c.req.param('id'));
    return product ? c.json({ product }) : c.json({ error: 'not found' }, 404);
  });
  inStore.get('/variants', (c) => {
    if (c.req.query('fields') !== 'inventory_quantity') return c.json({ error: 'fields' }, 400);
    const productIds = c.req.queries('product_ids[]') ?? [];
    const variants = products
      .filter((product) => productIds.includes(product.id))
      .flatMap((product) => product.variants)
      .map((variant) => ({ id: variant.id, inventory_quantity: liveStock[variant.id] ?? variant.inventory_quantity }));
    return c.json({ variants });
  });
  inStore.post('/checkout', (c) => c.json({ url: checkoutUrl }));
  app.route(`/store/${storeId}`, inStore);

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(status: number | null) {
      failWith = status;
    },
    /** Stops answering (every request waits) until called with false. */
    hang(on: boolean) {
      if (on && !hanging) {
        let release = () => {};
        const promise = new Promise<void>((resolve) => {
          release = resolve;
        });
        hanging = { promise, release };
      }
      if (!on && hanging) {
        hanging.release();
        hanging = null;
      }
    },
    answerCheckoutWith(url: string) {
      checkoutUrl = url;
    },
    close: () => {
      hanging?.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
