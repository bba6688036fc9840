import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NotFoundState } from '../components/not-found-state.tsx';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { CompareStacked, CompareTable, compareIdsOf } from '../features/packages/package-compare.tsx';
import { PlaceNote, placeOf } from '../features/packages/place.tsx';
import { placeParams } from '../features/packages/place-params.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

// Packages side by side, marker by marker (issue #79 item 2): `?ids=1,2,3`, 2–4 packages on sale. Drawn
// by the client alone (src/server/server-rendered-pages.ts does not list it). `lat` and `lon`, the person's
// place as search has it, give each lab's distance.
export const Route = createFileRoute('/packages/compare')({
  // Read whole by compareIdsOf; a single number arrives parsed as one.
  validateSearch: (search): { ids?: string; lat?: number; lon?: number } => ({
    ids: search.ids === undefined ? undefined : String(search.ids),
    ...placeParams(search),
  }),
  component: ComparePage,
});

function ComparePage() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/packages/compare' });
  const raw = search.ids;
  const place = placeOf(search);
  const ids = compareIdsOf(raw);
  const list = useQuery({ ...trpc.packages.list.queryOptions({ ids: ids ?? [] }), enabled: ids !== null });
  // In the order the address gives them.
  const packages = ids && list.data ? ids.flatMap((id) => list.data.filter((pack) => pack.id === id)) : [];
  const cannot = ids === null || (list.isSuccess && packages.length < 2);
  usePageMeta({ title: cannot ? t`These packages cannot be compared` : t`Compare packages` });

  if (cannot) {
    return (
      <Container maxW="3xl" py="16">
        <NotFoundState
          title={t`These packages cannot be compared`}
          message={
            ids === null
              ? t`Choose 2 to 4 different packages to compare.`
              : t`Fewer than two of these packages are on sale right now. Choose others to compare.`
          }
          linkTo="/labs"
          linkLabel={t`See all labs`}
        />
      </Container>
    );
  }
  if (list.isError) {
    return (
      <Container maxW="3xl" py="16">
        <ErrorState title={t`Error fetching the packages`} error={list.error} onRetry={() => void list.refetch()} />
      </Container>
    );
  }
  if (list.isPending) return <LoadingState />;

  const missing = ids.length - packages.length;
  return (
    <Container maxW="7xl" py="10" px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {t`Compare packages`}
          </Heading>
          <Text color="fg.muted">{t`Every marker the packages measure, and which of them measures it.`}</Text>
          <PlaceNote place={place} onPlace={(next) => void navigate({ search: (current) => ({ ...current, ...next }), replace: true })} />
          {missing > 0 && (
            <Text color="fg.warning" role="status">
              {t`Some of the packages you chose are not on sale right now and are left out.`}
            </Text>
          )}
        </Stack>
        <Box hideBelow="md">
          <CompareTable packages={packages} place={place} />
        </Box>
        <Box hideFrom="md">
          <CompareStacked packages={packages} place={place} />
        </Box>
      </Stack>
    </Container>
  );
}
