import { reviewTestRequestInput, setLabApprovalInput } from '../../../shared/schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure } from '../../trpc/procedures.ts';
import * as admin from './admin.service.ts';

export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => admin.overview(ctx.db)),
  totalRevenue: adminProcedure.query(({ ctx }) => admin.totalRevenue(ctx.db)),
  labs: adminProcedure.query(({ ctx }) => admin.labs(ctx.db)),
  setLabApproval: adminProcedure
    .input(setLabApprovalInput)
    .mutation(({ ctx, input }) => admin.setLabApproval(ctx.db, ctx.user.id, input.labId, input.approved, ctx.config.PUBLIC_URL)),
  testRequests: adminProcedure.query(({ ctx }) => admin.testRequests(ctx.db)),
  reviewTestRequest: adminProcedure
    .input(reviewTestRequestInput)
    .mutation(({ ctx, input }) => admin.reviewTestRequest(ctx.db, ctx.user.id, input.id, input.decision, ctx.config.PUBLIC_URL)),
  users: adminProcedure.query(({ ctx }) => admin.users(ctx.db)),
  transactions: adminProcedure.query(({ ctx }) => admin.transactions(ctx.db)),
});
