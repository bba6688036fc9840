import { Breadcrumb, Button, Circle, Container, Heading, HStack, Input, InputGroup, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { Filter, Search } from 'lucide-react';
import { BreadcrumbSeparator } from '../components/breadcrumb-separator.tsx';
import { NotFoundState } from '../components/not-found-state.tsx';
import { EmptyState, ErrorState } from '../components/query-state.tsx';
import { notify } from '../components/ui/toaster.tsx';
import { CategoryIcon } from '../features/catalog/category-icon.tsx';
import { TestCard } from '../features/catalog/test-card.tsx';
import { localized } from '../lib/bidi.ts';
import { activeLocale } from '../lib/locale.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/categories/$categoryName')({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.catalog.category.queryOptions({ nameEn: params.categoryName })),
  component: CategoryPage,
});

function isNotFound(error: unknown) {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';
}

function CategoryPage() {
  const { t } = useLingui();
  const { categoryName } = Route.useParams();
  const category = useQuery(trpc.catalog.category.queryOptions({ nameEn: categoryName }));
  const locale = activeLocale();
  // The spec keeps this page's search and filter as placeholders: say so instead of doing nothing.
  const notYet = () => notify.info({ title: t`This feature is not implemented yet.` });
  const missing = category.isError && isNotFound(category.error);
  usePageMeta({
    title: missing
      ? t`Category not found`
      : category.data
        ? localized(locale, category.data.name_ar, category.data.name_en)
        : t`Test categories`,
  });

  if (missing) {
    return (
      <Container maxW="3xl" py="16">
        <NotFoundState
          title={t`Category not found`}
          message={t`There is no test category called “${categoryName}”.`}
          linkTo="/categories"
          linkLabel={t`See all categories`}
        />
      </Container>
    );
  }

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <Breadcrumb.Root aria-label={t`Breadcrumb`}>
          <Breadcrumb.List>
            <Breadcrumb.Item>
              {/* Only the category itself is the current page (aria-current), not the list it is in. */}
              <Breadcrumb.Link asChild>
                <Link to="/categories" activeOptions={{ exact: true }}>
                  {t`Categories`}
                </Link>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <BreadcrumbSeparator />
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>
                {category.data ? localized(locale, category.data.name_ar, category.data.name_en) : categoryName}
              </Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>
        <HStack gap="4">
          {category.data && (
            <Circle size="14" bg={`${category.data.color}.subtle`} color={`${category.data.color}.fg`}>
              <CategoryIcon name={category.data.icon} />
            </Circle>
          )}
          <Heading as="h1" size="3xl">
            {category.data ? localized(locale, category.data.name_ar, category.data.name_en) : <Skeleton height="10" width="60" />}
          </Heading>
        </HStack>
        <HStack gap="3">
          <InputGroup flex="1" maxW="md" startElement={<Search size={16} aria-hidden />}>
            <Input placeholder={t`Search in this category`} aria-label={t`Search in this category`} onFocus={notYet} readOnly />
          </InputGroup>
          <Button variant="outline" onClick={notYet}>
            <Filter aria-hidden />
            {t`Filter`}
          </Button>
        </HStack>
        {category.isError ? (
          <ErrorState title={t`Error fetching tests`} error={category.error} onRetry={() => void category.refetch()} />
        ) : category.isPending ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <Skeleton key={index} height="44" rounded="lg" />
            ))}
          </SimpleGrid>
        ) : category.data.tests.length === 0 ? (
          <EmptyState>{t`No tests in this category yet.`}</EmptyState>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" as="ul" listStyleType="none">
            {category.data.tests.map((test) => (
              <li key={test.id}>
                <TestCard test={test} headingLevel="h2" />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
