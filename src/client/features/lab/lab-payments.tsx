import { Box, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Banknote, House, Percent, Wallet } from 'lucide-react';
import { LAB_PAYMENT_SORTS } from '../../../shared/list-schemas.ts';
import { Figure } from '../../components/figure.tsx';
import type { ListControl } from '../../components/list-search.ts';
import { ListToolbar, PageButtons } from '../../components/paged-list.tsx';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle, StatCard } from '../../components/stat-card.tsx';
import { BookingStatusBadge } from '../../components/status-badge.tsx';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { searchChoice } from '../../lib/plain-checks.ts';
import { planNames } from '../../lib/plan-labels.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { LabPayouts } from './lab-payouts.tsx';

/**
 * What the lab earned, line by line from its ledger (ADR 0083): the bookings done (completed, and missed
 * ones, which are not refunded), each price with the commission of the day it was paid taken off and
 * home visit fees added, in all and a page of bookings at a time, searched on the server (lab.payments).
 * Its earnings are the Earned of its account below, to the halala; then its balance due and the
 * transfers it received (lab.payouts).
 */
export function LabPayments({ list }: { list: ListControl }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const { search } = list;
  const sort = searchChoice(search.sort, LAB_PAYMENT_SORTS) ?? 'newest';
  const payments = useQuery({
    ...trpc.lab.payments.queryOptions({ q: search.q, sort, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });

  if (payments.isError) {
    return <ErrorState title={t`Error fetching payments`} error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  const data = payments.data;
  const percent = data ? `${data.commission_percent}%` : '';
  return (
    <Stack gap="6">
      <SectionTitle
        title={t`Payments`}
        description={data && t`On the ${i18n._(planNames[data.plan])} plan, Tahaleel keeps ${percent} of each completed booking.`}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <StatCard
          icon={Banknote}
          label={t`Total of bookings done`}
          hint={t`Completed visits, and missed ones, which are not refunded`}
          value={data && <Price value={data.totals.gross} fontWeight="inherit" />}
          loading={payments.isPending}
        />
        <StatCard
          icon={House}
          label={t`Home visit fees`}
          value={data && <Price value={data.totals.home_visits} fontWeight="inherit" />}
          loading={payments.isPending}
        />
        <StatCard
          icon={Percent}
          label={t`Commission (${percent})`}
          value={data && <Price value={data.totals.commission} fontWeight="inherit" />}
          loading={payments.isPending}
        />
        <StatCard
          icon={Wallet}
          label={t`Your earnings`}
          hint={
            data && data.totals.promo_discounts > 0
              ? t`Bookings done less commission and the promo code discounts you offered, with home visit fees: Earned in your account below`
              : t`Bookings done less commission, with home visit fees: Earned in your account below`
          }
          value={data && <Price value={data.totals.net} fontWeight="inherit" />}
          loading={payments.isPending}
          testId="stat-net"
        />
      </SimpleGrid>
      <LabPayouts />
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h3" size="md">
            {t`Bookings done`}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <ListToolbar
              control={list}
              placeholder={t`Search by patient, test or booking number`}
              label={t`Search completed bookings`}
              sorts={[
                { value: 'newest', label: t`Latest completed first` },
                { value: 'oldest', label: t`Earliest completed first` },
              ]}
            />
            {payments.isPending ? (
              <Skeleton height="24" rounded="md" />
            ) : data!.items.length === 0 ? (
              <EmptyState>
                {search.q ? t`No bookings match.` : t`No completed bookings yet. Mark a booking as completed once its sample is taken.`}
              </EmptyState>
            ) : (
              <>
                <Stack
                  as="ul"
                  listStyleType="none"
                  gap="3"
                  hideFrom="md"
                  opacity={payments.isPlaceholderData ? 0.6 : 1}
                  aria-busy={payments.isFetching}
                >
                  {data!.items.map((item) => (
                    <Card.Root as="li" key={item.id} variant="outline" size="sm" data-testid="payment-card">
                      <Card.Body gap="3">
                        <PaymentWhat item={item} />
                        <SimpleGrid columns={2} gap="3" fontSize="sm">
                          <Figure label={t`Amount`}>
                            <Price value={item.amount} fontWeight="normal" />
                          </Figure>
                          <Figure label={t`Commission`}>
                            <Commission item={item} />
                            <LabPromo item={item} />
                          </Figure>
                          <Figure label={t`Home visit fee`}>
                            <HomeVisitFee item={item} />
                          </Figure>
                          <Figure label={t`Your earnings`}>
                            <Price value={item.net} />
                          </Figure>
                        </SimpleGrid>
                      </Card.Body>
                    </Card.Root>
                  ))}
                </Stack>
                <TableScrollArea
                  label={t`Bookings done`}
                  hideBelow="md"
                  opacity={payments.isPlaceholderData ? 0.6 : 1}
                  aria-busy={payments.isFetching}
                >
                  <Table.Root size="sm" variant="line">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t`Test`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Commission`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Home visit fee`}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t`Your earnings`}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {data!.items.map((item) => (
                        <Table.Row key={item.id} data-testid="payment-row">
                          <Table.Cell>
                            <Stack gap="0">
                              <Text fontWeight="medium">{localized(locale, item.test_name_ar, item.test_name_en)}</Text>
                              <Text fontSize="xs" color="fg.muted">
                                <bdi>{item.customer_name}</bdi>
                              </Text>
                              <NotCompleted item={item} />
                            </Stack>
                          </Table.Cell>
                          <Table.Cell whiteSpace="nowrap">
                            <CompletedOn item={item} />
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            <Price value={item.amount} fontWeight="normal" />
                          </Table.Cell>
                          <Table.Cell textAlign="end" color="fg.muted">
                            <Commission item={item} />
                            <LabPromo item={item} />
                          </Table.Cell>
                          <Table.Cell textAlign="end" color="fg.muted">
                            <HomeVisitFee item={item} />
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            <Price value={item.net} />
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </TableScrollArea>
              </>
            )}
            <PageButtons control={list} nextCursor={data?.nextCursor} fetching={payments.isFetching} />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

type Payment = RouterOutputs['lab']['payments']['items'][number];

/** On a phone: the test, the patient and the day, above the figures. */
function PaymentWhat({ item }: { item: Payment }) {
  const locale = activeLocale();
  return (
    <Stack gap="0.5">
      <Text fontWeight="semibold">{localized(locale, item.test_name_ar, item.test_name_en)}</Text>
      <Text fontSize="sm" color="fg.muted">
        <bdi>{item.customer_name}</bdi> · <CompletedOn item={item} />
      </Text>
      <NotCompleted item={item} />
    </Stack>
  );
}

/** When it was completed; a missed visit or a cancelled one, by its appointment's day. */
function CompletedOn({ item }: { item: Payment }) {
  return <>{formatDate(new Date(item.completed_at ?? item.booking_time), activeLocale(), item.time_zone)}</>;
}

/** A booking earned from without being completed says so: missed (not refunded), or cancelled with a home visit's fee kept. */
function NotCompleted({ item }: { item: Payment }) {
  if (item.status === 'completed') return null;
  return (
    <Box>
      <BookingStatusBadge status={item.status} />
    </Box>
  );
}

function Commission({ item }: { item: Payment }) {
  return (
    <HStack justify={{ base: 'start', md: 'end' }} gap="0">
      <Text as="span">−</Text>
      <Price value={item.commission} fontWeight="normal" />
    </HStack>
  );
}

/** A promo code's discount the lab offered on this booking (ADR 0092): off its earnings, as the commission is. */
function LabPromo({ item }: { item: Payment }) {
  const { t } = useLingui();
  if (item.promo_discount === 0) return null;
  return (
    <HStack justify={{ base: 'start', md: 'end' }} gap="1" fontSize="xs" data-testid="payment-promo">
      <Text as="span">{t`Promo code`}</Text>
      <Text as="span">−</Text>
      <Price value={item.promo_discount} fontWeight="normal" />
    </HStack>
  );
}

function HomeVisitFee({ item }: { item: Payment }) {
  if (item.home_visit_fee <= 0) return <>—</>;
  return (
    <HStack justify={{ base: 'start', md: 'end' }} gap="0">
      <Text as="span">+</Text>
      <Price value={item.home_visit_fee} fontWeight="normal" />
    </HStack>
  );
}
