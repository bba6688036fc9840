import type { UserType } from '../../../shared/locale.ts';
import { dashboardPath } from './dashboard-path.ts';

/** Pages opened from a mailed link, which every role must be able to finish on. */
const accountLinkPaths = ['/verify-email', '/reset-password', '/forgot-password', '/newsletter/confirm', '/newsletter/unsubscribe'];

/**
 * Where a signed-in user must go instead of `pathname`, or null when they may stay: an admin is kept
 * in /admin, a lab in /dashboard, a customer anywhere. A convenience only: every rule that matters is
 * enforced by the server's procedures.
 */
export function roleHomeInsteadOf(userType: UserType, pathname: string): '/admin/dashboard' | '/dashboard' | null {
  if (accountLinkPaths.includes(pathname)) return null;
  const confinedTo = { admin: '/admin', lab: '/dashboard', customer: null }[userType];
  return confinedTo && !pathname.startsWith(confinedTo) ? dashboardPath(userType) : null;
}
