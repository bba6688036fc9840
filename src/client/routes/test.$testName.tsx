import { Badge, Box, Breadcrumb, Button, Card, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { CalendarCheck, Clock, Droplets, FlaskConical, MapPin, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BreadcrumbSeparator } from '../components/breadcrumb-separator.tsx';
import { drawnWhenNear } from '../components/drawn-when-near.ts';
import { NotFoundState } from '../components/not-found-state.tsx';
import { Price } from '../components/price.tsx';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state.tsx';
import { Rating } from '../components/rating.tsx';
import { BookingPanel } from '../features/booking/booking-panel.tsx';
import { HomeCollectionBadge } from '../features/booking/home-collection-badge.tsx';
import { sampleTypeLabels } from '../features/catalog/sample-type.ts';
import { InNetworkBadge, useMyNetwork } from '../features/search/in-network.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { localized } from '../lib/bidi.ts';
import { activeLocale } from '../lib/locale.ts';
import { searchUuid } from '../lib/plain-checks.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useSession } from '../lib/use-session.ts';

export const Route = createFileRoute('/test/$testName')({
  validateSearch: (search): { lab_id?: string } => ({ lab_id: searchUuid(search.lab_id) }),
  loader: async ({ context, params }) => {
    const test = await context.queryClient
      .ensureQueryData(context.trpc.catalog.test.queryOptions({ nameEn: params.testName }))
      .catch(() => null);
    // The labs follow at once rather than after the page has drawn the test.
    if (test) void context.queryClient.prefetchQuery(context.trpc.catalog.labsForTest.queryOptions({ testId: test.id }));
  },
  component: TestPage,
});

function TestPage() {
  const { t, i18n } = useLingui();
  const { testName } = Route.useParams();
  const { lab_id: preselectedLab } = Route.useSearch();
  const locale = activeLocale();
  const test = useQuery(trpc.catalog.test.queryOptions({ nameEn: testName }));
  const labs = useQuery({ ...trpc.catalog.labsForTest.queryOptions({ testId: test.data?.id ?? 0 }), enabled: Boolean(test.data) });
  const [selectedLab, setSelectedLab] = useState<string | null>(preselectedLab ?? null);
  // A lab chosen here (not preselected by the link) takes the focus into its booking panel.
  const [chosenHere, setChosenHere] = useState(false);
  const selectedRef = useRef<HTMLDivElement | null>(null);
  const { user } = useSession();
  const authModal = useAuthModal();
  // The labs that take the signed-in customer's insurance wear a badge (ADR 0094).
  const { inNetwork } = useMyNetwork();

  // Booking needs an account (or a guest's name and mobile); choosing a lab to add to the cart does not.
  // The lab asked for before signing in opens once signed in.
  const [waitingLab, setWaitingLab] = useState<string | null>(null);
  const chooseLab = (labId: string, booking: boolean) => {
    if (booking && !user) {
      setWaitingLab(labId);
      authModal.openForBooking();
      return;
    }
    setSelectedLab(labId);
    setChosenHere(true);
  };
  useEffect(() => {
    if (!user || !waitingLab) return;
    setWaitingLab(null);
    setSelectedLab(waitingLab);
    setChosenHere(true);
  }, [user, waitingLab]);

  useEffect(() => {
    if (selectedLab && labs.data) selectedRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [selectedLab, labs.data]);

  const notFound =
    test.isError && test.error instanceof TRPCClientError && (test.error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';
  usePageMeta(
    test.data
      ? {
          title: localized(locale, test.data.name_ar, test.data.name_en),
          description: localized(locale, test.data.description_ar, test.data.description_en),
        }
      : { title: notFound ? t`Test not found` : testName },
  );

  if (test.isError) {
    return (
      <Container maxW="3xl" py="16">
        {notFound ? (
          <NotFoundState
            title={t`Test not found`}
            message={t`We could not find a test called “${testName}”.`}
            linkTo="/categories"
            linkLabel={t`Browse categories`}
          />
        ) : (
          <ErrorState title={t`Error fetching tests`} error={test.error} onRetry={() => void test.refetch()} />
        )}
      </Container>
    );
  }
  if (test.isPending) return <LoadingState />;

  const data = test.data;
  const name = localized(locale, data.name_ar, data.name_en);
  const preparation = localized(locale, data.preparation_ar ?? '', data.preparation_en ?? '') || null;
  const sample = data.sample_type ? sampleTypeLabels[data.sample_type] : undefined;

  return (
    <Container maxW="6xl" py="10">
      <Stack gap="8">
        <Breadcrumb.Root aria-label={t`Breadcrumb`}>
          <Breadcrumb.List>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <Link to="/categories">{t`Categories`}</Link>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <BreadcrumbSeparator />
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <Link to="/categories/$categoryName" params={{ categoryName: data.category_name_en }}>
                  {localized(locale, data.category_name_ar, data.category_name_en)}
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
          <Heading as="h1" size="3xl">
            {name}
          </Heading>
          {locale === 'ar' && (
            <Text color="fg.muted">
              <bdi lang="en">{data.name_en}</bdi>
            </Text>
          )}
          <Text fontSize="lg">{localized(locale, data.description_ar, data.description_en)}</Text>
          <HStack gap="3" wrap="wrap">
            {sample && (
              <Badge size="lg" variant="subtle" colorPalette="brand">
                <FlaskConical size={14} aria-hidden />
                {i18n._(sample)}
              </Badge>
            )}
            {data.fasting_hours ? (
              <Badge size="lg" variant="subtle" colorPalette="orange">
                <Droplets size={14} aria-hidden />
                {t`${plural(data.fasting_hours, { one: 'Fasting # hour', other: 'Fasting # hours' })}`}
              </Badge>
            ) : (
              <Badge size="lg" variant="subtle" colorPalette="green">
                {t`No fasting needed`}
              </Badge>
            )}
            {data.turnaround_hours ? (
              <Badge size="lg" variant="subtle">
                <Clock size={14} aria-hidden />
                {t`${plural(data.turnaround_hours, { one: 'Results in # hour', other: 'Results in # hours' })}`}
              </Badge>
            ) : null}
          </HStack>
          {preparation && (
            <Card.Root variant="subtle" bg="brand.subtle">
              <Card.Body>
                <Heading as="h2" size="md" mb="1">
                  {t`How to prepare`}
                </Heading>
                <Text>{preparation}</Text>
              </Card.Body>
            </Card.Root>
          )}
        </Stack>

        <Stack gap="4" as="section" aria-labelledby="labs-heading">
          <Heading as="h2" size="xl" id="labs-heading">
            {t`Labs offering this test`}
          </Heading>
          {labs.isError ? (
            <ErrorState title={t`Error fetching labs`} error={labs.error} onRetry={() => void labs.refetch()} />
          ) : labs.isPending ? (
            <Stack gap="3">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} height="24" rounded="lg" />
              ))}
            </Stack>
          ) : labs.data.length === 0 ? (
            <EmptyState>{t`No lab offers this test yet.`}</EmptyState>
          ) : (
            <Stack gap="3" as="ul" listStyleType="none">
              {labs.data.map((lab) => {
                const selected = lab.id === selectedLab;
                return (
                  <Box as="li" key={lab.lab_test_id} ref={selected ? selectedRef : undefined}>
                    <Card.Root
                      variant="outline"
                      borderColor={selected ? 'brand.solid' : undefined}
                      borderWidth={selected ? '2px' : '1px'}
                      {...drawnWhenNear(`lab-offer:${lab.lab_test_id}`, { base: '220px', md: '130px' })}
                      data-testid="lab-offer"
                    >
                      <Card.Body>
                        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
                          <Stack gap="1">
                            <Link to="/labs/$labId" params={{ labId: lab.id }}>
                              <Text fontWeight="bold" fontSize="lg" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                                <bdi>{localized(locale, lab.lab_name_ar, lab.lab_name_en)}</bdi>
                              </Text>
                            </Link>
                            <HStack gap="1" color="fg.muted" fontSize="sm">
                              <MapPin size={14} aria-hidden />
                              <Text>{localized(locale, lab.address_ar, lab.address_en)}</Text>
                            </HStack>
                            <Rating rating={lab.rating} reviews={lab.review_count} />
                            <HomeCollectionBadge fee={lab.home_collection_fee} />
                            {inNetwork(lab.id) && <InNetworkBadge />}
                          </Stack>
                          <Stack align={{ base: 'stretch', md: 'end' }} gap="2" flexShrink={0}>
                            <Price value={lab.price} fontSize="xl" color="brand.fg" />
                            <HStack gap="2">
                              <Button variant="outline" size="sm" onClick={() => chooseLab(lab.id, false)}>
                                <ShoppingCart aria-hidden />
                                {t`Add to Cart`}
                              </Button>
                              <Button colorPalette="brand" size="sm" onClick={() => chooseLab(lab.id, true)}>
                                <CalendarCheck aria-hidden />
                                {t`Book Now`}
                              </Button>
                            </HStack>
                          </Stack>
                        </Stack>
                      </Card.Body>
                    </Card.Root>
                    {selected && (
                      <Box mt="2">
                        <BookingPanel
                          focusOnOpen={chosenHere}
                          offer={{
                            labId: lab.id,
                            labTestId: lab.lab_test_id,
                            labNameAr: lab.lab_name_ar,
                            labNameEn: lab.lab_name_en,
                            testNameAr: data.name_ar,
                            testNameEn: data.name_en,
                            price: lab.price,
                            timeZone: lab.time_zone,
                            homeCollectionFee: lab.home_collection_fee,
                            homeRadiusKm: lab.home_radius_km,
                            labLatitude: lab.latitude,
                            labLongitude: lab.longitude,
                            fastingHours: data.fasting_hours,
                            fastingUntil: lab.fasting_until,
                            judgedByAgeOrSex: data.judgedByAgeOrSex,
                          }}
                        />
                      </Box>
                    )}
                  </Box>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
