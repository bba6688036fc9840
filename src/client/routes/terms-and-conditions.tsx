import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/marketing/terms-page.tsx';
import { loadPageCatalog } from '../lib/locale.ts';

export const Route = createFileRoute('/terms-and-conditions')({
  loader: () => loadPageCatalog('legal'),
  component: TermsPage,
});
