import { createResultShareInput, openResultShareInput, resultShareIdInput } from '../../../shared/result-share-schemas.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure, publicProcedure } from '../../trpc/procedures.ts';
import * as shares from './result-shares.service.ts';

// A patient's reports shared with a doctor by a link (issue #53 item 6, ADR 0061). The patient's side
// needs their session; the doctor's needs only the link (and its code). The files come over plain
// HTTP (result-shares.routes.ts), as the patient's own do.
export const resultSharesRouter = router({
  /** The customer's bookings with released values or a result file: what a share may hold. */
  shareable: customerProcedure.query(({ ctx }) => shares.shareableReports(ctx.db, ctx.user.id)),
  /** A new share of the customer's chosen bookings for 1–30 days: the link (and code) answered this once. */
  create: customerProcedure
    .input(createResultShareInput)
    .mutation(({ ctx, input }) => shares.createShare(ctx.db, ctx.user.id, input, ctx.config.PUBLIC_URL)),
  /** The customer's shares with their standing, what each holds and how often it was opened. */
  list: customerProcedure.query(({ ctx }) => shares.listShares(ctx.db, ctx.user.id)),
  /** Revokes one of the customer's shares at once; answers the list. */
  revoke: customerProcedure.input(resultShareIdInput).mutation(({ ctx, input }) => shares.revokeShare(ctx.db, ctx.user.id, input.id)),
  /** A new code for one of the customer's live or locked shares (a locked one opens again): answered this once. */
  newCode: customerProcedure.input(resultShareIdInput).mutation(({ ctx, input }) => shares.issueNewCode(ctx.db, ctx.user.id, input.id)),
  /**
   * The doctor's reading: the shared reports' values and files' names, through the link and its code.
   * A mutation: the link travels in the body, never in an address a proxy logs, and every call is recorded.
   */
  open: publicProcedure.input(openResultShareInput).mutation(({ ctx, input }) => shares.openShare(ctx.db, ctx.keys, input, ctx.clientIp)),
});
