import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { LabBooking } from './lab-booking-card.tsx';

/** A collector may set out from this long before a home visit's window (the server's SET_OUT_BEFORE_MINUTES). */
const SET_OUT_BEFORE_MS = 120 * 60_000;

/**
 * "Collector on the way" on a confirmed home visit, from two hours before its window until the window ends:
 * the patient is texted at once, and the booking shows it to both (HomeVisitLine).
 */
export function CollectorOnTheWayButton({ booking, now }: { booking: LabBooking; now: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const setOut = useMutation(
    trpc.lab.collectorOnTheWay.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The patient has been told that the collector is on the way.` });
        void queryClient.invalidateQueries({ queryKey: trpc.lab.bookings.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Could not update the booking`, description: errorMessage(i18n, error) }),
    }),
  );
  const opens = new Date(booking.booking_time).getTime() - SET_OUT_BEFORE_MS;
  const ends = booking.window_ends_at ? new Date(booking.window_ends_at).getTime() : 0;
  if (booking.collector_left_at || now < opens || now >= ends) return null;
  return (
    <Button size="xs" variant="outline" colorPalette="brand" loading={setOut.isPending} onClick={() => setOut.mutate({ id: booking.id })}>
      <Truck aria-hidden />
      {t`Collector on the way`}
    </Button>
  );
}
