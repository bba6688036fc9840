import {
  adminReportInput,
  criticalCallInput,
  reportBookingInput,
  resultDraftInput,
  signInterpretationInput,
} from '../../../shared/result-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, approvedLabProcedure, customerProcedure, sensitiveAdminProcedure } from '../../trpc/procedures.ts';
import * as reports from './result-reports.service.ts';

// Results as values; the app router lists them under `results` with the customer's files (result-files.router.ts).
export const resultReportsRouter = router({
  reports: customerProcedure.query(({ ctx }) => reports.customerReports(ctx.db, ctx.user.id)),
  /** The customer's released values as a FHIR R4 Bundle (JSON), for them to download. */
  fhirBundle: customerProcedure.query(({ ctx }) => reports.customerFhirBundle(ctx.db, ctx.keys, ctx.user.id, ctx.locale)),
  report: customerProcedure
    .input(reportBookingInput)
    .query(({ ctx, input }) => reports.customerReport(ctx.db, ctx.keys, ctx.user.id, input.bookingId)),
  sheet: approvedLabProcedure
    .input(reportBookingInput)
    .query(({ ctx, input }) => reports.labReportSheet(ctx.db, ctx.keys, ctx.user.id, input.bookingId, ctx.clientIp)),
  saveDraft: approvedLabProcedure
    .input(resultDraftInput)
    .mutation(({ ctx, input }) => reports.saveDraft(ctx.db, ctx.keys, ctx.user.id, input)),
  release: approvedLabProcedure
    .input(reportBookingInput)
    .mutation(({ ctx, input }) => reports.releaseReport(ctx.db, ctx.user.id, input.bookingId)),
  recordCriticalCall: approvedLabProcedure
    .input(criticalCallInput)
    .mutation(({ ctx, input }) => reports.recordCriticalCall(ctx.db, ctx.user.id, input)),
  /** A Premium lab's specialist signs the interpretive comment on the draft, which its release needs. */
  signInterpretation: approvedLabProcedure
    .input(signInterpretationInput)
    .mutation(({ ctx, input }) => reports.signInterpretation(ctx.db, ctx.keys, ctx.user.id, input)),
  /** A patient's values, read with a reason: as their files, only soon after the password (issue #74). */
  adminReport: sensitiveAdminProcedure
    .input(adminReportInput)
    .mutation(({ ctx, input }) => reports.adminReport(ctx.db, ctx.keys, ctx.user.id, input.bookingId, input.reason, ctx.clientIp)),
  overdueCritical: adminProcedure.query(({ ctx }) => reports.overdueCriticalValues(ctx.db)),
  flagDisagreements: adminProcedure.query(({ ctx }) => reports.flagDisagreements(ctx.db)),
});
