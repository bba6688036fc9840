import { Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRANSACTION_KINDS, TRANSACTION_SORTS } from '../../../shared/list-schemas.ts';
import { ExportLink } from '../../components/export-link.tsx';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { BookingStatusBadge, isBookingStatus } from '../../components/status-badge.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { trpc } from '../../lib/trpc.ts';
import { OpenResultWithReason, OpenValuesWithReason } from '../results/open-result-with-reason.tsx';
import { OrderStatusBadge } from './store/order-status.tsx';

/** Lab-test bookings and store orders in one list, a page at a time, searched on the server (admin.transactions). */
export function AdminTransactions({ list }: { list: ListControl }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const { search } = list;
  const sort = searchChoice(search.sort, TRANSACTION_SORTS) ?? 'newest';
  const kind = searchChoice(search.filter, TRANSACTION_KINDS) ?? 'all';
  const transactions = useQuery({
    ...trpc.admin.transactions.queryOptions({ q: search.q, sort, kind, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  // What the gateway last said of the payment: every status Moyasar's payments have.
  const paymentStatus: Record<string, string> = {
    initiated: t`Payment started`,
    paid: t`Paid`,
    failed: t`Payment failed`,
    authorized: t`Authorized`,
    captured: t`Captured`,
    refunded: t`Refunded`,
    voided: t`Voided`,
    verified: t`Card verified`,
  };
  const visible = transactions.data?.items ?? [];

  return (
    <Stack gap="5">
      <SectionTitle title={t`Transactions`} description={t`Lab-test bookings and store orders, a page at a time.`} />
      <ListToolbar
        control={list}
        placeholder={t`Search by customer, e-mail, phone or reference`}
        label={t`Search transactions`}
        sorts={[
          { value: 'newest', label: t`Newest first` },
          { value: 'oldest', label: t`Oldest first` },
        ]}
        filterLabel={t`Show`}
        filters={[
          { value: 'all', label: t`All transactions` },
          { value: 'booking', label: t`Lab-test bookings` },
          { value: 'store_order', label: t`Store orders` },
        ]}
      >
        {/* The bookings on their own are the admin's bookings list: their file has every column a booking has. */}
        {kind === 'booking' ? (
          <ExportLink name="bookings" filters={{ q: search.q }} />
        ) : (
          <ExportLink name="transactions" filters={{ kind, q: search.q }} />
        )}
      </ListToolbar>
      {transactions.isError ? (
        <ErrorState title={t`Error fetching transactions`} error={transactions.error} onRetry={() => void transactions.refetch()} />
      ) : transactions.isPending ? (
        <Skeleton height="48" rounded="lg" />
      ) : visible.length === 0 ? (
        <EmptyState>{t`No transactions yet.`}</EmptyState>
      ) : (
        <TableScrollArea
          label={t`Transactions`}
          borderWidth="1px"
          rounded="lg"
          opacity={transactions.isPlaceholderData ? 0.6 : 1}
          aria-busy={transactions.isFetching}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Type`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Details`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Customer`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Status`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {visible.map((item) => {
                return (
                  <Table.Row key={`${item.kind}-${item.id}`} data-testid="admin-transaction">
                    <Table.Cell whiteSpace="nowrap">{formatDate(new Date(item.created_at), locale)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{item.kind === 'booking' ? t`Lab test` : t`Store order`}</Table.Cell>
                    <Table.Cell>
                      {item.kind === 'booking' ? (
                        <Stack gap="0">
                          <Text>{localized(locale, item.test_name_ar ?? '', item.test_name_en ?? '')}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            <bdi>{localized(locale, item.lab_name_ar ?? '', item.lab_name_en ?? '')}</bdi>
                          </Text>
                          {item.results.map((result) => (
                            <OpenResultWithReason key={result.id} id={result.id} fileName={result.file_name} />
                          ))}
                          {item.values_released && (
                            <OpenValuesWithReason
                              bookingId={item.id}
                              testName={localized(locale, item.test_name_ar ?? '', item.test_name_en ?? '')}
                            />
                          )}
                        </Stack>
                      ) : (
                        t`${plural(item.item_count, { one: '# item', other: '# items' })}`
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{item.customer_name ?? '—'}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="1" align="start">
                        {item.kind === 'booking' && isBookingStatus(item.status) ? (
                          <BookingStatusBadge status={item.status} />
                        ) : (
                          <OrderStatusBadge status={item.status} />
                        )}
                        {item.payment && (
                          <Stack gap="0" fontSize="xs" color="fg.muted" data-testid="admin-transaction-payment">
                            <Text>
                              {item.payment.provider === 'moyasar' ? 'Moyasar' : t`Simulated`} ·{' '}
                              {paymentStatus[item.payment.status] ?? item.payment.status}
                            </Text>
                            <Text as="bdi" dir="ltr" fontFamily="mono" title={item.payment.reference}>
                              {item.payment.reference}
                            </Text>
                            {item.payment.refunded > 0 && (
                              <Text color="orange.fg">
                                {t`Refunded`} <bdi>{formatCurrency(item.payment.refunded, item.currency, locale)}</bdi>
                              </Text>
                            )}
                          </Stack>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Text as="bdi" fontWeight="semibold" whiteSpace="nowrap">
                        {formatCurrency(item.amount, item.currency, locale)}
                      </Text>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
      <PageButtons control={list} nextCursor={transactions.data?.nextCursor} fetching={transactions.isFetching} />
    </Stack>
  );
}
