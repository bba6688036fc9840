import { Button, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Upload } from 'lucide-react';
import { useState } from 'react';
import { ExportLink } from '../../components/export-link.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { LabBookingCard } from './lab-booking-card.tsx';

type Filter = 'all' | 'confirmed' | 'completed' | 'cancelled';

/** The lab's bookings (only its own tests), with mark-completed and a shortcut to upload a result. */
export function LabBookings({ onUploadResult }: { onUploadResult: (bookingId: string) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const bookings = useQuery(trpc.lab.bookings.queryOptions());
  const [filter, setFilter] = useState<Filter>('all');
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

  const filters: { id: Filter; label: string }[] = [
    { id: 'all', label: t`All` },
    { id: 'confirmed', label: t`Pending` },
    { id: 'completed', label: t`Completed` },
    { id: 'cancelled', label: t`Cancelled` },
  ];
  const shown = bookings.data?.filter((booking) => filter === 'all' || booking.status === filter) ?? [];

  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Bookings`}
        description={
          bookings.data
            ? t`${plural(bookings.data.length, { one: '# booking of your tests', other: '# bookings of your tests' })}`
            : undefined
        }
      />
      <HStack gap="2" wrap="wrap" justify="space-between">
        <HStack gap="2" wrap="wrap" role="group" aria-label={t`Show bookings`}>
          {filters.map((option) => (
            <Button
              key={option.id}
              size="sm"
              variant={filter === option.id ? 'solid' : 'outline'}
              colorPalette={filter === option.id ? 'brand' : 'gray'}
              aria-pressed={filter === option.id}
              onClick={() => setFilter(option.id)}
            >
              {option.label}
            </Button>
          ))}
        </HStack>
        <ExportLink name="bookings" filters={{ status: filter === 'all' ? undefined : filter }} />
      </HStack>
      {bookings.isError ? (
        <ErrorState title={t`Error fetching bookings`} error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : bookings.isPending ? (
        <Stack gap="3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="24" rounded="lg" />
          ))}
        </Stack>
      ) : shown.length === 0 ? (
        <EmptyState>
          {filter === 'all' ? t`No bookings yet. They will appear here as soon as patients book your tests.` : t`No bookings in this list.`}
        </EmptyState>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {shown.map((booking) => (
            <LabBookingCard
              key={booking.id}
              booking={booking}
              actions={
                booking.status !== 'cancelled' && (
                  <HStack gap="2" wrap="wrap">
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
    </Stack>
  );
}
