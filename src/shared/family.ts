import { z } from 'zod';
import { latinDigits } from './digits.ts';
import { oneLine } from './plain-text.ts';
import { validationMessages as m } from './validation-messages.ts';

export const familyRelations = ['mother', 'father', 'spouse', 'child', 'sibling', 'other'] as const;
export const sexes = ['female', 'male'] as const;

/**
 * A Saudi national ID (starts with 1) or an Iqama number (starts with 2): ten digits whose last is the
 * Luhn check digit of the nine before it (every other digit from the first doubled).
 */
export function isValidSaudiId(value: string): boolean {
  if (!/^[12]\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(value[index]);
    if (index % 2 === 0) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else sum += digit;
  }
  return sum % 10 === 0;
}

const dateOfBirth = z
  .string({ error: m.required })
  .overwrite(latinDigits)
  .min(1, { error: m.required, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalid)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    m.invalid,
  )
  .refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), m.invalid);

export const familyMemberInput = z.object({
  name: z.string({ error: m.required }).overwrite(oneLine).trim().min(1, m.required).max(100, m.tooLong),
  relation: z.enum(familyRelations, { error: m.required }),
  sex: z.enum(sexes, { error: m.required }),
  dateOfBirth,
  nationalId: z
    .string()
    .overwrite((value) => latinDigits(value).replace(/\s/g, ''))
    .regex(/^(\d{10})?$/, m.invalidNationalId)
    .refine((value) => value === '' || isValidSaudiId(value), m.invalidNationalId)
    .optional(),
});
export type FamilyMemberInput = z.infer<typeof familyMemberInput>;

export const familyMemberUpdateInput = familyMemberInput.extend({ id: z.uuid() });

/** The account holder's own sex and date of birth (issue #76 item 3), by the same rules as a family member's. */
export const personalDetailsInput = z.object({ sex: z.enum(sexes, { error: m.required }), dateOfBirth });
export type PersonalDetailsInput = z.infer<typeof personalDetailsInput>;
