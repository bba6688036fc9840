import { anonymousSignInInput, signInInput, signUpInput, upgradeAnonymousInput } from '../../../shared/schemas.ts';
import { invalidateSession } from '../../platform/session.ts';
import { blankSessionCookie, sessionCookie } from '../../platform/session-cookie.ts';
import type { TrpcContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import * as auth from './auth.service.ts';

function meta(ctx: TrpcContext): auth.RequestMeta {
  return { clientIp: ctx.clientIp, locale: ctx.locale, currentSessionId: ctx.session?.id ?? null };
}

function begin(ctx: TrpcContext, started: auth.StartedSession) {
  ctx.setCookie(sessionCookie(ctx.config.PUBLIC_URL, started.token, started.expiresAt));
  return started.user;
}

export const authRouter = router({
  /** The signed-in user merged with the profile, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** Which sign-in methods this server offers (Google only when configured). */
  providers: publicProcedure.query(({ ctx }) => ({ google: Boolean(ctx.config.GOOGLE_CLIENT_ID) })),

  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => begin(ctx, await auth.signUp(ctx.db, input, meta(ctx)))),

  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => begin(ctx, await auth.signIn(ctx.db, input, meta(ctx)))),

  signInAnonymously: publicProcedure
    .input(anonymousSignInInput)
    .mutation(async ({ ctx, input }) => begin(ctx, await auth.signInAnonymously(ctx.db, input, meta(ctx)))),

  upgradeAnonymous: signedInProcedure
    .input(upgradeAnonymousInput)
    .mutation(({ ctx, input }) => auth.upgradeAnonymous(ctx.db, ctx.user, input)),

  /** Revokes this session on the server and clears the cookie; harmless when signed out. */
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.setCookie(blankSessionCookie(ctx.config.PUBLIC_URL));
    return { signedOut: true as const };
  }),
});
