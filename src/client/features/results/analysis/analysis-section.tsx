import { Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Stethoscope } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../components/query-state.tsx';
import { SectionTitle } from '../../../components/stat-card.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { HowItWorks } from './how-it-works.tsx';
import { useAnalysisUpgrade } from './upgrade-slot.tsx';
import { VisitAnalysisView } from './visit-analysis-view.tsx';

/**
 * The customer's results analysis (issue #54): for each person of the account, their latest visit read
 * by the rules; on another plan, a preview with the way to Premium.
 */
export function AnalysisSection() {
  const { t } = useLingui();
  const upgrade = useAnalysisUpgrade();
  const latest = useQuery(trpc.analysis.latest.queryOptions());
  const named = (latest.data?.analyses.length ?? 0) > 1 || latest.data?.analyses.some((analysis) => analysis.person.name !== null);
  return (
    <Stack gap="5" data-testid="analysis-section">
      <SectionTitle title={t`Results analysis`} />
      <Text>{t`Your latest results explained in plain language: values outside their range, patterns across them, how they changed, and what could come next.`}</Text>
      <HStack gap="2" fontSize="sm" color="fg.muted" align="start">
        <Stethoscope size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text>{t`Not a diagnosis: discuss your results with your doctor.`}</Text>
      </HStack>
      <HowItWorks />
      {latest.isError ? (
        <ErrorState title={t`Error fetching the analysis`} error={latest.error} onRetry={() => void latest.refetch()} />
      ) : latest.isPending ? (
        <Stack gap="3" role="status" aria-label={t`Loading...`}>
          <Skeleton height="6" width="50%" />
          <Skeleton height="32" rounded="md" />
          <Skeleton height="32" rounded="md" />
        </Stack>
      ) : latest.data.analyses.length === 0 ? (
        <Stack gap="4">
          <EmptyState>{t`Your analysis appears here once a lab releases values for one of your tests.`}</EmptyState>
          {latest.data.access === 'preview' && upgrade}
        </Stack>
      ) : (
        latest.data.analyses.map((analysis) => (
          <Stack as="section" key={analysis.familyMemberId ?? 'self'} gap="4" data-testid="person-analysis">
            {named && (
              <Heading as="h3" size="lg">
                {analysis.person.name === null ? (
                  t`Your results`
                ) : (
                  <Trans>
                    Results for <bdi>{analysis.person.name}</bdi>
                  </Trans>
                )}
              </Heading>
            )}
            <VisitAnalysisView analysis={analysis} upgrade={upgrade} headingLevel={named ? 4 : 3} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
