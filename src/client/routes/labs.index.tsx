import { Box, Button, Card, Container, Heading, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { LocateFixed, MapPin } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { type CityKey, cities, cityKeys } from '../../shared/cities.ts';
import { EmptyState, ErrorState } from '../components/query-state.tsx';
import { Rating } from '../components/rating.tsx';
import { HomeCollectionBadge } from '../features/booking/home-collection-badge.tsx';
import { type MapPin as LabPin, LazyLabsMap } from '../features/map/lazy-labs-map.tsx';
import { ViewToggle } from '../features/map/view-toggle.tsx';
import { localized } from '../lib/bidi.ts';
import { cityName } from '../lib/city-names.ts';
import { activeLocale } from '../lib/locale.ts';
import { searchChoice } from '../lib/plain-checks.ts';
import { trpc } from '../lib/trpc.ts';
import { useCurrentPosition } from '../lib/use-current-position.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/labs/')({
  validateSearch: (search): { city?: CityKey; view?: 'map' } => ({
    city: searchChoice(search.city, cityKeys),
    view: searchChoice(search.view, ['map'] as const),
  }),
  loaderDeps: ({ search }) => ({ city: search.city }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(context.trpc.catalog.labs.queryOptions({ city: deps.city })),
  component: LabsPage,
});

function LabsPage() {
  const { t } = useLingui();
  const { city, view } = Route.useSearch();
  const navigate = useNavigate({ from: '/labs/' });
  const labs = useQuery(trpc.catalog.labs.queryOptions({ city }));
  const locale = activeLocale();
  const pins = useMemo<LabPin[]>(
    () =>
      (labs.data ?? []).flatMap((lab) =>
        lab.latitude !== null && lab.longitude !== null
          ? [
              {
                id: lab.id,
                latitude: lab.latitude,
                longitude: lab.longitude,
                title: localized(locale, lab.lab_name_ar, lab.lab_name_en),
                detail: localized(locale, lab.address_ar, lab.address_en),
              },
            ]
          : [],
      ),
    [labs.data, locale],
  );
  // The reader's own position on the map, once they ask for it (never asked for unprompted).
  const [here, setHere] = useState<{ lat: number; lon: number } | null>(null);
  const { locating, locate } = useCurrentPosition((position) => setHere({ lat: position.latitude, lon: position.longitude }));
  const openLab = useCallback((pin: LabPin) => void navigate({ to: '/labs/$labId', params: { labId: pin.id } }), [navigate]);
  usePageMeta({ title: t`Labs`, description: t`Licensed laboratories across the Kingdom, with their ratings and locations.` });
  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'end' }} gap="4">
          <Stack gap="2">
            <Heading as="h1" size="3xl">
              {t`Labs`}
            </Heading>
            <Text color="fg.muted">{t`Licensed laboratories across the Kingdom, with their ratings and locations.`}</Text>
          </Stack>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
            <ViewToggle
              map={view === 'map'}
              label={t`Show labs as`}
              onChange={(map) => void navigate({ search: (current) => ({ ...current, view: map ? 'map' : undefined }), replace: true })}
            />
            <NativeSelect.Root width={{ base: 'full', md: '64' }}>
              <NativeSelect.Field
                aria-label={t`City`}
                value={city ?? ''}
                onChange={(event) => void navigate({ search: { city: (event.target.value || undefined) as CityKey | undefined } })}
              >
                <option value="">{t`All cities`}</option>
                {cityKeys.map((key) => (
                  <option key={key} value={key}>
                    {cities[key][locale]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        </Stack>
        {labs.isError ? (
          <ErrorState title={t`Error fetching labs`} error={labs.error} onRetry={() => void labs.refetch()} />
        ) : labs.isPending ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <Skeleton key={index} height="36" rounded="lg" />
            ))}
          </SimpleGrid>
        ) : labs.data.length === 0 ? (
          <EmptyState>{t`No labs in this city yet.`}</EmptyState>
        ) : view === 'map' ? (
          <Stack gap="3">
            <Button size="sm" variant="outline" alignSelf="start" onClick={locate} loading={locating} data-testid="labs-map-locate">
              <LocateFixed aria-hidden />
              {t`Show where I am`}
            </Button>
            <LazyLabsMap pins={pins} here={here} label={t`Map of labs`} height="min(70vh, 640px)" onOpen={openLab} />
          </Stack>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" as="ul" listStyleType="none">
            {labs.data.map((lab) => (
              <Box as="li" key={lab.id}>
                <Link to="/labs/$labId" params={{ labId: lab.id }} style={{ display: 'block', height: '100%' }}>
                  <Card.Root height="full" variant="outline" _hover={{ borderColor: 'brand.solid', shadow: 'md' }} data-testid="lab-card">
                    <Card.Body gap="2">
                      <Card.Title as="h2" fontSize="lg">
                        <bdi>{localized(locale, lab.lab_name_ar, lab.lab_name_en)}</bdi>
                      </Card.Title>
                      <HStack gap="1" color="fg.muted" fontSize="sm" align="start">
                        <Box pt="0.5">
                          <MapPin size={14} aria-hidden />
                        </Box>
                        <Text>{localized(locale, lab.address_ar, lab.address_en)}</Text>
                      </HStack>
                      <HStack justify="space-between">
                        <Rating rating={lab.rating} reviews={lab.review_count} />
                        <Text fontSize="sm" color="fg.muted">
                          {cityName(lab.city, locale)}
                        </Text>
                      </HStack>
                      <HomeCollectionBadge fee={lab.home_collection_fee} />
                      <Text fontSize="sm" color="fg.muted">
                        {t`${plural(lab.test_count, { one: '# test available', other: '# tests available' })}`}
                      </Text>
                    </Card.Body>
                  </Card.Root>
                </Link>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
