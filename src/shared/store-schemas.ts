import { z } from 'zod';
import { dbInt } from './db-integers.ts';
import { latinDigits } from './digits.ts';
import { emailSchema, nameSchema, saudiMobileSchema } from './schemas.ts';
import { passesLuhn } from './store.ts';
import { validationMessages as m } from './validation-messages.ts';

/** A product or variant id (see StoreId): a non-negative integer, or a string of 1 to 100 characters. */
export const storeIdSchema = z.union([dbInt().nonnegative(), z.string().trim().min(1).max(100)]);

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
    offset: dbInt().min(0, m.invalid).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    sortBy: z.enum(['order', 'title', 'price', 'updated_at']).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    /** Only the products of this collection, by its slug (store.collections). */
    collection: z
      .string()
      .trim()
      .max(80)
      .regex(/^[a-z0-9-]+$/)
      .optional(),
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
    .transform((value) => latinDigits(value).replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, m.invalidCardNumber)
        .refine(passesLuhn, m.invalidCardNumber),
    ),
  expiry: z
    .string({ error: m.required })
    .transform((value) => latinDigits(value).replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.invalidCardExpiry)
        .refine((value) => expiryEnd(value).getTime() > Date.now(), m.cardExpired),
    ),
  cvc: z
    .string({ error: m.required })
    .overwrite(latinDigits)
    .trim()
    .regex(/^\d{3,4}$/, m.invalidCardCvc),
});

const addressLine = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.tooLong);

/**
 * Who buys and where it goes: the buyer, and a Saudi National Address (building number of 4 digits,
 * postal code of 5, and optionally the short address, 4 letters and 4 digits, e.g. RRRD2929).
 */
export const shippingDetailsInput = z.object({
  fullName: nameSchema,
  email: emailSchema,
  phone: saudiMobileSchema,
  city: addressLine(60),
  district: addressLine(100),
  street: addressLine(150),
  buildingNumber: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .transform(latinDigits)
    .pipe(z.string().regex(/^\d{4}$/, m.invalidBuildingNumber)),
  postalCode: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .transform(latinDigits)
    .pipe(z.string().regex(/^\d{5}$/, m.invalidPostalCode)),
  shortAddress: z
    .string()
    .trim()
    .transform((value) => latinDigits(value.replace(/\s/g, '').toUpperCase()))
    .pipe(z.union([z.literal(''), z.string().regex(/^[A-Z]{4}\d{4}$/, m.invalidShortAddress)]))
    .transform((value) => value || null)
    .optional(),
});
export type ShippingDetails = z.output<typeof shippingDetailsInput>;
