import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`Privacy Policy`} />;
}
