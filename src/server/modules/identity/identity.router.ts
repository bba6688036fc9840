import { confirmNafathInput, holderNationalIdInput, nafathRequestInput, startNafathInput } from '../../../shared/identity.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure } from '../../trpc/procedures.ts';
import * as identity from './identity.service.ts';

/** National ID / iqama numbers and their verification by Nafath (issue #80, ADR 0096): the account holder's own, and their family's. */
export const identityRouter = router({
  /** The account holder's own number, and whether Nafath verified it. */
  mine: customerProcedure.query(({ ctx }) => identity.holderIdentity(ctx.db, ctx.user.id)),
  /** A new number for the account holder ('' takes it away); a changed number is no longer verified. */
  setNationalId: customerProcedure
    .input(holderNationalIdInput)
    .mutation(({ ctx, input }) => identity.setHolderNationalId(ctx.db, ctx.user.id, input.nationalId)),
  /** "Verify with Nafath" for the holder or one of their members: the number to pick in the Nafath app. */
  startNafath: customerProcedure.input(startNafathInput).mutation(({ ctx, input }) =>
    identity.startNafath(ctx.db, ctx.nafath, input, {
      userId: ctx.user.id,
      locale: ctx.locale,
      clientIp: ctx.clientIp,
      lifetimeSeconds: ctx.config.NAFATH_REQUEST_LIFETIME_SECONDS,
      ...(ctx.log && { log: ctx.log }),
    }),
  ),
  /** Where the caller's request stands (the page asks every few seconds). */
  nafathStatus: customerProcedure
    .input(nafathRequestInput)
    .query(({ ctx, input }) =>
      identity.nafathStatus(ctx.db, ctx.nafath, { userId: ctx.user.id, requestId: input.requestId, ...(ctx.log && { log: ctx.log }) }),
    ),
  /** Whether the name Nafath gave is the person's: yes verifies the number, no leaves it unverified. */
  confirmNafath: customerProcedure
    .input(confirmNafathInput)
    .mutation(({ ctx, input }) => identity.confirmNafathName(ctx.db, { userId: ctx.user.id, ...input })),
});
