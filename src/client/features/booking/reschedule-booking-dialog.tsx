import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CANCEL_BEFORE_HOURS } from '../../../shared/cancellation.ts';
import { todayIn } from '../../../shared/time.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolated } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { SlotPicker } from './slot-picker.tsx';

export interface ReschedulableBooking {
  id: string;
  labId: string;
  /** The test booked: one needing fasting moves only among the lab's morning times. */
  labTestId: number;
  timeZone: string;
  testName: string;
  when: string;
  /** A home collection moves between the lab's home visit windows. */
  home: boolean;
  /** A visit of a series reserved until paid (ADR 0075), not a booking: `id` is its hold's. */
  reserved?: boolean;
}

/**
 * Moves a booking to another day and time at the same lab: the lab's free times, then "Move booking".
 * The server takes the new seat and frees the old one together; a time taken meanwhile is refused
 * with its own message and the list of times is read again.
 */
export function RescheduleBookingDialog({ booking, onClose }: { booking: ReschedulableBooking | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const close = () => {
    setDate(null);
    setSlot(null);
    onClose();
  };
  const reschedule = useMutation(
    trpc.booking.reschedule.mutationOptions({
      onSuccess: () => {
        // Only an address is mailed: the account's, or the one a guest gave; nothing else is said to be sent.
        const address = user?.email ?? user?.contact_email;
        const email = address ? isolated(address) : null;
        notify.success({
          title: email ? t`Your booking has been moved. We have sent the new details to ${email}.` : t`Your booking has been moved.`,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.booking.mine.queryKey() });
        close();
      },
      onError: (error) => {
        notify.error({ title: t`Could not move the booking`, description: errorMessage(i18n, error) });
        setSlot(null);
        void queryClient.invalidateQueries({ queryKey: trpc.booking.availableSlots.queryKey() });
      },
    }),
  );
  const moveReserved = useMutation(
    trpc.booking.moveReservedVisit.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`The visit is reserved at its new time. Pay for it by two days before then.` });
        void queryClient.invalidateQueries({ queryKey: trpc.booking.reservedVisits.queryKey() });
        close();
      },
      onError: (error) => {
        notify.error({ title: t`Could not move the visit`, description: errorMessage(i18n, error) });
        setSlot(null);
        void queryClient.invalidateQueries({ queryKey: trpc.booking.availableSlots.queryKey() });
      },
    }),
  );
  const move = booking?.reserved ? moveReserved : reschedule;

  return (
    <FormDialog
      open={booking !== null}
      onClose={close}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      testId="reschedule-booking-dialog"
      title={t`Change the appointment`}
      submit={{
        label: booking?.reserved ? t`Move visit` : t`Move booking`,
        pending: move.isPending,
        disabled: !slot,
        testId: 'confirm-reschedule',
        onClick: () => booking && slot && move.mutate({ id: booking.id, bookingTime: slot }),
      }}
      cancel={{ label: t`Keep current time` }}
    >
      {booking && (
        <Stack gap="4">
          <Stack gap="1">
            <Text fontWeight="semibold">
              <bdi>{booking.testName}</bdi>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t`Now:`} {booking.when}
            </Text>
            <Dialog.Description fontSize="sm" color="fg.muted">
              {booking.reserved
                ? t`The visit stays reserved for you at its new time, to be paid for by two days before it.`
                : t`You can move or cancel a booking up to ${CANCEL_BEFORE_HOURS} hours before its time, free of charge.`}
            </Dialog.Description>
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="start">
            <BookingCalendar
              today={todayIn(booking.timeZone)}
              value={date}
              onChange={(next) => {
                setDate(next);
                setSlot(null);
              }}
            />
            <Stack flex="1" width="full" gap="2">
              {date ? (
                <SlotPicker
                  labId={booking.labId}
                  labTestId={booking.labTestId}
                  date={date}
                  timeZone={booking.timeZone}
                  value={slot}
                  onChange={setSlot}
                  home={booking.home}
                />
              ) : (
                <Text color="fg.muted">{t`Pick a day to see the free times.`}</Text>
              )}
            </Stack>
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}
