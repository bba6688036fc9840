// Plain rules of the store, shared by the server and the client; the inputs' schemas are in
// store-schemas.ts, so the client's first download does without zod.

/** How long a pending store order holds its stock while the buyer is on the payment page. */
export const STORE_RESERVATION_MINUTES = 15;
/**
 * What one buyer (a signed-in visitor) and one client address may have reserved at once in the built-in
 * store: open checkouts, and units across them. A visitor cannot hold a product's whole stock.
 */
export const STORE_MAX_OPEN_CHECKOUTS = 5;
export const STORE_MAX_RESERVED_UNITS = 20;

/** Product and variant ids are the provider's: numbers in the built-in store, often strings elsewhere. */
export type StoreId = number | string;

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

/** A variant's stock, when the store tracks it. */
interface StockedVariant {
  manage_inventory?: boolean;
  inventory_quantity?: number;
}

/** Whether a variant can be bought now: its stock is not tracked, or some is left. */
function inStock(variant: StockedVariant): boolean {
  return !variant.manage_inventory || (variant.inventory_quantity ?? 0) > 0;
}

/**
 * Spec §3 `site_product_selection`: `lowest_price_first` or null picks the cheapest variant (by its
 * sale price when it has one, else its price; the first of equals); any other value the first variant.
 * The pick is made among the variants in stock, so a product opens on one that can be bought; only
 * when none is in stock is it made among them all.
 */
export function selectVariant<T extends PricedVariant & StockedVariant>(
  variants: readonly T[],
  selection: string | null | undefined,
): T | undefined {
  const buyable = variants.filter(inStock);
  const among = buyable.length > 0 ? buyable : variants;
  if (selection != null && selection !== 'lowest_price_first') return among[0];
  let cheapest: T | undefined;
  for (const variant of among) {
    if (!cheapest || effectivePriceCents(variant) < effectivePriceCents(cheapest)) cheapest = variant;
  }
  return cheapest;
}

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

/** Test cards of the simulated payment: one that pays, one that is declined. */
export const TEST_CARD_APPROVED = '4242 4242 4242 4242';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';

/** The currency as a reader of that language sees it (its Arabic template on Arabic pages). */
export function localizedCurrency(
  currency: { code: string; symbol: string; template: string; template_ar: string | null } | undefined,
  locale: 'ar' | 'en',
): CurrencyInfo | null {
  if (!currency) return null;
  return {
    code: currency.code,
    symbol: currency.symbol,
    template: locale === 'ar' ? (currency.template_ar ?? currency.template) : currency.template,
  };
}

export interface ShippingAddress {
  city: string;
  district: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
}

/** A Saudi National Address on one line, as the post writes it: building and street, district, city and postal code. */
export function formatShippingAddress(address: ShippingAddress, locale: 'ar' | 'en'): string {
  const comma = locale === 'ar' ? '، ' : ', ';
  return [`${address.buildingNumber} ${address.street}`, address.district, `${address.city} ${address.postalCode}`].join(comma);
}
