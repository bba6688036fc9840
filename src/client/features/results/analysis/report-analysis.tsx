import { Box, Skeleton } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { ErrorState } from '../../../components/query-state.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { Fold } from './fold.tsx';
import { useAnalysisUpgrade } from './upgrade-slot.tsx';
import { VisitAnalysisView } from './visit-analysis-view.tsx';

/** Under a report's values: the analysis of its visit, folded, its count on the fold. */
export function ReportAnalysis({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useLingui();
  const upgrade = useAnalysisUpgrade();
  const analysis = useQuery(trpc.analysis.report.queryOptions({ bookingId }));
  if (analysis.isPending) return <Skeleton height="10" rounded="md" />;
  if (analysis.isError)
    return <ErrorState title={t`Error fetching the analysis`} error={analysis.error} onRetry={() => void analysis.refetch()} />;
  return (
    <Fold
      borderTopWidth="1px"
      pt="3"
      data-testid="report-analysis"
      summary={
        <>
          <Sparkles size={16} aria-hidden />
          {i18n._(
            plural(analysis.data.count, {
              0: 'Analysis of this visit: nothing to point out',
              one: 'Analysis of this visit: # finding',
              other: 'Analysis of this visit: # findings',
            }),
          )}
        </>
      }
    >
      <Box pt="4">
        <VisitAnalysisView analysis={analysis.data} upgrade={upgrade} headingLevel={4} />
      </Box>
    </Fold>
  );
}
