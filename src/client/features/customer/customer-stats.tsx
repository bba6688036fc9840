import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, FileText, FlaskConical } from 'lucide-react';
import { StatCard } from '../../components/stat-card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/** Upcoming bookings, completed tests and results ready, from the customer's own data. */
export function CustomerStats() {
  const { t } = useLingui();
  const locale = activeLocale();
  const bookings = useQuery(trpc.booking.mine.queryOptions());
  const results = useQuery(trpc.results.mine.queryOptions());
  const now = Date.now();
  const upcoming = bookings.data?.filter(
    (booking) => booking.status === 'confirmed' && new Date(booking.booking_time).getTime() > now,
  ).length;
  const completed = bookings.data?.filter((booking) => booking.status === 'completed').length;
  const count = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value, locale));
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatCard
        icon={CalendarClock}
        label={t`Upcoming bookings`}
        value={count(upcoming)}
        loading={bookings.isPending}
        testId="stat-upcoming"
      />
      <StatCard icon={FlaskConical} label={t`Completed tests`} value={count(completed)} loading={bookings.isPending} />
      <StatCard
        icon={FileText}
        label={t`Results ready`}
        value={count(results.data?.length)}
        loading={results.isPending}
        testId="stat-results"
      />
    </SimpleGrid>
  );
}
