import { createFileRoute } from '@tanstack/react-router';
import { GuestLinkPage } from '../features/auth/guest-link-page.tsx';
import { searchLinkToken } from '../lib/plain-checks.ts';

export const Route = createFileRoute('/manage-booking')({
  validateSearch: (search): { token?: string } => ({ token: searchLinkToken(search.token) }),
  component: ManageBookingRoute,
});

function ManageBookingRoute() {
  const { token } = Route.useSearch();
  return <GuestLinkPage token={token} />;
}
