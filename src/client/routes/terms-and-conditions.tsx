import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/terms-and-conditions')({
  component: TermsPage,
});

function TermsPage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`Terms & Conditions`} />;
}
