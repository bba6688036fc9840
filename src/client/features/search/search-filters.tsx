import { Button, Heading, HStack, NativeSelect, Slider, Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { House, ShieldCheck, SlidersHorizontal, Star, UtensilsCrossed } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { formatSar } from '../../../shared/money.ts';
import { PRICE_FILTER_MAX, PRICE_FILTER_STEP, type SearchSort } from '../../../shared/search-options.ts';
import { activeLocale } from '../../lib/locale.ts';
import { radioGroupKeys } from '../../lib/radio-group-keys.ts';

const minimumRatings = [undefined, 1, 2, 3, 4, 5] as const;

export interface FilterValues {
  minPrice: number;
  maxPrice: number;
  minRating: number | undefined;
  sort: SearchSort;
  /** Only labs that collect samples at home (within reach of the searcher's position, when given). */
  homeCollection: boolean;
  /** Only tests and packages that need no fasting beforehand. */
  noFasting: boolean;
  /** Only labs in network for the signed-in customer's insurance (ADR 0094). */
  covered: boolean;
}

/**
 * The search's filters: beside the results on a wide screen; on a phone folded behind a "Filters"
 * button that counts those in use, so the first result is on the first screen. "Covered by my insurance"
 * is offered with `coverName` (the insurer and class), to a signed-in customer whose insurance is in force.
 */
export function SearchFilters({
  value,
  onChange,
  coverName,
}: {
  value: FilterValues;
  onChange: (next: Partial<FilterValues>) => void;
  coverName: string | null;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const inUse = [
    value.sort !== 'relevance',
    value.homeCollection,
    value.noFasting,
    value.covered,
    value.minPrice > 0 || value.maxPrice < PRICE_FILTER_MAX,
    value.minRating !== undefined,
  ].filter(Boolean).length;
  const locale = activeLocale();
  const [range, setRange] = useState([value.minPrice, value.maxPrice]);
  useEffect(() => setRange([value.minPrice, value.maxPrice]), [value.minPrice, value.maxPrice]);
  const ratingKeys = radioGroupKeys(minimumRatings, value.minRating, (minRating) => onChange({ minRating }));

  const sorts: { value: SearchSort; label: string }[] = [
    { value: 'relevance', label: t`Relevance` },
    { value: 'priceLowHigh', label: t`Price: low to high` },
    { value: 'priceHighLow', label: t`Price: high to low` },
    { value: 'highestRated', label: t`Highest rated` },
  ];

  return (
    <Stack gap="3">
      <Button
        display={{ base: 'inline-flex', lg: 'none' }}
        variant="outline"
        colorPalette="brand"
        alignSelf="start"
        aria-expanded={open}
        aria-controls="search-filters"
        onClick={() => setOpen((current) => !current)}
      >
        <SlidersHorizontal aria-hidden />
        {inUse > 0 ? t`Filters (${inUse})` : t`Filters`}
      </Button>
      <Stack
        gap="6"
        as="aside"
        id="search-filters"
        aria-label={t`Filters`}
        p="5"
        borderWidth="1px"
        rounded="xl"
        bg="bg"
        display={{ base: open ? 'flex' : 'none', lg: 'flex' }}
      >
        <Heading as="h2" size="md">
          {t`Filters`}
        </Heading>
        <Stack gap="2">
          <Text asChild fontWeight="semibold">
            <label htmlFor="search-sort">{t`Sort by`}</label>
          </Text>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="search-sort"
              value={value.sort}
              onChange={(event) => onChange({ sort: event.target.value as SearchSort })}
            >
              {sorts.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        {coverName !== null && (
          <Stack gap="1">
            <FilterSwitch
              checked={value.covered}
              onChange={(covered) => onChange({ covered })}
              icon={<ShieldCheck size={16} aria-hidden />}
              label={t`Covered by my insurance`}
              testId="filter-covered"
            />
            <Text fontSize="sm" color="fg.muted" ps="10">
              {coverName}
            </Text>
          </Stack>
        )}
        <FilterSwitch
          checked={value.homeCollection}
          onChange={(homeCollection) => onChange({ homeCollection })}
          icon={<House size={16} aria-hidden />}
          label={t`Home sample collection`}
          testId="filter-home-collection"
        />
        <FilterSwitch
          checked={value.noFasting}
          onChange={(noFasting) => onChange({ noFasting })}
          icon={<UtensilsCrossed size={16} aria-hidden />}
          label={t`No fasting needed`}
          testId="filter-no-fasting"
        />
        <Slider.Root
          value={range}
          min={0}
          max={PRICE_FILTER_MAX}
          step={PRICE_FILTER_STEP}
          minStepsBetweenThumbs={1}
          onValueChange={(event) => setRange(event.value)}
          onValueChangeEnd={(event) => onChange({ minPrice: event.value[0] ?? 0, maxPrice: event.value[1] ?? PRICE_FILTER_MAX })}
          colorPalette="brand"
          thumbAlignment="contain"
        >
          <Slider.Label fontWeight="semibold">{t`Price range`}</Slider.Label>
          <HStack justify="space-between" fontSize="sm" color="fg.muted">
            <bdi>{formatSar(range[0] ?? 0, locale)}</bdi>
            <bdi>{formatSar(range[1] ?? PRICE_FILTER_MAX, locale)}</bdi>
          </HStack>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumb index={0} aria-label={t`Minimum price`}>
              <Slider.HiddenInput />
            </Slider.Thumb>
            <Slider.Thumb index={1} aria-label={t`Maximum price`}>
              <Slider.HiddenInput />
            </Slider.Thumb>
          </Slider.Control>
        </Slider.Root>
        <Stack gap="2">
          <Text fontWeight="semibold" id="rating-filter-label">
            {t`Minimum rating`}
          </Text>
          <HStack gap="1" wrap="wrap" role="radiogroup" aria-labelledby="rating-filter-label" onKeyDown={ratingKeys.onKeyDown}>
            <Button
              size="sm"
              role="radio"
              aria-checked={value.minRating === undefined}
              tabIndex={ratingKeys.tabIndexOf(0)}
              variant={value.minRating === undefined ? 'solid' : 'outline'}
              colorPalette="brand"
              onClick={() => onChange({ minRating: undefined })}
            >
              {t`Any`}
            </Button>
            {[1, 2, 3, 4, 5].map((stars) => (
              <Button
                key={stars}
                size="sm"
                role="radio"
                aria-checked={value.minRating === stars}
                tabIndex={ratingKeys.tabIndexOf(stars)}
                aria-label={t`${stars} stars or more`}
                variant={value.minRating === stars ? 'solid' : 'outline'}
                colorPalette="brand"
                onClick={() => onChange({ minRating: stars })}
              >
                {stars}
                <Star size={14} fill="currentColor" aria-hidden />
              </Button>
            ))}
          </HStack>
        </Stack>
      </Stack>
    </Stack>
  );
}

/** A filter that is on or off, with its icon. */
function FilterSwitch(props: { checked: boolean; onChange: (checked: boolean) => void; icon: ReactNode; label: string; testId: string }) {
  return (
    <Switch.Root
      colorPalette="brand"
      checked={props.checked}
      onCheckedChange={(event) => props.onChange(event.checked)}
      data-testid={props.testId}
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>
        <HStack gap="1">
          {props.icon}
          <Text>{props.label}</Text>
        </HStack>
      </Switch.Label>
    </Switch.Root>
  );
}
