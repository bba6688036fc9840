import { Button, Field, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { RemovableTags } from '../../components/removable-tags.tsx';
import { isolatedLtr, localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { WANTED_MAX } from './wanted-markers.ts';

export interface PickedMarker {
  id: number;
  loinc: string;
  name_ar: string;
  name_en: string;
}

/**
 * The markers a person wants (issue #79 item 3): the chosen ones as tags, each removable, and a search by
 * name in either language or by LOINC code (packages.markers) offering those not chosen yet.
 */
export function MarkerPicker({
  chosen,
  names,
  onChange,
}: {
  chosen: readonly number[];
  /** What is known of each chosen marker (null while it is being read). */
  names: ReadonlyMap<number, PickedMarker> | null;
  onChange: (ids: number[], picked?: PickedMarker) => void;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [query, setQuery] = useState('');
  const typed = useDeferredValue(query).trim();
  const matches = useQuery({
    ...trpc.packages.markers.queryOptions({ q: typed }),
    enabled: typed.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const full = chosen.length >= WANTED_MAX;
  const offered = typed.length >= 2 ? (matches.data ?? []).filter((marker) => !chosen.includes(marker.id)) : [];
  const name = (marker: PickedMarker) => localized(locale, marker.name_ar, marker.name_en);
  const max = formatNumber(WANTED_MAX, locale);

  return (
    <Stack gap="3">
      <RemovableTags
        tags={chosen.map((id) => {
          const marker = names?.get(id);
          return { id, label: marker ? name(marker) : null };
        })}
        onRemove={(id) => onChange(chosen.filter((other) => other !== id))}
        removeLabel={(label) => t`Remove ${label}`}
        label={t`Your markers`}
        testId="chosen-markers"
      />
      <Field.Root disabled={full}>
        <Field.Label>{t`Add a marker`}</Field.Label>
        <InputGroup startElement={<Search size={16} aria-hidden />} width="full" maxW="md">
          <Input
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t`A name such as ferritin, or a LOINC code`}
            data-testid="marker-search"
          />
        </InputGroup>
        <Field.HelperText>
          {full ? t`You have chosen ${max} markers, the most one visit is priced for.` : t`Up to ${max} markers in one visit.`}
        </Field.HelperText>
      </Field.Root>
      {typed.length >= 2 && !full && (
        <Stack as="ul" listStyleType="none" gap="1" data-testid="marker-options" aria-busy={matches.isFetching}>
          {matches.isError ? (
            <Text as="li" color="fg.error" role="alert">
              {t`Could not search the markers. Please try again.`}
            </Text>
          ) : matches.isPending ? (
            <Skeleton as="li" height="8" rounded="md" maxW="md" />
          ) : offered.length === 0 ? (
            <Text as="li" color="fg.muted">
              {t`No lab offers a marker by that name.`}
            </Text>
          ) : (
            offered.map((marker) => (
              <li key={marker.id}>
                <Button
                  variant="ghost"
                  size="sm"
                  justifyContent="start"
                  width="full"
                  maxW="md"
                  onClick={() => {
                    onChange([...chosen, marker.id], marker);
                    setQuery('');
                  }}
                >
                  <Plus aria-hidden />
                  <Text as="span" truncate>
                    {name(marker)}
                  </Text>
                  <Text as="span" color="fg.muted" fontSize="xs">
                    {t`LOINC ${isolatedLtr(marker.loinc)}`}
                  </Text>
                </Button>
              </li>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
