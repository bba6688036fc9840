import { Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { OrderStatusBadge } from '../admin/store/order-status.tsx';

/** The customer's own store orders, newest first, with where each one is. */
export function MyStoreOrders() {
  const { t } = useLingui();
  const locale = activeLocale();
  const orders = useInfiniteQuery(
    trpc.store.myOrders.infiniteQueryOptions({ limit: 10 }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="5">
      <SectionTitle title={t`My orders`} description={t`What you bought from the store and where it is.`} />
      {orders.isError ? (
        <ErrorState title={t`Error fetching your orders`} error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Skeleton height="32" rounded="lg" />
      ) : items.length === 0 ? (
        <EmptyState>{t`You have no store orders yet.`}</EmptyState>
      ) : (
        items.map((order) => (
          <Card.Root key={order.id} data-testid="my-store-order">
            <Card.Body gap="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <HStack gap="3">
                  <Text fontWeight="semibold" as="bdi">
                    {order.reference}
                  </Text>
                  <OrderStatusBadge status={order.status} />
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {formatDate(new Date(order.createdAt), locale)}
                </Text>
              </HStack>
              {order.lines.map((line) => (
                <HStack key={line.variantId} justify="space-between" fontSize="sm" gap="3">
                  <Text>
                    {line.productTitle} · {line.variantTitle}
                  </Text>
                  <Text as="bdi" whiteSpace="nowrap">
                    {line.quantity} × {line.unitPriceFormatted}
                  </Text>
                </HStack>
              ))}
              <HStack justify="space-between" wrap="wrap">
                {order.trackingNumber ? (
                  <Text fontSize="sm">
                    {t`Tracking number:`} <bdi>{order.trackingNumber}</bdi>
                  </Text>
                ) : (
                  <span />
                )}
                <Text as="bdi" fontWeight="semibold">
                  {order.totalFormatted}
                </Text>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))
      )}
      {orders.hasNextPage && (
        <Button variant="outline" alignSelf="center" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
          {t`Show more`}
        </Button>
      )}
    </Stack>
  );
}
