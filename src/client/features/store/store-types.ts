import type { RouterOutputs } from '../../lib/trpc.ts';

type StoreOutputs = RouterOutputs['store'];
/** A product as a page shows it (the product page's answer also says whether it is `stale`). */
export type StoreProduct = StoreOutputs['products']['products'][number];
export type StoreVariant = StoreProduct['variants'][number];

/** The variant a card shows and adds: the one `site_product_selection` picked on the server. */
export function cardVariant(product: StoreProduct): StoreVariant | undefined {
  return product.variants.find((variant) => String(variant.id) === String(product.selected_variant_id)) ?? product.variants[0];
}

export type AvailabilityState = 'unavailable' | 'sold-out' | 'short' | 'in-stock' | 'untracked';

/** Spec §4/§5: what may be added — purchasable, and within managed stock. */
export function availability(
  product: Pick<StoreProduct, 'purchasable'>,
  variant: StoreVariant | undefined,
  quantity: number,
): AvailabilityState {
  if (!product.purchasable || !variant) return 'unavailable';
  if (!variant.manage_inventory) return 'untracked';
  if (variant.inventory_quantity <= 0) return 'sold-out';
  return quantity > variant.inventory_quantity ? 'short' : 'in-stock';
}

export function canAddToCart(state: AvailabilityState): boolean {
  return state === 'in-stock' || state === 'untracked';
}
