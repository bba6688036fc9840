import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/marketing/privacy-policy-page.tsx';
import { loadPageCatalog } from '../lib/locale.ts';

export const Route = createFileRoute('/privacy-policy')({
  loader: () => loadPageCatalog('legal'),
  component: PrivacyPolicyPage,
});
