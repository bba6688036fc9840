import { Badge, Button, Input, InputGroup, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { ANALYTE_LIST_MAX } from '../../../shared/analyte-schemas.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit } from '../../lib/report-format.ts';
import { trpc } from '../../lib/trpc.ts';
import { AdminAnalyteDetail } from './admin-analyte-detail.tsx';
import { AdminUnitAliases } from './admin-unit-aliases.tsx';
import { CreateAnalyteDialog } from './create-analyte-dialog.tsx';

/**
 * What each test measures (issue #53, ADR 0062): the analytes searched by name or LOINC code; one opens
 * to edit its names, precision, reference intervals, critical limits and the tests that list it.
 */
export function AdminAnalytes() {
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  if (openId !== null) return <AdminAnalyteDetail id={openId} onBack={() => setOpenId(null)} />;
  return <AnalyteList search={search} onSearch={setSearch} onOpen={setOpenId} />;
}

function AnalyteList({ search, onSearch, onOpen }: { search: string; onSearch: (text: string) => void; onOpen: (id: number) => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [creating, setCreating] = useState(false);
  const q = useDeferredValue(search.trim());
  const analytes = useQuery({
    ...trpc.analytes.list.queryOptions({ q: q || undefined, limit: ANALYTE_LIST_MAX }),
    placeholderData: keepPreviousData,
  });
  const items = analytes.data ?? [];
  const kindLabel = { numeric: t`Number`, text: t`Text` } as const;

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Analytes`}
        description={t`What each test measures: its LOINC code, unit, reference intervals and critical limits. Patients' values are judged by them, and every change is kept in the audit log.`}
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden /> {t`Add an analyte`}
          </Button>
        }
      />
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t`Search by name or LOINC code`}
          aria-label={t`Search analytes`}
          maxLength={100}
        />
      </InputGroup>
      {analytes.isError ? (
        <ErrorState title={t`Error fetching analytes`} error={analytes.error} onRetry={() => void analytes.refetch()} />
      ) : analytes.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : items.length === 0 ? (
        <EmptyState>{q ? t`No analytes match.` : t`No analytes yet.`}</EmptyState>
      ) : (
        <TableScrollArea
          label={t`Analytes`}
          borderWidth="1px"
          rounded="lg"
          opacity={analytes.isPlaceholderData ? 0.6 : 1}
          aria-busy={analytes.isFetching}
        >
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Analyte`}</Table.ColumnHeader>
                <Table.ColumnHeader>LOINC</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Unit`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Result type`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Tests`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Intervals`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((analyte) => (
                <Table.Row key={analyte.id} data-testid="admin-analyte">
                  <Table.Cell minW="48">
                    <Button
                      variant="plain"
                      size="sm"
                      p="0"
                      height="auto"
                      textAlign="start"
                      whiteSpace="normal"
                      textDecoration="underline"
                      onClick={() => onOpen(analyte.id)}
                    >
                      {localized(locale, analyte.nameAr, analyte.nameEn)}
                    </Button>
                    <Text fontSize="xs" color="fg.muted">
                      {locale === 'ar' ? analyte.nameEn : analyte.nameAr}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="bdi" dir="ltr" fontFamily="mono" whiteSpace="nowrap">
                      {analyte.loinc}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="bdi" dir="ltr" whiteSpace="nowrap">
                      {analyte.unit ? displayUnit(analyte.unit) || analyte.unit : '—'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge variant="subtle" colorPalette={analyte.kind === 'numeric' ? 'blue' : 'purple'}>
                      {kindLabel[analyte.kind]}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(analyte.testCount, locale)}</Table.Cell>
                  <Table.Cell textAlign="end">{analyte.kind === 'numeric' ? formatNumber(analyte.intervalCount, locale) : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      {items.length === ANALYTE_LIST_MAX && (
        <Text fontSize="sm" color="fg.muted">
          {t`Showing the first ${formatNumber(ANALYTE_LIST_MAX, locale)} analytes. Search to find the others.`}
        </Text>
      )}
      <AdminUnitAliases />
      <CreateAnalyteDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          onOpen(id);
        }}
      />
    </Stack>
  );
}
