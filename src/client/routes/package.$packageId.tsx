import { Badge, Breadcrumb, Button, Card, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { CalendarCheck, ClipboardList, Clock, FlaskConical, MapPin, Package, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BreadcrumbSeparator } from '../components/breadcrumb-separator.tsx';
import { NotFoundState } from '../components/not-found-state.tsx';
import { Price } from '../components/price.tsx';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { Rating } from '../components/rating.tsx';
import { HomeCollectionBadge } from '../features/booking/home-collection-badge.tsx';
import { sampleTypeLabels } from '../features/catalog/sample-type.ts';
import { CompareControl } from '../features/packages/compare-control.tsx';
import { WANTED_MAX } from '../features/packages/marker-picker.tsx';
import { PackageMarkers } from '../features/packages/package-markers.tsx';
import { FastingBadge, SuitsBadge } from '../features/packages/package-terms.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { localized } from '../lib/bidi.ts';
import { activeLocale, withCatalogs } from '../lib/locale.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useSession } from '../lib/use-session.ts';

// Opened on a click: its code and its text (the booking catalog) load then, off the page's first load.
const BookingPanel = lazy(() =>
  withCatalogs(['booking'], () => import('../features/booking/booking-panel.tsx')).then((module) => ({ default: module.BookingPanel })),
);

/**
 * Up to `max` of a package's markers, taken from its groups in turn (the first of each, then the second…),
 * so that a long blood count does not fill a list of one's own alone.
 */
function firstMarkers(groups: readonly { markers: readonly { id: number }[] }[], max: number): number[] {
  const ids: number[] = [];
  for (let index = 0; ids.length < max && groups.some((group) => index < group.markers.length); index++) {
    for (const group of groups) {
      const marker = group.markers[index];
      if (marker && ids.length < max) ids.push(marker.id);
    }
  }
  return ids;
}

/** The id in the address, or 0 (which the API answers as a bad request: "not found") when it is not one. */
const packageIdOf = (param: string) => (/^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0);

export const Route = createFileRoute('/package/$packageId')({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(context.trpc.packages.get.queryOptions({ id: packageIdOf(params.packageId) })),
  component: PackagePage,
});

function PackagePage() {
  const { t, i18n } = useLingui();
  const { packageId } = Route.useParams();
  const locale = activeLocale();
  const offer = useQuery({ ...trpc.packages.get.queryOptions({ id: packageIdOf(packageId) }), retry: false });
  const { user } = useSession();
  const authModal = useAuthModal();
  const [booking, setBooking] = useState(false);
  // Booking needs an account (or a guest's name and mobile); adding to the cart does not. Asked to book
  // before signing in, the panel opens once signed in.
  const [waiting, setWaiting] = useState(false);
  const open = (book: boolean) => {
    if (book && !user) {
      setWaiting(true);
      authModal.openForBooking();
      return;
    }
    setBooking(true);
  };
  useEffect(() => {
    if (!user || !waiting) return;
    setWaiting(false);
    setBooking(true);
  }, [user, waiting]);

  const notFound =
    offer.isError &&
    offer.error instanceof TRPCClientError &&
    ['NOT_FOUND', 'BAD_REQUEST'].includes((offer.error.data as { code?: string } | undefined)?.code ?? '');
  usePageMeta(
    offer.data
      ? {
          title: localized(locale, offer.data.name_ar, offer.data.name_en),
          description: localized(locale, offer.data.description_ar, offer.data.description_en),
        }
      : { title: notFound ? t`Package not found` : t`Packages` },
  );

  if (offer.isError) {
    return (
      <Container maxW="3xl" py="16">
        {notFound ? (
          <NotFoundState
            title={t`Package not found`}
            message={t`This package does not exist or is not on sale right now.`}
            linkTo="/labs"
            linkLabel={t`See all labs`}
          />
        ) : (
          <ErrorState title={t`Error fetching the package`} error={offer.error} onRetry={() => void offer.refetch()} />
        )}
      </Container>
    );
  }
  if (offer.isPending) return <LoadingState />;

  const data = offer.data;
  const { lab } = data;
  const name = localized(locale, data.name_ar, data.name_en);
  const labName = localized(locale, lab.lab_name_ar, lab.lab_name_en);
  const description = localized(locale, data.description_ar, data.description_en);
  const preparation = localized(locale, data.preparation_ar ?? '', data.preparation_en ?? '') || null;
  const count = data.marker_count;
  const markerCount = t`${plural(count, { one: '# marker', other: '# markers' })}`;

  return (
    <Container maxW="6xl" py="10">
      <Stack gap="8">
        <Breadcrumb.Root aria-label={t`Breadcrumb`}>
          <Breadcrumb.List>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <Link to="/labs">{t`Labs`}</Link>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <BreadcrumbSeparator />
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <Link to="/labs/$labId" params={{ labId: lab.id }}>
                  <bdi>{labName}</bdi>
                </Link>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <BreadcrumbSeparator />
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>{name}</Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>

        <Stack gap="4">
          <Badge alignSelf="start" variant="solid" colorPalette="brand">
            <Package size={12} aria-hidden />
            {t`Package`}
          </Badge>
          <Heading as="h1" size="3xl">
            {name}
          </Heading>
          {locale === 'ar' && (
            <Text color="fg.muted">
              <bdi lang="en">{data.name_en}</bdi>
            </Text>
          )}
          {description && <Text fontSize="lg">{description}</Text>}
          <HStack gap="3" wrap="wrap">
            {data.sample_types.map((type) => {
              const sample = sampleTypeLabels[type];
              return sample ? (
                <Badge key={type} size="lg" variant="subtle" colorPalette="brand">
                  <FlaskConical size={14} aria-hidden />
                  {i18n._(sample)}
                </Badge>
              ) : null;
            })}
            <FastingBadge hours={data.fasting_hours} />
            {data.turnaround_hours ? (
              <Badge size="lg" variant="subtle">
                <Clock size={14} aria-hidden />
                {t`${plural(data.turnaround_hours, { one: 'Results in # hour', other: 'Results in # hours' })}`}
              </Badge>
            ) : null}
            <SuitsBadge suits={data.suits} />
          </HStack>
          <HStack gap="3" wrap="wrap">
            <CompareControl packageId={data.id} />
            {/* Its markers as the start of a list of one's own (issue #79 item 3), as many as one visit is priced for. */}
            <Button asChild size="sm" variant="ghost" colorPalette="brand" data-testid="build-from-package">
              <Link
                to="/packages/build"
                search={{
                  markers: firstMarkers(data.marker_groups, WANTED_MAX).join(','),
                }}
              >
                <ClipboardList aria-hidden />
                {t`Build your own from this package`}
              </Link>
            </Button>
          </HStack>
          {preparation && (
            <Card.Root variant="subtle" bg="brand.subtle">
              <Card.Body>
                <Heading as="h2" size="md" mb="1">
                  {t`Before your visit`}
                </Heading>
                <Text>{preparation}</Text>
              </Card.Body>
            </Card.Root>
          )}
        </Stack>

        <Stack gap="2" as="section" aria-labelledby="package-booking-heading">
          <Card.Root variant="outline" borderColor={booking ? 'brand.solid' : undefined} borderWidth={booking ? '2px' : '1px'}>
            <Card.Body>
              <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
                <Stack gap="1">
                  <Heading as="h2" size="md" id="package-booking-heading">
                    {t`Offered by`}{' '}
                    <Link to="/labs/$labId" params={{ labId: lab.id }}>
                      <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                        <bdi>{labName}</bdi>
                      </Text>
                    </Link>
                  </Heading>
                  <HStack gap="1" color="fg.muted" fontSize="sm">
                    <MapPin size={14} aria-hidden />
                    <Text>{localized(locale, lab.address_ar, lab.address_en)}</Text>
                  </HStack>
                  <Rating rating={lab.rating} reviews={lab.review_count} />
                  <HomeCollectionBadge fee={lab.home_collection_fee} />
                </Stack>
                <Stack align={{ base: 'stretch', md: 'end' }} gap="2" flexShrink={0}>
                  <Stack gap="0" align={{ base: 'start', md: 'end' }}>
                    <Price value={data.price} fontSize="2xl" color="brand.fg" />
                    <Text fontSize="sm" color="fg.muted">
                      {markerCount}
                    </Text>
                  </Stack>
                  <HStack gap="2">
                    <Button variant="outline" size="sm" onClick={() => open(false)}>
                      <ShoppingCart aria-hidden />
                      {t`Add to Cart`}
                    </Button>
                    <Button colorPalette="brand" size="sm" onClick={() => open(true)}>
                      <CalendarCheck aria-hidden />
                      {t`Book Now`}
                    </Button>
                  </HStack>
                </Stack>
              </Stack>
            </Card.Body>
          </Card.Root>
          {booking && (
            <Suspense fallback={<Skeleton height="64" rounded="lg" />}>
              <BookingPanel
                focusOnOpen
                offer={{
                  labId: lab.id,
                  labTestId: data.lab_test_id,
                  labNameAr: lab.lab_name_ar,
                  labNameEn: lab.lab_name_en,
                  testNameAr: data.name_ar,
                  testNameEn: data.name_en,
                  price: data.price,
                  timeZone: lab.time_zone,
                  homeCollectionFee: lab.home_collection_fee,
                  homeRadiusKm: lab.home_radius_km,
                  labLatitude: lab.latitude,
                  labLongitude: lab.longitude,
                  fastingHours: data.fasting_hours,
                  fastingUntil: lab.fasting_until,
                  judgedByAgeOrSex: data.judgedByAgeOrSex,
                  suits: data.suits,
                }}
              />
            </Suspense>
          )}
        </Stack>

        <Stack gap="4" as="section" aria-labelledby="package-markers-heading">
          <Heading as="h2" size="xl" id="package-markers-heading">
            {t`What it measures`}{' '}
            <Text as="span" color="fg.muted" fontSize="md" fontWeight="normal">
              ({markerCount})
            </Text>
          </Heading>
          <PackageMarkers groups={data.marker_groups} />
        </Stack>

        <Stack gap="3" as="section" aria-labelledby="package-tests-heading">
          <Heading as="h2" size="xl" id="package-tests-heading">
            {t`Tests included`}
          </Heading>
          <Stack as="ul" gap="2" ps="5" listStyleType="disc" data-testid="package-members">
            {data.members.map((member) => (
              <li key={member.test_id}>
                <Link to="/test/$testName" params={{ testName: member.name_en }}>
                  <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                    {localized(locale, member.name_ar, member.name_en)}
                  </Text>
                </Link>
              </li>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Container>
  );
}
