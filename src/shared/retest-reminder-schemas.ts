import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

// Retest reminders (issue #54): what the patient's analysis page sends when the patient accepts a
// suggested retest, and when they cancel one.

/** An analysis rule's id, as the knowledge files name rules: kebab-case, e.g. 'hba1c-prediabetes'. */
const ruleId = z
  .string()
  .max(100, m.tooLong)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, m.invalid);

export const acceptRetestReminderInput = z.object({ bookingId: z.uuid(), ruleId });
export type AcceptRetestReminderInput = z.infer<typeof acceptRetestReminderInput>;

export const retestReminderIdInput = z.object({ id: z.uuid() });
