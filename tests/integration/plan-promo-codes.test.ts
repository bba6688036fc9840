import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewPlans } from '../../src/server/modules/subscriptions/plan-renewals.service.ts';
import { simulatedPaymentProvider } from '../../src/server/platform/payment-provider.ts';
import type { SavePromoInput } from '../../src/shared/promo-schemas.ts';
import { callerFor, createTestUser, type TestUser } from '../setup/fixtures.ts';
import { promoTerms } from '../setup/promo-terms.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Promo codes on plans (issue #79 item 4, ADR 0092 amended): a code for all or for plans discounts the
// subscription's first month, shown before subscribing; the invoice has the discount as a line of its own
// and VAT on what is left; renewals charge the full price; one use per customer however many choices race.

let database: TestDatabase;
let admin: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database.db, 'admin');
});
afterAll(() => database.close());

async function createCode(code: string, changes: Partial<SavePromoInput> = {}) {
  const caller = await callerFor(database.db, admin);
  return caller.promo.save(promoTerms(code, { amount: 20, appliesTo: 'plans', ...changes }));
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

const subscriptionsOf = (user: TestUser) =>
  database.db
    .selectFrom('plan_subscriptions')
    .select(['id', 'amount_cents', 'promo_discount_cents', 'status', 'renews_id', 'period_end'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();

const invoiceOf = (subscriptionId: string) =>
  database.db
    .selectFrom('invoices')
    .select(['lines', 'total_halalas', 'vat_halalas'])
    .where('plan_subscription_id', '=', subscriptionId)
    .where('kind', '=', 'invoice')
    .executeTakeFirstOrThrow();

describe('a promo code on a plan', () => {
  it('discounts the first month, shown before subscribing; the invoice has its line, and the renewal charges the full price', async () => {
    await createCode('PLANS20');
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    // Premium is 99.00 a month; 20% off is 19.80.
    expect(await caller.subscriptions.promoQuote({ plan: 'premium', code: ' plans٢٠ ' })).toEqual({
      code: 'PLANS20',
      price: 99,
      discount: 19.8,
      firstMonth: 79.2,
    });
    expect(await caller.subscriptions.choose({ plan: 'premium', promoCode: 'Plans٢٠' })).toMatchObject({ status: 'paid' });
    const [first] = await subscriptionsOf(customer);
    expect(first).toMatchObject({ amount_cents: 7_920, promo_discount_cents: 1_980, status: 'active' });
    const invoice = await invoiceOf(first!.id);
    const lines = invoice.lines as Array<{ kind: string; name_en: string; total_halalas: number }>;
    expect(lines.map((line) => [line.kind, line.total_halalas])).toEqual([
      ['plan', 9_900],
      ['discount', -1_980],
    ]);
    expect(lines[1]!.name_en).toBe('Promo code PLANS20 discount');
    expect(invoice).toMatchObject({ total_halalas: 7_920, vat_halalas: 1_033 }); // 15/115 of 79.20

    // The month is over: the renewal charges 99.00, and its invoice has no discount.
    await renewPlans(database.db, simulatedPaymentProvider(0), 3, new Date(new Date(first!.period_end!).getTime() + 60_000));
    const [, renewal] = await subscriptionsOf(customer);
    expect(renewal).toMatchObject({ renews_id: first!.id, amount_cents: 9_900, promo_discount_cents: 0, status: 'active' });
    expect((await invoiceOf(renewal!.id)).total_halalas).toBe(9_900);
  });

  it('says why a code is refused, and charges at least a riyal', async () => {
    await createCode('STOREONLYPLAN', { appliesTo: 'store' });
    await createCode('LABTESTSONLY', { appliesTo: 'labs', labIds: [admin.id] });
    await createCode('LABBEARS', { appliesTo: 'all', paidBy: 'lab' });
    await createCode('PLANSBIG', { minBasket: 200 });
    await createCode('PLANSFREE', { kind: 'percent', amount: 100 });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const quote = (code: string) => refusal(caller.subscriptions.promoQuote({ plan: 'premium', code }));
    expect(await quote('NOSUCHPLANCODE')).toBe('not_found');
    expect(await quote('STOREONLYPLAN')).toBe('not_applicable');
    expect(await quote('LABTESTSONLY')).toBe('not_applicable');
    expect(await quote('LABBEARS')).toBe('not_applicable');
    expect(await quote('PLANSBIG')).toBe('min_basket');
    expect(await refusal(caller.subscriptions.promoQuote({ plan: 'basic', code: 'PLANSFREE' }))).toBe('PLAN_NOT_AVAILABLE');
    // A free month still charges 1.00, the payment that saves the card for the renewals.
    expect(await caller.subscriptions.promoQuote({ plan: 'premium', code: 'PLANSFREE' })).toMatchObject({ discount: 98, firstMonth: 1 });
    // Choosing with a refused code opens nothing.
    expect(await refusal(caller.subscriptions.choose({ plan: 'premium', promoCode: 'STOREONLYPLAN' }))).toBe('not_applicable');
    expect(await subscriptionsOf(customer)).toEqual([]);
  });

  it('applies exactly once per customer under 20 concurrent choices', async () => {
    await createCode('PLANONCE', { kind: 'fixed', amount: 10 });
    const customer = await createTestUser(database.db, 'customer');
    const caller = await callerFor(database.db, customer);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => refusal(caller.subscriptions.choose({ plan: 'premium', promoCode: 'planonce' }))),
    );
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already_used')).toHaveLength(19);
    const discounted = (await subscriptionsOf(customer)).filter((row) => row.promo_discount_cents > 0);
    expect(discounted).toHaveLength(1);
    expect(discounted[0]!.amount_cents).toBe(8_900);
  });
});
