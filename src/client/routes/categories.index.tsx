import { Box, Circle, Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ErrorState } from '../components/query-state.tsx';
import { CategoryIcon } from '../features/catalog/category-icon.tsx';
import { localized } from '../lib/bidi.ts';
import { activeLocale } from '../lib/locale.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/categories/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.catalog.categories.queryOptions()),
  component: CategoriesPage,
});

function CategoriesPage() {
  const { t } = useLingui();
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const locale = activeLocale();
  usePageMeta({ title: t`Test categories`, description: t`Choose a category to see its tests and compare prices between labs.` });
  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {t`Test categories`}
          </Heading>
          <Text color="fg.muted">{t`Choose a category to see its tests and compare prices between labs.`}</Text>
        </Stack>
        {categories.isError ? (
          <ErrorState title={t`Error fetching categories`} error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" as="ul" listStyleType="none">
            {categories.isPending
              ? Array.from({ length: 11 }, (_, index) => <Skeleton key={index} height="24" rounded="xl" as="li" />)
              : categories.data.map((category) => (
                  <Box as="li" key={category.id}>
                    <Link to="/categories/$categoryName" params={{ categoryName: category.name_en }}>
                      <Stack
                        direction="row"
                        align="center"
                        gap="4"
                        p="5"
                        rounded="xl"
                        borderWidth="1px"
                        _hover={{ borderColor: 'brand.solid', shadow: 'md' }}
                        transition="all 0.15s"
                        data-testid="category-card"
                      >
                        <Circle size="14" bg={`${category.color}.subtle`} color={`${category.color}.fg`} flexShrink={0}>
                          <CategoryIcon name={category.icon} />
                        </Circle>
                        <Stack gap="0">
                          <Text fontWeight="semibold" fontSize="lg">
                            {localized(locale, category.name_ar, category.name_en)}
                          </Text>
                          <Text color="fg.muted" fontSize="sm">
                            {t`${plural(category.test_count, { one: '# test', other: '# tests' })}`}
                          </Text>
                        </Stack>
                      </Stack>
                    </Link>
                  </Box>
                ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
