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
  total_halalas: number;
}

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
    total_halalas: sum('total_halalas') + homeCollection,
  };
}
