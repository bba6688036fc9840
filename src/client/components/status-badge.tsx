import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { BOOKING_STATUSES, type BookingStatus } from '../../shared/booking-statuses.ts';

/** Whether a status read from a list that mixes bookings with other things is a booking's. */
export const isBookingStatus = (status: string): status is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(status);

/**
 * A booking's status in words: the one mapping every screen that shows one uses (the customer's bookings,
 * the lab's, the admin's transactions; issue #77 item 9). "confirmed" is what dashboards count as pending.
 */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useLingui();
  const label = { confirmed: t`Confirmed`, completed: t`Completed`, no_show: t`Missed`, cancelled: t`Cancelled` }[status];
  const palette = { confirmed: 'blue', completed: 'green', no_show: 'orange', cancelled: 'red' }[status];
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid="booking-status">
      {label}
    </Badge>
  );
}
