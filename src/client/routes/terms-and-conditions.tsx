import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/marketing/terms-page.tsx';

export const Route = createFileRoute('/terms-and-conditions')({
  component: TermsPage,
});
