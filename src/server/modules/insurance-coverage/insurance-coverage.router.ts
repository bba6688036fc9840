import { cartTestsInput, checkCoverageInput } from '../../../shared/insurance-coverage-schemas.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure } from '../../trpc/procedures.ts';
import { nphiesOptionsFromEnv } from '../nphies/nphies.service.ts';
import * as coverage from './insurance-coverage.service.ts';

// Coverage before paying (issue #80 item 4): a signed-in customer asks, for themselves or one of their
// family members, which tests their insurance covers at a lab on a day, and their share.
export const insuranceCoverageRouter = router({
  /** The cart's lines as the lab and catalogue test a check names (the cart keeps only the offering). */
  cartTests: customerProcedure.input(cartTestsInput).query(({ ctx, input }) => coverage.cartTests(ctx.db, input.labTestIds)),
  /** Per test covered, not covered or needing prior authorization, with the shares; or why it could not be asked. */
  check: customerProcedure
    .input(checkCoverageInput)
    .mutation(({ ctx, input }) => coverage.checkCoverage(ctx.db, ctx.keys, nphiesOptionsFromEnv(ctx.config), ctx.user.id, input)),
});
