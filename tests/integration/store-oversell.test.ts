import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { testEnv } from '../setup/fixtures.ts';
import { createTestVariant, stockOf } from '../setup/store.ts';
import { runCheckouts } from '../setup/store-oversell.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the store never oversells', () => {
  it('100 shoppers checking out and paying at once for a variant with stock 10: exactly 10 are paid, stock ends at 0', async () => {
    const { variantId } = await createTestVariant(database.db, { stock: 10 });
    const app = createApp({ db: database.db, env: testEnv });

    const run = await runCheckouts(app, database.db, variantId, 100, 'concurrent');

    expect(run.failures).toEqual([]);
    expect(run.paid).toBe(10);
    // Reservations are honest: the 10 who got past checkout all paid; the other 90 were told at checkout.
    expect(run.reserved).toBe(10);
    expect(run.refusedAtPayment).toBe(0);
    expect(run.outOfStock).toBe(90);
    expect(await stockOf(database.db, variantId)).toBe(0);
    expect(run.lowestStockSeen).toBe(0);
    const paidOrders = await database.db
      .selectFrom('store_orders as o')
      .innerJoin('store_order_items as oi', 'oi.order_id', 'o.id')
      .select((eb) => eb.fn.sum<string>('oi.quantity').as('units'))
      .where('oi.variant_id', '=', variantId)
      .where('o.status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(Number(paidOrders.units)).toBe(10);
  });
});
