import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { MapPin, Navigation, ShoppingCart } from 'lucide-react';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { Price } from '../../components/price.tsx';
import { Rating } from '../../components/rating.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { HomeCollectionBadge } from '../booking/home-collection-badge.tsx';

type SearchResult = RouterOutputs['search']['labTests'][number];

/**
 * Where a result leads: a package's own page, or the test's page with this lab chosen. What else it is
 * given (a button's class and ref, through `asChild`) goes to the link.
 */
function ResultLink({
  result,
  children,
  ...rest
}: { result: SearchResult; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return result.is_package ? (
    <Link {...rest} to="/package/$packageId" params={{ packageId: String(result.test_id) }}>
      {children}
    </Link>
  ) : (
    <Link {...rest} to="/test/$testName" params={{ testName: result.test_name_en }} search={{ lab_id: result.lab_id }}>
      {children}
    </Link>
  );
}

/**
 * `compare`: a package's "Add to compare" (issue #79 item 2), which the page gives; `inNetwork`: the badge
 * the page gives when the lab takes the signed-in customer's insurance (ADR 0094).
 */
export function SearchResultCard({ result, compare, inNetwork }: { result: SearchResult; compare?: ReactNode; inNetwork?: ReactNode }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const km = result.distance_meters === null ? null : formatNumber(result.distance_meters / 1000, locale, 1);
  return (
    <Card.Root
      variant="outline"
      {...drawnWhenNear(`search-result:${result.lab_test_id}`, { base: '250px', md: '160px' })}
      data-testid="search-result"
    >
      <Card.Body>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="4">
          <Stack gap="1">
            {result.is_package && (
              <Badge alignSelf="start" variant="solid" colorPalette="brand" data-testid="package-badge">
                {t`Package`}
              </Badge>
            )}
            <ResultLink result={result}>
              <Text fontWeight="bold" fontSize="lg" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                {localized(locale, result.test_name_ar, result.test_name_en)}
              </Text>
            </ResultLink>
            <Link to="/labs/$labId" params={{ labId: result.lab_id }}>
              <Text fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
                <bdi>{localized(locale, result.lab_name_ar, result.lab_name_en)}</bdi>
              </Text>
            </Link>
            <HStack gap="1" color="fg.muted" fontSize="sm">
              <MapPin size={14} aria-hidden />
              <Text>{localized(locale, result.lab_address_ar, result.lab_address_en)}</Text>
            </HStack>
            <HStack gap="3" wrap="wrap">
              <Rating rating={result.lab_rating} reviews={result.lab_review_count} />
              <HomeCollectionBadge fee={result.home_collection_fee} />
              {inNetwork}
              {km !== null && (
                <Badge variant="subtle" colorPalette="brand">
                  <Navigation size={12} aria-hidden />
                  {t`${km} km away`}
                </Badge>
              )}
            </HStack>
          </Stack>
          <Stack align={{ base: 'stretch', sm: 'end' }} justify="space-between" gap="2" flexShrink={0}>
            <Price value={result.price} fontSize="xl" color="brand.fg" />
            <Button asChild colorPalette="brand" size="sm">
              <ResultLink result={result}>
                <ShoppingCart aria-hidden />
                {t`Add to Cart`}
              </ResultLink>
            </Button>
            {compare}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
