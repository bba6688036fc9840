import { z } from 'zod';
import { validationMessages as m } from './errors.ts';
import { passesLuhn } from './store.ts';

/** A product or variant id (see StoreId): a non-negative integer, or a string of 1 to 100 characters. */
export const storeIdSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)]);

export const storeLocaleSchema = z.enum(['ar', 'en']);

const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, m.invalid);

export const storeCheckoutInput = z.object({
  items: z
    .array(z.object({ variantId: storeIdSchema, quantity: z.number().int().min(1).max(999) }))
    .min(1, m.required)
    .max(50, m.tooLong),
  successUrl: z.url({ protocol: /^https?$/, error: m.invalid }),
  cancelUrl: z.url({ protocol: /^https?$/, error: m.invalid }),
  locale: storeLocaleSchema,
  timeZone: timeZoneSchema,
});
export type StoreCheckoutInput = z.infer<typeof storeCheckoutInput>;

export const storeProductsInput = z
  .object({
    ids: z.array(storeIdSchema).max(100).optional(),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    sortBy: z.enum(['order', 'title', 'price', 'updated_at']).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .optional();
export type StoreProductsInput = z.infer<typeof storeProductsInput>;

/** The month after the card's expiry month, at 00:00 UTC: the card is good until then. */
function expiryEnd(expiry: string): Date {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  return new Date(Date.UTC(2000 + year, month, 1));
}

/** The simulated card form of the built-in hosted checkout page. */
export const cardInput = z.object({
  name: z.string({ error: m.required }).trim().min(1, m.required).max(100, m.tooLong),
  number: z
    .string({ error: m.required })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, m.invalidCardNumber)
        .refine(passesLuhn, m.invalidCardNumber),
    ),
  expiry: z
    .string({ error: m.required })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.invalidCardExpiry)
        .refine((value) => expiryEnd(value).getTime() > Date.now(), m.cardExpired),
    ),
  cvc: z
    .string({ error: m.required })
    .trim()
    .regex(/^\d{3,4}$/, m.invalidCardCvc),
});
