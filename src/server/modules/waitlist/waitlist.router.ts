import { z } from 'zod';
import { isoDate } from '../../../shared/schemas.ts';
import { joinWaitlistInput, waitlistDayInput, waitlistEntryInput } from '../../../shared/waitlist-schemas.ts';
import { router } from '../../trpc/init.ts';
import { approvedLabProcedure, customerProcedure, publicProcedure } from '../../trpc/procedures.ts';
import * as waitlist from './waitlist.service.ts';

// The waitlist (issue #58): a customer waits for a seat on a full day, is offered one by mail when it
// frees, and leaves the list in one step. The lab sees who waits for its tests, without their details.

/** The first day of the lab's list to show (default: today on the lab's clock). */
const labWaitlistInput = z.object({ from: isoDate.optional() });

export const waitlistRouter = router({
  /** Whether a day is full for a test (so its list is open), with the day's times to choose hours from. */
  day: publicProcedure
    .input(waitlistDayInput)
    .query(({ ctx, input }) => waitlist.waitlistDay(ctx.db, input.labTestId, input.date, ctx.user?.id ?? null)),
  /** Joins the list for a test at a lab on a day (and hours) with no free time. */
  join: customerProcedure.input(joinWaitlistInput).mutation(({ ctx, input }) => waitlist.joinWaitlist(ctx.db, ctx.user, input)),
  /** Leaves the list; a seat held for this entry goes to the next person at once. */
  leave: customerProcedure.input(waitlistEntryInput).mutation(({ ctx, input }) => waitlist.leaveWaitlist(ctx.db, ctx.user.id, input.id)),
  /** The customer's entries on the list, and those ended in the last days, with any offer. */
  mine: customerProcedure.query(({ ctx }) => waitlist.myWaitlist(ctx.db, ctx.user.id)),
  /** The lab's list for two weeks, by day: each entry's test, hours, place and state, and the customer's first name only. */
  forLab: approvedLabProcedure.input(labWaitlistInput).query(({ ctx, input }) => waitlist.labWaitlist(ctx.db, ctx.user.id, input.from)),
});
