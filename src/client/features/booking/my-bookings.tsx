import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Repeat, User } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CANCEL_BEFORE_HOURS, canChangeBooking } from '../../../shared/cancellation.ts';
import { formatSar } from '../../../shared/money.ts';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { Stars } from '../../components/stars.tsx';
import { BookingStatusBadge } from '../../components/status-badge.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatHijriDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { HomeVisitLine } from './home-visit-line.tsx';
import { RescheduleBookingDialog } from './reschedule-booking-dialog.tsx';
import { type ReservedVisit, ReservedVisitRow } from './reserved-visit.tsx';
import { ReviewBookingDialog, type ReviewTarget } from './review-booking-dialog.tsx';

type Booking = RouterOutputs['booking']['mine'][number];
type Series = NonNullable<Booking['series']>;

/** A card of the list: a booking alone, or every visit of a series (issue #58). */
type BookingListCard = { series: null; booking: Booking } | { series: Series; visits: Booking[] };

/**
 * The cards of a list in its order: a series where its first visit in the list stands (the next to come
 * among the upcoming, the latest among the past), with all of its visits in `all`, in their order.
 */
function cards(items: Booking[], all: Booking[]): BookingListCard[] {
  const shown = new Set<string>();
  return items.flatMap((booking): BookingListCard[] => {
    const { series } = booking;
    if (!series) return [{ series: null, booking }];
    if (shown.has(series.id)) return [];
    shown.add(series.id);
    const visits = all.filter((visit) => visit.series?.id === series.id).sort((a, b) => a.series!.visit - b.series!.visit);
    return [{ series, visits }];
  });
}

/**
 * The customer's bookings, upcoming first, with change of time and cancel (after a confirmation that
 * says what is refunded) while the window of src/shared/cancellation.ts is open; `upcomingOnly` for an overview.
 */
