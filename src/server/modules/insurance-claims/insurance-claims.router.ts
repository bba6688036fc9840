import { resubmitClaimInput } from '../../../shared/insurance-claim-schemas.ts';
import { router } from '../../trpc/init.ts';
import { approvedLabProcedure } from '../../trpc/procedures.ts';
import { nphiesOptionsFromEnv } from '../nphies/nphies.service.ts';
import * as claims from './insurance-claims.service.ts';

// Claims after the visit (issue #80 item 5): the lab's claims to insurers through NPHIES, their status and
// NPHIES's reasons, and a rejected or failed one corrected and sent again.
export const insuranceClaimsRouter = router({
  /** The lab's claims, newest first. */
  mine: approvedLabProcedure.query(({ ctx }) => claims.labClaims(ctx.db, ctx.user.id)),
  /** A rejected or failed claim sent again, with a corrected diagnosis if given. */
  resubmit: approvedLabProcedure
    .input(resubmitClaimInput)
    .mutation(({ ctx, input }) => claims.resubmitClaim(ctx.db, ctx.keys, nphiesOptionsFromEnv(ctx.config), ctx.user.id, input)),
});
