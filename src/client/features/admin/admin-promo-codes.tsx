import { Badge, Button, Card, Checkbox, Field, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { typedNumber } from '../../../shared/digits.ts';
import { formatSar } from '../../../shared/money.ts';
import { normalizePromoCode } from '../../../shared/promo.ts';
import type { SavePromoInput } from '../../../shared/promo-schemas.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { formatDate, formatNumber, formatPercent } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { PromoLabsPicker, PromoTestsPicker, type ScopeLab, type ScopeTest } from './promo-scope-picker.tsx';

type Promo = RouterOutputs['promo']['list'][number];
type Scope = SavePromoInput['appliesTo'];

/** The form's text, as typed (digits in any script), and what it becomes. */
interface PromoForm {
  id?: string;
  code: string;
  kind: 'percent' | 'fixed';
  amount: string;
  cap: string;
  minBasket: string;
  appliesTo: Scope;
  labs: ScopeLab[];
  tests: ScopeTest[];
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstOrderOnly: boolean;
  paidBy: 'platform' | 'lab';
  active: boolean;
}

const blank = (): PromoForm => ({
  code: '',
  kind: 'percent',
  amount: '',
  cap: '',
  minBasket: '0',
  appliesTo: 'all',
  labs: [],
  tests: [],
  startsOn: '',
  endsOn: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  firstOrderOnly: false,
  paidBy: 'platform',
  active: true,
});

/** A day in Riyadh as the form's date field shows it. */
const riyadhDay = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10) : '');

const formOf = (promo: Promo): PromoForm => ({
  id: promo.id,
  code: promo.code,
  kind: promo.kind,
  amount: String(promo.amount),
  cap: promo.cap === null ? '' : String(promo.cap),
  minBasket: String(promo.minBasket),
  appliesTo: promo.appliesTo,
  labs: promo.labs,
  tests: promo.tests,
  startsOn: riyadhDay(promo.startsAt),
  // The last day it is valid: the day before the instant it ends.
  endsOn: promo.endsAt ? riyadhDay(new Date(Date.parse(promo.endsAt) - 1).toISOString()) : '',
  maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
  maxUsesPerCustomer: String(promo.maxUsesPerCustomer),
  firstOrderOnly: promo.firstOrderOnly,
  paidBy: promo.paidBy,
  active: promo.active,
});

