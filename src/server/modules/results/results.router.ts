import {
  adminReportInput,
  criticalCallInput,
  reportBookingInput,
  resultDraftInput,
  signInterpretationInput,
} from '../../../shared/result-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, approvedLabProcedure, customerProcedure, sensitiveAdminProcedure } from '../../trpc/procedures.ts';
import * as reports from './reports.service.ts';
import { sharedKeyring } from './result-sealing.ts';
import * as results from './results.service.ts';

const keys = async (ctx: { config: Parameters<typeof sharedKeyring>[0] }) => ({ keyring: await sharedKeyring(ctx.config) });

// Uploads and downloads of files are plain HTTP (results.routes.ts); values are ordinary procedures.
export const resultsRouter = router({
  mine: customerProcedure.query(({ ctx }) => results.customerResults(ctx.db, ctx.user.id)),
  reports: customerProcedure.query(({ ctx }) => reports.customerReports(ctx.db, ctx.user.id)),
  /** The customer's released values as a FHIR R4 Bundle (JSON), for them to download. */
  fhirBundle: customerProcedure.query(async ({ ctx }) => reports.customerFhirBundle(ctx.db, await keys(ctx), ctx.user.id, ctx.locale)),
  report: customerProcedure
    .input(reportBookingInput)
    .query(async ({ ctx, input }) => reports.customerReport(ctx.db, await keys(ctx), ctx.user.id, input.bookingId)),
  sheet: approvedLabProcedure
    .input(reportBookingInput)
    .query(async ({ ctx, input }) => reports.labReportSheet(ctx.db, await keys(ctx), ctx.user.id, input.bookingId, ctx.clientIp)),
  saveDraft: approvedLabProcedure
    .input(resultDraftInput)
    .mutation(async ({ ctx, input }) => reports.saveDraft(ctx.db, await keys(ctx), ctx.user.id, input)),
  release: approvedLabProcedure
    .input(reportBookingInput)
    .mutation(({ ctx, input }) => reports.releaseReport(ctx.db, ctx.user.id, input.bookingId)),
  recordCriticalCall: approvedLabProcedure
    .input(criticalCallInput)
    .mutation(({ ctx, input }) => reports.recordCriticalCall(ctx.db, ctx.user.id, input)),
  /** A Premium lab's specialist signs the interpretive comment on the draft, which its release needs. */
  signInterpretation: approvedLabProcedure
    .input(signInterpretationInput)
    .mutation(async ({ ctx, input }) => reports.signInterpretation(ctx.db, await keys(ctx), ctx.user.id, input)),
  /** A patient's values, read with a reason: as their files, only soon after the password (issue #74). */
  adminReport: sensitiveAdminProcedure
    .input(adminReportInput)
    .mutation(async ({ ctx, input }) =>
      reports.adminReport(ctx.db, await keys(ctx), ctx.user.id, input.bookingId, input.reason, ctx.clientIp),
    ),
  overdueCritical: adminProcedure.query(({ ctx }) => reports.overdueCriticalValues(ctx.db)),
  flagDisagreements: adminProcedure.query(({ ctx }) => reports.flagDisagreements(ctx.db)),
});
