import { Badge, Button, Card, Field, Grid, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ANALYTE_DECIMALS_MAX } from '../../../shared/analyte-schemas.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { DirectionalIcon } from '../../components/ui/directional-icon.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorCode, errorDetails, errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit } from '../../lib/report-format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { type EditableRange, RangeBounds, RangeDialog, RangePopulation } from '../results/range-editor.tsx';

type Analyte = RouterOutputs['analytes']['get'];

/** One analyte: its names and precision, its published intervals and critical limits, its answers, and the tests that list it. */
export function AdminAnalyteDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const analyte = useQuery(trpc.analytes.get.queryOptions({ id }));
  const data = analyte.data;

  return (
    <Stack gap="6">
      <HStack>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <DirectionalIcon asChild>
            <ArrowLeft aria-hidden />
          </DirectionalIcon>
          {t`All analytes`}
        </Button>
      </HStack>
      {analyte.isError ? (
        <ErrorState title={t`Error fetching the analyte`} error={analyte.error} onRetry={() => void analyte.refetch()} />
      ) : !data ? (
        <Skeleton height="64" rounded="lg" />
      ) : (
        <>
          <Stack gap="1">
            <SectionTitle title={localized(locale, data.nameAr, data.nameEn)} />
            <Text color="fg.muted">
              LOINC{' '}
              <Text as="bdi" dir="ltr" fontFamily="mono">
                {data.loinc}
              </Text>
              {data.unit && (
                <>
                  {' · '}
                  {t`Unit`}{' '}
                  <Text as="bdi" dir="ltr">
                    {displayUnit(data.unit) || data.unit}
                  </Text>
                </>
              )}
            </Text>
          </Stack>
          <NamesForm analyte={data} />
          {data.kind === 'numeric' ? (
            <>
              <PublishedRanges analyte={data} kind="interval" />
              <PublishedRanges analyte={data} kind="critical" />
            </>
          ) : (
            <Answers analyte={data} />
          )}
          <TestsListing analyte={data} />
        </>
      )}
    </Stack>
  );
}

function useRefreshAnalyte(id: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.analytes.get.queryKey({ id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.analytes.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.analytes.tests.queryKey() });
  };
}

