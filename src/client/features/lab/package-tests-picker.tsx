import { Box, Field, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { PACKAGE_MEMBERS_MAX, PACKAGE_MEMBERS_MIN } from '../../../shared/package-schemas.ts';
import { PickerOption } from '../../components/picker-option.tsx';
import { RemovableTags } from '../../components/removable-tags.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

type CatalogueTest = RouterOutputs['packages']['catalogue'][number];

/** How many matches the picker offers at once: the lab narrows by typing more. */
const SHOWN_MATCHES = 8;

/** Alef, yeh and teh marbuta written either way, case and diacritics aside: how people type names. */
function folded(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/\p{Mn}/gu, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه');
}

/**
 * The catalogue tests a package holds: a search by name in either language offers the tests not yet
 * chosen; the chosen ones are tags, each removable, in the order they were added.
 */
export function PackageTestsPicker({
  tests,
  chosen,
  onChange,
  error,
}: {
  tests: readonly CatalogueTest[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [query, setQuery] = useState('');
  const needle = folded(useDeferredValue(query).trim());
  const byId = new Map(tests.map((test) => [test.id, test]));
  const full = chosen.length >= PACKAGE_MEMBERS_MAX;
  const matches = needle
    ? tests.filter((test) => !chosen.includes(test.id) && (folded(test.name_en).includes(needle) || folded(test.name_ar).includes(needle)))
    : [];
  const name = (test: CatalogueTest) => localized(locale, test.name_ar, test.name_en);
  const count = formatNumber(chosen.length, locale);
  const min = formatNumber(PACKAGE_MEMBERS_MIN, locale);
  const max = formatNumber(PACKAGE_MEMBERS_MAX, locale);

  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {t`Tests in the package`}
        <Field.RequiredIndicator />
      </Field.Label>
      <Stack gap="2" width="full">
        <RemovableTags
          tags={chosen.map((id) => {
            const test = byId.get(id);
            return { id, label: test ? name(test) : String(id) };
          })}
          onRemove={(id) => onChange(chosen.filter((chosenId) => chosenId !== id))}
          removeLabel={(label) => t`Remove ${label}`}
          testId="package-chosen-tests"
        />
        <InputGroup startElement={<Search size={16} aria-hidden />}>
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t`Search the catalogue in Arabic or English`}
            aria-label={t`Search the catalogue's tests`}
            disabled={full}
            maxLength={100}
          />
        </InputGroup>
        {needle && (
          <Box borderWidth="1px" rounded="md" maxHeight="64" overflowY="auto">
            {matches.length === 0 ? (
              <Text px="3" py="2" fontSize="sm" color="fg.muted">
                {t`No test matches.`}
              </Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="0" divideY="1px">
                {matches.slice(0, SHOWN_MATCHES).map((test) => (
                  <Box as="li" key={test.id}>
                    <PickerOption
                      disabled={full}
                      testId="package-test-option"
                      onPick={() => {
                        onChange([...chosen, test.id]);
                        setQuery('');
                      }}
                    >
                      <Stack gap="0" align="start">
                        <Text>{name(test)}</Text>
                        <Text as="bdi" fontSize="xs" color="fg.muted">
                          {locale === 'ar' ? test.name_en : test.name_ar}
                        </Text>
                      </Stack>
                    </PickerOption>
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        )}
      </Stack>
      <Field.HelperText>{t`${count} chosen: from ${min} to ${max} tests.`}</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
