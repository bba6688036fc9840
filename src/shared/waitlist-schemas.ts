import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { clockTime, isoDate } from './schemas.ts';
import { validationMessages as m } from './validation-messages.ts';

// The waitlist (issue #58): what the booking panel sends to join a full day's list, asks of a day, and
// what the customer's bookings send to leave one. The server's alone: the client reads only the types.

/** Joining for a test at a lab on a day of its calendar: any time that day, or only between two times of it (`window`, on the lab's clock). */
export const joinWaitlistInput = z.object({
  labTestId: rowId,
  date: isoDate,
  window: z
    .object({ from: clockTime, until: clockTime })
    .refine((window) => window.from.slice(0, 5) < window.until.slice(0, 5), { path: ['until'], message: m.invalid })
    .nullish(),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;
export const waitlistDayInput = z.object({ labTestId: rowId, date: isoDate });
export const waitlistEntryInput = z.object({ id: z.uuid() });
