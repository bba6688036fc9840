import { Alert, Button, Card, Heading, HStack, Input, InputGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit } from '../../lib/report-format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { type EditableRange, RangeBounds, RangeDialog, RangePopulation } from '../results/range-editor.tsx';

type LabAnalyte = RouterOutputs['analytes']['labIntervals'][number];

/**
 * The lab's own reference intervals (issue #53, ADR 0062): for each analyte the tests on its price list
 * measure, the published range and the lab's own, which its patients see for its results instead.
 */
export function LabReferenceIntervals() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const analytes = useQuery(trpc.analytes.labIntervals.queryOptions());
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim().toLocaleLowerCase());
  const [editing, setEditing] = useState<{ analyte: LabAnalyte; range: EditableRange | 'new' } | null>(null);
  const [deleting, setDeleting] = useState<{ analyte: LabAnalyte; range: EditableRange } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.analytes.labIntervals.queryKey() });
  const save = useMutation(
    trpc.analytes.saveLabInterval.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Your range is saved` });
        setEditing(null);
        refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.analytes.deleteLabInterval.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Your range is deleted` });
        setDeleting(null);
        refresh();
      },
      onError: (error) => notify.error({ title: t`Nothing was deleted`, description: errorMessage(i18n, error) }),
    }),
  );
  const all = analytes.data ?? [];
  const shown = q
    ? all.filter((analyte) =>
        [analyte.nameAr, analyte.nameEn, analyte.loinc, ...analyte.tests.flatMap((test) => [test.nameAr, test.nameEn])].some((text) =>
          text.toLocaleLowerCase().includes(q),
        ),
      )
    : all;
  const open = (analyte: LabAnalyte, range: EditableRange | 'new') => {
    save.reset();
    setEditing({ analyte, range });
  };

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Your reference intervals`}
        description={t`The normal ranges your lab uses for the values it measures, where they differ from the published ones.`}
      />
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            {t`Your patients see your lab's range for the results you enter or your system sends; where you set none, they see the published range. A range your system sends with a value counts first. A change applies to results saved from then on: reports already released keep the range they were judged by.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {analytes.isError ? (
        <ErrorState title={t`Error fetching your reference intervals`} error={analytes.error} onRetry={() => void analytes.refetch()} />
      ) : analytes.isPending ? (
        <Skeleton height="64" rounded="lg" />
      ) : all.length === 0 ? (
        <EmptyState>{t`No test on your price list has values to enter yet. Add tests to your price list first.`}</EmptyState>
      ) : (
        <>
          <InputGroup startElement={<Search size={16} aria-hidden />}>
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t`Search by analyte, test or LOINC code`}
              aria-label={t`Search your analytes`}
              maxLength={100}
            />
          </InputGroup>
          {shown.length === 0 ? (
            <EmptyState>{t`No analytes match.`}</EmptyState>
          ) : (
            <Stack gap="3" as="ul" listStyleType="none">
              {shown.map((analyte) => (
                <Card.Root as="li" key={analyte.id} size="sm" data-testid="lab-analyte-ranges" data-loinc={analyte.loinc}>
                  <Card.Body gap="3">
                    <HStack justify="space-between" align="start" wrap="wrap" gap="2">
                      <Stack gap="0.5" minW="0">
                        <Heading as="h3" size="sm">
                          {localized(locale, analyte.nameAr, analyte.nameEn)}
                        </Heading>
                        <Text fontSize="xs" color="fg.muted">
                          LOINC{' '}
                          <Text as="bdi" dir="ltr" fontFamily="mono">
                            {analyte.loinc}
                          </Text>
                          {analyte.unit && (
                            <>
                              {' · '}
                              <Text as="bdi" dir="ltr">
                                {displayUnit(analyte.unit) || analyte.unit}
                              </Text>
                            </>
                          )}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          {t`In:`}{' '}
                          {analyte.tests.map((test) => localized(locale, test.nameAr, test.nameEn)).join(locale === 'ar' ? '، ' : ', ')}
                        </Text>
                      </Stack>
                      <Button size="xs" variant="outline" onClick={() => open(analyte, 'new')}>
                        <Plus aria-hidden /> {t`Set your range`}
                      </Button>
                    </HStack>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      <Stack gap="1">
                        <Text fontSize="sm" fontWeight="semibold">
                          {t`Published`}
                        </Text>
                        {analyte.published.length === 0 ? (
                          <Text fontSize="sm" color="fg.muted">
                            {t`None published.`}
                          </Text>
                        ) : (
                          analyte.published.map((range) => (
                            <Text key={range.id} fontSize="sm">
                              <RangePopulation range={range} />: <RangeBounds range={range} />
                            </Text>
                          ))
                        )}
                      </Stack>
                      <Stack gap="1">
                        <Text fontSize="sm" fontWeight="semibold">
                          {t`Your lab's`}
                        </Text>
                        {analyte.own.length === 0 ? (
                          <Text fontSize="sm" color="fg.muted">
                            {t`None: your patients see the published range.`}
                          </Text>
                        ) : (
                          analyte.own.map((range) => (
                            <HStack key={range.id} justify="space-between" gap="2" wrap="wrap" data-testid="lab-own-range">
                              <Text fontSize="sm">
                                <RangePopulation range={range} />: <RangeBounds range={range} />
                              </Text>
                              <HStack gap="1">
                                <Button size="2xs" variant="ghost" onClick={() => open(analyte, range)}>
                                  <Pencil aria-hidden /> {t`Edit`}
                                </Button>
                                <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => setDeleting({ analyte, range })}>
                                  <Trash2 aria-hidden /> {t`Delete`}
                                </Button>
                              </HStack>
                            </HStack>
                          ))
                        )}
                      </Stack>
                    </SimpleGrid>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )}
        </>
      )}
      <RangeDialog
        editing={editing?.range ?? null}
        title={
          editing
            ? editing.range === 'new'
              ? t`Your range for ${localized(locale, editing.analyte.nameAr, editing.analyte.nameEn)}`
              : t`Change your range for ${localized(locale, editing.analyte.nameAr, editing.analyte.nameEn)}`
            : ''
        }
        analyteId={editing?.analyte.id ?? 0}
        analyteUnit={editing?.analyte.unit ?? ''}
        withSource={false}
        saving={save.isPending}
        error={save.error}
        onSave={({ source: _none, ...values }) => save.mutate(values)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        testId="delete-lab-range-dialog"
        title={t`Delete your range?`}
        description={
          deleting && (
            <>
              <RangePopulation range={deleting.range} />: <RangeBounds range={deleting.range} />.{' '}
              {t`Your patients will see the published range for these people instead, in the results you enter from now on.`}
            </>
          )
        }
        keepLabel={t`Keep it`}
        actionLabel={t`Delete`}
        busy={remove.isPending}
        onKeep={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.range.id })}
      />
    </Stack>
  );
}
