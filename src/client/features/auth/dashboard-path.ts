import type { UserType } from '../../../shared/locale.ts';

/** Where a signed-in user's own pages are: the admin's under /admin, everyone else's at /dashboard. */
export function dashboardPath(userType: UserType): '/admin/dashboard' | '/dashboard' {
  return userType === 'admin' ? '/admin/dashboard' : '/dashboard';
}
