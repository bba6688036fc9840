import { createFileRoute } from '@tanstack/react-router';
import { NewsletterLinkPage } from '../features/newsletter/newsletter-link-page.tsx';
import { searchLinkToken } from '../lib/plain-checks.ts';

export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: (search): { token?: string } => ({ token: searchLinkToken(search.token) }),
  component: function NewsletterRoute() {
    const { token } = Route.useSearch();
    return <NewsletterLinkPage action="confirm" token={token} />;
  },
});
