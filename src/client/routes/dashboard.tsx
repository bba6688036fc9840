import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import {
  Boxes,
  CalendarCheck,
  ChartColumn,
  FileCheck,
  FileText,
  FlaskConical,
  LayoutDashboard,
  Package,
  Receipt,
  Ruler,
  Settings,
  ShieldCheck,
  Sparkles,
  Star,
  Upload,
  Wallet,
} from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { PAYMENT_FAILURE_REASONS, type PaymentFailureReason } from '../../shared/payment-failures.ts';
import { labPlans } from '../../shared/plans.ts';
import { changedListSearch, type ListControl, type ListSearch, listSearch } from '../components/list-search.ts';
import { SectionTitle } from '../components/stat-card.tsx';
import { AccountSettings } from '../features/account/account-settings.tsx';
import { ConfirmEmailNotice } from '../features/account/confirm-email-notice.tsx';
import { PasswordConfirmDialog } from '../features/auth/password-confirm-dialog.tsx';
import { requireUser } from '../features/auth/require-user.ts';
import { MyInvoices } from '../features/billing/my-invoices.tsx';
import { MyBookings } from '../features/booking/my-bookings.tsx';
import { MyWaitlist } from '../features/booking/my-waitlist.tsx';
import { CustomerStats } from '../features/customer/customer-stats.tsx';
import { MyStoreOrders } from '../features/customer/my-store-orders.tsx';
import { DashboardHeader } from '../features/dashboard/dashboard-header.tsx';
import { type DashboardSection, DashboardShell } from '../features/dashboard/dashboard-shell.tsx';
import { LabApiKeys } from '../features/lab/lab-api-keys.tsx';
import { LabBookings } from '../features/lab/lab-bookings.tsx';
import { LabClaims } from '../features/lab/lab-claims.tsx';
import { LabInsurance } from '../features/lab/lab-insurance.tsx';
import { LabOverview } from '../features/lab/lab-overview.tsx';
import { LabPackages } from '../features/lab/lab-packages.tsx';
import { LabPayments } from '../features/lab/lab-payments.tsx';
import { LabProfileSettings } from '../features/lab/lab-profile-form.tsx';
import { LabReferenceIntervals } from '../features/lab/lab-reference-intervals.tsx';
import { LabReviewsPanel } from '../features/lab/lab-reviews.tsx';
import { LabTests } from '../features/lab/lab-tests.tsx';
import { UnderReviewNotice, WhileUnderReview } from '../features/lab/lab-under-review.tsx';
import { AnalysisSection } from '../features/results/analysis/analysis-section.tsx';
import { LabAnalysisSection } from '../features/results/analysis/lab-analysis-section.tsx';
import { AnalysisUpgradeProvider } from '../features/results/analysis/upgrade-slot.tsx';
import { LabResultDialog } from '../features/results/lab-result-form.tsx';
import { MyResults } from '../features/results/my-results.tsx';
import { UploadResultsPanel } from '../features/results/upload-results-panel.tsx';
import { LabStats } from '../features/stats/lab-stats.tsx';
import { AiAnalysisUpgrade } from '../features/subscriptions/ai-analysis-upgrade.tsx';
import { PlanCards } from '../features/subscriptions/plan-cards.tsx';
import {
  CARD_CHANGE_OUTCOMES,
  type CardChangeOutcome,
  PLAN_PAYMENT_OUTCOMES,
  type PlanPaymentOutcome,
} from '../features/subscriptions/plan-outcomes.ts';
import { PlanStatus } from '../features/subscriptions/plan-status.tsx';
import { MyWallet } from '../features/wallet/my-wallet.tsx';
import { localized } from '../lib/bidi.ts';
import { activeLocale } from '../lib/locale.ts';
import { searchChoice, searchText, searchUuid } from '../lib/plain-checks.ts';
import { trpc } from '../lib/trpc.ts';
import { type SessionUser, useSession } from '../lib/use-session.ts';
import { useSignOut } from '../lib/use-sign-out.ts';

