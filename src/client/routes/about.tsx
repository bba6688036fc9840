import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/page-placeholder.tsx';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

function AboutPage() {
  const { t } = useLingui();
  return <PagePlaceholder title={t`About us`} />;
}
