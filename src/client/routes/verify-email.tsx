import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { searchLinkToken } from '../lib/plain-checks.ts';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search): { token?: string } => ({ token: searchLinkToken(search.token) }),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
