import { type CurrencyInfo, type StoreId, sameStoreId } from '../../../shared/store.ts';
import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';
import { arrayOf, type Check, isBoolean, isInteger, isNumber, isString, orMissing, orNull, shape } from '../../lib/plain-checks.ts';

/** Spec §3 store cart item, plus what the drawer needs to total it and keep within stock. */
export interface StoreCartItem {
  product: { id: StoreId; title: string; image: string | null };
  variant: {
    id: StoreId;
    title: string;
    price_formatted: string;
    sale_price_formatted: string | null;
    sale_price_in_cents: number | null;
    // Lines saved before prices and stock were kept on them lack these.
    price_in_cents?: number;
    currency_info?: CurrencyInfo | null;
    manage_inventory?: boolean;
    inventory_quantity?: number;
  };
  quantity: number;
}
export type StoreCartLine = Omit<StoreCartItem, 'quantity'>;

const isStoreId: Check<StoreId> = (value): value is StoreId => isString(value) || isNumber(value);
const isOptionalText = orMissing(orNull(isString));

const isStoreCartItems = arrayOf(
  shape<StoreCartItem>({
    product: shape<StoreCartItem['product']>({ id: isStoreId, title: isString, image: orNull(isString) }),
    variant: shape<StoreCartItem['variant']>({
      id: isStoreId,
      title: isString,
      price_formatted: isString,
      sale_price_formatted: orNull(isString),
      sale_price_in_cents: orNull(isNumber),
      price_in_cents: orMissing(isNumber),
      currency_info: orMissing(orNull(shape<CurrencyInfo>({ code: isOptionalText, symbol: isOptionalText, template: isOptionalText }))),
      manage_inventory: orMissing(isBoolean),
      inventory_quantity: orMissing(isNumber),
    }),
    quantity: (value): value is number => isInteger(value) && value >= 1,
  }),
);

export const STORE_CART_KEY = 'tahaleel.storeCart';

/** Kept under a fixed key; anything unreadable there (hand-edited, an old shape) starts an empty cart. */
export const storeCartStore = createLocalStore<StoreCartItem[]>(STORE_CART_KEY, [], isStoreCartItems);

export function useStoreCartItems(): StoreCartItem[] {
  return useLocalStore(storeCartStore);
}

export type AddResult = { ok: true; items: StoreCartItem[] } | { ok: false; available: number };

/** How many of this line may be held at most, or null when its stock is not counted. */
export function stockLimit(line: StoreCartLine): number | null {
  return line.variant.manage_inventory ? Math.max(0, line.variant.inventory_quantity ?? 0) : null;
}

/**
 * Spec §5: adding merges with the same variant, and is refused when the variant manages its
 * inventory and what would be held exceeds the stock. The newest product data replaces the old.
 */
export function addToCart(items: StoreCartItem[], line: StoreCartLine, quantity: number): AddResult {
  const existing = items.find((item) => sameStoreId(item.variant.id, line.variant.id));
  const wanted = (existing?.quantity ?? 0) + quantity;
  const limit = stockLimit(line);
  if (limit !== null && wanted > limit) return { ok: false, available: limit };
  if (!existing) return { ok: true, items: [...items, { ...line, quantity }] };
  return {
    ok: true,
    items: items.map((item) => (item === existing ? { ...line, quantity: wanted } : item)),
  };
}

export function removeFromCart(items: StoreCartItem[], variantId: StoreId): StoreCartItem[] {
  return items.filter((item) => !sameStoreId(item.variant.id, variantId));
}

/** Never below 1 (spec §4); never above the stock the line last saw. */
export function setCartQuantity(items: StoreCartItem[], variantId: StoreId, quantity: number): StoreCartItem[] {
  return items.map((item) => {
    if (!sameStoreId(item.variant.id, variantId)) return item;
    const limit = stockLimit(item);
    const upper = limit === null ? Number.POSITIVE_INFINITY : Math.max(1, limit);
    return { ...item, quantity: Math.min(upper, Math.max(1, Math.floor(quantity) || 1)) };
  });
}

/** Fresh product data (another language, new stock or price) for lines the cart already holds. */
export function refreshCartLines(items: StoreCartItem[], fresh: StoreCartLine[]): StoreCartItem[] {
  return items.map((item) => {
    const line = fresh.find((candidate) => sameStoreId(candidate.variant.id, item.variant.id));
    return line ? { ...line, quantity: item.quantity } : item;
  });
}

export function clearCart(): void {
  storeCartStore.set([]);
}

/** The cart holds the same thing a product page shows: this builds one line from one variant. */
export function cartLineFrom(
  product: { id: StoreId; title: string; image: string | null },
  variant: {
    id: StoreId;
    title: string;
    image_url: string | null;
    price_formatted: string;
    sale_price_formatted: string | null;
    sale_price_in_cents: number | null;
    price_in_cents: number;
    currency_info: StoreCartItem['variant']['currency_info'];
    manage_inventory: boolean;
    inventory_quantity: number;
  },
): StoreCartLine {
  return {
    product: { id: product.id, title: product.title, image: variant.image_url ?? product.image },
    variant: {
      id: variant.id,
      title: variant.title,
      price_formatted: variant.price_formatted,
      sale_price_formatted: variant.sale_price_formatted,
      sale_price_in_cents: variant.sale_price_in_cents,
      price_in_cents: variant.price_in_cents,
      currency_info: variant.currency_info ?? null,
      manage_inventory: variant.manage_inventory,
      inventory_quantity: variant.inventory_quantity,
    },
  };
}
