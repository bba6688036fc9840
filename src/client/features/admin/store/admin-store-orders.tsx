import { Button, Card, Field, Grid, HStack, Input, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STORE_ORDER_STATUSES, type StoreOrderStatus } from '../../../../shared/store-admin-schemas.ts';
import { ExportLink } from '../../../components/export-link.tsx';
import { EmptyState, ErrorState } from '../../../components/query-state.tsx';
import { SectionTitle } from '../../../components/stat-card.tsx';
import { TableScrollArea } from '../../../components/table-scroll-area.tsx';
import { notify } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { trpc } from '../../../lib/trpc.ts';
import { ExternallyManaged } from './externally-managed.tsx';
import { OrderStatusBadge, orderStatusLabels } from './order-status.tsx';

/** Store orders after checkout, newest first, filtered by status, days and customer; each opens its page. */
export function AdminStoreOrders() {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const mode = useQuery(trpc.storeAdmin.mode.queryOptions());
  const [status, setStatus] = useState<StoreOrderStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const orders = useInfiniteQuery(
    trpc.storeAdmin.orders.infiniteQueryOptions(
      { limit: 25, status: status || undefined, from: from || undefined, to: to || undefined, q: q.trim() || undefined },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, enabled: mode.data?.managedExternally === false },
    ),
  );
  if (mode.data?.managedExternally) return <ExternallyManaged title={t`Store orders`} />;
  if (open) return <AdminStoreOrder orderId={open} onClose={() => setOpen(null)} />;
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="5">
      <SectionTitle title={t`Store orders`} description={t`Paid orders to prepare, ship and deliver, newest first.`} />
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
        <Field.Root flex="1">
          <Field.Label>{t`Customer or order number`}</Field.Label>
          <Input type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder={t`Name, e-mail, phone or ST-…`} />
        </Field.Root>
        <Field.Root width={{ md: '44' }}>
          <Field.Label>{t`Status`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(event) => setStatus(event.currentTarget.value as StoreOrderStatus | '')}>
              <option value="">{t`All after payment`}</option>
              {STORE_ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {i18n._(orderStatusLabels[value])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ md: '40' }}>
          <Field.Label>{t`From`}</Field.Label>
          <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </Field.Root>
        <Field.Root width={{ md: '40' }}>
          <Field.Label>{t`To`}</Field.Label>
          <Input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </Field.Root>
        <ExportLink name="orders" filters={{ status, from, to, q: q.trim() }} />
      </Stack>
      {orders.isError ? (
        <ErrorState title={t`Error fetching orders`} error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : items.length === 0 ? (
        <EmptyState>{t`No orders match.`}</EmptyState>
      ) : (
        <TableScrollArea label={t`Store orders`} borderWidth="1px" rounded="lg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Order`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Customer`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Items`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Status`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Total`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((order) => (
                <Table.Row key={order.id} data-testid="admin-store-order">
                  <Table.Cell>
                    <Button variant="plain" size="sm" p="0" height="auto" textDecoration="underline" onClick={() => setOpen(order.id)}>
                      <bdi>{order.reference}</bdi>
                    </Button>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(new Date(order.createdAt), locale)}</Table.Cell>
                  <Table.Cell>
                    <bdi>{order.customerName ?? '—'}</bdi>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{t`${plural(order.itemCount, { one: '# item', other: '# items' })}`}</Table.Cell>
                  <Table.Cell>
                    <OrderStatusBadge status={order.status} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Text as="bdi" fontWeight="semibold" whiteSpace="nowrap">
                      {order.totalFormatted}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      {orders.hasNextPage && (
        <Button variant="outline" alignSelf="center" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
          {t`Show more`}
        </Button>
      )}
    </Stack>
  );
}

