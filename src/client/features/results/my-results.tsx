import { Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { trpc } from '../../lib/trpc.ts';
import { FhirDownload } from './fhir-download.tsx';
import { MyReports } from './my-reports.tsx';
import { ResultAccessLog } from './result-access-log.tsx';
import { type ResultFile, ResultFileRow } from './result-file-row.tsx';
import { ShareResults } from './share-results.tsx';

/**
 * The customer's results: each released report with its values (and the lab's files for the same
 * booking), then the files of bookings without values, newest first, each downloadable by them alone
 * (and their lab), and who opened them.
 */
export function MyResults({
  openReport,
  onOpenReport,
}: {
  openReport: string | undefined;
  onOpenReport: (bookingId: string | undefined) => void;
}) {
  const { t } = useLingui();
  const files = useQuery(trpc.results.mine.queryOptions());
  const reports = useQuery(trpc.results.reports.queryOptions());
  return (
    <Stack gap="5">
      <SectionTitle title={t`My results`} />
      <HStack gap="2" color="fg.muted" fontSize="sm">
        <ShieldCheck size={16} aria-hidden />
        <Text>{t`Only you and the lab that ran your test can open these files. Tahaleel staff may open one only with a stated reason, and you are told by e-mail.`}</Text>
      </HStack>
      {files.isError ? (
        <ErrorState title={t`Error fetching results`} error={files.error} onRetry={() => void files.refetch()} />
      ) : reports.isError ? (
        <ErrorState title={t`Error fetching results`} error={reports.error} onRetry={() => void reports.refetch()} />
      ) : files.isPending || reports.isPending ? (
        <Skeleton height="24" rounded="lg" />
      ) : reports.data.length === 0 && files.data.length === 0 ? (
        <EmptyState>{t`No results yet. Your lab uploads them here as soon as they are ready.`}</EmptyState>
      ) : (
        <Stack gap="6">
          {reports.data.length > 0 && (
            <>
              <MyReports reports={reports.data} files={files.data} openReport={openReport} onOpenReport={onOpenReport} />
              <FhirDownload />
            </>
          )}
          <FilesWithoutValues files={files.data} reports={reports.data} />
        </Stack>
      )}
      <ShareResults />
      <ResultAccessLog />
    </Stack>
  );
}

/** The files of bookings whose lab has released no values (yet), as before results were data. */
function FilesWithoutValues({ files, reports }: { files: ResultFile[]; reports: { bookingId: string }[] }) {
  const { t } = useLingui();
  const withValues = new Set(reports.map((report) => report.bookingId));
  const others = files.filter((file) => !withValues.has(file.booking_id));
  if (others.length === 0) return null;
  return (
    <Stack as="section" gap="3">
      {reports.length > 0 && (
        <Heading as="h3" size="md">
          {t`Result files`}
        </Heading>
      )}
      <Stack as="ul" listStyleType="none" gap="3">
        {others.map((file) => (
          <Card.Root as="li" key={file.id} variant="outline">
            <Card.Body>
              <ResultFileRow file={file} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Stack>
  );
}
