import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../lib/router-context.ts';
import { roleHomeInsteadOf } from './role-home.ts';

/** The pages that ask a signed-out visitor to sign in and then bring them back (the home page's `?sign_in=`). */
export const signInReturnPaths = ['/dashboard', '/admin/dashboard'] as const;
export type SignInReturnPath = (typeof signInReturnPaths)[number];

function sessionUser(context: RouterContext) {
  return context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()).catch(() => null);
}

/**
 * For the root route's beforeLoad: a lab or an admin who opens a page outside their area goes to
 * their dashboard before anything is drawn. The server's render answers with the same redirect, so
 * it never draws a public page that the client would leave while taking it over.
 */
export async function confineRole(context: RouterContext, pathname: string) {
  const user = await sessionUser(context);
  const home = user && roleHomeInsteadOf(user.user_type, pathname);
  if (home) throw redirect({ to: home, replace: true });
}

/**
 * For a route's beforeLoad: the signed-in user. A signed-out visitor goes home with the sign-in open
 * and comes back here once signed in; someone of another role just goes home (replace).
 */
export async function requireUser(context: RouterContext, returnTo: SignInReturnPath, role?: 'admin') {
  const user = await sessionUser(context);
  if (!user) throw redirect({ to: '/', search: { sign_in: returnTo }, replace: true });
  if (role && user.user_type !== role) throw redirect({ to: '/', replace: true });
  return { user };
}
