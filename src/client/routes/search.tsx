import { Alert, Button, Container, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { Locale } from '../../shared/locale.ts';
import { formatSar } from '../../shared/money.ts';
import { PRICE_FILTER_MAX, SEARCH_MAX_RESULTS, SEARCH_PAGE_SIZE, type SearchSort, searchSorts } from '../../shared/search-options.ts';
import { EmptyState } from '../components/query-state.tsx';
import { HeroSearch } from '../features/home/hero-search.tsx';
import { LazyLabsMap, type MapPin } from '../features/map/lazy-labs-map.tsx';
import { ViewToggle } from '../features/map/view-toggle.tsx';
import { InNetworkBadge, useCoverName, useMyNetwork } from '../features/search/in-network.tsx';
import { NoResults } from '../features/search/no-results.tsx';
import { type FilterValues, SearchFilters } from '../features/search/search-filters.tsx';
import { SearchResultCard } from '../features/search/search-result-card.tsx';
import { localized } from '../lib/bidi.ts';
import { activeLocale, withCatalogs } from '../lib/locale.ts';
import { searchChoice, searchNumber, searchText } from '../lib/plain-checks.ts';
import { type RouterOutputs, type Trpc, trpc } from '../lib/trpc.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

interface SearchParams {
  query?: string;
  lat?: number;
  lon?: number;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  sort?: SearchSort;
  homeCollection?: boolean;
  noFasting?: boolean;
  /** Only labs in network for the signed-in customer's insurance (ADR 0094): read only for such a customer. */
  covered?: boolean;
  view?: 'map';
}

function searchParams(search: Record<string, unknown>): SearchParams {
  return {
    query: searchText(search.query, 100),
    lat: searchNumber(search.lat, -90, 90),
    lon: searchNumber(search.lon, -180, 180),
    location: searchText(search.location, 100),
    minPrice: searchNumber(search.minPrice, 0, PRICE_FILTER_MAX),
    maxPrice: searchNumber(search.maxPrice, 0, PRICE_FILTER_MAX),
    minRating: searchNumber(search.minRating, 1, 5, true),
    sort: searchChoice(search.sort, searchSorts),
    homeCollection: search.homeCollection === true || search.homeCollection === 'true' ? true : undefined,
    noFasting: search.noFasting === true || search.noFasting === 'true' ? true : undefined,
    covered: search.covered === true || search.covered === 'true' ? true : undefined,
    view: searchChoice(search.view, ['map'] as const),
  };
}

/**
 * The search the page's address asks for, as the search procedure takes it. "Covered by my insurance" is
 * added by the page once it knows the customer has insurance in force, never from the address alone.
 */
function searchInput(search: SearchParams, covered = false) {
  const coordinates = search.lat !== undefined && search.lon !== undefined ? { lat: search.lat, lon: search.lon } : {};
  return {
    query: search.query ?? '',
    ...coordinates,
    location: search.location || undefined,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    minRating: search.minRating,
    sort: search.sort ?? 'relevance',
    homeCollection: search.homeCollection,
    noFasting: search.noFasting,
    ...(covered && { coveredByMyInsurance: true }),
  };
}

/**
 * Pages of results: a full page may have a next one; the server pages up to SEARCH_MAX_RESULTS rows.
 * The loader passes the router's `trpc` (on the server, the one that calls the API in-process).
 */
function searchPages(input: ReturnType<typeof searchInput>, api: Trpc = trpc) {
  return api.search.labTests.infiniteQueryOptions(input, {
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = (lastOffset ?? 0) + SEARCH_PAGE_SIZE;
      return lastPage.length === SEARCH_PAGE_SIZE && next < SEARCH_MAX_RESULTS ? next : undefined;
    },
  });
}

// Choosing packages to compare (issue #79 item 2): drawn with the results, which come after the page, so
// loaded then rather than with the page (its text is in the discovery catalog the page loads).
const compareControl = () => import('../features/packages/compare-control.tsx');
const CompareToggle = lazy(() => compareControl().then((module) => ({ default: module.CompareToggle })));
const CompareLink = lazy(() => compareControl().then((module) => ({ default: module.CompareLink })));

