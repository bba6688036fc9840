import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Plan } from '../../../shared/plans.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';

/** Spec §9: the page reloads 1.5 s after the plan changes (the header shows the new tier). */
const RELOAD_AFTER_UPGRADE_MS = 1500;

export function reloadAfterUpgrade() {
  setTimeout(() => window.location.reload(), RELOAD_AFTER_UPGRADE_MS);
}

/**
 * Signed out: sign-up for the plan's audience. Free plan: the tier changes, then the page reloads.
 * Paid plan: `buying` names it, and the plan's payment dialog (plan-payment-dialog.tsx) takes over.
 */
export function useChoosePlan() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const authModal = useAuthModal();
  const [buying, setBuying] = useState<Plan | null>(null);
  const choose = useMutation(
    trpc.subscriptions.choose.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Successfully upgraded!` });
        reloadAfterUpgrade();
      },
      onError: (error) => notify.error({ title: errorMessage(i18n, error) }),
    }),
  );

  const select = (plan: Plan) => {
    if (!user) authModal.open('signup', plan.audience);
    else if (plan.monthlyPrice > 0) setBuying(plan);
    else choose.mutate({ plan: plan.id, audience: plan.audience });
  };

  return {
    select,
    pendingPlan: choose.isPending ? (choose.variables?.plan ?? null) : (buying?.id ?? null),
    buying,
    stopBuying: () => setBuying(null),
  };
}
