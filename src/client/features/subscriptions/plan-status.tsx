import { Alert, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PaymentFailureReason } from '../../../shared/payment-failures.ts';
import { findPlan, type PlanId } from '../../../shared/plans.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { planInSentence } from '../../lib/plan-labels.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';
import { paymentFailureSentences } from '../payments/payment-failure.ts';
import { LazyPlanPaymentDialog } from './lazy-plan-payment-dialog.tsx';
import type { CardChangeOutcome, PlanPaymentOutcome } from './plan-outcomes.ts';

// Opened on a click: the plan's page never downloads it before.
const PlanCardDialog = lazy(() => import('./plan-card-dialog.tsx').then((module) => ({ default: module.PlanCardDialog })));

/** A card network as printed on the card. */
const BRANDS: Record<string, string> = { mada: 'mada', visa: 'Visa', master: 'Mastercard', amex: 'American Express' };

/**
 * The signed-in account's paid plan: how its payment ended when the browser comes back from the bank
 * (and why it failed), until when it runs and whether it renews, and the way to cancel it at the end
 * of the period.
 */
export function PlanStatus({
  outcome,
  cardChange,
  reason,
}: {
  outcome?: PlanPaymentOutcome;
  cardChange?: CardChangeOutcome;
  /** Why the payment or the new card failed, as the server read the bank's answer. */
  reason?: PaymentFailureReason;
}) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.subscriptions.current.queryOptions());
  const [asking, setAsking] = useState(false);
  const { user } = useSession();
  // In the grace period, the plan bought again with another card: a month from then (ADR 0042).
  const [repaying, setRepaying] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
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
  const name = plan ? i18n._(planInSentence[plan.plan as PlanId]) : '';
  // Named as the plans page names it, never "the free plan" beside "Basic" (issue #77 item 18).
  const freePlan = i18n._(planInSentence[user?.user_type === 'lab' ? 'starter' : 'basic']);
  const until = plan?.period_end ? formatDate(new Date(plan.period_end), locale) : '';
  const graceUntil = plan?.grace_until ? formatDate(new Date(plan.grace_until), locale) : '';
  const payAgain = plan && graceUntil && user?.user_type !== 'admin' && user ? findPlan(user.user_type, plan.plan) : undefined;

  const outcomes: Record<PlanPaymentOutcome, { status: 'success' | 'error' | 'info' | 'warning'; title: string; description: string }> = {
    paid: {
      status: 'success',
      title: t`Payment received`,
      description: plan ? t`Your ${name} is active until ${until}.` : t`Your plan is active.`,
    },
    failed: {
      status: 'error',
      title: t`The payment did not go through`,
      // What to do is said with why it failed, above.
      description: t`Your card was not charged and your plan has not changed.`,
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
  const cardOnFile = plan?.card ? `${BRANDS[plan.card.brand ?? ''] ?? ''} •••• ${plan.card.last_four}`.trim() : null;
  const cardOutcomes: Record<CardChangeOutcome, { status: 'success' | 'error' | 'warning'; title: string; description: string }> = {
    saved: {
      status: 'success',
      title: t`Card saved`,
      description: cardOnFile ? t`Your plan now renews with ${cardOnFile}.` : t`Your plan now renews with the new card.`,
    },
    failed: {
      status: 'error',
      title: t`The card was not saved`,
      description: t`Your plan still renews with the card it had.`,
    },
    unknown: {
      status: 'warning',
      title: t`We could not confirm the new card`,
      description: t`Your plan still renews with the card it had. Please try again.`,
    },
  };
  const said = outcome ? outcomes[outcome] : cardChange ? cardOutcomes[cardChange] : null;
  const failed = outcome ? outcome === 'failed' : cardChange === 'failed';

  return (
    <Stack gap="3" data-testid="plan-status">
      {said && (
        <Alert.Root status={said.status} role={said.status === 'error' ? 'alert' : 'status'} data-testid="plan-payment-outcome">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{said.title}</Alert.Title>
            {failed && (
              <Alert.Description fontWeight="medium" data-testid="payment-failure-reason">
                {i18n._(paymentFailureSentences[reason ?? 'unknown'])}
              </Alert.Description>
            )}
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
                ? t`Your ${name} is cancelled`
                : graceUntil
                  ? t`We could not renew your ${name}`
                  : t`Your ${name} renews on ${until}`}
            </Alert.Title>
            <Alert.Description>
              {plan.cancel_at_period_end ? (
                t`It stays active until ${until}, then your account moves to the ${freePlan}.`
              ) : graceUntil ? (
                t`Your bank declined the renewal. We try again every day, and your plan stays active until ${graceUntil}; after that your account moves to the ${freePlan}. You can pay now with another card.`
              ) : cardOnFile ? (
                <Trans>
                  Charged every month to <chakra.bdi dir="ltr">{cardOnFile}</chakra.bdi>. Cancel at any time and keep the plan until {until}
                  .
                </Trans>
              ) : (
                t`The same card is charged every month. Cancel at any time and keep the plan until ${until}.`
              )}
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
              {cardOnFile && !graceUntil && (
                <Button size="sm" variant="outline" onClick={() => setChangingCard(true)} data-testid="change-plan-card">
                  {t`Change card`}
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
      {changingCard && (
        <Suspense fallback={null}>
          <PlanCardDialog current={plan?.card?.last_four ?? null} onClose={() => setChangingCard(false)} />
        </Suspense>
      )}
      {plan && asking && (
        // Asked in place (no dialog): what cancelling does, then keep it or cancel.
        <Stack gap="3" borderWidth="1px" borderColor="red.muted" rounded="md" p="4" role="group" data-testid="cancel-plan-confirm">
          <Text fontWeight="semibold">{t`Cancel your ${name}?`}</Text>
          <Text>{t`It will not renew. You keep it until ${until}, then your account moves to the ${freePlan}.`}</Text>
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
