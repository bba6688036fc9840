import { Button, Card, Heading, HStack, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { CalendarCheck, LocateFixed, MapPin, Star } from 'lucide-react';
import { useState } from 'react';
import { Price } from '../../../components/price.tsx';
import { localized } from '../../../lib/bidi.ts';
import { formatNumber } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useCurrentPosition } from '../../../lib/use-current-position.ts';
import type { NextStep } from './analysis-types.ts';

/**
 * A follow-up test the findings suggest, with the first labs that offer it in search's own order
 * (nearest first once the reader shares where they are): one tap opens the test's booking at that lab.
 */
export function NextStepCard({ step, headingLevel }: { step: NextStep; headingLevel: 3 | 4 | 5 }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [near, setNear] = useState<{ lat: number; lon: number } | null>(null);
  const { locating, locate } = useCurrentPosition((position) => setNear({ lat: position.latitude, lon: position.longitude }));
  const offers = useQuery(trpc.analysis.followUpOffers.queryOptions({ testId: step.test.id, ...near }));
  const name = localized(locale, step.test.name.ar, step.test.name.en);
  return (
    <Card.Root as="li" variant="subtle" data-testid="analysis-next-step" data-test-name={step.test.nameEn}>
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2">
          <Heading as={`h${headingLevel}`} size="sm">
            <bdi>{name}</bdi>
          </Heading>
          <Button size="xs" variant="outline" loading={locating} onClick={locate} data-testid="next-step-near-me">
            <LocateFixed aria-hidden />
            {near ? t`Nearest to you` : t`Show labs near me`}
          </Button>
        </Stack>
        {offers.isPending ? (
          <Skeleton height="12" rounded="md" />
        ) : offers.isError || offers.data.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t`No lab offers this test online right now.`}
          </Text>
        ) : (
          <List.Root as="ul" variant="plain" gap="2">
            {offers.data.map((offer) => (
              <List.Item key={offer.labId}>
                <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" width="full" align={{ sm: 'center' }}>
                  <Stack gap="0.5">
                    <Text fontWeight="semibold" fontSize="sm">
                      <bdi>{localized(locale, offer.lab.ar, offer.lab.en)}</bdi>
                    </Text>
                    <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                      <HStack gap="1">
                        <Star size={12} aria-hidden />
                        {formatNumber(offer.rating, locale, 1)}
                      </HStack>
                      {offer.distanceKm !== null && (
                        <HStack gap="1">
                          <MapPin size={12} aria-hidden />
                          {t`${formatNumber(offer.distanceKm, locale, 1)} km`}
                        </HStack>
                      )}
                      <Price value={offer.price} fontWeight="semibold" color="fg" />
                    </HStack>
                  </Stack>
                  <Button asChild size="sm" colorPalette="brand" data-testid="next-step-book">
                    <RouterLink to="/test/$testName" params={{ testName: step.test.nameEn }} search={{ lab_id: offer.labId }}>
                      <CalendarCheck aria-hidden />
                      {t`Book at this lab`}
                    </RouterLink>
                  </Button>
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
