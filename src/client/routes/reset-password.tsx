import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { searchLinkToken } from '../lib/plain-checks.ts';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search): { token?: string } => ({ token: searchLinkToken(search.token) }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
