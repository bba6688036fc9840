import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import {
  ArrowLeftRight,
  ChartColumn,
  ClipboardList,
  Gift,
  Landmark,
  Layers,
  LayoutDashboard,
  Microscope,
  Package,
  PackageCheck,
  RefreshCwOff,
  ScrollText,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Siren,
  Star,
  TestTubes,
  TicketPercent,
  Users,
} from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { changedListSearch, type ListControl, type ListSearch, listSearch } from '../components/list-search.ts';
import { AccountSettings } from '../features/account/account-settings.tsx';
import { AdminAnalytes } from '../features/admin/admin-analytes.tsx';
import { AdminAuditLog } from '../features/admin/admin-audit-log.tsx';
import { AdminCriticalValues } from '../features/admin/admin-critical-values.tsx';
import { AdminFailingRenewals } from '../features/admin/admin-failing-renewals.tsx';
import { AdminInsurers } from '../features/admin/admin-insurers.tsx';
import { AdminLabPayouts } from '../features/admin/admin-lab-payouts.tsx';
import { AdminLabs } from '../features/admin/admin-labs.tsx';
import { AdminOverview } from '../features/admin/admin-overview.tsx';
import { AdminPackages } from '../features/admin/admin-packages.tsx';
import { AdminPromoCodes } from '../features/admin/admin-promo-codes.tsx';
import { AdminReviews } from '../features/admin/admin-reviews.tsx';
import { AdminTestRequests } from '../features/admin/admin-test-requests.tsx';
import { AdminTransactions } from '../features/admin/admin-transactions.tsx';
import { AdminUsers } from '../features/admin/admin-users.tsx';
import { AdminWalletSettings } from '../features/admin/admin-wallet-settings.tsx';
import { AdminStoreCollections } from '../features/admin/store/admin-store-collections.tsx';
import { AdminStoreOrders } from '../features/admin/store/admin-store-orders.tsx';
import { AdminStoreProducts } from '../features/admin/store/admin-store-products.tsx';
import { PasswordConfirmDialog } from '../features/auth/password-confirm-dialog.tsx';
import { requireUser } from '../features/auth/require-user.ts';
import { DashboardHeader } from '../features/dashboard/dashboard-header.tsx';
import { type DashboardSection, DashboardShell } from '../features/dashboard/dashboard-shell.tsx';
import { AdminStats } from '../features/stats/admin-stats.tsx';
import { searchText } from '../lib/plain-checks.ts';
import { useSession } from '../lib/use-session.ts';
import { useSignOut } from '../lib/use-sign-out.ts';

export const Route = createFileRoute('/admin/dashboard')({
  // The section, and the list's page, search, order and filter in it (a reload or a link keeps them).
  validateSearch: (search): { section?: string } & ListSearch => ({ section: searchText(search.section), ...listSearch(search) }),
  staticData: { drawnWithItsQueries: true },
  beforeLoad: ({ context }) => requireUser(context, '/admin/dashboard', 'admin'),
  component: AdminDashboardPage,
});

function AdminDashboardPage() {
  const { t } = useLingui();
  const session = useSession();
  const context = Route.useRouteContext();
  const user = session.user ?? context.user;
  const signOut = useSignOut();
  const navigate = Route.useNavigate();
  const { section, q, sort, filter, cursor } = Route.useSearch();
  const onListChange = useCallback(
    (change: Partial<ListSearch>) => void navigate({ search: (previous) => changedListSearch(previous, change) }),
    [navigate],
  );
  const list: ListControl = useMemo(
    () => ({ search: { q, sort, filter, cursor }, onChange: onListChange }),
    [q, sort, filter, cursor, onListChange],
  );
  const sections: DashboardSection[] = [
    { id: 'overview', label: t`Overview`, icon: LayoutDashboard, render: () => <AdminOverview /> },
    { id: 'stats', label: t`Statistics`, icon: ChartColumn, render: () => <AdminStats /> },
    { id: 'labs', label: t`Labs`, icon: Microscope, render: () => <AdminLabs list={list} /> },
    { id: 'payouts', label: t`Lab payouts`, icon: Landmark, render: () => <AdminLabPayouts list={list} /> },
    { id: 'tests', label: t`Tests`, icon: ClipboardList, render: () => <AdminTestRequests list={list} /> },
    { id: 'packages', label: t`Packages`, icon: PackageCheck, render: () => <AdminPackages /> },
    { id: 'promo', label: t`Promo codes`, icon: TicketPercent, render: () => <AdminPromoCodes /> },
    { id: 'insurers', label: t`Insurers`, icon: ShieldCheck, render: () => <AdminInsurers /> },
    { id: 'wallet', label: t`Wallet and referrals`, icon: Gift, render: () => <AdminWalletSettings /> },
    { id: 'analytes', label: t`Analytes`, icon: TestTubes, render: () => <AdminAnalytes /> },
    { id: 'transactions', label: t`Transactions`, icon: ArrowLeftRight, render: () => <AdminTransactions list={list} /> },
    { id: 'users', label: t`Users`, icon: Users, render: () => <AdminUsers list={list} /> },
    { id: 'critical', label: t`Critical values`, icon: Siren, render: () => <AdminCriticalValues /> },
    { id: 'renewals', label: t`Failing renewals`, icon: RefreshCwOff, render: () => <AdminFailingRenewals list={list} /> },
    { id: 'reviews', label: t`Reviews`, icon: Star, render: () => <AdminReviews /> },
    { id: 'store', label: t`Store products`, icon: ShoppingBag, render: () => <AdminStoreProducts /> },
    { id: 'collections', label: t`Store collections`, icon: Layers, render: () => <AdminStoreCollections /> },
    { id: 'orders', label: t`Store orders`, icon: Package, render: () => <AdminStoreOrders /> },
    { id: 'audit', label: t`Audit log`, icon: ScrollText, render: () => <AdminAuditLog /> },
    { id: 'settings', label: t`Settings`, icon: Settings, render: () => <AccountSettings user={user} /> },
  ];
  return (
    <>
      <DashboardShell
        header={<DashboardHeader name={user.name} userType={user.user_type} tier={user.subscription_tier} />}
        sections={sections}
        active={section ?? 'overview'}
        onSelect={(id) => void navigate({ search: id === 'overview' ? {} : { section: id } })}
        onLogout={() => signOut.mutate()}
        loggingOut={signOut.isPending}
      />
      {/* Sensitive actions ask for the password again after 15 minutes, and go on once it is given. */}
      <PasswordConfirmDialog />
    </>
  );
}
