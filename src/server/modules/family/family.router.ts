import { z } from 'zod';
import { familyMemberInput, familyMemberUpdateInput } from '../../../shared/family.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure } from '../../trpc/procedures.ts';
import * as family from './family.service.ts';

/** The people a customer books for (issue #22); only the account holder reaches their list. */
export const familyRouter = router({
  list: customerProcedure.query(({ ctx }) => family.list(ctx.db, ctx.user.id)),
  add: customerProcedure.input(familyMemberInput).mutation(({ ctx, input }) => family.add(ctx.db, ctx.user.id, input)),
  update: customerProcedure
    .input(familyMemberUpdateInput)
    .mutation(({ ctx, input: { id, ...member } }) => family.update(ctx.db, ctx.user.id, id, member)),
  remove: customerProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => family.remove(ctx.db, ctx.blobs, ctx.user.id, input.id)),
});
