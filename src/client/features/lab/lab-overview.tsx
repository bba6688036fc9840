import { Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarClock, CalendarDays, UserX, Wallet } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle, StatCard } from '../../components/stat-card.tsx';
import { DirectionalIcon } from '../../components/ui/directional-icon.tsx';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { LabBookingCard } from './lab-booking-card.tsx';

/**
 * Four figures (today, confirmed, revenue, the no-show rate) and the latest bookings, asked anew each time the section opens:
 * patients book while the lab works elsewhere in its dashboard.
 */
export function LabOverview({ onViewAll }: { onViewAll: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const overview = useQuery({ ...trpc.lab.overview.queryOptions(), refetchOnMount: 'always' });

  if (overview.isError) {
    return <ErrorState title={t`Error fetching your dashboard`} error={overview.error} onRetry={() => void overview.refetch()} />;
  }
  const data = overview.data;
  return (
    <Stack gap="6">
      <SectionTitle title={t`Overview`} />
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard
          icon={CalendarDays}
          label={t`Today's bookings`}
          value={data && formatNumber(data.today_bookings, locale)}
          loading={overview.isPending}
          testId="stat-today"
        />
        <StatCard
          icon={CalendarClock}
          label={t`Confirmed bookings`}
          value={data && formatNumber(data.confirmed_bookings, locale)}
          loading={overview.isPending}
          testId="stat-confirmed"
        />
        <StatCard
          icon={Wallet}
          label={t`Revenue`}
          hint={t`From completed bookings`}
          value={data && <Price value={data.revenue} fontWeight="inherit" />}
          loading={overview.isPending}
          testId="stat-revenue"
        />
        <StatCard
          icon={UserX}
          label={t`No-show rate`}
          hint={
            data &&
            t`${formatNumber(data.no_shows.count, locale)} of ${formatNumber(data.no_shows.of_visits, locale)} visits in the last ${formatNumber(data.no_shows.days, locale)} days`
          }
          value={data && (data.no_shows.of_visits === 0 ? '—' : formatPercent(data.no_shows.count / data.no_shows.of_visits, locale))}
          loading={overview.isPending}
          testId="stat-no-shows"
        />
      </SimpleGrid>
      <Card.Root variant="outline">
        <Card.Header>
          <HStack justify="space-between" gap="3">
            <Heading as="h3" size="md">
              {t`Recent bookings`}
            </Heading>
            <Button variant="ghost" size="sm" colorPalette="brand" onClick={onViewAll}>
              {t`View all`}
              <DirectionalIcon asChild boxSize="4">
                <ArrowRight aria-hidden />
              </DirectionalIcon>
            </Button>
          </HStack>
        </Card.Header>
        <Card.Body>
          {overview.isPending ? (
            <Stack gap="3">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} height="20" rounded="md" />
              ))}
            </Stack>
          ) : data!.recent_bookings.length === 0 ? (
            <EmptyState>{t`No bookings yet. They will appear here as soon as patients book your tests.`}</EmptyState>
          ) : (
            <Stack as="ul" listStyleType="none" gap="3">
              {data!.recent_bookings.map((booking) => (
                <LabBookingCard key={booking.id} booking={booking} />
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