/** One order: what was bought, where it goes, and the next step it may take. */
function AdminStoreOrder({ orderId, onClose }: { orderId: string; onClose(): void }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const order = useQuery(trpc.storeAdmin.order.queryOptions({ orderId }));
  const [tracking, setTracking] = useState('');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const move = useMutation(
    trpc.storeAdmin.setOrderStatus.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Order updated` });
        setConfirmingCancel(false);
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.order.queryKey({ orderId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.orders.pathKey() });
      },
      onError: (error) => notify.error({ title: t`The order was not changed`, description: errorMessage(i18n, error) }),
    }),
  );
  if (order.isError) return <ErrorState title={t`Error fetching the order`} error={order.error} onRetry={() => void order.refetch()} />;
  if (order.isPending) return <Skeleton height="96" rounded="lg" />;
  const data = order.data;
  const when = (iso: string | null) => (iso ? `${formatDate(new Date(iso), locale)} ${formatTime(new Date(iso), locale)}` : null);
  const steps = [
    { label: t`Ordered`, at: when(data.createdAt) },
    { label: t`Paid`, at: when(data.paidAt) },
    { label: t`Prepared`, at: when(data.fulfilledAt) },
    { label: t`Shipped`, at: when(data.shippedAt) },
    { label: t`Delivered`, at: when(data.deliveredAt) },
    { label: t`Cancelled`, at: when(data.cancelledAt) },
    { label: t`Refunded`, at: when(data.refundedAt) },
  ].filter((step) => step.at);
  return (
    <Stack gap="5" data-testid="admin-store-order-page">
      <SectionTitle
        title={t`Order ${data.reference}`}
        actions={
          <Button variant="outline" size="sm" onClick={onClose}>
            {t`Back to orders`}
          </Button>
        }
      />
      <HStack gap="3" wrap="wrap">
        <OrderStatusBadge status={data.status} />
        <Text as="bdi" fontWeight="semibold">
          {data.totalFormatted}
        </Text>
        {data.trackingNumber && (
          <Text fontSize="sm">
            {t`Tracking number:`} <bdi data-testid="tracking-number">{data.trackingNumber}</bdi>
          </Text>
        )}
      </HStack>
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
        <Card.Root>
          <Card.Header>
            <Text fontWeight="semibold">{t`Items`}</Text>
          </Card.Header>
          <Card.Body gap="3">
            {data.lines.map((line) => (
              <HStack key={line.variantId} justify="space-between" gap="3" data-testid="order-line">
                <Stack gap="0">
                  <Text fontWeight="medium">{line.productTitle}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {line.variantTitle} · <bdi>{line.sku}</bdi>
                  </Text>
                </Stack>
                <Text as="bdi" whiteSpace="nowrap">
                  {line.quantity} × {line.unitPriceFormatted}
                </Text>
              </HStack>
            ))}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Text fontWeight="semibold">{t`Customer and delivery`}</Text>
          </Card.Header>
          <Card.Body gap="1" fontSize="sm">
            <Text fontWeight="medium">
              <bdi>{data.customerName ?? '—'}</bdi>
            </Text>
            {data.customerEmail && <bdi>{data.customerEmail}</bdi>}
            {data.customerPhone && <bdi>{data.customerPhone}</bdi>}
            {data.shipping && (
              <Text color="fg.muted">
                {[data.shipping.buildingNumber, data.shipping.street, data.shipping.district, data.shipping.city, data.shipping.postalCode]
                  .filter(Boolean)
                  .join('، ')}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Grid>
      <Card.Root>
        <Card.Header>
          <Text fontWeight="semibold">{t`History`}</Text>
        </Card.Header>
        <Card.Body gap="1" fontSize="sm">
          {steps.map((step) => (
            <HStack key={step.label} gap="3">
              <Text fontWeight="medium" minW="24">
                {step.label}
              </Text>
              <Text color="fg.muted">{step.at}</Text>
            </HStack>
          ))}
        </Card.Body>
      </Card.Root>
      {data.nextSteps.length > 0 && (
        <Card.Root>
          <Card.Header>
            <Text fontWeight="semibold">{t`Next step`}</Text>
            <Text
              fontSize="sm"
              color="fg.muted"
            >{t`An order only moves forward. Cancelling gives the stock back and refunds the payment.`}</Text>
          </Card.Header>
          <Card.Body>
            <HStack gap="3" wrap="wrap" align="end">
              {data.nextSteps.includes('fulfilled') && (
                <Button colorPalette="brand" loading={move.isPending} onClick={() => move.mutate({ orderId, status: 'fulfilled' })}>
                  {t`Mark as prepared`}
                </Button>
              )}
              {data.nextSteps.includes('shipped') && (
                <>
                  <Field.Root width="56" required>
                    <Field.Label>{t`Tracking number`}</Field.Label>
                    <Input dir="ltr" value={tracking} onChange={(event) => setTracking(event.target.value)} />
                  </Field.Root>
                  <Button
                    colorPalette="brand"
                    loading={move.isPending}
                    disabled={!tracking.trim()}
                    onClick={() => move.mutate({ orderId, status: 'shipped', trackingNumber: tracking })}
                  >
                    {t`Mark as shipped`}
                  </Button>
                </>
              )}
              {data.nextSteps.includes('delivered') && (
                <Button colorPalette="brand" loading={move.isPending} onClick={() => move.mutate({ orderId, status: 'delivered' })}>
                  {t`Mark as delivered`}
                </Button>
              )}
              {data.nextSteps.includes('cancelled') &&
                (confirmingCancel ? (
                  <HStack gap="2">
                    <Text fontSize="sm">{t`Cancel this order and refund ${data.totalFormatted}?`}</Text>
                    <Button
                      colorPalette="red"
                      size="sm"
                      loading={move.isPending}
                      onClick={() => move.mutate({ orderId, status: 'cancelled' })}
                    >
                      {t`Yes, cancel and refund`}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setConfirmingCancel(false)}>
                      {t`Keep the order`}
                    </Button>
                  </HStack>
                ) : (
                  <Button variant="outline" colorPalette="red" onClick={() => setConfirmingCancel(true)}>
                    {t`Cancel the order`}
                  </Button>
                ))}
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
