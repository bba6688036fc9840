import { accountProfileInput, changeEmailInput, changePasswordInput, mailPreferencesInput } from '../../../shared/schemas.ts';
import { blankSessionCookie } from '../../platform/session-cookie.ts';
import { router } from '../../trpc/init.ts';
import { signedInProcedure } from '../../trpc/procedures.ts';
import { resultAccessLog } from '../results/results.service.ts';
import * as account from './account.service.ts';

export const accountRouter = router({
  updateProfile: signedInProcedure
    .input(accountProfileInput)
    .mutation(({ ctx, input }) => account.updateProfile(ctx.db, ctx.user.id, input)),
  changePassword: signedInProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => account.changePassword(ctx.db, { userId: ctx.user.id, sessionId: ctx.session.id }, input)),
  changeEmail: signedInProcedure
    .input(changeEmailInput)
    .mutation(({ ctx, input }) => account.changeEmail(ctx.db, ctx.user.id, input, ctx.config.PUBLIC_URL)),
  updateMailPreferences: signedInProcedure
    .input(mailPreferencesInput)
    .mutation(({ ctx, input }) => account.updateMailPreferences(ctx.db, ctx.user.id, input)),
  /** Who opened the caller's results, newest first (none for an account that has no results of its own). */
  resultAccessLog: signedInProcedure.query(({ ctx }) => resultAccessLog(ctx.db, ctx.user.id)),
  /** Every device is signed out, this one too. */
  signOutEverywhere: signedInProcedure.mutation(async ({ ctx }) => {
    const result = await account.signOutEverywhere(ctx.db, ctx.user.id);
    ctx.setCookie(blankSessionCookie(ctx.config.PUBLIC_URL));
    return result;
  }),
});
