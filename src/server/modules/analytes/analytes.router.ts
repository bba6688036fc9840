import {
  addUnitAliasInput,
  analyteIdInput,
  analyteListInput,
  createAnalyteInput,
  linkTestInput,
  rangeIdInput,
  saveLabRangeInput,
  saveRangeInput,
  unlinkTestInput,
  updateAnalyteInput,
} from '../../../shared/analyte-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, approvedLabProcedure, sensitiveAdminProcedure } from '../../trpc/procedures.ts';
import * as analytes from './analytes.service.ts';
import * as unitAliases from './unit-aliases.service.ts';

// What each test measures (issue #53 item 1, ADR 0062): the admin reads and edits analytes, their
// published intervals and critical limits, and the tests that list them (each change asks for a recent
// password and is audited); a lab sets its own intervals, which its patients see for its results.
export const analytesRouter = router({
  /** Analytes by name or LOINC code, with how many tests list each. */
  list: adminProcedure.input(analyteListInput).query(({ ctx, input }) => analytes.listAnalytes(ctx.db, input)),
  /** One analyte with its answers, intervals, critical limits and the tests that list it. */
  get: adminProcedure.input(analyteIdInput).query(({ ctx, input }) => analytes.analyteDetail(ctx.db, input.id)),
  /** Every catalog test, to list an analyte on. */
  tests: adminProcedure.query(({ ctx }) => analytes.catalogTests(ctx.db)),
  create: sensitiveAdminProcedure
    .input(createAnalyteInput)
    .mutation(({ ctx, input }) => analytes.createAnalyte(ctx.db, ctx.user.id, input)),
  /** Names and precision; the unit is not changed. */
  update: sensitiveAdminProcedure
    .input(updateAnalyteInput)
    .mutation(({ ctx, input }) => analytes.updateAnalyte(ctx.db, ctx.user.id, input)),
  saveInterval: sensitiveAdminProcedure
    .input(saveRangeInput)
    .mutation(({ ctx, input }) => analytes.savePublishedRange(ctx.db, ctx.user.id, 'interval', input)),
  deleteInterval: sensitiveAdminProcedure
    .input(rangeIdInput)
    .mutation(({ ctx, input }) => analytes.deletePublishedRange(ctx.db, ctx.user.id, 'interval', input.id)),
  saveCriticalLimit: sensitiveAdminProcedure
    .input(saveRangeInput)
    .mutation(({ ctx, input }) => analytes.savePublishedRange(ctx.db, ctx.user.id, 'critical', input)),
  deleteCriticalLimit: sensitiveAdminProcedure
    .input(rangeIdInput)
    .mutation(({ ctx, input }) => analytes.deletePublishedRange(ctx.db, ctx.user.id, 'critical', input.id)),
  linkTest: sensitiveAdminProcedure.input(linkTestInput).mutation(({ ctx, input }) => analytes.linkTest(ctx.db, ctx.user.id, input)),
  unlinkTest: sensitiveAdminProcedure.input(unlinkTestInput).mutation(({ ctx, input }) => analytes.unlinkTest(ctx.db, ctx.user.id, input)),
  /** Each lab's unrecognised units with counts, and the aliases added for them (issue #76 item 1). */
  unitAliases: adminProcedure.query(({ ctx }) => unitAliases.unitAliasOverview(ctx.db)),
  /** A lab's spelling read as a UCUM code by every later message; audited. */
  addUnitAlias: sensitiveAdminProcedure
    .input(addUnitAliasInput)
    .mutation(({ ctx, input }) => unitAliases.addUnitAlias(ctx.db, ctx.user.id, input)),

  /** The analytes of the tests on the lab's price list, each with the published intervals and the lab's own. */
  labIntervals: approvedLabProcedure.query(({ ctx }) => analytes.labIntervals(ctx.db, ctx.user.id)),
  /** A lab's own interval, added or changed: its patients see it for its results. A lab's id is its account's. */
  saveLabInterval: approvedLabProcedure
    .input(saveLabRangeInput)
    .mutation(({ ctx, input }) => analytes.saveLabInterval(ctx.db, ctx.user.id, ctx.user.id, input)),
  deleteLabInterval: approvedLabProcedure
    .input(rangeIdInput)
    .mutation(({ ctx, input }) => analytes.deleteLabInterval(ctx.db, ctx.user.id, ctx.user.id, input.id)),
});
