import { Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Price } from '../../components/price.tsx';
import { localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/** The lab's packages on sale, each a card linking to its page; nothing when it sells none. */
export function LabPackages({ labId }: { labId: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const packages = useQuery(trpc.packages.list.queryOptions({ labId }));
  if (!packages.data || packages.data.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="lab-packages-heading" data-testid="lab-packages">
      <Heading as="h2" size="lg" id="lab-packages-heading">
        {t`Packages`}
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="3">
        {packages.data.map((offer) => {
          const count = offer.marker_count;
          const hours = offer.fasting_hours;
          return (
            <Card.Root as="li" key={offer.id} variant="outline" size="sm" data-testid="lab-package">
              <Card.Body gap="2">
                <Link to="/package/$packageId" params={{ packageId: String(offer.id) }}>
                  <Text fontWeight="bold" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                    {localized(locale, offer.name_ar, offer.name_en)}
                  </Text>
                </Link>
                <HStack justify="space-between" align="end" gap="3" wrap="wrap">
                  <Stack gap="1" align="start">
                    <Text fontSize="sm" color="fg.muted">
                      {t`${plural(count, { one: '# marker', other: '# markers' })}`}
                    </Text>
                    <Text fontSize="sm" color={hours ? 'orange.fg' : 'green.fg'}>
                      {hours ? t`${plural(hours, { one: 'Fasting # hour', other: 'Fasting # hours' })}` : t`No fasting needed`}
                    </Text>
                  </Stack>
                  <Price value={offer.price} fontWeight="semibold" fontSize="lg" color="brand.fg" />
                </HStack>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
