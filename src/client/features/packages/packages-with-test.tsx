import { Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Columns3, Package } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import type { Place } from './place.tsx';

type PackageOffer = RouterOutputs['search']['packagesWith'][number];

/**
 * "Packages with this test" above search's results (issue #79): the few packages holding the test or
 * marker searched, nearest (or cheapest) first, each with its lab, price and marker count, and the way to
 * compare them. Loaded with the packages catalog once search has found some.
 */
export function PackagesWithTest({ offers, near }: { offers: PackageOffer[]; near: Place | null }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="2" as="section" aria-labelledby="packages-with-test-heading" data-testid="packages-with-test">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h2" size="md" id="packages-with-test-heading">
          <HStack as="span" gap="2">
            <Package size={18} aria-hidden />
            {t`Packages with this test`}
          </HStack>
        </Heading>
        {offers.length > 1 && (
          <Button asChild size="xs" variant="subtle" colorPalette="brand" data-testid="packages-with-test-compare">
            <Link to="/packages/compare" search={{ ids: offers.map((offer) => offer.package_id).join(','), ...near }}>
              <Columns3 aria-hidden />
              {t`Compare these packages`}
            </Link>
          </Button>
        )}
      </HStack>
      {/* A phone scrolls the cards sideways in one row, so the tests searched for stay on the first screen. */}
      <Grid
        as="ul"
        listStyleType="none"
        gap="2"
        overflowX="auto"
        scrollSnapType="x mandatory"
        gridAutoFlow={{ base: 'column', sm: 'row' }}
        gridAutoColumns="80%"
        templateColumns={{ sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
      >
        {offers.map((offer) => {
          const km = offer.distance_meters === null ? null : formatNumber(offer.distance_meters / 1000, locale, 1);
          return (
            <Card.Root as="li" key={offer.lab_test_id} variant="outline" size="sm" scrollSnapAlign="start" data-testid="package-with-test">
              <Card.Body gap="1" py="2" px="3">
                <Link to="/package/$packageId" params={{ packageId: String(offer.package_id) }}>
                  <Text fontWeight="semibold" color="brand.fg" lineClamp={2} _hover={{ textDecoration: 'underline' }}>
                    {localized(locale, offer.name_ar, offer.name_en)}
                  </Text>
                </Link>
                <Text fontSize="sm" truncate>
                  <bdi>{localized(locale, offer.lab_name_ar, offer.lab_name_en)}</bdi>
                </Text>
                <HStack justify="space-between" align="end" gap="2" wrap="wrap">
                  <Text fontSize="xs" color="fg.muted">
                    {t`${plural(offer.marker_count, { one: '# marker', other: '# markers' })}`}
                    {km !== null && ` · ${t`${km} km away`}`}
                  </Text>
                  <Price value={offer.price} color="brand.fg" />
                </HStack>
              </Card.Body>
            </Card.Root>
          );
        })}
      </Grid>
    </Stack>
  );
}
