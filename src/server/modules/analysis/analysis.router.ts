import { analysisReportInput, followUpOffersInput } from '../../../shared/analysis-schemas.ts';
import { router } from '../../trpc/init.ts';
import { approvedLabProcedure, customerProcedure, publicProcedure } from '../../trpc/procedures.ts';
import * as analysis from './analysis.service.ts';
import { followUpOffers } from './follow-up-offers.ts';
import { labDraftComment } from './interpretation.service.ts';

// The analysis of a customer's results (issue #54, ADR 0063): the whole of it on Premium and
// Enterprise, the count and one example on other plans (decided here, on the server).
export const analysisRouter = router({
  /** The analysis of the visit one of the customer's released reports belongs to. */
  report: customerProcedure
    .input(analysisReportInput)
    .query(({ ctx, input }) => analysis.reportAnalysis(ctx.db, ctx.keys, ctx.user.id, input.bookingId)),
  /** For each person of the account, the analysis of their latest visit. */
  latest: customerProcedure.query(({ ctx }) => analysis.latestAnalyses(ctx.db, ctx.keys, ctx.user.id)),
  /** The rules the analysis runs and their sources: public, as a method should be. */
  howItWorks: publicProcedure.query(() => analysis.howItWorks()),
  /** A Premium lab's draft interpretive comment on its draft of a report, in the lab's language, for its specialist to edit and sign. */
  labDraftComment: approvedLabProcedure
    .input(analysisReportInput)
    .query(({ ctx, input }) => labDraftComment(ctx.db, ctx.keys, ctx.user.id, input.bookingId, ctx.locale)),
  /** Where a suggested follow-up test can be booked: its first offers in search's own order. */
  followUpOffers: publicProcedure.input(followUpOffersInput).query(({ ctx, input }) => followUpOffers(ctx.db, input)),
});
