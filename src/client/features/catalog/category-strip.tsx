import { Box, Circle, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { CategoryIcon } from './category-icon.tsx';

const STRIP_SIZE = 10;

export function CategoryStrip() {
  const { t, i18n } = useLingui();
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const locale = activeLocale();

  return (
    <Stack gap="5" as="section" aria-labelledby="category-strip-heading">
      <Heading as="h2" size="xl" id="category-strip-heading">
        {t`Browse by category`}
      </Heading>
      {categories.isError ? (
        <Text color="fg.error" role="alert">
          {t`Error fetching categories`}: {errorMessage(i18n, categories.error)}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="4" as="ul" listStyleType="none">
          {categories.isPending
            ? Array.from({ length: STRIP_SIZE }, (_, index) => <Skeleton key={index} height="32" rounded="xl" as="li" />)
            : categories.data.slice(1, STRIP_SIZE + 1).map((category) => {
                return (
                  <Box as="li" key={category.id}>
                    <Link to="/categories/$categoryName" params={{ categoryName: category.name_en }}>
                      <Stack
                        align="center"
                        gap="2"
                        p="4"
                        rounded="xl"
                        borderWidth="1px"
                        bg="bg"
                        height="full"
                        textAlign="center"
                        transition="all 0.15s"
                        _hover={{ borderColor: 'brand.solid', shadow: 'md' }}
                        data-testid="category-card"
                      >
                        <Circle size="14" bg={`${category.color}.subtle`} color={`${category.color}.fg`}>
                          <CategoryIcon name={category.icon} />
                        </Circle>
                        <Text fontWeight="semibold">{localized(locale, category.name_ar, category.name_en)}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {t`${plural(category.test_count, { one: '# test', other: '# tests' })}`}
                        </Text>
                      </Stack>
                    </Link>
                  </Box>
                );
              })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