// "Packages with this test" (issue #79): asked for once the page is the browser's, and drawn (with the
// packages catalog) only when some package holds what was searched.
const PackagesWithTest = lazy(() =>
  withCatalogs(['packages'], () => import('../features/packages/packages-with-test.tsx')).then((module) => ({
    default: module.PackagesWithTest,
  })),
);

export const Route = createFileRoute('/search')({
  validateSearch: searchParams,
  loaderDeps: ({ search }) => ({ input: searchInput(search), covered: search.covered === true }),
  // Starts the search with the page's code rather than after it; the page shows its own skeletons. One
  // limited to the customer's insurance waits for the page, which first asks what that insurance is.
  loader: ({ context, deps }) => {
    if (deps.input.query && !deps.covered) void context.queryClient.prefetchInfiniteQuery(searchPages(deps.input, context.trpc));
  },
  component: SearchPage,
});

function SearchPage() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/search' });
  const query = search.query ?? '';
  usePageMeta({ title: query ? t`Search results for “${query}”` : t`Search results` });
  const insurance = useMyNetwork();
  const coverName = useCoverName(insurance.network);
  // Asked for while the customer's insurance is in force; otherwise the address's `covered` is ignored.
  const covered = search.covered === true && insurance.network !== null;
  const results = useInfiniteQuery({
    ...searchPages(searchInput(search, covered)),
    enabled: query.length > 0 && !(search.covered && insurance.pending),
    placeholderData: (previous) => previous,
  });
  const rows = results.data?.pages.flat() ?? [];
  // The compare controls are lazy: drawn once the browser has taken the server's page over (use-hydrated.ts).
  const hydrated = useHydrated();
  const near = search.lat !== undefined && search.lon !== undefined ? { lat: search.lat, lon: search.lon } : null;
  const withTest = useQuery({
    ...trpc.search.packagesWith.queryOptions({ query, ...near }),
    enabled: hydrated && query.length > 0,
    staleTime: 60_000,
  });
  const locale = activeLocale();
  const onMap = search.view === 'map';
  const pins = useMemo(() => resultPins(rows, locale), [rows, locale]);
  const openLab = useCallback((pin: MapPin) => void navigate({ to: '/labs/$labId', params: { labId: pin.id } }), [navigate]);

  const filters: FilterValues = {
    minPrice: search.minPrice ?? 0,
    maxPrice: search.maxPrice ?? PRICE_FILTER_MAX,
    minRating: search.minRating,
    sort: search.sort ?? 'relevance',
    homeCollection: search.homeCollection === true,
    noFasting: search.noFasting === true,
    covered,
  };
  const changeFilters = (next: Partial<FilterValues>) =>
    void navigate({
      // Off is the address without it, as an unfiltered search's is.
      search: (current) => ({
        ...current,
        ...next,
        homeCollection: (next.homeCollection ?? current.homeCollection) || undefined,
        noFasting: (next.noFasting ?? current.noFasting) || undefined,
        covered: (next.covered ?? current.covered) || undefined,
      }),
      replace: true,
    });
  const narrowed = [
    search.location,
    search.lat,
    search.minPrice,
    search.maxPrice,
    search.minRating,
    search.homeCollection,
    search.noFasting,
    covered || undefined,
  ].some((value) => value !== undefined);
  const widen = () => void navigate({ search: { query, sort: search.sort } });

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            {t`Search results`}
          </Heading>
          <HeroSearch
            key={`${query}|${search.location ?? ''}|${search.lat ?? ''}`}
            initialQuery={query}
            initialLocation={search.location ?? ''}
            initialCoordinates={search.lat !== undefined && search.lon !== undefined ? { lat: search.lat, lon: search.lon } : null}
          />
        </Stack>
        {/* minmax(0, …): the results' column is the screen's width, whatever its content's (the packages' row scrolls inside it). */}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '280px minmax(0, 1fr)' }} gap="6" alignItems="start">
          <SearchFilters value={filters} onChange={changeFilters} coverName={insurance.network ? coverName : null} />
          <Stack gap="3" aria-live="polite" aria-busy={results.isFetching}>
            {!query ? (
              <EmptyState>{t`Type the name of a test to see labs and prices.`}</EmptyState>
            ) : results.isError && !results.isFetchNextPageError ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{t`An error occurred while searching. Please try again.`}</Alert.Title>
              </Alert.Root>
            ) : results.isPending ? (
              [0, 1, 2, 3].map((index) => <Skeleton key={index} height="32" rounded="lg" />)
            ) : rows.length === 0 ? (
              <NoResults query={query} narrowed={narrowed} onWiden={widen} />
            ) : (
              <>
                <HStack justify="space-between" wrap="wrap" gap="3">
                  <Text color="fg.muted">
                    {results.hasNextPage
                      ? t`Showing the first ${plural(rows.length, { one: '# result', other: '# results' })}`
                      : t`${plural(rows.length, { one: '# result', other: '# results' })}`}
                  </Text>
                  {hydrated && (
                    <Suspense fallback={null}>
                      <CompareLink near={near} />
                    </Suspense>
                  )}
                  <ViewToggle
                    map={onMap}
                    label={t`Show results as`}
                    onChange={(map) =>
                      void navigate({ search: (current) => ({ ...current, view: map ? 'map' : undefined }), replace: true })
                    }
                  />
                </HStack>
                {withTest.data && withTest.data.length > 0 && (
                  <Suspense fallback={null}>
                    <PackagesWithTest offers={withTest.data} near={near} />
                  </Suspense>
                )}
                {onMap ? (
                  <LazyLabsMap
                    pins={pins}
                    here={near}
                    label={t`Map of the labs in these results`}
                    height="min(70vh, 600px)"
                    onOpen={openLab}
                  />
                ) : (
                  rows.map((result) => (
                    <SearchResultCard
                      key={result.lab_test_id}
                      result={result}
                      inNetwork={insurance.inNetwork(result.lab_id) ? <InNetworkBadge /> : undefined}
                      compare={
                        result.is_package && hydrated ? (
                          <Suspense fallback={null}>
                            <CompareToggle packageId={result.test_id} />
                          </Suspense>
                        ) : undefined
                      }
                    />
                  ))
                )}
                {results.hasNextPage && (
                  <Button
                    alignSelf="center"
                    variant="outline"
                    loading={results.isFetchingNextPage}
                    onClick={() => void results.fetchNextPage()}
                  >
                    {t`Show more results`}
                  </Button>
                )}
                {results.isFetchNextPageError && (
                  <Text role="alert" color="fg.error">
                    {t`An error occurred while searching. Please try again.`}
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Grid>
      </Stack>
    </Container>
  );
}

type SearchRow = RouterOutputs['search']['labTests'][number];

/** One pin per lab of the results (a lab offering several matching tests is one place), its lowest price under its name. */
function resultPins(rows: SearchRow[], locale: Locale): MapPin[] {
  const byLab = new Map<string, { row: SearchRow; lowest: number }>();
  for (const row of rows) {
    if (row.lab_latitude === null || row.lab_longitude === null) continue;
    const seen = byLab.get(row.lab_id);
    if (!seen) byLab.set(row.lab_id, { row, lowest: row.price });
    else seen.lowest = Math.min(seen.lowest, row.price);
  }
  return [...byLab.values()].map(({ row, lowest }) => ({
    id: row.lab_id,
    latitude: row.lab_latitude!,
    longitude: row.lab_longitude!,
    title: localized(locale, row.lab_name_ar, row.lab_name_en),
    detail: `${localized(locale, row.test_name_ar, row.test_name_en)} · ${formatSar(lowest, locale)}`,
  }));
}
