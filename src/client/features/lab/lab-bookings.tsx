import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ClipboardPen, Upload, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LAB_BOOKING_SORTS, LAB_BOOKING_STATUSES } from '../../../shared/list-schemas.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ExportLink } from '../../components/export-link.tsx';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';
import { CollectorOnTheWayButton } from './collector-on-the-way.tsx';
import { type LabBooking, LabBookingCard } from './lab-booking-card.tsx';
import { LabWaitlistCard } from './lab-waitlist-card.tsx';

/** The time now, moved on every half minute: a booking's complete button opens at its start without a reload. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The lab's bookings (only its own tests), a page at a time, searched on the server (lab.bookings),
 * with mark-completed (from the booking's start on, after a confirmation naming the patient and the
 * test), entering results as values, and a shortcut to upload a result file.
 */
export function LabBookings({
  list,
  onUploadResult,
  onEnterResults,
}: {
  list: ListControl;
  onUploadResult: (bookingId: string) => void;
  onEnterResults: (bookingId: string) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  /** The booking whose outcome the lab is confirming: completed, or its patient did not come. */
  const [closing, setClosing] = useState<{ booking: LabBooking; outcome: 'completed' | 'no_show' } | null>(null);
  const { search } = list;
  const sort = searchChoice(search.sort, LAB_BOOKING_SORTS) ?? 'latest';
  const status = searchChoice(search.filter, LAB_BOOKING_STATUSES) ?? 'all';
  const bookings = useQuery({
    ...trpc.lab.bookings.queryOptions({ q: search.q, sort, status, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const outcomeOptions = (success: string) => ({
    onSuccess: () => {
      setClosing(null);
      notify.success({ title: success });
      for (const key of [trpc.lab.bookings.queryKey(), trpc.lab.overview.queryKey(), trpc.lab.payments.queryKey()]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (error: Parameters<typeof errorMessage>[1]) => {
      setClosing(null);
      notify.error({ title: t`Could not update the booking`, description: errorMessage(i18n, error) });
    },
  });
  const complete = useMutation(trpc.lab.completeBooking.mutationOptions(outcomeOptions(t`The booking has been marked as completed.`)));
  const noShow = useMutation(trpc.lab.markNoShow.mutationOptions(outcomeOptions(t`The booking has been marked as a no-show.`)));
  const closingWhat =
    closing &&
    t`Patient: ${isolated(closing.booking.patient_name)}. Test: ${isolated(localized(locale, closing.booking.test_name_ar, closing.booking.test_name_en))}.`;

  const filtered = Boolean(search.q) || status !== 'all';
  const total = bookings.data?.total;
  const visible = bookings.data?.items ?? [];

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Bookings`}
        description={
          total === undefined
            ? undefined
            : filtered
              ? t`${plural(total, { one: '# booking matches.', other: '# bookings match.' })}`
              : t`${plural(total, { one: '# booking of your tests', other: '# bookings of your tests' })}`
        }
      />
      <ListToolbar
        control={list}
        placeholder={t`Search by patient, test or booking number`}
        label={t`Search bookings`}
        sorts={[
          { value: 'latest', label: t`Latest appointment first` },
          { value: 'earliest', label: t`Earliest appointment first` },
        ]}
        filterLabel={t`Show bookings`}
        filters={[
          { value: 'all', label: t`All bookings` },
          { value: 'confirmed', label: t`Pending` },
          { value: 'completed', label: t`Completed` },
          { value: 'no_show', label: t`Missed` },
          { value: 'cancelled', label: t`Cancelled` },
        ]}
      >
        <ExportLink name="bookings" filters={{ status: status === 'all' ? undefined : status, q: search.q }} />
      </ListToolbar>
      {bookings.isError ? (
        <ErrorState title={t`Error fetching bookings`} error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : bookings.isPending ? (
        <Stack gap="3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="24" rounded="lg" />
          ))}
        </Stack>
      ) : visible.length === 0 ? (
        <EmptyState>
          {filtered ? t`No bookings match.` : t`No bookings yet. They will appear here as soon as patients book your tests.`}
        </EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" opacity={bookings.isPlaceholderData ? 0.6 : 1} aria-busy={bookings.isFetching}>
          {visible.map((booking) => (
            <LabBookingCard
              key={booking.id}
              booking={booking}
              actions={
                // A cancelled visit, or one the patient missed, takes no results (issue #77 item 2).
                booking.status !== 'cancelled' &&
                booking.status !== 'no_show' && (
                  <HStack gap="2" wrap="wrap">
                    <Button size="xs" variant="outline" onClick={() => onEnterResults(booking.id)}>
                      <ClipboardPen aria-hidden />
                      {t`Enter results`}
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => onUploadResult(booking.id)}>
                      <Upload aria-hidden />
                      {t`Upload result`}
                    </Button>
                    {booking.status === 'confirmed' && booking.collection === 'home' && (
                      <CollectorOnTheWayButton booking={booking} now={now} />
                    )}
                    {booking.status === 'confirmed' && (
                      <OutcomeButtons
                        booking={booking}
                        now={now}
                        onComplete={() => setClosing({ booking, outcome: 'completed' })}
                        onNoShow={() => setClosing({ booking, outcome: 'no_show' })}
                      />
                    )}
                  </HStack>
                )
              }
            />
          ))}
        </Stack>
      )}
      <PageButtons control={list} nextCursor={bookings.data?.nextCursor} fetching={bookings.isFetching} />
      <LabWaitlistCard />
      <ConfirmDialog
        open={closing?.outcome === 'completed'}
        title={t`Mark this booking as completed?`}
        description={closingWhat && `${closingWhat} ${t`Mark the booking as completed only once the sample has been taken.`}`}
        keepLabel={t`Not yet`}
        actionLabel={t`Mark as completed`}
        busy={complete.isPending}
        onKeep={() => setClosing(null)}
        onConfirm={() => closing && complete.mutate({ id: closing.booking.id })}
        testId="complete-booking-dialog"
      />
      <ConfirmDialog
        open={closing?.outcome === 'no_show'}
        title={t`Record that the patient did not come?`}
        description={closingWhat && `${closingWhat} ${t`The patient sees the booking as missed, and it is not refunded.`}`}
        keepLabel={t`Keep it open`}
        actionLabel={t`Mark as no-show`}
        busy={noShow.isPending}
        onKeep={() => setClosing(null)}
        onConfirm={() => closing && noShow.mutate({ id: closing.booking.id })}
        testId="no-show-dialog"
      />
    </Stack>
  );
}

/**
 * Mark-completed and mark-no-show, open from the booking's start (its slot's, or its home visit
 * window's); before it, why not yet. A visit with results happened: no mark-no-show then.
 */
function OutcomeButtons({
  booking,
  now,
  onComplete,
  onNoShow,
}: {
  booking: LabBooking;
  now: number;
  onComplete: () => void;
  onNoShow: () => void;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const startsAt = new Date(booking.booking_time);
  const started = startsAt.getTime() <= now;
  const start = `${formatDate(startsAt, locale, booking.time_zone)} ${formatTime(startsAt, locale, booking.time_zone)}`;
  const reasonId = `complete-from-${booking.id}`;
  return (
    <Stack gap="1" align={{ base: 'start', md: 'end' }}>
      <HStack gap="2" wrap="wrap">
        <Button size="xs" colorPalette="brand" disabled={!started} aria-describedby={started ? undefined : reasonId} onClick={onComplete}>
          <CheckCheck aria-hidden />
          {t`Mark as completed`}
        </Button>
        {started && !booking.has_results && (
          <Button size="xs" variant="outline" colorPalette="orange" onClick={onNoShow}>
            <UserX aria-hidden />
            {t`Patient did not come`}
          </Button>
        )}
      </HStack>
      {!started && (
        <Text id={reasonId} fontSize="xs" color="fg.muted" data-testid="complete-not-yet">
          {t`You can complete this booking from its start time, ${isolated(start)}.`}
        </Text>
      )}
    </Stack>
  );
}
