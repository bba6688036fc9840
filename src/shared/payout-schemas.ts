import { z } from 'zod';
import { todayIn } from './time.ts';
import { validationMessages as m } from './validation-messages.ts';

/** The platform's books are kept in Riyadh: a payout's date is a day there. */
export const PAYOUT_TIME_ZONE = 'Asia/Riyadh';
/** One transfer's ceiling in SAR, well inside what an integer column of halalas holds. */
export const PAYOUT_AMOUNT_MAX = 1_000_000;
export const BANK_REFERENCE_MAX = 64;
export const PAYOUT_NOTE_MAX = 500;

const sarAmount = z
  .number({ error: m.required })
  .positive(m.invalid)
  .max(PAYOUT_AMOUNT_MAX, m.invalid)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.invalid);

/** The day the bank made the transfer: a real date, not before 2020, not after today in Riyadh. */
const paidOn = z.iso
  .date({ error: m.invalid })
  .refine((value) => value >= '2020-01-01', m.invalid)
  .refine((value) => value <= todayIn(PAYOUT_TIME_ZONE), m.dateInFuture);

const optionalNote = z
  .string()
  .trim()
  .max(PAYOUT_NOTE_MAX, m.tooLong)
  .optional()
  .transform((value) => value || undefined);

/** admin.recordPayout: a bank transfer to a lab, in SAR with two decimals, with the bank's reference. */
export const recordPayoutInput = z.object({
  labId: z.uuid(),
  amount: sarAmount,
  paidOn,
  bankReference: z.string({ error: m.required }).trim().min(1, m.required).max(BANK_REFERENCE_MAX, m.tooLong),
  note: optionalNote,
});
export type RecordPayoutInput = z.infer<typeof recordPayoutInput>;

/** admin.reversePayout: a payout recorded by mistake, cancelled by a reversing row (why, in the note). */
export const reversePayoutInput = z.object({
  payoutId: z.uuid(),
  note: z.string({ error: m.required }).trim().min(1, m.required).max(PAYOUT_NOTE_MAX, m.tooLong),
});
export type ReversePayoutInput = z.infer<typeof reversePayoutInput>;
