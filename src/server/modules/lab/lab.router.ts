import { z } from 'zod';
import {
  labBookingsInput,
  labPaymentsInput,
  labPayoutsInput,
  labResultsInput,
  labTestRequestsInput,
} from '../../../shared/list-schemas.ts';
import {
  addOfferingInput,
  homeCollectionSettingsInput,
  labProfileInput,
  testRequestInput,
  updateOfferingInput,
} from '../../../shared/schemas.ts';
import { statsInput } from '../../../shared/stats-schemas.ts';
import { router } from '../../trpc/init.ts';
import { approvedLabProcedure, labProcedure } from '../../trpc/procedures.ts';
// An unapproved lab reaches its overview and its settings (labProcedure); everything else waits for approval.
import { collectorSetOut } from '../booking/home-visits.service.ts';
import { payoutHistory } from '../payouts/payouts.service.ts';
import { labResults } from '../result-files/result-files.service.ts';
import { labStats } from '../stats/stats.service.ts';
import * as lab from './lab.service.ts';

export const labRouter = router({
  overview: labProcedure.query(({ ctx }) => lab.labOverview(ctx.db, ctx.user.id)),
  profile: labProcedure.query(({ ctx }) => lab.labProfile(ctx.db, ctx.user.id)),
  updateProfile: labProcedure.input(labProfileInput).mutation(({ ctx, input }) => lab.updateProfile(ctx.db, ctx.user.id, input)),
  updateHomeCollection: labProcedure
    .input(homeCollectionSettingsInput)
    .mutation(({ ctx, input }) => lab.updateHomeCollection(ctx.db, ctx.user.id, input)),

  bookings: approvedLabProcedure.input(labBookingsInput).query(({ ctx, input }) => lab.labBookings(ctx.db, ctx.user.id, input)),
  completeBooking: approvedLabProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => lab.completeBooking(ctx.db, ctx.user.id, input.id)),
  /** The patient did not come (from the booking's start on). */
  markNoShow: approvedLabProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => lab.markNoShow(ctx.db, ctx.user.id, input.id)),
  /** A home visit's collector has set out: the patient is texted (from two hours before its window until it ends). */
  collectorOnTheWay: approvedLabProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => collectorSetOut(ctx.db, ctx.user.id, input.id)),
  requestTest: approvedLabProcedure.input(testRequestInput).mutation(({ ctx, input }) => lab.requestTest(ctx.db, ctx.user.id, input)),
  testRequests: approvedLabProcedure.input(labTestRequestsInput).query(({ ctx, input }) => lab.testRequests(ctx.db, ctx.user.id, input)),
  offerings: approvedLabProcedure.query(({ ctx }) => lab.offerings(ctx.db, ctx.user.id)),
  testsNotOffered: approvedLabProcedure.query(({ ctx }) => lab.testsNotOffered(ctx.db, ctx.user.id)),
  addOffering: approvedLabProcedure.input(addOfferingInput).mutation(({ ctx, input }) => lab.addOffering(ctx.db, ctx.user.id, input)),
  updateOffering: approvedLabProcedure
    .input(updateOfferingInput)
    .mutation(({ ctx, input }) => lab.updateOffering(ctx.db, ctx.user.id, input)),
  payments: approvedLabProcedure.input(labPaymentsInput).query(({ ctx, input }) => lab.payments(ctx.db, ctx.user.id, input)),
  /** The payouts the lab received and its balance owed (ADR 0043). */
  payouts: approvedLabProcedure.input(labPayoutsInput).query(({ ctx, input }) => payoutHistory(ctx.db, ctx.user.id, input)),
  results: approvedLabProcedure.input(labResultsInput).query(({ ctx, input }) => labResults(ctx.db, ctx.user.id, input)),
  /** The lab's charts: its bookings and revenue per period, busiest weekdays and hours, top tests. */
  stats: approvedLabProcedure.input(statsInput).query(({ ctx, input }) => labStats(ctx.db, ctx.user.id, input)),
});
