import { Box, Button, Card, Link as ChakraLink, Container, Grid, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { Clock, ExternalLink, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/locale.ts';
import { formatPhone } from '../../shared/phone.ts';
import { drawnWhenNear } from '../components/drawn-when-near.ts';
import { NotFoundState } from '../components/not-found-state.tsx';
import { Price } from '../components/price.tsx';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { Rating } from '../components/rating.tsx';
import { HomeCollectionBadge } from '../features/booking/home-collection-badge.tsx';
import { LazyLabsMap } from '../features/map/lazy-labs-map.tsx';
import { LabPackages } from '../features/packages/lab-packages.tsx';
import { LabReviews } from '../features/reviews/lab-reviews.tsx';
import { labReviewsQuery } from '../features/reviews/lab-reviews-query.ts';
import { localized } from '../lib/bidi.ts';
import { cityName } from '../lib/city-names.ts';
import { formatClock, formatNumber, formatPercent, intlLocale, isAllDay } from '../lib/format.ts';
import { activeLocale } from '../lib/locale.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

/** Under the lab's hours, how it books beyond them: its Ramadan hours, prayer pauses and minimum notice. */
function BookingRules({
  lab,
  locale,
}: {
  lab: { prayer_pause_minutes: number | null; min_notice_minutes: number; ramadan_hours: { opens_at: string; closes_at: string } | null };
  locale: Locale;
}) {
  const { t } = useLingui();
  const notice = lab.min_notice_minutes;
  const ramadan = lab.ramadan_hours;
  const rules: [string, ReactNode][] = [];
  if (ramadan) {
    rules.push([
      'ramadan',
      <>
        {t`In Ramadan, on the days it opens:`}{' '}
        <Text as="bdi" whiteSpace="nowrap">
          {formatClock(ramadan.opens_at, locale)} – {formatClock(ramadan.closes_at, locale)}
        </Text>
      </>,
    ]);
  }
  if (lab.prayer_pause_minutes !== null) {
    const pause = lab.prayer_pause_minutes;
    rules.push(['prayers', t`No appointments for ${plural(pause, { one: '# minute', other: '# minutes' })} from the time of each prayer.`]);
  }
  if (notice > 0) {
    rules.push([
      'notice',
      notice < 60
        ? t`Book at least ${plural(notice, { one: '# minute', other: '# minutes' })} ahead.`
        : notice < 1440
          ? t`Book at least ${plural(notice / 60, { one: '# hour', other: '# hours' })} ahead.`
          : t`Book at least ${plural(notice / 1440, { one: '# day', other: '# days' })} ahead.`,
    ]);
  }
  if (rules.length === 0) return null;
  return (
    <Stack as="ul" gap="1" mt="4" ps="5" listStyleType="disc" fontSize="sm" color="fg.muted" data-testid="lab-booking-rules">
      {rules.map(([key, rule]) => (
        <li key={key}>{rule}</li>
      ))}
    </Stack>
  );
}

export const Route = createFileRoute('/labs/$labId')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.catalog.lab.queryOptions({ labId: params.labId })),
      context.queryClient.prefetchInfiniteQuery(labReviewsQuery(context.trpc, params.labId)),
      context.queryClient.prefetchQuery(context.trpc.packages.list.queryOptions({ labId: params.labId })),
    ]),
  component: LabPage,
});

type Kept = { onTime: number; total: number } | null;

/** The lab's kept promises over the last 90 days (ADR 0093); nothing when there is nothing to count. */
function OnTimeRecord({ record, locale }: { record: { days: number; results: Kept; visits: Kept }; locale: Locale }) {
  if (!record.results && !record.visits) return null;
  const parts = (kept: NonNullable<Kept>) => ({
    percent: formatPercent(kept.onTime / kept.total, locale),
    onTime: formatNumber(kept.onTime, locale),
    total: formatNumber(kept.total, locale),
  });
  const days = formatNumber(record.days, locale);
  const results = record.results && parts(record.results);
  const visits = record.visits && parts(record.visits);
  return (
    <HStack gap="2" color="fg.muted" align="start" data-testid="lab-on-time">
      <Box pt="1">
        <Clock size={16} aria-hidden />
      </Box>
      <Stack gap="0.5">
        {results && (
          <Text>
            <Trans>
              <bdi>{results.percent}</bdi> of results on time, {results.onTime} of {results.total}, last {days} days
            </Trans>
          </Text>
        )}
        {visits && (
          <Text>
            <Trans>
              <bdi>{visits.percent}</bdi> of home visits on time, {visits.onTime} of {visits.total}, last {days} days
            </Trans>
          </Text>
        )}
      </Stack>
    </HStack>
  );
}

/** Weekday names from Intl, Saturday first as the Saudi week runs. */
const SAUDI_WEEK = [6, 0, 1, 2, 3, 4, 5];
function weekdayName(weekday: number, locale: Locale): string {
  // 2026-11-01 is a Sunday; add the weekday offset.
  const date = new Date(Date.UTC(2026, 10, 1 + weekday, 12));
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(date);
}

