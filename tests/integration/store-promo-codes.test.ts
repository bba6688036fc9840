import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBuyerDetails } from '../../src/server/modules/store/store-orders.repository.ts';
import type { SavePromoInput } from '../../src/shared/promo-schemas.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { promoTerms } from '../setup/promo-terms.ts';
import {
  approvedPayment,
  checkoutDefaults,
  createTestVariant,
  deliveryDetails,
  orderIdOf,
  recordingPayments,
  storeCallerFor,
} from '../setup/store.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Promo codes at the store's checkout (issue #79 item 4, ADR 0092 amended): typed on the order's payment
// page, the discount a line of the summary and of the tax invoice with VAT on what is left, each line's
// share kept, the refund of a cancelled order what was paid, one use per customer however many
// applications race, and the use given back by an order that is left.

let database: TestDatabase;
let admin: TestUser;
let kit: number;
let mug: number;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
  ({ variantId: kit } = await createTestVariant(database.db, { stock: 500, priceHalalas: 14_900 }));
  ({ variantId: mug } = await createTestVariant(database.db, { stock: 500, priceHalalas: 4_550 }));
});
afterAll(() => database.close());

async function createCode(code: string, changes: Partial<SavePromoInput> = {}) {
  const caller = await callerFor(database.db, admin);
  return caller.promo.save(promoTerms(code, { appliesTo: 'store', ...changes }));
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const data = (error as { cause?: { code?: string; details?: { reason?: string } } }).cause;
    return data?.code === 'PROMO_REFUSED' ? data.details?.reason : data?.code;
  }
  return 'accepted';
}

type StoreCaller = Awaited<ReturnType<typeof storeCallerFor>>;

/** A pending order of two kits and a mug: 2 × 149.00 + 45.50 = 343.50. */
async function openOrder(caller: StoreCaller) {
  const { url } = await caller.store.checkout({
    items: [
      { variantId: kit, quantity: 2 },
      { variantId: mug, quantity: 1 },
    ],
    ...checkoutDefaults,
  });
  return orderIdOf(url);
}

