import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import type { Plan } from '../../../shared/plans.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { useSession } from '../auth/use-session.ts';

/** Spec §9: the paid-plan answer comes after 2 s, the page reloads 1.5 s after a free plan. */
export const PAID_PLAN_DELAY_MS = 2000;
export const RELOAD_AFTER_UPGRADE_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isPaymentIntegrationNeeded(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { appCode?: string } | undefined)?.appCode === 'PAYMENT_INTEGRATION_NEEDED';
}

/**
 * Signed out: sign-up for the plan's audience. Free plan: the tier changes, then the page reloads.
 * Paid plan: after 2 s, 'Payment Integration Needed' (no card provider is connected yet).
 */
export function useChoosePlan() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const authModal = useAuthModal();
  const [pendingPlan, setPendingPlan] = useState<Plan['id'] | null>(null);
  const choose = useMutation(trpc.subscriptions.choose.mutationOptions());

  const select = async (plan: Plan) => {
    if (!user) {
      authModal.open('signup', plan.audience);
      return;
    }
    setPendingPlan(plan.id);
    const paid = plan.monthlyPrice > 0;
    const [outcome] = await Promise.allSettled([
      choose.mutateAsync({ plan: plan.id, audience: plan.audience }),
      paid ? wait(PAID_PLAN_DELAY_MS) : Promise.resolve(),
    ]);
    setPendingPlan(null);
    if (outcome.status === 'fulfilled') {
      notify.success({ title: t`Successfully upgraded!` });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_UPGRADE_MS);
    } else if (isPaymentIntegrationNeeded(outcome.reason)) {
      notify.warning({
        title: t`Payment Integration Needed`,
        description: t`Paid plans need a card payment provider, which has not been set up yet.`,
      });
    } else {
      notify.error({
        title: outcome.reason instanceof TRPCClientError ? errorMessage(i18n, outcome.reason) : t`An error occurred. Please try again.`,
      });
    }
  };

  return { select, pendingPlan };
}
