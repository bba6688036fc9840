import { Badge, Button, Field, HStack, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { PickerOption } from '../../components/picker-option.tsx';
import { RemovableTags } from '../../components/removable-tags.tsx';
import { localized } from '../../lib/bidi.ts';
import { cityName } from '../../lib/city-names.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

export type ScopeLab = RouterOutputs['promo']['labsNamed'][number];
export type ScopeTest = RouterOutputs['promo']['testsNamed'][number];

/** Typed text shorter than this is not looked up: one letter matches half the catalogue. */
const SHORTEST_SEARCH = 2;

/**
 * What a promo code is limited to (issue #79 item 4): the chosen ones as tags, each removable, and a look-up
 * by name on the server offering those not chosen yet, with its loading, empty and failed answers.
 */
function ScopePicker<Option extends { id: string | number }, Failure, Key extends QueryKey>({
  label,
  placeholder,
  chosen,
  onChange,
  tagOf,
  optionOf,
  search,
  noMatch,
  error,
  testId,
}: {
  label: string;
  placeholder: string;
  chosen: readonly Option[];
  onChange: (chosen: Option[]) => void;
  /** The chosen one's tag. */
  tagOf: (option: Option) => { label: string; note?: string };
  /** An offered one's line in the list. */
  optionOf: (option: Option) => ReactNode;
  search: (q: string) => UseQueryOptions<Option[], Failure, Option[], Key>;
  noMatch: string;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const typed = useDeferredValue(query).trim();
  const searching = typed.length >= SHORTEST_SEARCH;
  const matches = useQuery({ ...search(typed), enabled: searching, placeholderData: keepPreviousData, staleTime: 60_000 });
  const taken = new Set(chosen.map((option) => option.id));
  const offered = (matches.data ?? []).filter((option) => !taken.has(option.id));

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" width="full" minWidth="0">
        <RemovableTags
          tags={chosen.map((option) => ({ id: option.id, ...tagOf(option) }))}
          onRemove={(id) => onChange(chosen.filter((option) => option.id !== id))}
          removeLabel={(label) => t`Remove ${label}`}
          label={label}
          testId={`${testId}-chosen`}
        />
        <InputGroup startElement={<Search size={16} aria-hidden />}>
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            aria-label={placeholder}
            maxLength={100}
            autoComplete="off"
            data-testid={`${testId}-search`}
          />
        </InputGroup>
        {searching && (
          <Stack
            as="ul"
            listStyleType="none"
            gap="0"
            borderWidth="1px"
            rounded="md"
            maxHeight="64"
            overflowY="auto"
            aria-busy={matches.isFetching}
            data-testid={`${testId}-options`}
          >
            {matches.isError ? (
              <HStack as="li" px="3" py="2" gap="3" wrap="wrap" role="alert">
                <Text color="fg.error" fontSize="sm">
                  {t`The search failed.`}
                </Text>
                <Button size="xs" variant="outline" onClick={() => void matches.refetch()}>
                  {t`Try again`}
                </Button>
              </HStack>
            ) : matches.isPending ? (
              <Skeleton as="li" height="10" margin="2" rounded="md" />
            ) : offered.length === 0 ? (
              <Text as="li" px="3" py="2" fontSize="sm" color="fg.muted">
                {noMatch}
              </Text>
            ) : (
              offered.map((option) => (
                <li key={option.id}>
                  <PickerOption
                    onPick={() => {
                      onChange([...chosen, option]);
                      setQuery('');
                    }}
                  >
                    {optionOf(option)}
                  </PickerOption>
                </li>
              ))
            )}
          </Stack>
        )}
      </Stack>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** An offered option: its name in the reader's language (with what kind it is), over what else tells it apart. */
function OptionText({ name, badge, details }: { name: string; badge?: ReactNode; details: (ReactNode | false | null)[] }) {
  const shown = details.filter(Boolean);
  return (
    <Stack gap="0.5" align="start" minWidth="0">
      <HStack gap="2" wrap="wrap">
        <Text>{name}</Text>
        {badge}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {shown.flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))}
      </Text>
    </Stack>
  );
}

/** The labs a code is limited to, found by a name in Arabic or English. */
export function PromoLabsPicker({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly ScopeLab[];
  onChange: (chosen: ScopeLab[]) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const name = (lab: ScopeLab) => localized(locale, lab.lab_name_ar, lab.lab_name_en);
  return (
    <ScopePicker
      label={t`Labs`}
      placeholder={t`A lab's name in Arabic or English`}
      chosen={chosen}
      onChange={onChange}
      tagOf={(lab) => ({ label: name(lab) })}
      optionOf={(lab) => (
        <OptionText
          name={name(lab)}
          badge={
            !lab.approved && (
              <Badge size="sm" colorPalette="orange" variant="subtle">
                {t`Awaiting approval`}
              </Badge>
            )
          }
          details={[<bdi key="name">{locale === 'ar' ? lab.lab_name_en : lab.lab_name_ar}</bdi>, cityName(lab.city, locale)]}
        />
      )}
      search={(q) => trpc.promo.labsNamed.queryOptions({ q })}
      noMatch={t`No lab matches.`}
      error={error}
      testId="promo-labs"
    />
  );
}

/** The tests and packages a code is limited to, found by a name in either language or a marker's LOINC code. */
export function PromoTestsPicker({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly ScopeTest[];
  onChange: (chosen: ScopeTest[]) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const name = (test: ScopeTest) => localized(locale, test.name_ar, test.name_en);
  const seller = (test: ScopeTest) => (test.lab_name_ar === null ? null : localized(locale, test.lab_name_ar, test.lab_name_en ?? ''));
  return (
    <ScopePicker
      label={t`Tests and packages`}
      placeholder={t`A test's or package's name, or a LOINC code`}
      chosen={chosen}
      onChange={onChange}
      tagOf={(test) => ({ label: name(test), note: test.kind === 'package' ? t`Package` : undefined })}
      optionOf={(test) => {
        const lab = seller(test);
        return (
          <OptionText
            name={name(test)}
            badge={
              test.kind === 'package' && (
                <Badge size="sm" colorPalette="purple" variant="subtle">
                  {t`Package`}
                </Badge>
              )
            }
            details={[<bdi key="name">{locale === 'ar' ? test.name_en : test.name_ar}</bdi>, lab && t`From ${lab}`]}
          />
        );
      }}
      search={(q) => trpc.promo.testsNamed.queryOptions({ q })}
      noMatch={t`No test or package matches.`}
      error={error}
      testId="promo-tests"
    />
  );
}