export function MyBookings({ upcomingOnly = false }: { upcomingOnly?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const bookings = useQuery(trpc.booking.mine.queryOptions());
  // The visits of series paid each when due, reserved until paid: shown in their series' card.
  const reserved = useQuery(trpc.booking.reservedVisits.queryOptions());
  // Which completed bookings are reviewed; the list shows without it while it loads or if it fails.
  const reviews = useQuery({ ...trpc.reviews.mine.queryOptions(), enabled: !upcomingOnly });
  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const cancel = useMutation(
    trpc.booking.cancel.mutationOptions({
      onSuccess: (result) => {
        setConfirming(null);
        notify.success({
          title: t`Your booking has been cancelled.`,
          ...(result.refund > 0 && {
            description:
              result.refund_to_wallet >= result.refund
                ? t`${formatSar(result.refund, locale)} is back in your wallet.`
                : result.refund_to_wallet > 0
                  ? t`${formatSar(result.refund, locale)} will be refunded: ${formatSar(result.refund_to_wallet, locale)} of it to your wallet now, the rest to your original payment method.`
                  : t`${formatSar(result.refund, locale)} will be refunded to your original payment method.`,
          }),
        });
        void queryClient.invalidateQueries({ queryKey: trpc.booking.mine.queryKey() });
        if (result.refund_to_wallet > 0) void queryClient.invalidateQueries({ queryKey: trpc.wallet.pathKey() });
      },
      onError: (error) => notify.error({ title: t`Could not cancel the booking`, description: errorMessage(i18n, error) }),
    }),
  );

  if (bookings.isError)
    return <ErrorState title={t`Error fetching your bookings`} error={bookings.error} onRetry={() => void bookings.refetch()} />;
  if (bookings.isPending) return <Skeleton height="32" rounded="lg" />;

  const now = Date.now();
  const upcoming = bookings.data
    .filter((booking) => booking.status === 'confirmed' && new Date(booking.booking_time).getTime() > now)
    .reverse();
  // A series with a visit to come, booked or reserved, is shown whole among the upcoming bookings, its past visits with it.
  const reservedVisits = reserved.data ?? [];
  const upcomingSeries = new Set([
    ...upcoming.flatMap((booking) => (booking.series ? [booking.series.id] : [])),
    ...reservedVisits.map((visit) => visit.series.id),
  ]);
  const inUpcomingSeries = (booking: Booking) => booking.series !== null && upcomingSeries.has(booking.series.id);
  const upcomingItems = bookings.data.filter((booking) => upcoming.includes(booking) || inUpcomingSeries(booking));
  upcomingItems.sort((a, b) => a.booking_time.localeCompare(b.booking_time));
  const past = bookings.data.filter((booking) => !upcoming.includes(booking) && !inUpcomingSeries(booking));
  const whenOf = (booking: Booking) => {
    const when = new Date(booking.booking_time);
    return `${formatDate(when, locale, booking.time_zone)} · ${formatTime(when, locale, booking.time_zone)}`;
  };
  const toCancel = bookings.data.find((booking) => booking.id === confirming);
  const toMove = bookings.data.find((booking) => booking.id === moving);

  /** The side of a booking's card: what it cost, its review, and its change of time and cancel. */
  const aside = (booking: Booking) => {
    const changeable = booking.status === 'confirmed' && canChangeBooking(new Date(booking.booking_time), new Date(now));
    const review = reviews.data?.find((item) => item.booking_id === booking.id);
    const reviewable = booking.status === 'completed' && reviews.isSuccess && (!review || review.editable);
    const target: ReviewTarget = {
      bookingId: booking.id,
      labName: localized(locale, booking.lab_name_ar, booking.lab_name_en),
      testName: localized(locale, booking.test_name_ar, booking.test_name_en),
      ...(review && { review: { id: review.id, rating: review.rating, text: review.text } }),
    };
    return (
      <Stack align={{ base: 'start', md: 'end' }} gap="2">
        <Price value={booking.paid ? booking.charged : booking.total_price} data-testid="booking-charged" />
        {booking.refunded > 0 && (
          <Text fontSize="sm" color="green.fg" data-testid="booking-refunded">
            {t`Refunded`} <bdi>{formatSar(booking.refunded, locale)}</bdi>
          </Text>
        )}
        {review && (
          <HStack gap="2" data-testid="my-review">
            <Text fontSize="sm" color="fg.muted">
              {review.hidden ? t`Your review (hidden by Tahaleel)` : t`Your review`}
            </Text>
            <Stars value={review.rating} size={14} />
          </HStack>
        )}
        {reviewable && (
          <Button size="sm" variant={review ? 'outline' : 'solid'} colorPalette="brand" onClick={() => setReviewing(target)}>
            {review ? t`Edit review` : t`Rate this lab`}
          </Button>
        )}
        {changeable && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setMoving(booking.id)} data-testid="reschedule-booking">
              {t`Change time`}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(booking.id)}>
              {t`Cancel booking`}
            </Button>
          </HStack>
        )}
      </Stack>
    );
  };

  const list = (items: Booking[]) => (
    <Stack gap="3" as="ul" listStyleType="none">
      {cards(items, bookings.data).map((card) =>
        card.series ? (
          <SeriesBookingCard
            key={card.series.id}
            visits={card.visits}
            reserved={reservedVisits.filter((visit) => visit.series.id === card.series.id)}
            aside={aside}
          />
        ) : (
          <BookingCard key={card.booking.id} booking={card.booking} aside={aside} />
        ),
      )}
    </Stack>
  );

  return (
    <Stack gap="6">
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t`Upcoming bookings`}
        </Heading>
        {upcomingItems.length === 0 ? (
          <EmptyState>
            {t`You have no upcoming bookings.`}{' '}
            <Link to="/categories">
              <Text as="span" color="brand.fg" textDecoration="underline">
                {t`Find a test`}
              </Text>
            </Link>
          </EmptyState>
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              {t`You can move or cancel a booking up to ${CANCEL_BEFORE_HOURS} hours before its time, free of charge.`}
            </Text>
            {list(upcomingItems)}
          </>
        )}
      </Stack>
      {!upcomingOnly && past.length > 0 && (
        <Stack gap="3">
          <Heading as="h2" size="lg">
            {t`Past and cancelled bookings`}
          </Heading>
          {list(past)}
        </Stack>
      )}
      <CancelBookingDialog
        booking={
          toCancel
            ? {
                id: toCancel.id,
                testName: localized(locale, toCancel.test_name_ar, toCancel.test_name_en),
                when: whenOf(toCancel),
              }
            : null
        }
        cancelling={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate({ id: toCancel.id })}
        onClose={() => setConfirming(null)}
      />
      <RescheduleBookingDialog
        booking={
          toMove
            ? {
                id: toMove.id,
                labId: toMove.lab_id,
                labTestId: toMove.lab_test_id,
                timeZone: toMove.time_zone,
                home: toMove.collection === 'home',
                testName: localized(locale, toMove.test_name_ar, toMove.test_name_en),
                when: whenOf(toMove),
              }
            : null
        }
        onClose={() => setMoving(null)}
      />
      <ReviewBookingDialog target={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

/** What a booking's card aside shows: its cost, review, change of time and cancel (drawn by MyBookings). */
type Aside = (booking: Booking) => ReactNode;

function TestName({ booking }: { booking: Booking }) {
  const locale = activeLocale();
  return (
    <Link to="/test/$testName" params={{ testName: booking.test_name_en }}>
      <Text fontWeight="bold" color="brand.fg">
        {localized(locale, booking.test_name_ar, booking.test_name_en)}
      </Text>
    </Link>
  );
}

function LabAndPatient({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <>
      <Text fontSize="sm">
        <bdi>{localized(locale, booking.lab_name_ar, booking.lab_name_en)}</bdi>
      </Text>
      {booking.patient_name && (
        <HStack gap="1.5" fontSize="sm" data-testid="my-booking-patient">
          <User size={14} aria-hidden />
          <Text>{t`For ${isolated(booking.patient_name)}`}</Text>
        </HStack>
      )}
    </>
  );
}

function StatusBadges({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  return (
    <>
      <BookingStatusBadge status={booking.status} />
      {booking.rescheduled_at && booking.status === 'confirmed' && <Badge colorPalette="blue">{t`Time changed`}</Badge>}
    </>
  );
}

/** Its reference, day and time (a home visit's window, with where), and a missed visit's note. */
function BookingFacts({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const when = new Date(booking.booking_time);
  return (
    <>
      <Text fontSize="sm" color="fg.muted" data-testid="booking-reference">
        {t`Booking reference`}:{' '}
        <Text as="bdi" dir="ltr" fontFamily="mono" color="fg">
          {booking.reference}
        </Text>
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {formatDate(when, locale, booking.time_zone)} ·{' '}
        <bdi>
          {formatTime(when, locale, booking.time_zone)}
          {booking.window_ends_at && ` – ${formatTime(new Date(booking.window_ends_at), locale, booking.time_zone)}`}
        </bdi>{' '}
        · {formatHijriDate(when, locale, booking.time_zone)}
      </Text>
      {booking.collection === 'home' && booking.home_address && (
        <HomeVisitLine address={booking.home_address} leftAt={booking.collector_left_at} timeZone={booking.time_zone} />
      )}
      {booking.status === 'no_show' && (
        <Text fontSize="sm" color="orange.fg" data-testid="booking-missed">
          {t`The lab recorded that the patient did not come. A missed appointment is not refunded: a booking can be cancelled for a refund up to ${CANCEL_BEFORE_HOURS} hours before it.`}
        </Text>
      )}
    </>
  );
}

function BookingCard({ booking, aside }: { booking: Booking; aside: Aside }) {
  return (
    <Card.Root as="li" variant="outline" data-testid="my-booking" data-booking-id={booking.id}>
      <Card.Body>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <TestName booking={booking} />
              <StatusBadges booking={booking} />
            </HStack>
            <LabAndPatient booking={booking} />
            <BookingFacts booking={booking} />
          </Stack>
          {aside(booking)}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The visits of a series under one card (issue #58): the test, how often and how many visits, then each
 * visit, its place in the series, state and own actions, as each is moved or cancelled alone.
 */
export function SeriesBookingCard({ visits, reserved = [], aside }: { visits: Booking[]; reserved?: ReservedVisit[]; aside: Aside }) {
  const { t } = useLingui();
  const [first] = visits;
  if (!first?.series) return null;
  const { id, every_months: months, visits: count } = first.series;
  return (
    <Card.Root as="li" variant="outline" data-testid="my-booking-series" data-series-id={id}>
      <Card.Body gap="3">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <TestName booking={first} />
            <Badge colorPalette="brand" variant="subtle" data-testid="my-booking-series-rule">
              <Repeat size={12} aria-hidden />
              {t`${plural(months, { one: 'Every month', other: 'Every # months' })} · ${plural(count, { one: '# visit', other: '# visits' })}`}
            </Badge>
          </HStack>
          <LabAndPatient booking={first} />
        </Stack>
        {/* A line between visits drawn by each visit's own border: an <ol> holds only <li>s (axe "list"), so no separator element. */}
        <Stack
          as="ol"
          listStyleType="none"
          gap="3"
          css={{ '& > li + li': { borderTopWidth: '1px', borderTopColor: 'border', paddingTop: '3' } }}
        >
          {[...visits, ...reserved]
            .sort((a, b) => a.series!.visit - b.series!.visit)
            .map((visit) => {
              if (!('reference' in visit)) return <ReservedVisitRow key={visit.id} visit={visit} />;
              const place = visit.series?.visit;
              return (
                <Stack
                  as="li"
                  key={visit.id}
                  direction={{ base: 'column', md: 'row' }}
                  justify="space-between"
                  gap="3"
                  ps="3"
                  borderInlineStartWidth="2px"
                  borderColor={visit.status === 'confirmed' ? 'brand.solid' : 'border'}
                  data-testid="my-booking"
                  data-booking-id={visit.id}
                >
                  <Stack gap="1">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold" data-testid="my-booking-visit">
                        {t`Visit ${place} of ${count}`}
                      </Text>
                      <StatusBadges booking={visit} />
                    </HStack>
                    <BookingFacts booking={visit} />
                  </Stack>
                  {aside(visit)}
                </Stack>
              );
            })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
