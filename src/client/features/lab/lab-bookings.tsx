import { Button, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ClipboardPen, Upload } from 'lucide-react';
import { LAB_BOOKING_SORTS, LAB_BOOKING_STATUSES } from '../../../shared/list-schemas.ts';
import { ExportLink } from '../../components/export-link.tsx';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';
import { LabBookingCard } from './lab-booking-card.tsx';

/**
 * The lab's bookings (only its own tests), a page at a time, searched on the server (lab.bookings),
 * with mark-completed, entering results as values, and a shortcut to upload a result file.
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
  const queryClient = useQueryClient();
  const { search } = list;
  const sort = searchChoice(search.sort, LAB_BOOKING_SORTS) ?? 'latest';
  const status = searchChoice(search.filter, LAB_BOOKING_STATUSES) ?? 'all';
  const bookings = useQuery({
    ...trpc.lab.bookings.queryOptions({ q: search.q, sort, status, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const complete = useMutation(
    trpc.lab.completeBooking.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The booking has been marked as completed.` });
        for (const key of [trpc.lab.bookings.queryKey(), trpc.lab.overview.queryKey(), trpc.lab.payments.queryKey()]) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      },
      onError: (error) => notify.error({ title: t`Could not update the booking`, description: errorMessage(i18n, error) }),
    }),
  );

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
                booking.status !== 'cancelled' && (
                  <HStack gap="2" wrap="wrap">
                    <Button size="xs" variant="outline" onClick={() => onEnterResults(booking.id)}>
                      <ClipboardPen aria-hidden />
                      {t`Enter results`}
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => onUploadResult(booking.id)}>
                      <Upload aria-hidden />
                      {t`Upload result`}
                    </Button>
                    {booking.status === 'confirmed' && (
                      <Button
                        size="xs"
                        colorPalette="brand"
                        loading={complete.isPending && complete.variables?.id === booking.id}
                        onClick={() => complete.mutate({ id: booking.id })}
                      >
                        <CheckCheck aria-hidden />
                        {t`Mark as completed`}
                      </Button>
                    )}
                  </HStack>
                )
              }
            />
          ))}
        </Stack>
      )}
      <PageButtons control={list} nextCursor={bookings.data?.nextCursor} fetching={bookings.isFetching} />
    </Stack>
  );
}
