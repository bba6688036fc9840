import {
  Badge,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Search, Timer } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { typedNumber } from '../../../shared/digits.ts';
import { labTestLimit } from '../../../shared/plans.ts';
import { LAB_TEST_PRICE_MAX, STATED_TURNAROUND_HOURS_MAX } from '../../../shared/schemas.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { BillingCodeField } from './billing-code-field.tsx';
import { SavedNumberField } from './saved-number-field.tsx';

type Offering = RouterOutputs['lab']['offerings'][number];
type Shown = 'all' | 'active' | 'inactive';

/** A long price list starts folded; searching or "Show all" shows every match. */
const COLLAPSED_ROWS = 15;

/** A typed price is valid from 1 SAR up, with at most two decimals. */
function parsePrice(text: string): number | null {
  const value = typedNumber(text);
  if (value === null || value < 1 || value > LAB_TEST_PRICE_MAX) return null;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? value : null;
}

/** A typed turnaround: whole hours from 1 to 30 days; empty is "not stated" (null); anything else is invalid (undefined). */
function parseHours(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = typedNumber(text);
  return value !== null && Number.isInteger(value) && value >= 1 && value <= STATED_TURNAROUND_HOURS_MAX ? value : undefined;
}

function useRefreshOfferings() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.lab.offerings.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lab.testsNotOffered.queryKey() });
  };
}

function OfferingRow({ offering }: { offering: Offering }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const refresh = useRefreshOfferings();
  const [price, setPrice] = useState(offering.price.toFixed(2));
  const parsed = parsePrice(price);
  const changed = parsed !== null && parsed !== offering.price;
  const [hours, setHours] = useState(offering.stated_turnaround_hours === null ? '' : String(offering.stated_turnaround_hours));
  const parsedHours = parseHours(hours);
  const hoursChanged = parsedHours !== undefined && parsedHours !== offering.stated_turnaround_hours;
  const [code, setCode] = useState(offering.nphies_billing_code ?? '');
  const name = localized(locale, offering.name_ar, offering.name_en);
  const update = useMutation(
    trpc.lab.updateOffering.mutationOptions({
      onSuccess: (_result, input) => {
        notify.success({
          title:
            input.price !== undefined
              ? t`The price has been updated.`
              : input.statedTurnaroundHours !== undefined
                ? t`The turnaround has been saved.`
                : input.nphiesBillingCode !== undefined
                  ? input.nphiesBillingCode === null
                    ? t`The NPHIES billing code has been removed.`
                    : t`The NPHIES billing code has been saved.`
                  : t`The test's availability has been updated.`,
        });
        refresh();
      },
      onError: (error) => notify.error({ title: t`Could not update the test`, description: errorMessage(i18n, error) }),
    }),
  );

  return (
    <Stack
      as="li"
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'center' }}
      gap="3"
      py="3"
      data-testid="offering"
    >
      <Stack gap="0.5" minWidth="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{name}</Text>
          {!offering.is_active && (
            <Badge colorPalette="gray" variant="subtle">
              {t`Hidden from patients`}
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {localized(locale, offering.category_name_ar, offering.category_name_en)}
        </Text>
      </Stack>
      <HStack gap="3" flexShrink={0} justify={{ base: 'space-between', md: 'end' }} wrap="wrap">
        <BillingCodeField
          value={code}
          saved={offering.nphies_billing_code}
          onChange={setCode}
          label={t`NPHIES billing code of ${name}`}
          saveLabel={t`Save the NPHIES billing code of ${name}`}
          saving={update.isPending && update.variables?.nphiesBillingCode !== undefined}
          serverProblem={
            update.variables?.nphiesBillingCode !== undefined ? fieldError(i18n, update.error, 'nphiesBillingCode') : undefined
          }
          onSave={(nphiesBillingCode) => update.mutate({ labTestId: offering.lab_test_id, nphiesBillingCode })}
        />
        <SavedNumberField
          value={hours}
          onChange={setHours}
          invalid={parsedHours === undefined}
          unit={t`hours`}
          icon={<Timer size={14} aria-hidden />}
          width="36"
          label={t`Results of ${name} within (hours)`}
          placeholder={t`Not stated`}
          title={t`Results of ${name} within (hours)`}
          saveLabel={t`Save the turnaround of ${name}`}
          canSave={hoursChanged}
          saving={update.isPending && update.variables?.statedTurnaroundHours !== undefined}
          onSave={() => parsedHours !== undefined && update.mutate({ labTestId: offering.lab_test_id, statedTurnaroundHours: parsedHours })}
        />
        <SavedNumberField
          value={price}
          onChange={setPrice}
          invalid={parsed === null}
          unit={t`SAR`}
          width="32"
          decimals
          label={t`Price of ${name}`}
          saveLabel={t`Save the price of ${name}`}
          canSave={changed}
          saving={update.isPending && update.variables?.price !== undefined}
          onSave={() => parsed !== null && update.mutate({ labTestId: offering.lab_test_id, price: parsed })}
        />
        <Switch.Root
          colorPalette="brand"
          checked={offering.is_active}
          disabled={update.isPending}
          onCheckedChange={(event) => update.mutate({ labTestId: offering.lab_test_id, isActive: event.checked })}
        >
          <Switch.HiddenInput aria-label={t`Offer ${name} to patients`} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label fontSize="sm">{t`Active`}</Switch.Label>
        </Switch.Root>
      </HStack>
    </Stack>
  );
}

