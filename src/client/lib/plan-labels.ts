import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentPlan, type PlanAudience, type PlanFeature, type PlanId } from '../../shared/plans.ts';

export const planNames: Record<PlanId, MessageDescriptor> = {
  basic: msg`Basic`,
  premium: msg`Premium`,
  enterprise: msg`Enterprise`,
  starter: msg`Starter`,
  professional: msg`Professional`,
};

/**
 * A plan named inside a sentence. Arabic joins some names to "باقة" as an adjective ("الباقة المميزة")
 * and one as a noun ("باقة المؤسسات"), so a sentence takes the whole phrase, never "الباقة {name}".
 */
export const planInSentence: Record<PlanId, MessageDescriptor> = {
  basic: msg`Basic plan`,
  premium: msg`Premium plan`,
  enterprise: msg`Enterprise plan`,
  starter: msg`Starter plan`,
  professional: msg`Professional plan`,
};

export const planFeatures: Record<PlanFeature, MessageDescriptor> = {
  storage1gb: msg`1 GB storage for your results`,
  aiAnalysis: msg`Your results explained`,
  discount5: msg`5% discount on bookings`,
  multiAccount: msg`Several accounts for your family or company`,
  tests20: msg`Up to 20 tests on your price list`,
  tests100: msg`Up to 100 tests on your price list`,
  testsUnlimited: msg`Unlimited tests on your price list`,
  featured: msg`Featured placement in search results`,
};

/**
 * A stored tier's name, as the plans page names it (issue #77 item 18): the free plan is "Basic" for a
 * customer and "Starter" for a lab, never "Free" beside it (ADR 0085). Every profile starts as 'basic',
 * which for a lab is Starter.
 */
export function tierLabel(tier: string, audience: PlanAudience): MessageDescriptor {
  return planNames[currentPlan(audience, tier).id];
}