const orderRow = (orderId: string) =>
  database.db.selectFrom('store_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

describe('a promo code at the store checkout', () => {
  it('takes its discount off the order before paying; the invoice shows it as a line and VAT is on what is left', async () => {
    await createCode('STORE10');
    const customer = await createTestUser(database.db, 'customer');
    const { payments, charged } = recordingPayments();
    const caller = await storeCallerFor(database.db, { user: customer, payments, locale: 'en' });
    const orderId = await openOrder(caller);

    // Typed in any case, with Arabic-Indic digits and a space.
    expect(await caller.store.hostedCheckout.applyPromo({ orderId, code: ' store١٠ ' })).toEqual({
      code: 'STORE10',
      discount_cents: 3_435,
    });
    const page = await caller.store.hostedCheckout.get({ orderId });
    expect(page).toMatchObject({
      total_cents: 30_915,
      promo: { code: 'STORE10', discount_formatted: 'SAR\u00a034.35' },
      subtotal_formatted: 'SAR\u00a0343.50',
      promo_allowed: true,
    });
    // Each line's share, in proportion to it: 298.00 → 29.80, 45.50 → 4.55.
    const items = await database.db
      .selectFrom('store_order_items')
      .select(['variant_id', 'promo_discount_cents'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(items).toEqual([
      { variant_id: kit, promo_discount_cents: 2_980 },
      { variant_id: mug, promo_discount_cents: 455 },
    ]);

    await caller.store.hostedCheckout.pay({ orderId, ...approvedPayment });
    expect(charged.map((charge) => charge.amount)).toEqual([30_915]);
    const invoice = await database.db
      .selectFrom('invoices')
      .selectAll()
      .where('store_order_id', '=', orderId)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const lines = invoice.lines as Array<{ kind: string; name_en: string; name_ar: string; total_halalas: number }>;
    expect(lines.map((line) => [line.kind, line.total_halalas])).toEqual([
      ['product', 29_800],
      ['product', 4_550],
      ['discount', -3_435],
    ]);
    expect(lines[2]).toMatchObject({ name_en: 'Promo code STORE10 discount', name_ar: 'خصم رمز العرض STORE10' });
    expect(invoice.total_halalas).toBe(30_915);
    expect(invoice.vat_halalas).toBe(4_032); // 15/115 of 309.15

    // Cancelled after payment: what was paid goes back, and the credit note carries the discount line too.
    const adminCaller = await callerFor(database.db, admin);
    expect(await adminCaller.storeAdmin.setOrderStatus({ orderId, status: 'cancelled' })).toMatchObject({ refunded: true });
    const refund = await database.db
      .selectFrom('payment_refunds')
      .select('amount_halalas')
      .where('store_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(refund.amount_halalas).toBe(30_915);
    const creditNote = await database.db
      .selectFrom('invoices')
      .select(['lines', 'total_halalas'])
      .where('store_order_id', '=', orderId)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    expect((creditNote.lines as Array<{ kind: string; total_halalas: number }>).at(-1)).toMatchObject({
      kind: 'discount',
      total_halalas: -3_435,
    });
    expect(creditNote.total_halalas).toBe(30_915);
  });

  it('says why a code is refused', async () => {
    const now = Date.now();
    await createCode('STOREOLD', {
      startsAt: new Date(now - 20 * 86_400_000).toISOString(),
      endsAt: new Date(now - 86_400_000).toISOString(),
    });
    await createCode('LABSONLY', { appliesTo: 'all', paidBy: 'lab' });
    await createCode('PLANSONLY', { appliesTo: 'plans' });
    await createCode('TESTSONLY', { appliesTo: 'tests', testIds: [1] });
    await createCode('STOREBIG', { minBasket: 1_000 });
    await createCode('EVERYWHERE', { appliesTo: 'all', kind: 'fixed', amount: 20 });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await storeCallerFor(database.db, { user: customer });
    const orderId = await openOrder(caller);
    const apply = (code: string) => refusal(caller.store.hostedCheckout.applyPromo({ orderId, code }));
    expect(await apply('NOSUCHSTORECODE')).toBe('not_found');
    expect(await apply('STOREOLD')).toBe('expired');
    expect(await apply('LABSONLY')).toBe('not_applicable');
    expect(await apply('PLANSONLY')).toBe('not_applicable');
    expect(await apply('TESTSONLY')).toBe('not_applicable');
    expect(await apply('STOREBIG')).toBe('min_basket');
    expect((await orderRow(orderId)).total_cents).toBe(34_350);
    // A code for everything applies; removing it gives the order its total back.
    expect(await apply('EVERYWHERE')).toBe('accepted');
    expect((await orderRow(orderId)).total_cents).toBe(32_350);
    // Typed again (a second tap, another tab) on the order that holds it: still this order's, not "already used".
    expect(await apply('everywhere')).toBe('accepted');
    expect((await orderRow(orderId)).total_cents).toBe(32_350);
    await caller.store.hostedCheckout.removePromo({ orderId });
    expect(await orderRow(orderId)).toMatchObject({ total_cents: 34_350, promo_discount_cents: 0, promo_code_id: null });

    // A guest's order: a code is an account's, once.
    const guest = await storeCallerFor(database.db);
    const guestOrder = await openOrder(guest);
    expect(await refusal(guest.store.hostedCheckout.applyPromo({ orderId: guestOrder, code: 'EVERYWHERE' }))).toBe('sign_in');
    // Someone else's order is not theirs to discount.
    const stranger = await storeCallerFor(database.db, { user: await createTestUser(database.db, 'customer') });
    expect(await refusal(stranger.store.hostedCheckout.applyPromo({ orderId, code: 'EVERYWHERE' }))).toBe('NOT_FOUND');
  });

  it('applies exactly once per customer under 20 concurrent applications across their open orders', async () => {
    await createCode('STOREONCE', { kind: 'fixed', amount: 15 });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await storeCallerFor(database.db, { user: customer });
    const orders: string[] = [];
    for (let index = 0; index < 5; index++) orders.push(await openOrder(caller));
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        refusal(caller.store.hostedCheckout.applyPromo({ orderId: orders[index % orders.length]!, code: 'storeonce' })),
      ),
    );
    // The order that got it may be told so again (its own use is replaced), never another order.
    const discounted = await database.db
      .selectFrom('store_orders')
      .select(['id', 'total_cents'])
      .where('id', 'in', orders)
      .where('promo_discount_cents', '>', 0)
      .execute();
    expect(discounted).toHaveLength(1);
    expect(discounted[0]!.total_cents).toBe(34_350 - 1_500);
    expect(outcomes.filter((outcome) => outcome === 'already_used')).toHaveLength(
      outcomes.filter((_, index) => orders[index % orders.length] !== discounted[0]!.id).length,
    );
    const uses = await database.db
      .selectFrom('promo_redemptions')
      .select('store_order_id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(uses).toEqual([{ store_order_id: discounted[0]!.id }]);
  });

  it('gives the use back when the order is left unpaid', async () => {
    await createCode('STOREAGAIN', { kind: 'fixed', amount: 10 });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await storeCallerFor(database.db, { user: customer });
    const first = await openOrder(caller);
    await caller.store.hostedCheckout.applyPromo({ orderId: first, code: 'STOREAGAIN' });
    const second = await openOrder(caller);
    expect(await refusal(caller.store.hostedCheckout.applyPromo({ orderId: second, code: 'STOREAGAIN' }))).toBe('already_used');
    await caller.store.hostedCheckout.cancel({ orderId: first });
    expect(await caller.store.hostedCheckout.applyPromo({ orderId: second, code: 'STOREAGAIN' })).toEqual({
      code: 'STOREAGAIN',
      discount_cents: 1_000,
    });
    // An order whose payment has begun at the gateway keeps its amount.
    expect(await saveBuyerDetails(database.db, second, { ...deliveryDetails, phone: '+966551234567' })).toBe(true);
    expect(await refusal(caller.store.hostedCheckout.removePromo({ orderId: second }))).toBe('payment_started');
  });
});
