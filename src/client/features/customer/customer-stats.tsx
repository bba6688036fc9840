import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, FileText, FlaskConical } from 'lucide-react';
import { StatCard } from '../../components/stat-card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Upcoming bookings, completed tests and results ready, from the customer's own data. Results ready counts
 * the visits whose results they can read, as values or as a file (issue #77 item 17: a Premium customer's
 * twelve reports of values were "0" beside twelve completed tests, when only files were counted).
 */
export function CustomerStats() {
  const { t } = useLingui();
  const locale = activeLocale();
  const bookings = useQuery(trpc.booking.mine.queryOptions());
  const files = useQuery(trpc.results.mine.queryOptions());
  const reports = useQuery(trpc.results.reports.queryOptions());
  const now = Date.now();
  const upcoming = bookings.data?.filter(
    (booking) => booking.status === 'confirmed' && new Date(booking.booking_time).getTime() > now,
  ).length;
  const completed = bookings.data?.filter((booking) => booking.status === 'completed').length;
  const visitsWithResults =
    files.data && reports.data
      ? new Set([...files.data.map((file) => file.booking_id), ...reports.data.map((report) => report.bookingId)]).size
      : undefined;
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
        hint={t`Visits whose values or result file you can read`}
        value={count(visitsWithResults)}
        loading={files.isPending || reports.isPending}
        testId="stat-results"
      />
    </SimpleGrid>
  );
}
