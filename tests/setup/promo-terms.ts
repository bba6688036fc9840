import type { SavePromoInput } from '../../src/shared/promo-schemas.ts';

/**
 * A promo code's terms as the admin's form saves them (promo.save): 10% off anything, no cap, no dates,
 * once per customer, paid by the platform, unless `changes` say otherwise.
 */
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
