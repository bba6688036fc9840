import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { blankSessionCookie } from './session-cookie.ts';
import { invalidateSession } from './session.ts';

export const authRouter = router({
  /** The signed-in user merged with the profile, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** Revokes this session on the server and clears the cookie; harmless when signed out. */
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.setCookie(blankSessionCookie(ctx.config.PUBLIC_URL));
    return { signedOut: true as const };
  }),
});
