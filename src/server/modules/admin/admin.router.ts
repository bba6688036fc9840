import {
  adminFailingRenewalsInput,
  adminLabPayoutsInput,
  adminLabsInput,
  adminTestRequestsInput,
  adminTransactionsInput,
  adminUsersInput,
  labBalancesInput,
} from '../../../shared/list-schemas.ts';
import { recordPayoutInput, reversePayoutInput } from '../../../shared/payout-schemas.ts';
import { auditLogInput, reviewTestRequestInput, setLabApprovalInput } from '../../../shared/schemas.ts';
import { statsInput } from '../../../shared/stats-schemas.ts';
import { twoFactorResetInput } from '../../../shared/two-factor-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, sensitiveAdminProcedure } from '../../trpc/procedures.ts';
import { labBalances, payoutHistory, recordPayout, reversePayout } from '../payouts/payouts.service.ts';
import { adminStats } from '../stats/stats.service.ts';
import { failingRenewals } from '../subscriptions/failing-renewals.service.ts';
import { resetByAdmin } from '../two-factor/two-factor.service.ts';
import * as admin from './admin.service.ts';
import { auditLog } from './audit-log.service.ts';

export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => admin.overview(ctx.db)),
  totalRevenue: adminProcedure.query(({ ctx }) => admin.totalRevenue(ctx.db)),
  /** The charts: bookings and revenue per period, by city and by lab, new customers, store sales. */
  stats: adminProcedure.input(statsInput).query(({ ctx, input }) => adminStats(ctx.db, input)),
  labs: adminProcedure.input(adminLabsInput).query(({ ctx, input }) => admin.labs(ctx.db, input)),
  setLabApproval: sensitiveAdminProcedure
    .input(setLabApprovalInput)
    .mutation(({ ctx, input }) => admin.setLabApproval(ctx.db, ctx.user.id, input.labId, input.approved, ctx.config.PUBLIC_URL)),
  testRequests: adminProcedure.input(adminTestRequestsInput).query(({ ctx, input }) => admin.testRequests(ctx.db, input)),
  reviewTestRequest: sensitiveAdminProcedure
    .input(reviewTestRequestInput)
    .mutation(({ ctx, input }) => admin.reviewTestRequest(ctx.db, ctx.user.id, input.id, input.decision, ctx.config.PUBLIC_URL)),
  users: adminProcedure.input(adminUsersInput).query(({ ctx, input }) => admin.users(ctx.db, input)),
  transactions: adminProcedure.input(adminTransactionsInput).query(({ ctx, input }) => admin.transactions(ctx.db, input)),
  /** Removes another account's second factor (a lost phone); the owner is told by mail. */
  resetTwoFactor: sensitiveAdminProcedure
    .input(twoFactorResetInput)
    .mutation(({ ctx, input }) => resetByAdmin(ctx.db, ctx.user.id, input.userId)),
  /** Each lab's money: earned from the ledger, pending, paid out and the balance owed (ADR 0043). */
  labBalances: adminProcedure.input(labBalancesInput).query(({ ctx, input }) => labBalances(ctx.db, input)),
  labPayouts: adminProcedure.input(adminLabPayoutsInput).query(({ ctx, input }) => payoutHistory(ctx.db, input.labId, input)),
  /** A bank transfer to a lab, never more than its balance owed; audited. */
  recordPayout: sensitiveAdminProcedure.input(recordPayoutInput).mutation(({ ctx, input }) => recordPayout(ctx.db, ctx.user.id, input)),
  /** Cancels a payout recorded by mistake with a reversing one; audited. */
  reversePayout: sensitiveAdminProcedure.input(reversePayoutInput).mutation(({ ctx, input }) => reversePayout(ctx.db, ctx.user.id, input)),
  /** Paid plans whose renewal was declined, still in their grace period: whom to call before the free plan (ADR 0042). */
  failingRenewals: adminProcedure
    .input(adminFailingRenewalsInput)
    .query(({ ctx, input }) => failingRenewals(ctx.db, input, ctx.config.PLAN_RENEWAL_GRACE_DAYS)),
  /** Staff actions and every read of a result, newest first, filtered and paged by id. */
  auditLog: adminProcedure.input(auditLogInput).query(({ ctx, input }) => auditLog(ctx.db, input)),
});
