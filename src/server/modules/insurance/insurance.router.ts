import { personInsuranceInput, personRef, saveInsurerInput } from '../../../shared/insurance-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, customerProcedure, publicProcedure } from '../../trpc/procedures.ts';
import * as insurance from './insurance.service.ts';

// Health insurance (ADR 0094): the insurers anyone may choose from, the admin's list, and a customer's cards.
export const insuranceRouter = router({
  /** The insurers in the Kingdom a person or a lab picks from (active ones). */
  insurers: publicProcedure.query(({ ctx }) => insurance.listInsurers(ctx.db, { activeOnly: true })),
  /** Every insurer, for the admin to keep. */
  allInsurers: adminProcedure.query(({ ctx }) => insurance.listInsurers(ctx.db, { activeOnly: false })),
  saveInsurer: adminProcedure.input(saveInsurerInput).mutation(({ ctx, input }) => insurance.saveInsurer(ctx.db, ctx.user.id, input)),
  /** The account's cards: the holder's and their family members'. */
  mine: customerProcedure.query(({ ctx }) => insurance.accountInsurance(ctx.db, ctx.user.id)),
  save: customerProcedure
    .input(personInsuranceInput)
    .mutation(({ ctx, input }) => insurance.savePersonInsurance(ctx.db, ctx.user.id, input)),
  remove: customerProcedure.input(personRef).mutation(async ({ ctx, input }) => {
    await insurance.removePersonInsurance(ctx.db, ctx.blobs, ctx.user.id, input.familyMemberId);
    return { removed: true as const };
  }),
});
