import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { apiClient, cookiePair } from './http.ts';
import { approvedPayment, checkoutDefaults, orderIdOf } from './store.ts';

export interface OversellRun {
  buyers: number;
  paid: number;
  /** Checkouts that got a reservation: with honest reservations, exactly the stock. */
  reserved: number;
  /** Refused at checkout: nothing left to reserve. */
  outOfStock: number;
  /** Refused after the card form, although the checkout had reserved: there should be none. */
  refusedAtPayment: number;
  /** Any other answer: there should be none. */
  failures: string[];
  /** The lowest stock seen by a reader polling while the run was going. */
  lowestStockSeen: number;
  milliseconds: number;
}

/**
 * `buyers` shoppers each check out one unit of the variant and pay for it, over HTTP as a browser
 * does, all at once (`concurrent`) or one after another.
 */
export async function runCheckouts(
  app: Hono,
  db: Kysely<Database>,
  variantId: number,
  buyers: number,
  mode: 'concurrent' | 'sequential',
): Promise<OversellRun> {
  const api = apiClient(app);
  const buyOne = async (): Promise<string> => {
    const checkout = await api.mutate<{ url: string }>('store.checkout', {
      ...checkoutDefaults,
      items: [{ variantId, quantity: 1 }],
    });
    if (checkout.status !== 200) return checkout.error?.data.appCode ?? `HTTP ${checkout.status}`;
    // The browser pays with the store key its checkout set.
    const browser = cookiePair(checkout.cookies.find((cookie) => cookie.startsWith('tahaleel_store=')));
    const payment = await api.mutate('store.hostedCheckout.pay', { orderId: orderIdOf(checkout.data.url), ...approvedPayment }, browser);
    return payment.status === 200 ? 'paid' : `payment: ${payment.error?.data.appCode ?? `HTTP ${payment.status}`}`;
  };

  let lowestStockSeen = Number.POSITIVE_INFINITY;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const row = await db.selectFrom('store_variants').select('inventory_quantity').where('id', '=', variantId).executeTakeFirstOrThrow();
      lowestStockSeen = Math.min(lowestStockSeen, row.inventory_quantity);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();

  const started = performance.now();
  const outcomes: string[] = [];
  if (mode === 'concurrent') {
    outcomes.push(...(await Promise.all(Array.from({ length: buyers }, buyOne))));
  } else {
    for (let index = 0; index < buyers; index++) outcomes.push(await buyOne());
  }
  const milliseconds = performance.now() - started;
  running = false;
  await sampler;
  const final = await db.selectFrom('store_variants').select('inventory_quantity').where('id', '=', variantId).executeTakeFirstOrThrow();
  lowestStockSeen = Math.min(lowestStockSeen, final.inventory_quantity);

  return {
    buyers,
    paid: outcomes.filter((outcome) => outcome === 'paid').length,
    reserved: outcomes.filter((outcome) => outcome === 'paid' || outcome.startsWith('payment: ')).length,
    outOfStock: outcomes.filter((outcome) => outcome === 'OUT_OF_STOCK').length,
    refusedAtPayment: outcomes.filter((outcome) => outcome === 'payment: OUT_OF_STOCK').length,
    failures: outcomes.filter((outcome) => !['paid', 'OUT_OF_STOCK', 'payment: OUT_OF_STOCK'].includes(outcome)),
    lowestStockSeen,
    milliseconds,
  };
}
