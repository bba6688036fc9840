import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, useState } from 'react';
import { EmptyState, ErrorState } from '../components/query-state.tsx';
import { BuildResults, BuildResultsLoading } from '../features/packages/build-results.tsx';
import { MarkerPicker, type PickedMarker } from '../features/packages/marker-picker.tsx';
import { PlaceNote, placeOf } from '../features/packages/place.tsx';
import { placeParams } from '../features/packages/place-params.ts';
import { WANTED_MAX } from '../features/packages/wanted-markers.ts';
import { formatNumber } from '../lib/format.ts';
import { activeLocale, withCatalogs } from '../lib/locale.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

// "Build your own" (issue #79 item 3): `?markers=1,2,3` (analyte ids, from a package's page, a past
// analysis's suggestions, or picked here by name) and the person's place as search has it (`lat`, `lon`).
// The labs that cover them in one visit, cheapest first, each with its combination, booked as one visit.
// Drawn by the client alone (src/server/server-rendered-pages.ts does not list it).

// Opened on a click: the day and time picker, with the booking catalog.
const VisitBooking = lazy(() =>
  withCatalogs(['booking'], () => import('../features/booking/visit-booking.tsx')).then((module) => ({ default: module.VisitBooking })),
);

/** The marker ids of the address: distinct positive integers in the order given, the first WANTED_MAX of them; others are dropped. */
function markerIdsOf(raw: string | undefined): { ids: number[]; dropped: boolean } {
  const parts = (raw ?? '').split(',').map((part) => part.trim());
  const ids = [...new Set(parts.filter((part) => /^[1-9]\d{0,8}$/.test(part)).map(Number))];
  return { ids: ids.slice(0, WANTED_MAX), dropped: ids.length > WANTED_MAX };
}

export const Route = createFileRoute('/packages/build')({
  validateSearch: (search): { markers?: string; lat?: number; lon?: number } => ({
    markers: search.markers === undefined || search.markers === '' ? undefined : String(search.markers),
    ...placeParams(search),
  }),
  component: BuildPage,
});

function BuildPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Build your own check-up` });
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/packages/build' });
  const place = placeOf(search);
  const most = formatNumber(WANTED_MAX, activeLocale());
  const { ids, dropped } = markerIdsOf(search.markers);
  // Names of markers picked here, before the answer names them.
  const [picked, setPicked] = useState<Map<number, PickedMarker>>(new Map());
  const answer = useQuery({
    ...trpc.packages.buildYourOwn.queryOptions({ analyteIds: ids, ...(place ?? {}) }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const names = new Map(picked);
  for (const marker of answer.data?.markers ?? []) names.set(marker.id, marker);
  const known = ids.every((id) => names.has(id)) ? names : answer.isPending || answer.isPlaceholderData ? names : null;

  const setIds = (next: number[], marker?: PickedMarker) => {
    if (marker) setPicked((current) => new Map(current).set(marker.id, marker));
    void navigate({ search: (current) => ({ ...current, markers: next.length > 0 ? next.join(',') : undefined }), replace: true });
  };

  return (
    <Container maxW="5xl" py="10" px={{ base: '4', md: '6' }}>
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {t`Build your own check-up`}
          </Heading>
          <Text color="fg.muted">
            {t`Choose the markers you want measured. We show the labs that do them all in one visit, cheapest first, with the packages and tests that make up the price.`}
          </Text>
        </Stack>

        <Stack gap="3" as="section" aria-labelledby="build-markers-heading">
          <Heading as="h2" size="lg" id="build-markers-heading">
            {t`Your markers`}
          </Heading>
          <MarkerPicker chosen={ids} names={known ?? names} onChange={setIds} />
          {dropped && (
            <Text color="fg.warning" role="status">
              {t`Only the first ${most} markers are priced in one visit; the rest were left out.`}
            </Text>
          )}
        </Stack>

        {/* While the markers just changed are priced, the previous answer stays, dimmed and marked busy. */}
        <Stack
          gap="4"
          as="section"
          aria-labelledby="build-labs-heading"
          aria-busy={answer.isPlaceholderData}
          opacity={answer.isPlaceholderData ? 0.6 : 1}
          data-testid="build-labs"
        >
          <Heading as="h2" size="lg" id="build-labs-heading">
            {t`Labs that can do them`}
          </Heading>
          <PlaceNote place={place} onPlace={(next) => void navigate({ search: (current) => ({ ...current, ...next }), replace: true })} />
          {ids.length === 0 ? (
            <EmptyState>{t`Add at least one marker to see which labs can do it and for how much.`}</EmptyState>
          ) : answer.isError ? (
            <ErrorState title={t`Could not price your markers`} error={answer.error} onRetry={() => void answer.refetch()} />
          ) : answer.isPending ? (
            <BuildResultsLoading />
          ) : answer.data.labs.length === 0 ? (
            <EmptyState>{t`No lab near you offers these markers online right now. Try removing some of them.`}</EmptyState>
          ) : (
            <BuildResults answer={answer.data} VisitBooking={VisitBooking} />
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
