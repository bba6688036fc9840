import { lazy, Suspense } from 'react';
import type { Plan } from '../../../shared/plans.ts';

// A dialog opens on a click: the public pages that offer plans never download it before.
const PlanPaymentDialog = lazy(() => import('./plan-payment-dialog.tsx').then((module) => ({ default: module.PlanPaymentDialog })));

/** The plan's payment dialog while a paid plan is being bought (use-choose-plan.ts's `buying`). */
export function LazyPlanPaymentDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  if (!plan) return null;
  return (
    <Suspense fallback={null}>
      <PlanPaymentDialog key={plan.id} plan={plan} onClose={onClose} />
    </Suspense>
  );
}
