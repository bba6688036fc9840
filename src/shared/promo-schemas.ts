import { z } from 'zod';
import { rowId } from './db-integers.ts';
import { oneLine } from './plain-text.ts';
import { normalizePromoCode, PROMO_CODE_PATTERN } from './promo.ts';
import { bookingItemInput, typedPromoCode } from './schemas.ts';
import { validationMessages as m } from './validation-messages.ts';

// Promo codes (issue #79 item 4, ADR 0092): what the admin sends to save one, and what a checkout sends
// to price one. Amounts are SAR, as every form's; the server keeps halalas.

/** A code as the customer or the admin typed it, stored and compared in one form (normalizePromoCode). */
export const promoCodeText = z
  .string({ error: m.required })
  .max(64, m.tooLong)
  .transform(normalizePromoCode)
  .refine((code) => PROMO_CODE_PATTERN.test(code), m.invalid);

const sar = z
  .number({ error: m.invalid })
  .min(0.01, m.invalid)
  .max(1_000_000, m.invalid)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.invalid);
const count = z.number({ error: m.invalid }).int(m.invalid).min(1, m.invalid).max(1_000_000, m.invalid);

export const savePromoInput = z
  .object({
    id: z.uuid().optional(),
    code: promoCodeText,
    kind: z.enum(['percent', 'fixed']),
    /** A percentage (1-100), or SAR for a fixed amount. */
    amount: sar,
    cap: sar.nullable(),
    minBasket: z.number({ error: m.invalid }).min(0, m.invalid).max(1_000_000, m.invalid),
    appliesTo: z.enum(['all', 'labs', 'tests', 'packages', 'store', 'plans']),
    labIds: z.array(z.uuid()).max(100),
    testIds: z.array(rowId).max(200),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    maxUses: count.nullable(),
    maxUsesPerCustomer: count,
    firstOrderOnly: z.boolean(),
    paidBy: z.enum(['platform', 'lab']),
    active: z.boolean(),
  })
  .refine((input) => input.kind === 'fixed' || (Number.isInteger(input.amount) && input.amount <= 100), {
    path: ['amount'],
    message: m.invalid,
  })
  .refine((input) => input.appliesTo !== 'labs' || input.labIds.length > 0, { path: ['labIds'], message: m.required })
  .refine((input) => input.appliesTo !== 'tests' || input.testIds.length > 0, { path: ['testIds'], message: m.required })
  .refine((input) => input.paidBy === 'platform' || (input.appliesTo !== 'store' && input.appliesTo !== 'plans'), {
    path: ['paidBy'],
    message: m.invalid,
  })
  .refine((input) => !input.startsAt || !input.endsAt || Date.parse(input.startsAt) < Date.parse(input.endsAt), {
    path: ['endsAt'],
    message: m.invalid,
  });
export type SavePromoInput = z.infer<typeof savePromoInput>;

/** The discount a code gives the lab-test cart at checkout, before paying. */
export const bookingPromoQuoteInput = z.object({
  code: typedPromoCode,
  items: z.array(bookingItemInput).min(1).max(20),
});

/** The discount a code gives a plan's first month, before subscribing (ADR 0092 amended). */
export const planPromoQuoteInput = z.object({
  plan: z.enum(['basic', 'premium', 'enterprise', 'starter', 'professional']),
  code: typedPromoCode,
});

/** The admin's look-up of labs, or of tests and packages, to limit a code to, by a name in either language. */
export const promoScopeSearchInput = z.object({
  q: z.string({ error: m.required }).overwrite(oneLine).trim().min(1, m.required).max(100, m.tooLong),
});
