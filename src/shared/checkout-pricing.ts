import { type CustomerPlanId, currentPlan } from './plans.ts';

/** Premium's promise on /pricing ('discount5'): this share off every test it books. */
export const PREMIUM_DISCOUNT_PERCENT = 5;

/** What one test costs on a customer's plan, in VAT-inclusive halalas, like every price. */
export interface PricedItem {
  price_halalas: number;
  discount_halalas: number;
  fee_halalas: number;
  /** price − discount + fee: what this test adds to the charge, and what cancelling it credits. */
  total_halalas: number;
}

export interface CheckoutPricing {
  plan: CustomerPlanId;
  feePercent: number;
  discountPercent: number;
  items: PricedItem[];
  subtotal_halalas: number;
  discount_halalas: number;
  fee_halalas: number;
  /** The home visits' fees (homeVisitFees in home-collection.ts): neither discounted nor charged a booking fee. */
  home_collection_halalas: number;
  /** A promo code's discount (withPromo; ADR 0092), a line of its own: each item's share is `promo_shares`. */
  promo_discount_halalas: number;
  promo_shares: number[];
  /** What the person's insurer pays of the tests (withInsurer; ADR 0099), a line of its own: each item's share is `insurer_shares`. */
  insurer_share_halalas: number;
  insurer_shares: number[];
  total_halalas: number;
}

/** A checkout's own lines, as it is stored and confirmed: its plan, and each sum the customer sees. */
export type CheckoutLines = Pick<
  CheckoutPricing,
  | 'plan'
  | 'subtotal_halalas'
  | 'discount_halalas'
  | 'fee_halalas'
  | 'home_collection_halalas'
  | 'promo_discount_halalas'
  | 'insurer_share_halalas'
>;

/**
 * A lab-test checkout on the customer's plan: the plan's discount comes off each test's price, and
 * the booking fee is the plan's percentage of what is left (the discounted price). Each is rounded to
 * the halala per test (half up), and the checkout's lines are the sums, so a test's share of the
 * charge (its credit when cancelled) is exact and the shares add up to the total. Home visits' fees
 * (one per visit) are added as they are.
 */
export function priceCheckout(tier: string, prices: number[], homeVisitFees: number[] = []): CheckoutPricing {
  const plan = currentPlan('customer', tier);
  const discountPercent = plan.features.includes('discount5') ? PREMIUM_DISCOUNT_PERCENT : 0;
  const items = prices.map((price) => {
    const discount = Math.round((price * discountPercent) / 100);
    const fee = Math.round(((price - discount) * plan.feePercent) / 100);
    return { price_halalas: price, discount_halalas: discount, fee_halalas: fee, total_halalas: price - discount + fee };
  });
  const sum = (key: keyof PricedItem) => items.reduce((total, item) => total + item[key], 0);
  const homeCollection = homeVisitFees.reduce((total, fee) => total + fee, 0);
  return {
    plan: plan.id as CustomerPlanId,
    feePercent: plan.feePercent,
    discountPercent,
    items,
    subtotal_halalas: sum('price_halalas'),
    discount_halalas: sum('discount_halalas'),
    fee_halalas: sum('fee_halalas'),
    home_collection_halalas: homeCollection,
    promo_discount_halalas: 0,
    promo_shares: items.map(() => 0),
    insurer_share_halalas: 0,
    insurer_shares: items.map(() => 0),
    total_halalas: sum('total_halalas') + homeCollection,
  };
}

/**
 * What a test costs that a promo code may take off: its price less the plan's discount (the booking fee
 * and the home visit are the platform's charges and are not discounted by a code).
 */
export function promoBase(pricing: CheckoutPricing): number[] {
  return pricing.items.map((item, index) => item.price_halalas - item.discount_halalas - (pricing.insurer_shares[index] ?? 0));
}

/**
 * The checkout with the insurer's shares taken off (ADR 0099): each test's share as NPHIES answered it,
 * never more than what the plan's discount leaves of its price (the booking fee and the home visit are
 * the platform's charges, which the person pays). The person pays the rest: their share.
 */
export function withInsurer(pricing: CheckoutPricing, shares: number[]): CheckoutPricing {
  const capped = pricing.items.map((item, index) => Math.max(0, Math.min(shares[index] ?? 0, item.price_halalas - item.discount_halalas)));
  const insurer = capped.reduce((total, share) => total + share, 0);
  return { ...pricing, insurer_share_halalas: insurer, insurer_shares: capped, total_halalas: pricing.total_halalas - insurer };
}

/** The checkout with a promo code's discount taken off, each test's share its own (promoShares, src/shared/promo.ts). */
export function withPromo(pricing: CheckoutPricing, shares: number[]): CheckoutPricing {
  const promo = shares.reduce((total, share) => total + share, 0);
  return { ...pricing, promo_discount_halalas: promo, promo_shares: shares, total_halalas: pricing.total_halalas - promo };
}
