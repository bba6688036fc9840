import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/join-as-lab')({
  component: JoinAsLabPage,
});

function JoinAsLabPage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`Join Tahaleel as a lab`} />;
}
