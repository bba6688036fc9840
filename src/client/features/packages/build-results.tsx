import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CalendarCheck, CircleCheck, Package, TriangleAlert } from 'lucide-react';
import { type ComponentType, Suspense, useState } from 'react';
import { Price } from '../../components/price.tsx';
import { Rating } from '../../components/rating.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatList } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { Distance } from './place.tsx';

type Answer = RouterOutputs['packages']['buildYourOwn'];
type LabRow = Answer['labs'][number];

/** The booking feature's visit picker, as its route hands it over (routes/packages.build.tsx). */
export type VisitBookingComponent = ComponentType<{
  labId: string;
  labNameAr: string;
  labNameEn: string;
  timeZone: string;
  items: { labTestId: number; nameAr: string; nameEn: string; price: number; fastingHours: number | null }[];
}>;

/**
 * The labs that cover the markers in one visit (issue #79 item 3), as packages.buildYourOwn orders them:
 * those covering everything first, then the cheapest; each with its combination of packages and single
 * tests, what it cannot do, and a way to book the combination as one visit.
 */
export function BuildResults({ answer, VisitBooking }: { answer: Answer; VisitBooking: VisitBookingComponent }) {
  const names = new Map(answer.markers.map((marker) => [marker.id, marker]));
  return (
    <Stack as="ol" listStyleType="none" gap="4" data-testid="build-results">
      {answer.labs.map((row) => (
        <LabCombination key={row.lab.id} row={row} names={names} VisitBooking={VisitBooking} />
      ))}
    </Stack>
  );
}

function LabCombination({
  row,
  names,
  VisitBooking,
}: {
  row: LabRow;
  names: ReadonlyMap<number, Answer['markers'][number]>;
  VisitBooking: VisitBookingComponent;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [booking, setBooking] = useState(false);
  const labName = localized(locale, row.lab.lab_name_ar, row.lab.lab_name_en);
  const missing = row.uncovered.flatMap((id) => {
    const marker = names.get(id);
    return marker ? [localized(locale, marker.name_ar, marker.name_en)] : [];
  });
  const count = row.items.length;
  return (
    <Card.Root as="li" variant="outline" data-testid="build-lab" data-lab-id={row.lab.id}>
      <Card.Body gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
          <Stack gap="1">
            <Heading as="h3" size="md">
              <Link to="/labs/$labId" params={{ labId: row.lab.id }}>
                <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                  <bdi>{labName}</bdi>
                </Text>
              </Link>
            </Heading>
            <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
              <Rating rating={row.lab.rating} reviews={row.lab.review_count} />
              {row.distance_meters !== null && <Distance km={row.distance_meters / 1000} />}
            </HStack>
          </Stack>
          <Stack gap="0" align={{ base: 'start', sm: 'end' }} flexShrink={0}>
            <Price value={row.price} fontSize="2xl" color="brand.fg" data-testid="build-price" />
            <Text fontSize="sm" color="fg.muted">
              {t`${plural(count, { one: '# item, one visit', other: '# items, one visit' })}`}
            </Text>
          </Stack>
        </Stack>

        {missing.length === 0 ? (
          <HStack gap="1.5" color="green.fg" fontSize="sm" data-testid="build-covers-all">
            <CircleCheck size={16} aria-hidden />
            <Text>{t`Does every marker you chose.`}</Text>
          </HStack>
        ) : (
          <HStack gap="1.5" color="fg.warning" fontSize="sm" align="start" data-testid="build-uncovered">
            <TriangleAlert size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text>{t`Not done at this lab: ${formatList(missing, locale)}`}</Text>
          </HStack>
        )}

        <Stack as="ul" listStyleType="none" gap="2" data-testid="build-items">
          {row.items.map((item) => {
            const name = localized(locale, item.name_ar, item.name_en);
            return (
              <HStack as="li" key={item.lab_test_id} justify="space-between" align="start" gap="3">
                <Stack gap="0.5">
                  <HStack gap="2" wrap="wrap">
                    {item.is_package && (
                      <Badge size="sm" variant="solid" colorPalette="brand">
                        <Package size={10} aria-hidden />
                        {t`Package`}
                      </Badge>
                    )}
                    {item.is_package ? (
                      <Link to="/package/$packageId" params={{ packageId: String(item.test_id) }}>
                        <Text as="span" fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
                          {name}
                        </Text>
                      </Link>
                    ) : (
                      <Text fontWeight="semibold">{name}</Text>
                    )}
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {t`${plural(item.markers.length, { one: 'Covers one of your markers', other: 'Covers # of your markers' })}`}
                  </Text>
                </Stack>
                <Price value={item.price} flexShrink={0} />
              </HStack>
            );
          })}
        </Stack>

        {booking ? (
          <Suspense fallback={<Skeleton height="64" rounded="lg" />}>
            <VisitBooking
              labId={row.lab.id}
              labNameAr={row.lab.lab_name_ar}
              labNameEn={row.lab.lab_name_en}
              timeZone={row.lab.time_zone}
              items={row.items.map((item) => ({
                labTestId: item.lab_test_id,
                nameAr: item.name_ar,
                nameEn: item.name_en,
                price: item.price,
                fastingHours: item.fasting_hours,
              }))}
            />
          </Suspense>
        ) : (
          <Button colorPalette="brand" alignSelf={{ base: 'stretch', sm: 'end' }} onClick={() => setBooking(true)} data-testid="build-book">
            <CalendarCheck aria-hidden />
            {t`Book this visit`}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Place-holders while the labs are priced. */
export function BuildResultsLoading() {
  return (
    <Stack gap="4" role="status" aria-busy>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height="48" rounded="lg" />
      ))}
    </Stack>
  );
}
