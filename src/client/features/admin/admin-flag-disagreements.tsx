import { Badge, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { ResultFlagBadge } from '../results/result-flag.tsx';

/**
 * Where a lab's system flagged a value otherwise than our ranges would (results.flagDisagreements, ADR
 * 0081): the lab's flag stands for the patient; here the admin sees, by lab and analyte, how often the
 * two differed, to find a lab whose ranges or method differ from the catalogue's. Counts only: no
 * patient, booking or value.
 */
export function AdminFlagDisagreements() {
  const { t } = useLingui();
  const locale = activeLocale();
  const rows = useQuery(trpc.results.flagDisagreements.queryOptions());
  return (
    <Stack gap="4" pt="6">
      <SectionTitle
        title={t`Where a lab's flag differs from ours`}
        description={t`The lab signs its report, so its flag is the one patients see. Many differences for one analyte usually mean the lab's range or method differs from the catalogue's.`}
      />
      {rows.isError ? (
        <ErrorState title={t`Error fetching flag differences`} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.isPending ? (
        <Skeleton height="24" rounded="lg" />
      ) : rows.data.length === 0 ? (
        <EmptyState>{t`No lab has flagged a value otherwise than our ranges.`}</EmptyState>
      ) : (
        <TableScrollArea label={t`Flag differences by lab and analyte`} borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="flag-disagreements">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t({ message: 'Lab', context: 'column header' })}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Analyte`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Lab's flag`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Our flag`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Times`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Last`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.data.map((row) => (
                <Table.Row key={`${row.lab.id}:${row.analyte.loinc}:${row.labFlag}:${row.ourFlag}`}>
                  <Table.Cell>{localized(locale, row.lab.ar, row.lab.en)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Text>{localized(locale, row.analyte.ar, row.analyte.en)}</Text>
                      <Badge variant="outline" size="sm">
                        <bdi dir="ltr">{row.analyte.loinc}</bdi>
                      </Badge>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <ResultFlagBadge flag={row.labFlag} />
                  </Table.Cell>
                  <Table.Cell>
                    <ResultFlagBadge flag={row.ourFlag} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(row.count, locale)}</Table.Cell>
                  <Table.Cell>{formatDate(new Date(row.lastSeenAt), locale)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
    </Stack>
  );
}
