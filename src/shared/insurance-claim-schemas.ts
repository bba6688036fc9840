import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { validationMessages as m } from './validation-messages.ts';

// Claims after the visit (issue #80 item 5, ADR 0100): what a lab sends again when a claim was rejected or failed.

/** An ICD-10-AM code as NPHIES takes it (a letter, two digits, and after a dot up to four more), typed in any case. */
export const icd10amCode = z
  .string({ error: m.required })
  .trim()
  .overwrite((value) => latinDigits(value).toUpperCase())
  .pipe(z.string().regex(/^[A-Z][0-9]{2}(\.[0-9A-Z]{1,4})?$/, m.invalid));

export const resubmitClaimInput = z.object({
  claimId: z.uuid(),
  /** The diagnosis the corrected claim names (ICD-10-AM); absent: the claim's own. */
  diagnosisCode: icd10amCode.optional(),
});
export type ResubmitClaimInput = z.infer<typeof resubmitClaimInput>;