function NamesForm({ analyte }: { analyte: Analyte }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAnalyte(analyte.id);
  const initial = () => ({
    nameAr: analyte.nameAr,
    nameEn: analyte.nameEn,
    decimals: analyte.decimals === null ? '' : String(analyte.decimals),
  });
  const [form, setForm] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again from what was saved, once it is read back
  useEffect(() => setForm(initial()), [analyte.nameAr, analyte.nameEn, analyte.decimals]);
  const update = useMutation(
    trpc.analytes.update.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Analyte saved` });
        refresh();
      },
      onError: (error) => {
        if (errorCode(error) !== 'VALIDATION_FAILED')
          notify.error({ title: t`The analyte was not saved`, description: errorMessage(i18n, error) });
      },
    }),
  );
  const numeric = analyte.kind === 'numeric';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: analyte.id, nameAr: form.nameAr, nameEn: form.nameEn, decimals: numeric ? form.decimals : null });
  };
  const problem = (field: 'nameAr' | 'nameEn' | 'decimals') => {
    // Only a number's precision can be missing past the schema.
    if (field === 'decimals' && Array.isArray(errorDetails(update.error)?.fields)) return fieldMessage(i18n, 'required');
    return fieldError(i18n, update.error, field);
  };

  return (
    <Card.Root>
      <Card.Body asChild gap="4">
        <form onSubmit={submit} noValidate aria-label={t`Names and precision`}>
          <Heading as="h3" size="md">{t`Names and precision`}</Heading>
          <Grid templateColumns={{ base: '1fr', md: numeric ? '1fr 1fr 10rem' : '1fr 1fr' }} gap="4">
            <Field.Root required invalid={Boolean(problem('nameAr'))}>
              <Field.Label>
                {t`Name in Arabic`}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input dir="rtl" value={form.nameAr} onChange={(event) => setForm({ ...form, nameAr: event.target.value })} />
              <Field.ErrorText>{problem('nameAr')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(problem('nameEn'))}>
              <Field.Label>
                {t`Name in English`}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input dir="ltr" value={form.nameEn} onChange={(event) => setForm({ ...form, nameEn: event.target.value })} />
              <Field.ErrorText>{problem('nameEn')}</Field.ErrorText>
            </Field.Root>
            {numeric && (
              <Field.Root required invalid={Boolean(problem('decimals'))}>
                <Field.Label>
                  {t`Decimals shown`}
                  <Field.RequiredIndicator />
                </Field.Label>
                <NumericInput
                  inputMode="numeric"
                  dir="ltr"
                  value={form.decimals}
                  onChange={(event) => setForm({ ...form, decimals: event.target.value })}
                />
                <Field.HelperText>{t`From 0 to ${ANALYTE_DECIMALS_MAX}.`}</Field.HelperText>
                <Field.ErrorText>{problem('decimals')}</Field.ErrorText>
              </Field.Root>
            )}
          </Grid>
          {numeric && (
            <Text fontSize="sm" color="fg.muted">
              {t`The unit cannot be changed: values already entered were judged and kept in it. For another unit, add a new analyte.`}
            </Text>
          )}
          <HStack justify="end">
            <Button type="submit" colorPalette="brand" size="sm" loading={update.isPending}>
              {t`Save`}
            </Button>
          </HStack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** The published reference intervals, or the critical limits, of a numeric analyte: added, changed and deleted with their source. */
function PublishedRanges({ analyte, kind }: { analyte: Analyte; kind: 'interval' | 'critical' }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshAnalyte(analyte.id);
  const [editing, setEditing] = useState<EditableRange | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EditableRange | null>(null);
  const closeEditor = () => setEditing(null);
  const saved = () => {
    notify.success({ title: kind === 'interval' ? t`Reference interval saved` : t`Critical limit saved` });
    closeEditor();
    refresh();
  };
  const deleted = () => {
    notify.success({ title: kind === 'interval' ? t`Reference interval deleted` : t`Critical limit deleted` });
    setDeleting(null);
    refresh();
  };
  const notDeleted = (error: unknown) => notify.error({ title: t`Nothing was deleted`, description: errorMessage(i18n, error) });
  const saveInterval = useMutation(trpc.analytes.saveInterval.mutationOptions({ onSuccess: saved }));
  const saveCritical = useMutation(trpc.analytes.saveCriticalLimit.mutationOptions({ onSuccess: saved }));
  const deleteInterval = useMutation(trpc.analytes.deleteInterval.mutationOptions({ onSuccess: deleted, onError: notDeleted }));
  const deleteCritical = useMutation(trpc.analytes.deleteCriticalLimit.mutationOptions({ onSuccess: deleted, onError: notDeleted }));
  const save = kind === 'interval' ? saveInterval : saveCritical;
  const remove = kind === 'interval' ? deleteInterval : deleteCritical;
  const ranges = kind === 'interval' ? analyte.intervals : analyte.critical;
  const title = kind === 'interval' ? t`Reference intervals` : t`Critical limits`;

  const open = (range: EditableRange | 'new') => {
    save.reset();
    setEditing(range);
  };

  return (
    <Stack gap="3" as="section" aria-label={title}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0.5">
          <Heading as="h3" size="md">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {kind === 'interval'
              ? t`The normal range for each group of people. A lab's own interval, where it set one, is what its patients see instead.`
              : t`Past these values a lab must call the patient before it releases the report.`}
          </Text>
        </Stack>
        <Button size="sm" variant="outline" onClick={() => open('new')}>
          <Plus aria-hidden /> {kind === 'interval' ? t`Add an interval` : t`Add a critical limit`}
        </Button>
      </HStack>
      {ranges.length === 0 ? (
        <EmptyState>
          {kind === 'interval' ? t`No reference interval yet: values are shown without a range.` : t`No critical limit.`}
        </EmptyState>
      ) : (
        <TableScrollArea label={title} borderWidth="1px" rounded="lg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`For`}</Table.ColumnHeader>
                <Table.ColumnHeader>{kind === 'interval' ? t`Range` : t`Limits`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Source`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>{t`Actions`}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {ranges.map((range) => (
                <Table.Row key={range.id} data-testid={kind === 'interval' ? 'admin-interval' : 'admin-critical-limit'}>
                  {/* The scroll area keeps text on one line (Chakra's Table.ScrollArea): who and the source wrap, so the table fits a laptop's screen with its actions in view. */}
                  <Table.Cell minW="40" whiteSpace="normal">
                    <RangePopulation range={range} />
                  </Table.Cell>
                  <Table.Cell>
                    <RangeBounds range={range} />
                  </Table.Cell>
                  <Table.Cell minW="48" whiteSpace="normal" fontSize="sm" color="fg.muted">
                    <bdi>{range.source}</bdi>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="end">
                      <Button size="xs" variant="outline" onClick={() => open(range)}>
                        <Pencil aria-hidden /> {t`Edit`}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(range)}>
                        <Trash2 aria-hidden /> {t`Delete`}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      <RangeDialog
        editing={editing}
        title={
          editing === 'new'
            ? kind === 'interval'
              ? t`Add a reference interval`
              : t`Add a critical limit`
            : kind === 'interval'
              ? t`Change the reference interval`
              : t`Change the critical limit`
        }
        analyteId={analyte.id}
        analyteUnit={analyte.unit ?? ''}
        withSource
        saving={save.isPending}
        error={save.error}
        onSave={(values) => save.mutate({ ...values, source: values.source ?? '' })}
        onClose={closeEditor}
      />
      <ConfirmDialog
        open={deleting !== null}
        testId="delete-range-dialog"
        title={kind === 'interval' ? t`Delete this reference interval?` : t`Delete this critical limit?`}
        description={
          deleting && (
            <>
              <RangePopulation range={deleting} />: <RangeBounds range={deleting} />.{' '}
              {kind === 'interval'
                ? t`Values for these people will be judged by another interval that fits them, or shown without a range.`
                : t`A value past it will no longer ask the lab to call the patient.`}
            </>
          )
        }
        keepLabel={t`Keep it`}
        actionLabel={t`Delete`}
        busy={remove.isPending}
        onKeep={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}

/** A text result's answers, in order, and which are expected in health. */
function Answers({ analyte }: { analyte: Analyte }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="3" as="section" aria-label={t`Answers`}>
      <Heading as="h3" size="md">
        {t`Answers`}
      </Heading>
      {analyte.answers.length === 0 ? (
        <EmptyState>{t`No answers listed.`}</EmptyState>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none">
          {analyte.answers.map((answer) => (
            <HStack as="li" key={answer.en} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2" wrap="wrap">
              <Text>
                {localized(locale, answer.ar, answer.en)}
                <Text as="span" color="fg.muted" fontSize="sm">
                  {' · '}
                  <bdi>{locale === 'ar' ? answer.en : answer.ar}</bdi>
                </Text>
              </Text>
              <Badge variant="subtle" colorPalette={answer.normal === null ? 'gray' : answer.normal ? 'green' : 'orange'}>
                {answer.normal === null ? t`Neither` : answer.normal ? t`Expected in health` : t`Flagged`}
              </Badge>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The catalog tests whose result form lists the analyte; listed on another test, or taken off one. */
function TestsListing({ analyte }: { analyte: Analyte }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const refresh = useRefreshAnalyte(analyte.id);
  const tests = useQuery(trpc.analytes.tests.queryOptions());
  const [testId, setTestId] = useState('');
  const [required, setRequired] = useState<'required' | 'optional'>('required');
  const [unlinking, setUnlinking] = useState<Analyte['tests'][number] | null>(null);
  const link = useMutation(
    trpc.analytes.linkTest.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Listed on the test` });
        setTestId('');
        refresh();
      },
      onError: (error) => notify.error({ title: t`The analyte was not listed`, description: errorMessage(i18n, error) }),
    }),
  );
  const unlink = useMutation(
    trpc.analytes.unlinkTest.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Taken off the test` });
        setUnlinking(null);
        refresh();
      },
      onError: (error) => notify.error({ title: t`The analyte was not taken off`, description: errorMessage(i18n, error) }),
    }),
  );
  const listed = new Set(analyte.tests.map((test) => test.id));
  const choices = (tests.data ?? []).filter((test) => !listed.has(test.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (testId) link.mutate({ analyteId: analyte.id, testId: Number(testId), required: required === 'required' });
  };

  return (
    <Stack gap="3" as="section" aria-label={t`Tests that list it`}>
      <Stack gap="0.5">
        <Heading as="h3" size="md">
          {t`Tests that list it`}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t`A lab entering results for one of these tests is asked for this value. Reports already written keep their values.`}
        </Text>
      </Stack>
      {analyte.tests.length === 0 ? (
        <EmptyState>{t`No test lists this analyte yet.`}</EmptyState>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {analyte.tests.map((test) => (
            <HStack as="li" key={test.id} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2" wrap="wrap" gap="2">
              <Stack gap="0">
                <Text>{localized(locale, test.nameAr, test.nameEn)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t`Place ${formatNumber(test.position + 1, locale)} on the form`} · {test.required ? t`Required` : t`Optional`}
                </Text>
              </Stack>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => setUnlinking(test)}>
                <Trash2 aria-hidden /> {t`Take off`}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <Stack as="form" onSubmit={submit} direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
        <Field.Root flex="1">
          <Field.Label>{t`List it on another test`}</Field.Label>
          <NativeSelect.Root disabled={tests.isPending}>
            <NativeSelect.Field value={testId} onChange={(event) => setTestId(event.target.value)}>
              <option value="">{tests.isError ? t`The tests could not be loaded` : t`Choose a test`}</option>
              {choices.map((test) => (
                <option key={test.id} value={test.id}>
                  {locale === 'ar' ? test.nameAr : test.nameEn}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ md: '40' }}>
          <Field.Label>{t`On its form`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={required} onChange={(event) => setRequired(event.target.value as 'required' | 'optional')}>
              <option value="required">{t`Required`}</option>
              <option value="optional">{t`Optional`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" variant="outline" disabled={!testId} loading={link.isPending}>
          <Plus aria-hidden /> {t`List it`}
        </Button>
      </Stack>
      <ConfirmDialog
        open={unlinking !== null}
        testId="unlink-test-dialog"
        title={unlinking ? t`Take it off “${localized(locale, unlinking.nameAr, unlinking.nameEn)}”?` : t`Take it off this test?`}
        description={t`Labs will no longer be asked for this value on this test's form. Reports already written keep their values.`}
        keepLabel={t`Keep it`}
        actionLabel={t`Take it off`}
        busy={unlink.isPending}
        onKeep={() => setUnlinking(null)}
        onConfirm={() => unlinking && unlink.mutate({ analyteId: analyte.id, testId: unlinking.id })}
      />
    </Stack>
  );
}
