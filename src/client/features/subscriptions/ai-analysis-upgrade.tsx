import { Button, Card, Center, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Check, Sparkles } from 'lucide-react';
import { findPlan, type PlanAudience } from '../../../shared/plans.ts';
import { LazyPlanPaymentDialog } from './lazy-plan-payment-dialog.tsx';
import { useChoosePlan } from './use-choose-plan.ts';

/** The AI-analysis section: what Premium adds, and the way to it. */
export function AiAnalysisUpgrade({ audience }: { audience: PlanAudience }) {
  const { t } = useLingui();
  const { select, pendingPlan, buying, stopBuying } = useChoosePlan();
  const premium = findPlan(audience, 'premium')!;
  const benefits =
    audience === 'customer'
      ? [t`Your results explained in plain language`, t`Values outside the normal range highlighted`, t`Trends across your past results`]
      : [
          t`Draft interpretations for your specialists to review`,
          t`Values outside the normal range flagged automatically`,
          t`Reports ready for patients sooner`,
        ];
  return (
    <Card.Root variant="subtle" bg="brand.subtle" data-testid="ai-analysis-upgrade">
      <Card.Body>
        <LazyPlanPaymentDialog plan={buying} onClose={stopBuying} />
        <Stack gap="5" align="start" maxWidth="2xl">
          <Center boxSize="12" rounded="full" bg="brand.solid" color="brand.contrast">
            <Sparkles aria-hidden />
          </Center>
          <Stack gap="2">
            <Heading as="h2" size="xl">
              {t`Results analysis is part of Premium`}
            </Heading>
            <Text>{t`Upgrade to Premium to have every result explained: what stands out, patterns across values, how they changed and what could come next.`}</Text>
          </Stack>
          <List.Root gap="2" variant="plain">
            {benefits.map((line) => (
              <List.Item key={line}>
                <List.Indicator asChild color="green.fg">
                  <Check size={16} aria-hidden />
                </List.Indicator>
                {line}
              </List.Item>
            ))}
          </List.Root>
          <Button colorPalette="brand" loading={pendingPlan === 'premium'} onClick={() => select(premium)}>
            <Sparkles aria-hidden />
            {t`Upgrade to Premium`}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
