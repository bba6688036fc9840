import { Badge, Button, Card, Checkbox, Field, Input, SimpleGrid, Skeleton, Stack, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Insurer = RouterOutputs['insurance']['allInsurers'][number];

interface InsurerForm {
  id?: string;
  nphiesPayerId: string;
  nameEn: string;
  nameAr: string;
  active: boolean;
}

const blank = (): InsurerForm => ({ nphiesPayerId: '', nameEn: '', nameAr: '', active: true });
const formOf = (insurer: Insurer): InsurerForm => ({
  id: insurer.id,
  nphiesPayerId: insurer.nphies_payer_id,
  nameEn: insurer.name_en,
  nameAr: insurer.name_ar,
  active: insurer.active,
});

function InsurerDialog({ editing, onClose }: { editing: InsurerForm | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(blank);
  const save = useMutation(
    trpc.insurance.saveInsurer.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Insurer saved.` });
        void queryClient.invalidateQueries({ queryKey: trpc.insurance.allInsurers.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.insurance.insurers.queryKey() });
        onClose();
      },
      onError: (error) => {
        if (errorCode(error) !== 'VALIDATION_FAILED' && errorCode(error) !== 'CONFLICT')
          notify.error({ title: t`Could not save the insurer`, description: errorMessage(i18n, error) });
      },
    }),
  );
  useEffect(() => {
    if (editing === null) return;
    setForm(editing);
    save.reset();
  }, [editing, save.reset]);

  const taken = save.error && errorCode(save.error) === 'CONFLICT' ? t`Another insurer has this payer id.` : undefined;
  const problem = (field: 'nphiesPayerId' | 'nameEn' | 'nameAr') =>
    (field === 'nphiesPayerId' ? taken : undefined) ?? (save.error ? fieldError(i18n, save.error, field, { max: 100 }) : undefined);
  const set = (field: 'nphiesPayerId' | 'nameEn' | 'nameAr') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <FormDialog
      open={editing !== null}
      onClose={onClose}
      testId="insurer-dialog"
      title={editing?.id ? t`Edit insurer` : t`New insurer`}
      onSubmit={submit}
      submit={{ label: t`Save insurer`, pending: save.isPending, testId: 'save-insurer' }}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('nameAr'))} required>
            <Field.Label>
              {t`Name in Arabic`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input dir="rtl" value={form.nameAr} onChange={set('nameAr')} maxLength={100} />
            <Field.ErrorText>{problem('nameAr')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('nameEn'))} required>
            <Field.Label>
              {t`Name in English`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input dir="ltr" value={form.nameEn} onChange={set('nameEn')} maxLength={100} />
            <Field.ErrorText>{problem('nameEn')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(problem('nphiesPayerId'))} required>
          <Field.Label>
            {t`NPHIES payer id`}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input dir="ltr" value={form.nphiesPayerId} onChange={set('nphiesPayerId')} maxLength={40} />
          <Field.HelperText>{t`The identifier NPHIES gives this insurer: messages about coverage and claims name it.`}</Field.HelperText>
          <Field.ErrorText>{problem('nphiesPayerId')}</Field.ErrorText>
        </Field.Root>
        <Checkbox.Root
          checked={form.active}
          onCheckedChange={(change) => setForm((current) => ({ ...current, active: change.checked === true }))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t`People and labs can choose it`}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </FormDialog>
  );
}

/** The insurers people and labs choose from, each with its NPHIES payer id (issue #80, ADR 0094). */
export function AdminInsurers() {
  const { t } = useLingui();
  const insurers = useQuery(trpc.insurance.allInsurers.queryOptions());
  const [editing, setEditing] = useState<InsurerForm | null>(null);
  return (
    <Stack gap="4">
      <SectionTitle
        title={t`Insurers`}
        description={t`The health insurers people add to their profile and labs join the networks of.`}
        actions={
          <Button colorPalette="brand" onClick={() => setEditing(blank())} data-testid="insurer-new">
            <Plus aria-hidden /> {t`New insurer`}
          </Button>
        }
      />
      {insurers.isPending && <Skeleton height="24" />}
      {insurers.isError && (
        <ErrorState title={t`The insurers could not be loaded.`} error={insurers.error} onRetry={() => void insurers.refetch()} />
      )}
      {insurers.data?.length === 0 && <EmptyState>{t`No insurers yet.`}</EmptyState>}
      {insurers.data && insurers.data.length > 0 && (
        <Card.Root variant="outline">
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="insurer-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t`Name`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`NPHIES payer id`}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {insurers.data.map((insurer) => (
                  <Table.Row key={insurer.id}>
                    <Table.Cell>
                      <bdi dir="rtl">{insurer.name_ar}</bdi> · <bdi dir="ltr">{insurer.name_en}</bdi>{' '}
                      {!insurer.active && <Badge colorPalette="gray">{t`Hidden`}</Badge>}
                    </Table.Cell>
                    <Table.Cell>
                      <bdi dir="ltr">{insurer.nphies_payer_id}</bdi>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => setEditing(formOf(insurer))}>
                        {t`Edit`}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Card.Root>
      )}
      <InsurerDialog editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
