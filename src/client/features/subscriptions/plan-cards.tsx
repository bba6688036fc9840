import { Badge, Box, Button, Card, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { formatSar } from '../../../shared/money.ts';
import type { Plan, PlanAudience } from '../../../shared/plans.ts';
import { activeLocale } from '../../lib/locale.ts';
import { planFeatures, planNames } from '../../lib/plan-labels.ts';
import { LazyPlanPaymentDialog } from './lazy-plan-payment-dialog.tsx';
import { useChoosePlan } from './use-choose-plan.ts';

interface Props {
  plans: Plan[];
  audience: PlanAudience;
  /**
   * The signed-in account's stored tier when it belongs to this audience; the plan of that exact name
   * is marked current. A lab still on the profile default ('basic') has not chosen Starter yet.
   */
  currentTier?: string;
}

/** Three plans side by side (stacked on a phone), the middle one badged 'Most popular'. */
export function PlanCards({ plans, audience, currentTier }: Props) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const { select, pendingPlan, buying, stopBuying } = useChoosePlan();
  const current = plans.find((plan) => plan.id === currentTier)?.id ?? null;

  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" alignItems="stretch">
      <LazyPlanPaymentDialog plan={buying} onClose={stopBuying} />
      {plans.map((plan) => {
        const name = i18n._(planNames[plan.id]);
        const isCurrent = plan.id === current;
        const fee =
          audience === 'customer' ? t`${plan.feePercent}% fee per booking` : t`${plan.feePercent}% commission per completed booking`;
        return (
          <Card.Root
            key={plan.id}
            variant="outline"
            borderColor={plan.popular ? 'brand.solid' : undefined}
            borderWidth={plan.popular ? '2px' : '1px'}
            position="relative"
            data-testid="plan-card"
            data-plan={plan.id}
          >
            {plan.popular && (
              <Box
                position="absolute"
                top="0"
                insetInlineStart="50%"
                transform="translate(-50%, -50%)"
                _rtl={{ transform: 'translate(50%, -50%)' }}
              >
                <Badge colorPalette="brand" variant="solid" size="md" px="3" rounded="full">
                  {t`Most popular`}
                </Badge>
              </Box>
            )}
            <Card.Body gap="5">
              <Stack gap="2">
                <Heading as="h3" size="lg">
                  {name}
                </Heading>
                <HStack gap="1" align="baseline">
                  <Text as="bdi" fontSize="4xl" fontWeight="bold" lineHeight="1">
                    {plan.monthlyPrice === 0 ? t`Free` : formatSar(plan.monthlyPrice, locale, { whole: true })}
                  </Text>
                  {plan.monthlyPrice > 0 && <Text color="fg.muted">{t`/ month`}</Text>}
                </HStack>
              </Stack>
              <List.Root gap="2" variant="plain" flex="1">
                {[fee, ...plan.features.map((feature) => i18n._(planFeatures[feature]))].map((line) => (
                  <List.Item key={line} alignItems="start">
                    <List.Indicator asChild color="green.fg" mt="0.5">
                      <Check size={16} aria-hidden />
                    </List.Indicator>
                    {line}
                  </List.Item>
                ))}
              </List.Root>
              <Button
                colorPalette="brand"
                variant={plan.popular ? 'solid' : 'outline'}
                disabled={isCurrent || (pendingPlan !== null && pendingPlan !== plan.id)}
                loading={pendingPlan === plan.id}
                onClick={() => select(plan)}
                data-testid="choose-plan"
              >
                {isCurrent ? t`Current plan` : plan.monthlyPrice === 0 ? t`Start for free` : t`Choose ${name}`}
              </Button>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}
