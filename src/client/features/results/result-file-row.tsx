import { HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FileText } from 'lucide-react';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatFileSize } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { ResultDownloadButton } from './result-download.tsx';

export type ResultFile = RouterOutputs['results']['mine'][number];

/**
 * A result file the lab uploaded, downloadable by its patient. Under a report's values the test and
 * lab are already named above it (`withinReport`): the line gives the file alone.
 */
export function ResultFileRow({ file, withinReport = false }: { file: ResultFile; withinReport?: boolean }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const uploaded = t`Uploaded on ${formatDate(new Date(file.created_at), locale, file.time_zone)}`;
  return (
    <Stack
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      gap="3"
      data-testid="my-result"
      data-booking-id={file.booking_id}
    >
      <HStack gap="3" align="start" minWidth="0">
        <FileText size={withinReport ? 18 : 22} aria-hidden color="var(--chakra-colors-brand-fg)" style={{ flexShrink: 0 }} />
        {withinReport ? (
          <Stack gap="0" minWidth="0">
            <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
              <bdi>{file.file_name}</bdi>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {uploaded} · <bdi>{formatFileSize(file.size_bytes, locale)}</bdi>
            </Text>
          </Stack>
        ) : (
          <Stack gap="0.5" minWidth="0">
            <Text fontWeight="semibold">{localized(locale, file.test_name_ar, file.test_name_en)}</Text>
            {file.patient_name && (
              <Text fontSize="sm" data-testid="result-patient">
                {t`For ${file.patient_name}`}
              </Text>
            )}
            <Text fontSize="sm">
              <bdi>{localized(locale, file.lab_name_ar, file.lab_name_en)}</bdi>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {uploaded} · <bdi>{file.file_name}</bdi> · <bdi>{formatFileSize(file.size_bytes, locale)}</bdi>
            </Text>
          </Stack>
        )}
      </HStack>
      <ResultDownloadButton id={file.id} fileName={file.file_name} />
    </Stack>
  );
}
