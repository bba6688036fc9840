import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { findPlan, type PlanId } from '../../../shared/plans.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { planNames } from '../../lib/plan-labels.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';
import { LazyPlanPaymentDialog } from './lazy-plan-payment-dialog.tsx';

/** What /payments/moyasar/callback says of a plan's payment (`/pricing?payment=…`, ADR 0042). */
export type PlanPaymentOutcome = 'paid' | 'failed' | 'pending' | 'unknown';

/**
 * The signed-in account's paid plan: how its payment ended when the browser comes back from the bank,
 * until when it runs and whether it renews, and the way to cancel it at the end of the period.
 */
export function PlanStatus({ outcome }: { outcome?: PlanPaymentOutcome }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.subscriptions.current.queryOptions());
  const [asking, setAsking] = useState(false);
  const { user } = useSession();
  // In the grace period, the plan bought again with another card: a month from then (ADR 0042).
  const [repaying, setRepaying] = useState(false);
  const cancel = useMutation(
    trpc.subscriptions.cancel.mutationOptions({
      onSuccess: async () => {
        setAsking(false);
        await queryClient.invalidateQueries({ queryKey: trpc.subscriptions.current.queryKey() });
        notify.success({ title: t`Your plan is cancelled. It stays active until the end of the period you paid for.` });
      },
      onError: (error) => notify.error({ title: errorMessage(i18n, error) }),
    }),
  );
  const plan = current.data;
  const name = plan ? i18n._(planNames[plan.plan as PlanId]) : '';
  const until = plan?.period_end ? formatDate(new Date(plan.period_end), locale) : '';
  const graceUntil = plan?.grace_until ? formatDate(new Date(plan.grace_until), locale) : '';
  const payAgain = plan && graceUntil && user?.user_type !== 'admin' && user ? findPlan(user.user_type, plan.plan) : undefined;

  const outcomes: Record<PlanPaymentOutcome, { status: 'success' | 'error' | 'info' | 'warning'; title: string; description: string }> = {
    paid: {
      status: 'success',
      title: t`Payment received`,
      description: plan ? t`Your ${name} plan is active until ${until}.` : t`Your plan is active.`,
    },
    failed: {
      status: 'error',
      title: t`The payment did not go through`,
      description: t`Your card was not charged and your plan has not changed. Please try again or use another card.`,
    },
    pending: {
      status: 'info',
      title: t`Your payment is being confirmed`,
      description: t`Your plan changes as soon as the bank confirms the payment. This page shows it when you come back.`,
    },
    unknown: {
      status: 'warning',
      title: t`We could not confirm this payment`,
      description: t`Your plan has not changed. If your card was charged, please contact us and we will put it right.`,
    },
  };
  const said = outcome ? outcomes[outcome] : null;

  return (
    <Stack gap="3" data-testid="plan-status">
      {said && (
        <Alert.Root status={said.status} role={said.status === 'error' ? 'alert' : 'status'} data-testid="plan-payment-outcome">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{said.title}</Alert.Title>
            <Alert.Description>{said.description}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {plan && (
        <Alert.Root
          status={plan.cancel_at_period_end ? 'warning' : 'neutral'}
          flexWrap={{ base: 'wrap', sm: 'nowrap' }}
          data-testid="current-plan"
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {plan.cancel_at_period_end
                ? t`Your ${name} plan is cancelled`
                : graceUntil
                  ? t`We could not renew your ${name} plan`
                  : t`Your ${name} plan renews on ${until}`}
            </Alert.Title>
            <Alert.Description>
              {plan.cancel_at_period_end
                ? t`It stays active until ${until}, then your account moves to the free plan.`
                : graceUntil
                  ? t`Your bank declined the renewal. We try again every day, and your plan stays active until ${graceUntil}; after that your account moves to the free plan. You can pay now with another card.`
                  : t`The same card is charged every month. Cancel at any time and keep the plan until ${until}.`}
            </Alert.Description>
          </Alert.Content>
          {!plan.cancel_at_period_end && !asking && (
            // A line of its own under the text on a phone; beside it from a tablet up.
            <HStack gap="2" alignSelf="center" wrap="wrap" flexShrink={0} w={{ base: 'full', sm: 'auto' }} ps={{ base: '7', sm: '0' }}>
              {payAgain && (
                <Button size="sm" colorPalette="brand" onClick={() => setRepaying(true)} data-testid="pay-plan-again">
                  {t`Pay with another card`}
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking(true)} data-testid="cancel-plan">
                {t`Cancel plan`}
              </Button>
            </HStack>
          )}
        </Alert.Root>
      )}
      <LazyPlanPaymentDialog plan={repaying && payAgain ? payAgain : null} onClose={() => setRepaying(false)} />
      {plan && asking && (
        // Asked in place (no dialog): what cancelling does, then keep it or cancel.
        <Stack gap="3" borderWidth="1px" borderColor="red.muted" rounded="md" p="4" role="group" data-testid="cancel-plan-confirm">
          <Text fontWeight="semibold">{t`Cancel your ${name} plan?`}</Text>
          <Text>{t`It will not renew. You keep it until ${until}, then your account moves to the free plan.`}</Text>
          <HStack gap="3" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setAsking(false)}>
              {t`Keep my plan`}
            </Button>
            <Button size="sm" colorPalette="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t`Cancel plan`}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
