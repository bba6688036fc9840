import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatSar } from '../../../shared/money.ts';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { localized } from '../../lib/bidi.ts';
import { cityName } from '../../lib/city-names.ts';
import { formatNumber, formatPeriod } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { PeriodPicker, usePeriod } from './period-picker.tsx';
import { SERIES_COLOURS, StatsChart } from './stats-chart.tsx';

const colour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

/** The admin's charts: bookings and revenue per period, by city and by lab, new customers, store sales. */
export function AdminStats() {
  const { t } = useLingui();
  const locale = activeLocale();
  const [period, setPeriod] = usePeriod();
  const stats = useQuery({ ...trpc.admin.stats.queryOptions(period), placeholderData: keepPreviousData });
  const count = (value: number) => formatNumber(value, locale);
  const money = (value: number, short: boolean) => formatSar(value, locale, { whole: short });
  const data = stats.data;
  const labels = data?.periods.map((start) => formatPeriod(start, data.granularity, locale)) ?? [];
  const empty =
    data &&
    data.total.bookings === 0 &&
    data.total.revenue === 0 &&
    data.newCustomers.every((value) => value === 0) &&
    data.storeSales.orders.every((value) => value === 0);

  return (
    <Stack gap="5">
      <SectionTitle title={t`Statistics`} description={t`Bookings, revenue, customers and store sales over time, in Riyadh time.`} />
      <PeriodPicker value={period} onChange={setPeriod} />
      {stats.isError ? (
        <ErrorState title={t`Error fetching statistics`} error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !data ? (
        <Skeleton height="72" rounded="lg" />
      ) : empty ? (
        <EmptyState>{t`Nothing happened in this period.`}</EmptyState>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <StatsChart
            testId="chart-bookings"
            title={t`Bookings`}
            summary={t`${count(data.total.bookings)} bookings in this period`}
            labels={labels}
            series={[{ name: t`Bookings`, values: data.bookings, color: colour(0) }]}
            kind="bar"
            format={count}
          />
          <StatsChart
            testId="chart-revenue"
            title={t`Revenue`}
            summary={t`${money(data.total.revenue, false)} from completed bookings`}
            labels={labels}
            series={[{ name: t`Revenue`, values: data.revenue, color: colour(1) }]}
            kind="line"
            format={money}
          />
          <StatsChart
            testId="chart-cities"
            title={t`Bookings by city`}
            summary={t`Each lab's city`}
            labels={labels}
            series={data.byCity.map((city, index) => ({
              name: cityName(city.city, locale) || t`No city`,
              values: city.bookings,
              color: colour(index),
            }))}
            kind="bar"
            stacked
            format={count}
          />
          <StatsChart
            testId="chart-labs"
            title={t`Revenue by lab`}
            summary={t`The labs that brought in the most, the others together`}
            labels={labels}
            series={data.byLab.map((lab, index) => ({
              name: lab.labId ? localized(locale, lab.nameAr, lab.nameEn) : t`Other labs`,
              values: lab.revenue,
              color: colour(index),
            }))}
            kind="bar"
            stacked
            format={money}
          />
          <StatsChart
            testId="chart-customers"
            title={t`New customers`}
            summary={t`${count(data.newCustomers.reduce((sum, value) => sum + value, 0))} new customers in this period`}
            labels={labels}
            series={[{ name: t`New customers`, values: data.newCustomers, color: colour(3) }]}
            kind="bar"
            format={count}
          />
          <StatsChart
            testId="chart-store"
            title={t`Store sales`}
            summary={t`${money(
              data.storeSales.revenue.reduce((sum, value) => sum + value, 0),
              false,
            )} from paid store orders`}
            labels={labels}
            series={[{ name: t`Store sales`, values: data.storeSales.revenue, color: colour(2) }]}
            kind="bar"
            format={money}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
