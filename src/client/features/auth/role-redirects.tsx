import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { useSession } from './use-session.ts';

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
    if (!user) return;
    if (user.user_type === 'admin' && !location.pathname.startsWith('/admin')) {
      void navigate({ to: '/admin/dashboard', replace: true });
    } else if (user.user_type === 'lab' && !location.pathname.startsWith('/dashboard')) {
      void navigate({ to: '/dashboard', replace: true });
    }
  }, [user, location.pathname, navigate]);

  // Google sends the browser back to /?auth_error=google when sign-in did not complete.
  const authError = new URLSearchParams(location.searchStr).get('auth_error');
  useEffect(() => {
    if (authError !== 'google') return;
    notify.error({ title: t`Google Sign-In Failed`, description: t`Could not sign in with Google.` });
    void navigate({ to: '/', replace: true });
  }, [authError, navigate, t]);

  return null;
}
