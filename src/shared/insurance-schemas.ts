import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { oneLine } from './plain-text.ts';
import { validationMessages as m } from './validation-messages.ts';

// Health insurance (issue #80, ADR 0094): the admin's insurers and a person's insurance card.

/** An NPHIES payer id as the admin types it: letters, digits and . _ - (the database's check too). */
const nphiesPayerId = z
  .string({ error: m.required })
  .overwrite((value) => latinDigits(value).trim())
  .min(1, { error: m.required, abort: true })
  .regex(/^[A-Za-z0-9._-]{2,40}$/, m.invalid);

const name = z.string({ error: m.required }).overwrite(oneLine).trim().min(1, m.required).max(100, m.tooLong);

export const saveInsurerInput = z.object({
  id: z.uuid().optional(),
  nphiesPayerId,
  nameEn: name,
  nameAr: name,
  active: z.boolean(),
});
export type SaveInsurerInput = z.infer<typeof saveInsurerInput>;

/** Today in the Kingdom as YYYY-MM-DD. */
export function riyadhToday(now = new Date()): string {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A policy's last day: a real date, not before today in the Kingdom (an ended policy covers nothing). */
const expiresOn = z
  .string({ error: m.required })
  .overwrite(latinDigits)
  .min(1, { error: m.required, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.invalid, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: m.invalid,
    abort: true,
  })
  .refine((value) => value >= riyadhToday(), m.policyExpired)
  .refine((value) => value <= '2100-12-31', m.invalid);

/** The card's member id: letters, digits, spaces and . / - as insurers print them, up to 40. */
const memberId = z
  .string({ error: m.required })
  .overwrite((value) => oneLine(latinDigits(value)).trim())
  .min(1, { error: m.required, abort: true })
  .max(40, m.tooLong)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, m.invalid);

export const personInsuranceInput = z.object({
  /** Null for the account holder's own card. */
  familyMemberId: z.uuid().nullable(),
  insurerId: z.uuid({ error: m.required }),
  memberId,
  policyClass: z.string({ error: m.required }).overwrite(oneLine).trim().min(1, m.required).max(40, m.tooLong),
  network: z.string().overwrite(oneLine).trim().max(60, m.tooLong).default(''),
  expiresOn,
});
export type PersonInsuranceInput = z.infer<typeof personInsuranceInput>;

export const personRef = z.object({ familyMemberId: z.uuid().nullable() });
