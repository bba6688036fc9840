import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/labs/')({
  component: LabsPage,
});

function LabsPage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`Labs`} />;
}
