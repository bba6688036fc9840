/** Subscription plans of spec §9: prices in SAR a month, fees and commissions in percent. */

export type PlanAudience = 'customer' | 'lab';
export type CustomerPlanId = 'basic' | 'premium' | 'enterprise';
export type LabPlanId = 'starter' | 'professional' | 'premium';
export type PlanId = CustomerPlanId | LabPlanId;

/** What a plan offers, as keys the client turns into sentences. */
export type PlanFeature =
  | 'storage1gb'
  | 'aiAnalysis'
  | 'discount5'
  | 'multiAccount'
  | 'tests20'
  | 'tests100'
  | 'testsUnlimited'
  | 'featured';

export interface Plan<Id extends PlanId = PlanId> {
  id: Id;
  audience: PlanAudience;
  /** SAR a month; 0 is a free plan. */
  monthlyPrice: number;
  /** Customers: the fee on each booking. Labs: the commission on each completed booking. */
  feePercent: number;
  features: PlanFeature[];
  /** Labs: how many tests the lab may offer (active on its price list) at once; null is no limit. */
  testLimit: number | null;
  /** The middle plan carries the 'Most popular' badge. */
  popular: boolean;
}

/**
 * A paid plan named inside a sentence of a mail or an invoice, in Arabic and English. Arabic joins some
 * names to "باقة" as an adjective ("الباقة المميزة") and one as a noun ("باقة المؤسسات"), so the whole
 * phrase is given, never "الباقة {name}".
 */
export const planTitles: Record<PlanId, { ar: string; en: string }> = {
  basic: { ar: 'الباقة الأساسية', en: 'Basic plan' },
  premium: { ar: 'الباقة المميزة', en: 'Premium plan' },
  enterprise: { ar: 'باقة المؤسسات', en: 'Enterprise plan' },
  starter: { ar: 'الباقة المبتدئة', en: 'Starter plan' },
  professional: { ar: 'الباقة الاحترافية', en: 'Professional plan' },
};

export const customerPlans: Plan<CustomerPlanId>[] = [
  { id: 'basic', audience: 'customer', monthlyPrice: 0, feePercent: 5, features: ['storage1gb'], testLimit: null, popular: false },
  {
    id: 'premium',
    audience: 'customer',
    monthlyPrice: 99,
    feePercent: 3,
    features: ['aiAnalysis', 'discount5'],
    testLimit: null,
    popular: true,
  },
  { id: 'enterprise', audience: 'customer', monthlyPrice: 499, feePercent: 2, features: ['multiAccount'], testLimit: null, popular: false },
];

// AI analysis is what the lab dashboard offers as the Premium upgrade.
export const labPlans: Plan<LabPlanId>[] = [
  { id: 'starter', audience: 'lab', monthlyPrice: 0, feePercent: 15, features: ['tests20'], testLimit: 20, popular: false },
  {
    id: 'professional',
    audience: 'lab',
    monthlyPrice: 499,
    feePercent: 10,
    features: ['tests100', 'featured'],
    testLimit: 100,
    popular: true,
  },
  {
    id: 'premium',
    audience: 'lab',
    monthlyPrice: 999,
    feePercent: 7,
    features: ['testsUnlimited', 'aiAnalysis'],
    testLimit: null,
    popular: false,
  },
];

export function plansFor(audience: PlanAudience): Plan[] {
  return audience === 'customer' ? customerPlans : labPlans;
}

export function findPlan(audience: PlanAudience, id: string): Plan | undefined {
  return plansFor(audience).find((plan) => plan.id === id);
}

/**
 * The plan a stored tier stands for. Every profile starts as 'basic', which for a lab means its free
 * plan (Starter); an unknown tier falls back to the free plan too.
 */
export function currentPlan(audience: PlanAudience, tier: string): Plan {
  const plans = plansFor(audience);
  return plans.find((plan) => plan.id === tier) ?? plans[0]!;
}

/** The share of a completed booking the platform keeps from a lab on this tier. */
export function labCommissionRate(tier: string): number {
  return currentPlan('lab', tier).feePercent / 100;
}

/** How many tests a lab on this tier may offer at once (null: no limit). */
export function labTestLimit(tier: string): number | null {
  return currentPlan('lab', tier).testLimit;
}

/** Whether a customer's tier includes the analysis of their results (Premium and Enterprise, issue #54). */
export function hasAnalysis(tier: string): boolean {
  return tier === 'premium' || tier === 'enterprise';
}
