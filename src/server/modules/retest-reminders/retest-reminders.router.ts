import { acceptRetestReminderInput, retestReminderIdInput } from '../../../shared/retest-reminder-schemas.ts';
import { router } from '../../trpc/init.ts';
import { customerProcedure } from '../../trpc/procedures.ts';
import * as reminders from './retest-reminders.service.ts';

// Retest reminders (issue #54): a Premium customer accepts a retest the analysis suggests for one of
// their reports, and is mailed on the day it is due.
export const retestRemindersRouter = router({
  /** Accepts the retest the analysis suggests for this report and rule; accepting again answers the same reminder. */
  accept: customerProcedure
    .input(acceptRetestReminderInput)
    .mutation(({ ctx, input }) => reminders.acceptReminder(ctx.db, ctx.keys, ctx.user, input)),
  /** The customer's reminders not cancelled, soonest first, each with where its mail stands. */
  list: customerProcedure.query(({ ctx }) => reminders.listReminders(ctx.db, ctx.user.id)),
  /** Cancels one of the customer's reminders and its mail if not sent yet; answers the list. */
  cancel: customerProcedure
    .input(retestReminderIdInput)
    .mutation(({ ctx, input }) => reminders.cancelReminder(ctx.db, ctx.user.id, input.id)),
});
