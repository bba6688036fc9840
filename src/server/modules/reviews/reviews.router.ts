import { z } from 'zod';
import { reviewCreateInput, reviewModerationInput, reviewReplyInput, reviewUpdateInput } from '../../../shared/reviews.ts';
import { router } from '../../trpc/init.ts';
import {
  adminProcedure,
  approvedLabProcedure,
  customerProcedure,
  publicProcedure,
  sensitiveAdminProcedure,
} from '../../trpc/procedures.ts';
import * as reviews from './reviews.service.ts';

const cursor = z.string().max(100).nullish();

/** Reviews of labs by the customers of their completed bookings (issue #22; docs/decisions/0031). */
export const reviewsRouter = router({
  create: customerProcedure.input(reviewCreateInput).mutation(({ ctx, input }) => reviews.create(ctx.db, ctx.user.id, input)),
  update: customerProcedure.input(reviewUpdateInput).mutation(({ ctx, input }) => reviews.update(ctx.db, ctx.user.id, input)),
  mine: customerProcedure.query(({ ctx }) => reviews.mine(ctx.db, ctx.user.id)),
  forLab: publicProcedure
    .input(z.object({ labId: z.uuid(), cursor }))
    .query(({ ctx, input }) => reviews.forLab(ctx.db, input.labId, input.cursor)),
  forMyLab: approvedLabProcedure
    .input(z.object({ cursor }))
    .query(({ ctx, input }) => reviews.forOwnLab(ctx.db, ctx.user.id, input.cursor)),
  reply: approvedLabProcedure.input(reviewReplyInput).mutation(({ ctx, input }) => reviews.reply(ctx.db, ctx.user.id, input)),
  forAdmin: adminProcedure.input(z.object({ cursor })).query(({ ctx, input }) => reviews.forAdmin(ctx.db, input.cursor)),
  hide: sensitiveAdminProcedure.input(reviewModerationInput).mutation(({ ctx, input }) => reviews.hide(ctx.db, ctx.user.id, input)),
  show: sensitiveAdminProcedure.input(reviewModerationInput).mutation(({ ctx, input }) => reviews.show(ctx.db, ctx.user.id, input)),
});
