import { accountProfileInput, changePasswordInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { signedInProcedure } from '../../trpc/procedures.ts';
import * as account from './account.service.ts';

export const accountRouter = router({
  updateProfile: signedInProcedure
    .input(accountProfileInput)
    .mutation(({ ctx, input }) => account.updateProfile(ctx.db, ctx.user.id, input)),
  changePassword: signedInProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => account.changePassword(ctx.db, { userId: ctx.user.id, sessionId: ctx.session.id }, input)),
});
