import { Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { ErrorState } from '../../components/query-state.tsx';
import { trpc } from '../../lib/trpc.ts';
import { TestCard } from './test-card.tsx';

export function PopularTests() {
  const { t } = useLingui();
  const popular = useQuery(trpc.catalog.popularTests.queryOptions());
  return (
    <Stack gap="5" as="section" {...drawnWhenNear('home:popular-tests', '480px')} aria-labelledby="popular-tests-heading">
      <Heading as="h2" size="xl" id="popular-tests-heading">
        {t`Most popular tests`}
      </Heading>
      {popular.isError ? (
        <ErrorState title={t`Error fetching tests`} error={popular.error} onRetry={() => void popular.refetch()} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="ul" listStyleType="none">
          {popular.isPending
            ? [0, 1, 2].map((index) => <Skeleton key={index} height="44" rounded="lg" as="li" />)
            : popular.data.map((test) => (
                <li key={test.id}>
                  <TestCard test={test} />
                </li>
              ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
