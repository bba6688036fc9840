import { Alert, List, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  CalendarCheck,
  CalendarClock,
  ClipboardList,
  FlaskConical,
  Hourglass,
  Landmark,
  Microscope,
  ShoppingBag,
  Users,
  Wallet,
} from 'lucide-react';
import { formatSar } from '../../../shared/money.ts';
import { Price } from '../../components/price.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { SectionTitle, StatCard } from '../../components/stat-card.tsx';
import { formatNumber, formatTime, intlLocale } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

export function AdminOverview() {
  const { t } = useLingui();
  const locale = activeLocale();
  const overview = useQuery(trpc.admin.overview.queryOptions());
  if (overview.isError)
    return <ErrorState title={t`Error fetching revenue`} error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const count = (value: number | undefined) => (value === undefined ? '' : formatNumber(value, locale));
  const loading = overview.isPending;
  return (
    <Stack gap="6">
      <SectionTitle title={t`Overview`} />
      {data && data.sms_budget_reached.length > 0 && <SmsBudgetAlert reached={data.sms_budget_reached} />}
      <StatCard
        icon={Wallet}
        label={t`Total revenue`}
        hint={t`Sum of completed bookings, VAT included`}
        value={data && <Price value={data.total_revenue} fontWeight="inherit" />}
        loading={loading}
        testId="total-revenue"
      />
      <StatCard
        icon={Landmark}
        label={t`Tahaleel's revenue`}
        hint={
          data &&
          t`Commission and booking fees less discounts, refunds deducted; VAT included: ${formatSar(data.platform_revenue.vat, locale)}`
        }
        value={data && <Price value={data.platform_revenue.net} fontWeight="inherit" />}
        loading={loading}
        testId="platform-revenue"
      />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard icon={Users} label={t`Customers`} value={count(data?.counts.customers)} loading={loading} />
        <StatCard icon={Microscope} label={t`Approved labs`} value={count(data?.counts.approved_labs)} loading={loading} />
        <StatCard
          icon={Hourglass}
          label={t`Labs awaiting approval`}
          value={count(data?.counts.pending_labs)}
          loading={loading}
          testId="pending-labs"
        />
        <StatCard
          icon={ClipboardList}
          label={t`Test requests to review`}
          value={count(data?.counts.pending_test_requests)}
          loading={loading}
        />
        <StatCard icon={FlaskConical} label={t`Tests in the catalogue`} value={count(data?.counts.tests)} loading={loading} />
        <StatCard icon={CalendarClock} label={t`Confirmed bookings`} value={count(data?.counts.confirmed_bookings)} loading={loading} />
        <StatCard icon={CalendarCheck} label={t`Completed bookings`} value={count(data?.counts.completed_bookings)} loading={loading} />
        <StatCard icon={ShoppingBag} label={t`Paid store orders`} value={count(data?.counts.paid_store_orders)} loading={loading} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Countries whose hourly budget of codes by SMS (SMS_HOURLY_BUDGET_PER_COUNTRY) was reached in the last
 * hour: codes to them are refused until their hour ends, and a sudden rise is how SMS pumping shows.
 */
function SmsBudgetAlert({ reached }: { reached: RouterOutputs['admin']['overview']['sms_budget_reached'] }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const regions = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
  return (
    <Alert.Root status="warning" role="alert" alignItems="start" data-testid="sms-budget-reached">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t`Codes by SMS reached their hourly budget`}</Alert.Title>
        <Alert.Description>
          {t`Codes to these countries are refused until their hour ends. A sudden rise in codes may be SMS pumping: check the log.`}
        </Alert.Description>
        <List.Root mt="2" ps="5">
          {reached.map(({ country, reached_at }) => {
            const name = regions.of(country) ?? country;
            const time = formatTime(new Date(reached_at), locale);
            return <List.Item key={country}>{t`${name}: budget reached at ${time}`}</List.Item>;
          })}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
