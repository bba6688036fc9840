import { Button, Link as ChakraLink, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * What a search that found nothing says, and where to go next. With no place or filter chosen, no
 * test has the name typed: check the spelling or browse the categories. With them, the test exists
 * but no lab offers it there: search everywhere, at any price, instead.
 */
export function NoResults({ query, narrowed, onWiden }: { query: string; narrowed: boolean; onWiden: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  // What was typed, isolated (FSI…PDI) so a Latin query keeps its quotation marks around it in Arabic.
  const typed = `\u2068${query}\u2069`;

  return (
    <Stack gap="4" p={{ base: '5', md: '6' }} borderWidth="1px" borderStyle="dashed" rounded="lg" data-testid="no-results">
      <Heading as="h2" size="md">
        {narrowed ? t`No lab offers “${typed}” within your filters` : t`We found no test called “${typed}”`}
      </Heading>
      {narrowed ? (
        <Stack gap="3" align="start">
          <Text color="fg.muted">{t`Search all cities, at any price and rating, to see every lab that offers it.`}</Text>
          <Button variant="outline" colorPalette="brand" onClick={onWiden}>
            {t`Search all cities and prices`}
          </Button>
        </Stack>
      ) : (
        <Text color="fg.muted">{t`Check the spelling, or try another name for the test, such as “CBC” or “Vitamin D”.`}</Text>
      )}
      {categories.data && (
        <Stack gap="2" as="nav" aria-labelledby="no-results-categories">
          <Text fontWeight="semibold" id="no-results-categories">
            {t`Or browse the tests by category:`}
          </Text>
          <List.Root variant="plain" flexDirection="row" flexWrap="wrap" columnGap="4" rowGap="2">
            {categories.data.map((category) => (
              <List.Item key={category.id}>
                <ChakraLink asChild variant="underline" color="brand.fg">
                  <Link to="/categories/$categoryName" params={{ categoryName: category.name_en }}>
                    {localized(locale, category.name_ar, category.name_en)}
                  </Link>
                </ChakraLink>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
    </Stack>
  );
}
