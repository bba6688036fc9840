import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatSar } from '../../../shared/money.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatClock, formatNumber, formatPeriod, formatWeekday } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { PeriodPicker, usePeriod } from './period-picker.tsx';
import { SERIES_COLOURS, StatsChart } from './stats-chart.tsx';

/** The lab's charts: its bookings and revenue over time, its busiest weekdays and hours, its top tests. */
export function LabStats() {
  const { t } = useLingui();
  const locale = activeLocale();
  const [period, setPeriod] = usePeriod();
  const stats = useQuery({ ...trpc.lab.stats.queryOptions(period), placeholderData: keepPreviousData });
  const count = (value: number) => formatNumber(value, locale);
  const money = (value: number, short: boolean) => formatSar(value, locale, { whole: short });
  const data = stats.data;
  const labels = data?.periods.map((start) => formatPeriod(start, data.granularity, locale)) ?? [];

  return (
    <Stack gap="5">
      <SectionTitle title={t`Statistics`} description={t`Your bookings and revenue over time, in Riyadh time.`} />
      <PeriodPicker value={period} onChange={setPeriod} />
      {stats.isError ? (
        <ErrorState title={t`Error fetching statistics`} error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !data ? (
        <Skeleton height="72" rounded="lg" />
      ) : data.total.bookings === 0 && data.total.revenue === 0 ? (
        <EmptyState>{t`No bookings in this period.`}</EmptyState>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <StatsChart
            testId="chart-bookings"
            title={t`Bookings`}
            summary={t`${count(data.total.bookings)} bookings in this period`}
            labels={labels}
            series={[{ name: t`Bookings`, values: data.bookings, color: SERIES_COLOURS[0]! }]}
            kind="bar"
            format={count}
          />
          <StatsChart
            testId="chart-revenue"
            title={t`Revenue`}
            summary={t`${money(data.total.revenue, false)} from completed bookings`}
            labels={labels}
            series={[{ name: t`Revenue`, values: data.revenue, color: SERIES_COLOURS[1]! }]}
            kind="line"
            format={money}
          />
          <StatsChart
            testId="chart-weekdays"
            title={t`Busiest weekdays`}
            summary={t`Appointments by day of the week`}
            labelHeading={t`Day`}
            labels={data.weekdays.map((_, day) => formatWeekday(day, locale))}
            series={[{ name: t`Appointments`, values: data.weekdays, color: SERIES_COLOURS[2]! }]}
            kind="bar"
            format={count}
          />
          <StatsChart
            testId="chart-hours"
            title={t`Busiest hours`}
            summary={t`Appointments by hour of the day`}
            labelHeading={t`Hour`}
            labels={data.hours.map((_, hour) => formatClock(`${hour}:00`, locale))}
            series={[{ name: t`Appointments`, values: data.hours, color: SERIES_COLOURS[3]! }]}
            kind="bar"
            format={count}
          />
          <StatsChart
            testId="chart-tests"
            title={t`Top tests`}
            summary={t`The tests booked most in this period`}
            labelHeading={t`Test`}
            labels={data.topTests.map((test) => localized(locale, test.nameAr, test.nameEn))}
            series={[{ name: t`Bookings`, values: data.topTests.map((test) => test.bookings), color: SERIES_COLOURS[0]! }]}
            kind="bar"
            format={count}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