function LabPage() {
  const { t } = useLingui();
  const { labId } = Route.useParams();
  const lab = useQuery({ ...trpc.catalog.lab.queryOptions({ labId }), retry: false });
  const locale = activeLocale();
  const notFound =
    lab.isError &&
    lab.error instanceof TRPCClientError &&
    ['NOT_FOUND', 'BAD_REQUEST'].includes((lab.error.data as { code?: string } | undefined)?.code ?? '');
  usePageMeta({ title: notFound ? t`Lab not found` : lab.data ? localized(locale, lab.data.lab_name_ar, lab.data.lab_name_en) : t`Labs` });

  if (lab.isError) {
    return (
      <Container maxW="3xl" py="16">
        {notFound ? (
          <NotFoundState
            title={t`Lab not found`}
            message={t`This lab does not exist or is not available right now.`}
            linkTo="/labs"
            linkLabel={t`See all labs`}
          />
        ) : (
          <ErrorState title={t`Error fetching labs`} error={lab.error} onRetry={() => void lab.refetch()} />
        )}
      </Container>
    );
  }
  if (lab.isPending) return <LoadingState />;

  const data = lab.data;
  const hours = new Map(data.working_hours.map((entry) => [entry.weekday, entry]));
  const mapUrl =
    data.latitude !== null && data.longitude !== null
      ? `https://www.google.com/maps/search/?api=1&query=${data.latitude},${data.longitude}`
      : null;

  return (
    <Container maxW="6xl" py="10">
      <Stack gap="8">
        <Stack gap="3">
          <Heading as="h1" size="3xl">
            <bdi>{localized(locale, data.lab_name_ar, data.lab_name_en)}</bdi>
          </Heading>
          <Rating rating={data.rating} reviews={data.review_count} />
          <OnTimeRecord record={data.on_time} locale={locale} />
          {data.home_collection_fee !== null && (
            <Stack gap="1">
              <HomeCollectionBadge fee={data.home_collection_fee} />
              <Text fontSize="sm" color="fg.muted">
                {t`Collects samples at homes within ${data.home_radius_km} km. Choose “At home” when you book a test from its page.`}
              </Text>
            </Stack>
          )}
          <HStack gap="2" color="fg.muted" align="start">
            <Box pt="1">
              <MapPin size={16} aria-hidden />
            </Box>
            <Text>
              {addressWithCity(localized(locale, data.address_ar, data.address_en), data.city ? cityName(data.city, locale) : null)}
            </Text>
          </HStack>
          <HStack gap="4" wrap="wrap">
            {mapUrl && (
              <Button asChild variant="outline" size="sm">
                <a href={mapUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  {t`Open in Maps`}
                </a>
              </Button>
            )}
            {data.phone && (
              <ChakraLink href={`tel:${data.phone}`} color="brand.fg">
                <Phone size={16} aria-hidden />
                <bdi dir="ltr">{formatPhone(data.phone)}</bdi>
              </ChakraLink>
            )}
          </HStack>
        </Stack>

        <LabPackages labId={data.id} />

        <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap="8" alignItems="start">
          <Stack gap="6">
            <Card.Root variant="outline">
              <Card.Header>
                <Heading as="h2" size="md">
                  {t`Working hours`}
                </Heading>
              </Card.Header>
              <Card.Body>
                <Stack gap="2" as="dl">
                  {SAUDI_WEEK.map((weekday) => {
                    const entry = hours.get(weekday);
                    return (
                      <HStack key={weekday} justify="space-between">
                        <Text as="dt">{weekdayName(weekday, locale)}</Text>
                        <Text as="dd" color={entry ? 'fg' : 'fg.muted'}>
                          {entry && isAllDay(entry.opens_at, entry.closes_at) ? (
                            t`Open 24 hours`
                          ) : entry ? (
                            <bdi>
                              {formatClock(entry.opens_at, locale)} – {formatClock(entry.closes_at, locale)}
                            </bdi>
                          ) : (
                            t`Closed`
                          )}
                        </Text>
                      </HStack>
                    );
                  })}
                </Stack>
                <BookingRules lab={data} locale={locale} />
              </Card.Body>
            </Card.Root>
            {data.latitude !== null && data.longitude !== null && (
              <LazyLabsMap
                pins={[
                  {
                    id: data.id,
                    latitude: data.latitude,
                    longitude: data.longitude,
                    title: localized(locale, data.lab_name_ar, data.lab_name_en),
                    detail: localized(locale, data.address_ar, data.address_en),
                  },
                ]}
                label={t`The lab's location on the map`}
                height="280px"
              />
            )}
            <LabReviews
              labId={data.id}
              labName={localized(locale, data.lab_name_ar, data.lab_name_en)}
              rating={data.rating}
              reviewCount={data.review_count}
            />
          </Stack>

          {/* Below the hours, the map and the reviews on a phone: laid out as it comes near (~37 px a row). */}
          <Stack
            gap="3"
            as="section"
            aria-labelledby="lab-tests-heading"
            {...drawnWhenNear(`lab-tests:${data.id}`, `${(data.tests.length + 1) * 37 + 44}px`)}
          >
            <Heading as="h2" size="lg" id="lab-tests-heading">
              {t`Tests and prices`}
            </Heading>
            <Table.Root size="sm" variant="outline" interactive>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t`Test`}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t`Price`}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.tests.map((test) => (
                  <Table.Row key={test.lab_test_id}>
                    <Table.Cell>
                      <Link to="/test/$testName" params={{ testName: test.name_en }} search={{ lab_id: data.id }}>
                        <Text color="brand.fg">{localized(locale, test.name_ar, test.name_en)}</Text>
                      </Link>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Price value={test.price} fontWeight="semibold" />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        </Grid>
      </Stack>
    </Container>
  );
}

/** The lab's address, with its city after it unless the address already names it ("Jeddah · Jeddah"). */
function addressWithCity(address: string, city: string | null): string {
  return city && !address.includes(city) ? `${address} · ${city}` : address;
}
