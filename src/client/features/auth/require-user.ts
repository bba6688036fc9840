import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../lib/router-context.ts';

/** For a route's beforeLoad: the signed-in user, or a redirect home (replace). */
export async function requireUser(context: RouterContext, role?: 'admin') {
  const user = await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()).catch(() => null);
  if (!user || (role && user.user_type !== role)) throw redirect({ to: '/', replace: true });
  return { user };
}
