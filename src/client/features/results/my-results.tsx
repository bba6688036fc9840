import { Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FileText, ShieldCheck } from 'lucide-react';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatFileSize } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { ResultAccessLog } from './result-access-log.tsx';
import { ResultDownloadButton } from './result-download.tsx';
import { ShareResults } from './share-results.tsx';

/** The customer's result files, newest first, each downloadable by them alone (and their lab), and who opened them. */
export function MyResults() {
  const { t } = useLingui();
  const locale = activeLocale();
  const results = useQuery(trpc.results.mine.queryOptions());
  return (
    <Stack gap="5">
      <SectionTitle title={t`My results`} />
      <HStack gap="2" color="fg.muted" fontSize="sm">
        <ShieldCheck size={16} aria-hidden />
        <Text>{t`Only you and the lab that ran your test can open these files. Tahaleel staff may open one only with a stated reason, and you are told by e-mail.`}</Text>
      </HStack>
      {results.isError ? (
        <ErrorState title={t`Error fetching results`} error={results.error} onRetry={() => void results.refetch()} />
      ) : results.isPending ? (
        <Skeleton height="24" rounded="lg" />
      ) : results.data.length === 0 ? (
        <EmptyState>{t`No results yet. Your lab uploads them here as soon as they are ready.`}</EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {results.data.map((result) => (
            <Card.Root as="li" key={result.id} variant="outline" data-testid="my-result" data-booking-id={result.booking_id}>
              <Card.Body>
                <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
                  <HStack gap="3" align="start" minWidth="0">
                    <FileText size={22} aria-hidden color="var(--chakra-colors-brand-fg)" />
                    <Stack gap="0.5" minWidth="0">
                      <Text fontWeight="semibold">{localized(locale, result.test_name_ar, result.test_name_en)}</Text>
                      {result.patient_name && (
                        <Text fontSize="sm" data-testid="result-patient">
                          {t`For ${result.patient_name}`}
                        </Text>
                      )}
                      <Text fontSize="sm">
                        <bdi>{localized(locale, result.lab_name_ar, result.lab_name_en)}</bdi>
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t`Uploaded on ${formatDate(new Date(result.created_at), locale, result.time_zone)}`} ·{' '}
                        <bdi>{result.file_name}</bdi> · <bdi>{formatFileSize(result.size_bytes, locale)}</bdi>
                      </Text>
                    </Stack>
                  </HStack>
                  <ResultDownloadButton id={result.id} fileName={result.file_name} />
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      <ShareResults />
      <ResultAccessLog />
    </Stack>
  );
}
