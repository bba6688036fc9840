import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RouterOutputs } from '../lib/trpc.ts';

type BookingStatus = RouterOutputs['booking']['mine'][number]['status'];

/** A booking's status; "confirmed" is what dashboards count as pending. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useLingui();
  const label = { confirmed: t`Confirmed`, completed: t`Completed`, no_show: t`Missed`, cancelled: t`Cancelled` }[status];
  const palette = { confirmed: 'blue', completed: 'green', no_show: 'orange', cancelled: 'red' }[status];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}