export const Route = createFileRoute('/dashboard')({
  // The section, a booking to upload a result for, a report to open (the results mails link to it), and the list's page, search, order and filter (a reload or a link keeps them).
  validateSearch: (
    search,
  ): {
    section?: string;
    booking?: string;
    report?: string;
    payment?: PlanPaymentOutcome;
    card?: CardChangeOutcome;
    reason?: PaymentFailureReason;
  } & ListSearch => ({
    section: searchText(search.section),
    booking: searchUuid(search.booking),
    report: searchUuid(search.report),
    // Back from paying for the lab's plan (ADR 0042).
    payment: searchChoice(search.payment, PLAN_PAYMENT_OUTCOMES),
    // Back from saving a new card for the plan.
    card: searchChoice(search.card, CARD_CHANGE_OUTCOMES),
    // Why the plan's payment or the new card failed.
    reason: searchChoice(search.reason, PAYMENT_FAILURE_REASONS),
    ...listSearch(search),
  }),
  staticData: { drawnWithItsQueries: true },
  beforeLoad: async ({ context }) => {
    const { user } = await requireUser(context, '/dashboard');
    if (user.user_type === 'admin') throw redirect({ to: '/admin/dashboard', replace: true });
    return { user };
  },
  component: DashboardPage,
});

function DashboardPage() {
  const session = useSession();
  const context = Route.useRouteContext();
  const user = session.user ?? context.user;
  return (
    <>
      {user.user_type === 'lab' ? <LabDashboard user={user} /> : <CustomerDashboard user={user} />}
      {/* Adding a passkey asks for the password again after 15 minutes, and goes on once it is given. */}
      <PasswordConfirmDialog />
    </>
  );
}

/** The section in the URL (`?section=`), so a reload or a shared link opens the same one; overview has none. */
function useSection() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const select = (id: string, booking?: string) =>
    void navigate({ search: id === 'overview' ? {} : { section: id, ...(booking && { booking }) } });
  return { active: search.section ?? 'overview', booking: search.booking, select };
}

/** The section's paged list in the URL (ADR 0035): its search, order, filter and page. */
function useListControl(): ListControl {
  const navigate = Route.useNavigate();
  const { q, sort, filter, cursor } = Route.useSearch();
  const onChange = useCallback(
    (change: Partial<ListSearch>) => void navigate({ search: (previous) => changedListSearch(previous, change) }),
    [navigate],
  );
  return useMemo(() => ({ search: { q, sort, filter, cursor }, onChange }), [q, sort, filter, cursor, onChange]);
}

