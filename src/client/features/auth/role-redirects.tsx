import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { dashboardPath } from './dashboard-path.ts';
import { useSession } from './use-session.ts';

/** Pages opened from a mailed link, which every role must be able to finish on. */
const accountLinkPaths = ['/verify-email', '/reset-password', '/forgot-password', '/newsletter/confirm', '/newsletter/unsubscribe'];

/**
 * Keeps each role in its place once the session is known: an admin in /admin, a lab in /dashboard.
 * A convenience only: every rule that matters is enforced by the server's procedures.
 */
export function RoleRedirects() {
  const { t } = useLingui();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useRouterState({ select: (state) => state.location });

  useEffect(() => {
    if (!user || accountLinkPaths.includes(location.pathname)) return;
    const confinedTo = { admin: '/admin', lab: '/dashboard', customer: null }[user.user_type];
    if (confinedTo && !location.pathname.startsWith(confinedTo)) {
      void navigate({ to: dashboardPath(user.user_type), replace: true });
    }
  }, [user, location.pathname, navigate]);

  // Google sends the browser back to /?auth_error=google when sign-in did not complete
  // (`google_unverified` has its own notice on the home page).
  const authError = new URLSearchParams(location.searchStr).get('auth_error');
  useEffect(() => {
    if (authError !== 'google') return;
    notify.error({ title: t`Google Sign-In Failed`, description: t`Could not sign in with Google.` });
    void navigate({ to: '/', replace: true });
  }, [authError, navigate, t]);

  return null;
}
