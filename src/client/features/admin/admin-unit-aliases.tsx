import { Badge, Button, Field, Heading, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { addUnitAliasInput } from '../../../shared/analyte-schemas.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorDetails, errorMessage, fieldError, fieldMessage } from '../../lib/errors.ts';
import { fieldIssues } from '../../lib/field-issues.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { displayUnit } from '../../lib/report-format.ts';
import { trpc } from '../../lib/trpc.ts';

type AliasField = 'spelling' | 'ucum';

/**
 * Units labs send that nothing reads yet (issue #76 item 1): each lab's unrecognised units with how
 * often they came, and the aliases the admin adds for them, which read them in every later message.
 */
export function AdminUnitAliases() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.analytes.unitAliases.queryOptions());
  const [form, setForm] = useState({ spelling: '', ucum: '' });
  const [problems, setProblems] = useState<Partial<Record<AliasField, string>>>({});
  const add = useMutation(
    trpc.analytes.addUnitAlias.mutationOptions({
      onSuccess: ({ spelling }) => {
        notify.success({ title: t`${spelling} will be read in every later message.` });
        setForm({ spelling: '', ucum: '' });
        void queryClient.invalidateQueries({ queryKey: trpc.analytes.unitAliases.pathKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues = fieldIssues(addUnitAliasInput, form);
    setProblems(Object.fromEntries(Object.entries(issues).map(([field, key]) => [field, fieldMessage(i18n, key)])));
    if (Object.keys(issues).length === 0) add.mutate(form);
  };
  const serverProblem = (field: AliasField): string | undefined => {
    if (!add.error) return undefined;
    const reason = errorDetails(add.error)?.reason;
    if (field === 'ucum' && reason === 'unknown_unit')
      return t`UCUM does not know this unit. Write it as a UCUM code, such as mmol/L, mg/dL or 10*3/uL.`;
    if (field === 'spelling' && reason === 'unit_alias_built_in') return t`This spelling is already read: it is one of the built-in units.`;
    if (field === 'spelling' && reason === 'unit_alias_exists') return t`An alias for this spelling already exists.`;
    return fieldError(i18n, add.error, field);
  };
  const problem = (field: AliasField) => problems[field] ?? serverProblem(field);
  const refusal = add.error && !problem('spelling') && !problem('ucum') ? errorMessage(i18n, add.error) : undefined;
  const data = overview.data;

  return (
    <Stack gap="5" data-testid="admin-unit-aliases">
      <SectionTitle
        title={t`Units labs send`}
        description={t`Units a lab's system sent that were not recognised: their values are kept as sent, not converted nor trended. Add an alias to read a spelling as a UCUM code in every later message.`}
      />
      {overview.isError ? (
        <ErrorState title={t`Error fetching units`} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.isPending || !data ? (
        <Skeleton height="32" rounded="lg" />
      ) : data.unrecognised.length === 0 ? (
        <EmptyState>{t`Every unit labs have sent was recognised.`}</EmptyState>
      ) : (
        <TableScrollArea label={t`Units labs send`} borderWidth="1px" rounded="lg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t({ message: 'Lab', context: 'column header' })}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Unit as sent`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Times`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Last seen`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Read now as`}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.unrecognised.map((row) => (
                <Table.Row key={`${row.labId}-${row.unit}`} data-testid="admin-unrecognised-unit">
                  <Table.Cell minW="32">
                    <bdi>{localized(locale, row.lab.ar, row.lab.en)}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="bdi" dir="ltr" fontFamily="mono" whiteSpace="nowrap">
                      {row.unit}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(row.count, locale)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(new Date(row.lastSeenAt), locale)}</Table.Cell>
                  <Table.Cell>
                    {row.readsAs ? (
                      <Text as="bdi" dir="ltr" whiteSpace="nowrap">
                        {displayUnit(row.readsAs) || row.readsAs}
                      </Text>
                    ) : (
                      <Badge colorPalette="orange" variant="subtle">{t`Not recognised`}</Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {!row.readsAs && (
                      <Button size="xs" variant="outline" onClick={() => setForm((current) => ({ ...current, spelling: row.unit }))}>
                        {t`Add an alias`}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="3" borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }}>
          <Heading as="h3" size="sm">
            {t`Add an alias`}
          </Heading>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'end' }}>
            <Field.Root invalid={Boolean(problem('spelling'))} required flex="1">
              <Field.Label>
                {t`Spelling as the lab sends it`}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                dir="ltr"
                value={form.spelling}
                maxLength={64}
                onChange={(event) => setForm((current) => ({ ...current, spelling: event.target.value }))}
                data-testid="unit-alias-spelling"
              />
              <Field.ErrorText>{problem('spelling')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(problem('ucum'))} required flex="1">
              <Field.Label>
                {t`UCUM code`}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                dir="ltr"
                value={form.ucum}
                maxLength={64}
                placeholder="10*3/uL"
                onChange={(event) => setForm((current) => ({ ...current, ucum: event.target.value }))}
                data-testid="unit-alias-ucum"
              />
              <Field.ErrorText>{problem('ucum')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={add.isPending} data-testid="unit-alias-add">
              <Plus aria-hidden /> {t`Add`}
            </Button>
          </Stack>
          {refusal && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {refusal}
            </Text>
          )}
        </Stack>
      </form>

      {data && data.aliases.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t`Aliases added`}
          </Heading>
          <Stack as="ul" listStyleType="none" gap="1" data-testid="unit-aliases">
            {data.aliases.map((alias) => (
              <Text as="li" key={alias.spelling} fontSize="sm">
                <bdi dir="ltr">{`${alias.spelling} → ${alias.ucum}`}</bdi>
                {' · '}
                {formatDate(new Date(alias.createdAt), locale)}
                {alias.createdBy && (
                  <>
                    {' · '}
                    <bdi dir="ltr">{alias.createdBy}</bdi>
                  </>
                )}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
