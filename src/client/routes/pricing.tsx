import { Button, Container, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FlaskConical, User } from 'lucide-react';
import { PAYMENT_FAILURE_REASONS, type PaymentFailureReason } from '../../shared/payment-failures.ts';
import { ErrorState } from '../components/query-state.tsx';
import { PlanCards } from '../features/subscriptions/plan-cards.tsx';
import {
  CARD_CHANGE_OUTCOMES,
  type CardChangeOutcome,
  PLAN_PAYMENT_OUTCOMES,
  type PlanPaymentOutcome,
} from '../features/subscriptions/plan-outcomes.ts';
import { PlanStatus } from '../features/subscriptions/plan-status.tsx';
import { searchChoice } from '../lib/plain-checks.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useSession } from '../lib/use-session.ts';

export const Route = createFileRoute('/pricing')({
  validateSearch: (
    search,
  ): { audience?: 'customer' | 'lab'; payment?: PlanPaymentOutcome; card?: CardChangeOutcome; reason?: PaymentFailureReason } => ({
    audience: searchChoice(search.audience, ['customer', 'lab'] as const),
    // Back from paying for a plan: what the callback found (ADR 0042).
    payment: searchChoice(search.payment, PLAN_PAYMENT_OUTCOMES),
    // Back from saving a new card for the plan.
    card: searchChoice(search.card, CARD_CHANGE_OUTCOMES),
    // Why the plan's payment or the new card failed.
    reason: searchChoice(search.reason, PAYMENT_FAILURE_REASONS),
  }),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.subscriptions.plans.queryOptions()),
  component: PricingPage,
});

function PricingPage() {
  const { t } = useLingui();
  const { user } = useSession();
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const audience = search.audience ?? (user?.user_type === 'lab' ? 'lab' : 'customer');
  const plans = useQuery({ ...trpc.subscriptions.plans.queryOptions(), staleTime: Infinity });
  usePageMeta({
    title: t`Plans and pricing`,
    description: t`Tahaleel plans for patients and for labs, in Saudi riyals per month.`,
  });

  const choices = [
    { id: 'customer', label: t`For patients`, icon: User },
    { id: 'lab', label: t`For labs`, icon: FlaskConical },
  ] as const;

  return (
    <Container maxW="6xl" py={{ base: '10', md: '16' }}>
      <Stack gap="10">
        <Stack gap="3" textAlign="center" align="center">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            {t`Plans and pricing`}
          </Heading>
          <Text color="fg.muted" fontSize="lg" maxWidth="2xl">
            {audience === 'customer'
              ? t`Book for free, or choose a plan with lower fees, your results explained and discounts.`
              : t`Join for free and pay a commission only on completed bookings. A higher plan lowers it.`}
          </Text>
          <HStack gap="1" p="1" borderWidth="1px" rounded="full" role="radiogroup" aria-label={t`Plans for`} mt="2">
            {choices.map((choice) => (
              <Button
                key={choice.id}
                role="radio"
                aria-checked={audience === choice.id}
                rounded="full"
                size="sm"
                variant={audience === choice.id ? 'solid' : 'ghost'}
                colorPalette="brand"
                onClick={() =>
                  void navigate({ search: { audience: choice.id, payment: search.payment }, replace: true, resetScroll: false })
                }
              >
                <choice.icon aria-hidden />
                {choice.label}
              </Button>
            ))}
          </HStack>
        </Stack>
        {user && user.user_type !== 'admin' && (
          // Drawn with the page, not lazily: a lazy part cannot be drawn by the server, and the browser
          // taking the page over would then find it missing (React's error #419).
          <PlanStatus outcome={search.payment} cardChange={search.card} reason={search.reason} />
        )}
        {plans.isError ? (
          <ErrorState title={t`Could not load the plans`} error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.isPending ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height="96" rounded="lg" />
            ))}
          </SimpleGrid>
        ) : (
          <PlanCards
            key={audience}
            plans={plans.data[audience]}
            audience={audience}
            currentTier={user && user.user_type === audience ? user.subscription_tier : undefined}
          />
        )}
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          {t`Prices are in Saudi riyals per month. A paid plan can be stopped before its next billing date.`}
        </Text>
      </Stack>
    </Container>
  );
}
