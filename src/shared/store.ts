import { z } from 'zod';
import { validationMessages as m } from './errors.ts';

/** How long a pending store order holds its stock while the buyer is on the payment page. */
export const STORE_RESERVATION_MINUTES = 15;

/** Product and variant ids are the provider's: numbers in the built-in store, often strings elsewhere. */
export const storeIdSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)]);
export type StoreId = z.infer<typeof storeIdSchema>;

export function sameStoreId(a: StoreId, b: StoreId): boolean {
  return String(a) === String(b);
}

export interface CurrencyInfo {
  code?: string | null;
  symbol?: string | null;
  template?: string | null;
}

/**
 * Spec §3: cents / 100 with two decimals, placed in the currency template at `$1`; without a
 * template the symbol, then the code; without either, the euro sign (the store's default currency).
 */
export function formatStorePrice(cents: number, currency?: CurrencyInfo | null): string {
  const amount = (cents / 100).toFixed(2);
  if (currency?.template?.includes('$1')) return currency.template.split('$1').join(amount);
  if (currency?.symbol) return `${currency.symbol}${amount}`;
  if (currency?.code) return `${currency.code} ${amount}`;
  return `€${amount}`;
}

export interface PricedVariant {
  price_in_cents: number;
  sale_price_in_cents: number | null;
}

export function effectivePriceCents(variant: PricedVariant): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}

/**
 * Spec §3 `site_product_selection`: `lowest_price_first` or null picks the cheapest variant (by its
 * sale price when it has one, else its price; the first of equals); any other value the first variant.
 */
export function selectVariant<T extends PricedVariant>(
  variants: readonly T[],
  selection: string | null | undefined,
): T | undefined {
  if (selection != null && selection !== 'lowest_price_first') return variants[0];
  let cheapest: T | undefined;
  for (const variant of variants) {
    if (!cheapest || effectivePriceCents(variant) < effectivePriceCents(cheapest)) cheapest = variant;
  }
  return cheapest;
}

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

/** Luhn's check digit: catches a mistyped digit or two swapped neighbours. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

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
export type CardInput = z.input<typeof cardInput>;

/** Test cards of the simulated payment: one that pays, one that is declined. */
export const TEST_CARD_APPROVED = '4242 4242 4242 4242';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';
