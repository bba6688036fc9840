import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { isValidSaudiId } from './family.ts';
import { validationMessages as m } from './validation-messages.ts';

/**
 * Nafath is for people who hold a national ID or iqama of their own, from 15 (ADR 0096): a younger family
 * member is not asked; their number stands under the account holder's verified identity, as their guardian.
 */
export const NAFATH_MIN_AGE = 15;

/** A national ID or iqama number as typed: Arabic-Indic digits and spaces taken, its check digit checked. */
const nationalIdNumber = z
  .string({ error: m.required })
  .overwrite((value) => latinDigits(value).replace(/\s/g, ''))
  .min(1, { error: m.required, abort: true })
  .regex(/^\d{10}$/, { error: m.invalidNationalId, abort: true })
  .refine(isValidSaudiId, m.invalidNationalId);

/** The account holder's own number; empty takes it away. */
export const holderNationalIdInput = z.object({
  nationalId: z
    .string({ error: m.required })
    .overwrite((value) => latinDigits(value).replace(/\s/g, ''))
    .refine((value) => value === '' || (/^\d{10}$/.test(value) && isValidSaudiId(value)), m.invalidNationalId),
});

/** "Verify with Nafath": the account holder (no member) or one of their family members, and the number the person confirmed. */
export const startNafathInput = z.object({ familyMemberId: z.uuid().optional(), nationalId: nationalIdNumber });
export type StartNafathInput = z.infer<typeof startNafathInput>;

export const nafathRequestInput = z.object({ requestId: z.uuid() });

/** The person's answer to "is this your name?" once Nafath gave it. */
export const confirmNafathInput = z.object({ requestId: z.uuid(), matches: z.boolean() });

/**
 * Where a Nafath request stands: waiting for the person; completed (Nafath's signed answer gave their
 * name, which they are to confirm); rejected in the app; expired (its lifetime passed unanswered);
 * unanswered (Nafath approved but its signed answer never came: it could not be reached); replaced by a
 * newer request for the same person; confirmed (the ID is verified); mismatch (the person said the name
 * is not theirs: not verified).
 */
export const nafathRequestStatuses = [
  'waiting',
  'completed',
  'rejected',
  'expired',
  'unanswered',
  'replaced',
  'confirmed',
  'mismatch',
] as const;
export type NafathRequestStatus = (typeof nafathRequestStatuses)[number];
