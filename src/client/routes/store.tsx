import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/store')({
  component: StorePage,
});

function StorePage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`Our Store`} />;
}
