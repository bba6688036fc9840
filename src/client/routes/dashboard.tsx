import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`Dashboard`} />;
}