/** What the server is sent: numbers read in any digits (an empty or unreadable one fails the server's check). */
function inputOf(form: PromoForm): SavePromoInput {
  const number = (text: string) => typedNumber(text) ?? Number.NaN;
  const optional = (text: string) => (text.trim() === '' ? null : number(text));
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00+03:00`) + 86_400_000).toISOString();
  return {
    ...(form.id ? { id: form.id } : {}),
    code: form.code,
    kind: form.kind,
    amount: number(form.amount),
    cap: optional(form.cap),
    minBasket: number(form.minBasket || '0'),
    appliesTo: form.appliesTo,
    labIds: form.labs.map((lab) => lab.id),
    testIds: form.tests.map((test) => test.id),
    // Valid from the start of its first day to the end of its last, in Riyadh.
    startsAt: form.startsOn ? new Date(`${form.startsOn}T00:00:00+03:00`).toISOString() : null,
    endsAt: form.endsOn ? dayAfter(form.endsOn) : null,
    maxUses: optional(form.maxUses),
    maxUsesPerCustomer: number(form.maxUsesPerCustomer),
    firstOrderOnly: form.firstOrderOnly,
    paidBy: form.paidBy,
    active: form.active,
  };
}

function PromoDialog({ editing, onClose }: { editing: PromoForm | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(blank);
  const save = useMutation(
    trpc.promo.save.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Promo code saved` });
        void queryClient.invalidateQueries({ queryKey: trpc.promo.list.queryKey() });
        onClose();
      },
    }),
  );
  useEffect(() => {
    if (!editing) return;
    setForm(editing);
    save.reset();
  }, [editing, save.reset]);

  const set = (field: keyof PromoForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(inputOf(form));
  };
  const problem = (field: keyof SavePromoInput) => {
    if (!save.error) return undefined;
    if (field === 'code' && errorCode(save.error) === 'CONFLICT') return t`Another promo code is already written this way.`;
    return fieldError(i18n, save.error, field);
  };
  const fields = ['code', 'amount', 'cap', 'minBasket', 'labIds', 'testIds', 'endsAt', 'maxUses', 'maxUsesPerCustomer', 'paidBy'] as const;
  const refusal = save.error && !fields.some((field) => problem(field)) ? errorMessage(i18n, save.error) : undefined;
  const labScope = form.appliesTo === 'labs' || form.appliesTo === 'tests' || form.appliesTo === 'packages' || form.appliesTo === 'all';

  return (
    <FormDialog
      open={editing !== null}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      testId="promo-dialog"
      title={form.id ? t`Edit the promo code` : t`New promo code`}
      onSubmit={submit}
      submit={{ label: t`Save`, pending: save.isPending }}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(problem('code'))} required>
            <Field.Label>
              {t`Code`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={form.code}
              onChange={(event) => setForm((current) => ({ ...current, code: normalizePromoCode(event.target.value) }))}
              data-testid="promo-form-code"
            />
            <Field.HelperText>{t`Latin letters and digits, 3 to 32; customers may type it in any case.`}</Field.HelperText>
            <Field.ErrorText>{problem('code')}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t`Discount`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.kind} onChange={set('kind')}>
                <option value="percent">{t`A percentage`}</option>
                <option value="fixed">{t`A fixed amount (SAR)`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('amount'))} required>
            <Field.Label>
              {form.kind === 'percent' ? t`Percentage off` : t`Amount off (SAR)`}
              <Field.RequiredIndicator />
            </Field.Label>
            <NumericInput inputMode="decimal" dir="ltr" value={form.amount} onChange={set('amount')} data-testid="promo-form-amount" />
            <Field.ErrorText>{problem('amount')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('cap'))}>
            <Field.Label>{t`At most (SAR)`}</Field.Label>
            <NumericInput inputMode="decimal" dir="ltr" value={form.cap} onChange={set('cap')} />
            <Field.HelperText>{t`Empty: no cap.`}</Field.HelperText>
            <Field.ErrorText>{problem('cap')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('minBasket'))}>
            <Field.Label>{t`Minimum order (SAR)`}</Field.Label>
            <NumericInput inputMode="decimal" dir="ltr" value={form.minBasket} onChange={set('minBasket')} />
            <Field.HelperText>{t`Of what the code applies to.`}</Field.HelperText>
            <Field.ErrorText>{problem('minBasket')}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t`Applies to`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.appliesTo} onChange={set('appliesTo')} data-testid="promo-form-scope">
                <option value="all">{t`Every lab test`}</option>
                <option value="labs">{t`Some labs`}</option>
                <option value="tests">{t`Some tests or packages`}</option>
                <option value="packages">{t`Every package`}</option>
                <option value="store">{t`The store`}</option>
                <option value="plans">{t`Plans`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        {form.appliesTo === 'labs' && (
          <PromoLabsPicker chosen={form.labs} onChange={(labs) => setForm((current) => ({ ...current, labs }))} error={problem('labIds')} />
        )}
        {form.appliesTo === 'tests' && (
          <PromoTestsPicker
            chosen={form.tests}
            onChange={(tests) => setForm((current) => ({ ...current, tests }))}
            error={problem('testIds')}
          />
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root>
            <Field.Label>{t`First day`}</Field.Label>
            <Input type="date" value={form.startsOn} max={form.endsOn || undefined} onChange={set('startsOn')} />
          </Field.Root>
          <Field.Root invalid={Boolean(problem('endsAt'))}>
            <Field.Label>{t`Last day`}</Field.Label>
            <Input type="date" value={form.endsOn} min={form.startsOn || undefined} onChange={set('endsOn')} />
            <Field.ErrorText>{problem('endsAt')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('maxUses'))}>
            <Field.Label>{t`Uses in all`}</Field.Label>
            <NumericInput inputMode="numeric" dir="ltr" value={form.maxUses} onChange={set('maxUses')} />
            <Field.HelperText>{t`Empty: no limit.`}</Field.HelperText>
            <Field.ErrorText>{problem('maxUses')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('maxUsesPerCustomer'))} required>
            <Field.Label>
              {t`Uses per customer`}
              <Field.RequiredIndicator />
            </Field.Label>
            <NumericInput inputMode="numeric" dir="ltr" value={form.maxUsesPerCustomer} onChange={set('maxUsesPerCustomer')} />
            <Field.ErrorText>{problem('maxUsesPerCustomer')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('paidBy'))}>
            <Field.Label>{t`Who pays for the discount`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.paidBy} onChange={set('paidBy')}>
                <option value="platform">{t`Tahaleel`}</option>
                {labScope && <option value="lab">{t`The lab (from its payouts)`}</option>}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('paidBy')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Checkbox.Root
          checked={form.firstOrderOnly}
          onCheckedChange={({ checked }) => setForm((current) => ({ ...current, firstOrderOnly: checked === true }))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t`First order only`}</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root
          checked={form.active}
          onCheckedChange={({ checked }) => setForm((current) => ({ ...current, active: checked === true }))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t`Active`}</Checkbox.Label>
        </Checkbox.Root>
        {refusal && (
          <Text color="fg.error" role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The admin's promo codes (issue #79 item 4): each with its terms and how often it was used, made and changed in a dialog. */
export function AdminPromoCodes() {
  const { t } = useLingui();
  const locale = activeLocale();
  const promos = useQuery(trpc.promo.list.queryOptions());
  const [editing, setEditing] = useState<PromoForm | null>(null);
  const scopeLabel: Record<Scope, string> = {
    all: t`Every lab test`,
    labs: t`Some labs`,
    tests: t`Some tests or packages`,
    packages: t`Every package`,
    store: t`The store`,
    plans: t`Plans`,
  };
  return (
    <Stack gap="4">
      <SectionTitle
        title={t`Promo codes`}
        description={t`Codes customers enter at checkout, with who pays for the discount.`}
        actions={
          <Button colorPalette="brand" onClick={() => setEditing(blank())} data-testid="promo-new">
            <Plus aria-hidden /> {t`New promo code`}
          </Button>
        }
      />
      {promos.isPending && <Skeleton height="24" />}
      {promos.isError && (
        <ErrorState title={t`The promo codes could not be loaded.`} error={promos.error} onRetry={() => void promos.refetch()} />
      )}
      {promos.data?.length === 0 && <EmptyState>{t`No promo codes yet.`}</EmptyState>}
      {promos.data && promos.data.length > 0 && (
        <Card.Root variant="outline">
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="promo-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t`Code`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`Discount`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`Applies to`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`Valid`}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t`Used`}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {promos.data.map((promo) => (
                  <Table.Row key={promo.id}>
                    <Table.Cell>
                      <bdi dir="ltr">{promo.code}</bdi> {!promo.active && <Badge colorPalette="gray">{t`Paused`}</Badge>}
                      {promo.firstOrderOnly && <Badge colorPalette="blue">{t`First order`}</Badge>}
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{promo.kind === 'percent' ? formatPercent(promo.amount / 100, locale) : formatSar(promo.amount, locale)}</bdi>
                      {promo.paidBy === 'lab' && (
                        <Text fontSize="xs" color="fg.muted">
                          {t`Paid by the lab`}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{scopeLabel[promo.appliesTo]}</Table.Cell>
                    <Table.Cell>
                      {promo.endsAt ? t`Until ${formatDate(new Date(Date.parse(promo.endsAt) - 1), locale)}` : t`No end`}
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>
                        {formatNumber(promo.uses, locale)}
                        {promo.maxUses !== null && ` / ${formatNumber(promo.maxUses, locale)}`}
                      </bdi>
                      <Text fontSize="xs" color="fg.muted">
                        {formatSar(promo.discounted, locale)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => setEditing(formOf(promo))}>
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
      <PromoDialog editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
