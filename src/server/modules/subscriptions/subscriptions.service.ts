import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import { customerPlans, findPlan, labPlans, type PlanAudience } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';
import { setSubscriptionTier } from './subscriptions.repository.ts';

export function plans() {
  return { customer: customerPlans, lab: labPlans };
}

/**
 * A free plan of the caller's own audience becomes its tier (the lowercase plan name). A paid plan
 * needs a payment provider that is not connected yet, so it is refused with a code the client explains.
 */
export async function choosePlan(
  db: Kysely<Database>,
  user: { id: string; user_type: UserType },
  input: { plan: string; audience?: PlanAudience },
) {
  if (user.user_type === 'admin') throw new AppError('PLAN_NOT_AVAILABLE');
  const audience: PlanAudience = user.user_type;
  if (input.audience && input.audience !== audience) throw new AppError('PLAN_NOT_AVAILABLE', { audience });
  const plan = findPlan(audience, input.plan);
  if (!plan) throw new AppError('PLAN_NOT_AVAILABLE', { audience });
  if (plan.monthlyPrice > 0) throw new AppError('PAYMENT_INTEGRATION_NEEDED', { plan: plan.id });
  await setSubscriptionTier(db, user.id, plan.id);
  return { subscription_tier: plan.id };
}
