import type { SavePromoInput } from '../../src/shared/promo-schemas.ts';

/** What the admin's form sends for a code: 10% off every lab test, once per customer, paid by Tahaleel, unless changed. */
export function promoTerms(code: string, changes: Partial<SavePromoInput> = {}): SavePromoInput {
  return {
    code,
    kind: 'percent',
    amount: 10,
    cap: null,
    minBasket: 0,
    appliesTo: 'all',
    labIds: [],
    testIds: [],
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: 1,
    firstOrderOnly: false,
    paidBy: 'platform',
    active: true,
    ...changes,
  };
}
