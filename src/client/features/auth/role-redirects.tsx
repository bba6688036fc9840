import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { useSession } from '../../lib/use-session.ts';
import { roleHomeInsteadOf } from './role-home.ts';

/**
 * Keeps each role in its place when the session changes on a page (signing in through the modal):
 * an admin in /admin, a lab in /dashboard. A page load is redirected before it is drawn, on the
 * server and in the client alike (`confineRole`, routes/__root.tsx).
 */
export function RoleRedirects() {
  const { t } = useLingui();
  const { user } = useSession();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const location = useRouterState({ select: (state) => state.location });

  useEffect(() => {
    const home = user && roleHomeInsteadOf(user.user_type, location.pathname);
    if (home) void navigate({ to: home, replace: true });
  }, [user, location.pathname, navigate]);

  // Google sends the browser back to /?auth_error=google when sign-in did not complete
  // (`google_unverified` has its own notice on the home page).
  const authError = new URLSearchParams(location.searchStr).get('auth_error');
  useEffect(() => {
    if (authError !== 'google') return;
    notify.error({ title: t`Google Sign-In Failed`, description: t`Could not sign in with Google.` });
    void navigate({ to: '/', replace: true });
  }, [authError, navigate, t]);

  // Google was right, and the account asks for its second factor next (`/?second_factor=1`).
  const secondFactor = new URLSearchParams(location.searchStr).get('second_factor') === '1';
  const openAuthModal = authModal.open;
  useEffect(() => {
    if (!secondFactor) return;
    openAuthModal('second-factor');
    void navigate({ to: '/', replace: true });
  }, [secondFactor, openAuthModal, navigate]);

  return null;
}
