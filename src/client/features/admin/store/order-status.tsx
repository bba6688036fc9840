import { Badge } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { StoreOrderStatus } from '../../../../shared/store-admin-schemas.ts';

export const orderStatusLabels: Record<StoreOrderStatus, MessageDescriptor> = {
  pending: msg`Awaiting payment`,
  paid: msg`Paid`,
  fulfilled: msg`Prepared`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
};

const palettes: Record<StoreOrderStatus, string> = {
  pending: 'orange',
  paid: 'blue',
  fulfilled: 'purple',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'red',
  expired: 'gray',
};

export function OrderStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const known = status in orderStatusLabels ? (status as StoreOrderStatus) : null;
  return (
    <Badge colorPalette={known ? palettes[known] : 'gray'} variant="subtle" data-testid="order-status">
      {known ? i18n._(orderStatusLabels[known]) : status}
    </Badge>
  );
}