function LabDashboard({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const signOut = useSignOut();
  const { active, booking, select } = useSection();
  const { payment, card, reason } = Route.useSearch();
  const list = useListControl();
  // The booking whose results are being entered as values (a dialog over the bookings list).
  const [enteringResultsFor, setEnteringResultsFor] = useState<string | null>(null);
  const overview = useQuery(trpc.lab.overview.queryOptions());
  const lab = overview.data?.lab;
  const approved = user.approved;

  const sections: DashboardSection[] = [
    {
      id: 'overview',
      label: t`Overview`,
      icon: LayoutDashboard,
      render: () =>
        approved ? <LabOverview onViewAll={() => select('bookings')} /> : <WhileUnderReview onOpenSettings={() => select('settings')} />,
    },
    { id: 'stats', label: t`Statistics`, icon: ChartColumn, disabled: !approved, render: () => <LabStats /> },
    { id: 'tests', label: t`Tests`, icon: FlaskConical, disabled: !approved, render: () => <LabTests list={list} /> },
    { id: 'packages', label: t`Packages`, icon: Boxes, disabled: !approved, render: () => <LabPackages /> },
    { id: 'ranges', label: t`Reference intervals`, icon: Ruler, disabled: !approved, render: () => <LabReferenceIntervals /> },
    { id: 'insurance', label: t`Insurance`, icon: ShieldCheck, disabled: !approved, render: () => <LabInsurance /> },
    { id: 'claims', label: t`Insurance claims`, icon: FileCheck, disabled: !approved, render: () => <LabClaims list={list} /> },
    {
      id: 'ai-analysis',
      label: t`Results analysis`,
      icon: Sparkles,
      disabled: !approved,
      render: () => (user.subscription_tier === 'premium' ? <LabAnalysisSection /> : <AiAnalysisUpgrade audience="lab" />),
    },
    {
      id: 'upload-results',
      label: t`Upload results`,
      icon: Upload,
      disabled: !approved,
      render: () => <UploadResultsPanel preselectedBookingId={booking} list={list} />,
    },
    {
      id: 'payments',
      label: t`Payments`,
      icon: Wallet,
      disabled: !approved,
      render: () => (
        <Stack gap="10">
          <LabPayments list={list} />
          <Stack gap="8">
            <SectionTitle title={t`Your plan`} description={t`A higher plan lowers the commission on every completed booking.`} />
            <PlanStatus outcome={payment} cardChange={card} reason={reason} />
            <PlanCards plans={labPlans} audience="lab" currentTier={user.subscription_tier} />
          </Stack>
          <MyInvoices audience="lab" />
        </Stack>
      ),
    },
    {
      id: 'bookings',
      label: t`Bookings`,
      icon: CalendarCheck,
      disabled: !approved,
      render: () => (
        <>
          <LabBookings list={list} onUploadResult={(id) => select('upload-results', id)} onEnterResults={setEnteringResultsFor} />
          <LabResultDialog
            bookingId={enteringResultsFor}
            onClose={() => setEnteringResultsFor(null)}
            onUploadPdf={(id) => select('upload-results', id)}
          />
        </>
      ),
    },
    {
      id: 'reviews',
      label: t`Reviews`,
      icon: Star,
      disabled: !approved,
      render: () => <LabReviewsPanel labName={lab ? localized(locale, lab.lab_name_ar, lab.lab_name_en) : user.name} />,
    },
    {
      id: 'settings',
      label: t`Settings`,
      icon: Settings,
      render: () => (
        <Stack gap="10">
          <LabProfileSettings />
          {approved && <LabApiKeys />}
          <AccountSettings user={user} title={t`Account`} />
        </Stack>
      ),
    },
  ];

  return (
    <DashboardShell
      header={
        <Stack gap="4">
          <DashboardHeader
            name={lab ? localized(locale, lab.lab_name_ar, lab.lab_name_en) : user.name}
            userType="lab"
            tier={user.subscription_tier}
          />
          {!approved && <UnderReviewNotice />}
          <ConfirmEmailNotice user={user} />
        </Stack>
      }
      sections={sections}
      active={active}
      onSelect={select}
      onLogout={() => signOut.mutate()}
      loggingOut={signOut.isPending}
      disabledHint={approved ? undefined : t`Available once your lab is approved.`}
    />
  );
}

function CustomerDashboard({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const signOut = useSignOut();
  const { active, select } = useSection();
  const navigate = Route.useNavigate();
  const { report } = Route.useSearch();
  // Opening a report replaces the address rather than adding to the history, and leaves the page where it is.
  const openReport = (bookingId: string | undefined) =>
    void navigate({ search: { section: 'results', ...(bookingId && { report: bookingId }) }, replace: true, resetScroll: false });
  const sections: DashboardSection[] = [
    {
      id: 'overview',
      label: t`Overview`,
      icon: LayoutDashboard,
      render: () => (
        <Stack gap="6">
          <SectionTitle title={t`Overview`} />
          <CustomerStats />
          <MyWaitlist />
          <MyBookings upcomingOnly />
        </Stack>
      ),
    },
    {
      id: 'bookings',
      label: t`Bookings`,
      icon: CalendarCheck,
      render: () => (
        <Stack gap="6">
          <SectionTitle title={t`Bookings`} />
          <MyWaitlist />
          <MyBookings />
        </Stack>
      ),
    },
    { id: 'results', label: t`My results`, icon: FileText, render: () => <MyResults openReport={report} onOpenReport={openReport} /> },
    { id: 'orders', label: t`My orders`, icon: Package, render: () => <MyStoreOrders /> },
    { id: 'invoices', label: t`Invoices`, icon: Receipt, render: () => <MyInvoices /> },
    { id: 'wallet', label: t`Wallet`, icon: Wallet, render: () => <MyWallet /> },
    { id: 'ai-analysis', label: t`Results analysis`, icon: Sparkles, render: () => <AnalysisSection /> },
    { id: 'settings', label: t`Settings`, icon: Settings, render: () => <AccountSettings user={user} /> },
  ];
  return (
    <AnalysisUpgradeProvider value={<AiAnalysisUpgrade audience="customer" />}>
      <DashboardShell
        header={
          <Stack gap="4">
            <DashboardHeader name={user.name} userType={user.user_type} tier={user.subscription_tier} />
            <ConfirmEmailNotice user={user} />
          </Stack>
        }
        sections={sections}
        active={active}
        onSelect={select}
        onLogout={() => signOut.mutate()}
        loggingOut={signOut.isPending}
      />
    </AnalysisUpgradeProvider>
  );
}