function AddOffering() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const refresh = useRefreshOfferings();
  const candidates = useQuery(trpc.lab.testsNotOffered.queryOptions());
  const [testId, setTestId] = useState('');
  const [price, setPrice] = useState('');
  const [tried, setTried] = useState(false);
  const add = useMutation(
    trpc.lab.addOffering.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The test has been added to your price list.` });
        setTestId('');
        setPrice('');
        setTried(false);
        refresh();
      },
      onError: (error) => notify.error({ title: t`Could not add the test`, description: errorMessage(i18n, error) }),
    }),
  );
  const parsed = parsePrice(price);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!testId || parsed === null) return;
    add.mutate({ testId: Number(testId), price: parsed });
  };
  if (candidates.isPending || candidates.isError || candidates.data.length === 0) return null;
  return (
    <Stack asChild direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
      <form onSubmit={submit} noValidate data-testid="add-offering">
        <Field.Root invalid={tried && !testId} flex="2">
          <Field.Label>{t`Add a test from the catalogue`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={testId} onChange={(event) => setTestId(event.currentTarget.value)}>
              <option value="">{t`Choose a test`}</option>
              {candidates.data.map((test) => (
                <option key={test.id} value={test.id}>
                  {localized(locale, test.name_ar, test.name_en)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={tried && parsed === null} flex="1">
          <Field.Label>{t`Price (SAR, VAT included)`}</Field.Label>
          <NumericInput inputMode="decimal" dir="ltr" value={price} onChange={(event) => setPrice(event.target.value)} />
        </Field.Root>
        <Button type="submit" variant="outline" colorPalette="brand" loading={add.isPending}>
          <Plus aria-hidden />
          {t`Add`}
        </Button>
      </form>
    </Stack>
  );
}

/** The lab's own price list: search, a filter, each test's price and whether patients can book it. */
export function PriceList() {
  const { t } = useLingui();
  const locale = activeLocale();
  const offerings = useQuery(trpc.lab.offerings.queryOptions());
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const [expanded, setExpanded] = useState(false);
  const needle = query.trim().toLowerCase();
  const visible =
    offerings.data?.filter(
      (offering) =>
        (shown === 'all' || (shown === 'active') === offering.is_active) &&
        (!needle || offering.name_en.toLowerCase().includes(needle) || offering.name_ar.includes(query.trim())),
    ) ?? [];
  const listed = expanded || needle ? visible : visible.slice(0, COLLAPSED_ROWS);
  const activeCount = offerings.data?.filter((offering) => offering.is_active).length ?? 0;
  const overview = useQuery(trpc.lab.overview.queryOptions());
  const limit = overview.data ? labTestLimit(overview.data.lab.subscription_tier) : null;

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Stack gap="1">
          <Heading as="h3" size="md">
            {t`Your tests and prices`}
          </Heading>
          {offerings.data && (
            <Text color="fg.muted" fontSize="sm">
              {t`${plural(activeCount, { one: '# test is offered to patients', other: '# tests are offered to patients' })}`}
              {limit !== null && ` ${t`(your plan allows ${formatNumber(limit, locale)})`}`} · {t`Prices include VAT.`}
            </Text>
          )}
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <AddOffering />
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <InputGroup startElement={<Search size={16} aria-hidden />} flex="1">
              <Input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t`Search your tests`}
                aria-label={t`Search your tests`}
              />
            </InputGroup>
            <NativeSelect.Root width={{ base: 'full', sm: '48' }}>
              <NativeSelect.Field value={shown} onChange={(event) => setShown(event.currentTarget.value as Shown)} aria-label={t`Filter`}>
                <option value="all">{t`All tests`}</option>
                <option value="active">{t`Active only`}</option>
                <option value="inactive">{t`Hidden only`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          {offerings.isError ? (
            <ErrorState title={t`Error fetching tests`} error={offerings.error} onRetry={() => void offerings.refetch()} />
          ) : offerings.isPending ? (
            <Skeleton height="32" rounded="md" />
          ) : visible.length === 0 ? (
            <EmptyState>
              {offerings.data.length === 0 ? t`Your price list is empty. Add the tests you offer above.` : t`No tests match your search.`}
            </EmptyState>
          ) : (
            <Stack as="ul" listStyleType="none" gap="0" divideY="1px">
              {listed.map((offering) => (
                <OfferingRow key={`${offering.lab_test_id}-${offering.price}-${offering.nphies_billing_code}`} offering={offering} />
              ))}
            </Stack>
          )}
          {offerings.data && offerings.data.length > 0 && (
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text fontSize="xs" color="fg.muted">
                {t`Showing ${formatNumber(listed.length, locale)} of ${formatNumber(offerings.data.length, locale)}`}
              </Text>
              {listed.length < visible.length && (
                <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => setExpanded(true)}>
                  {t`Show all`}
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
