import { useLabCartItems } from '../features/booking/lab-cart/lab-cart-store.ts';
import { useStoreCartItems } from '../features/store-cart/store-cart-store.ts';

/** How many things each cart holds: tests booked in the lab-test cart, units in the store cart. */
export function useCartCounts(): { lab: number; store: number } {
  const labItems = useLabCartItems();
  const storeItems = useStoreCartItems();
  return { lab: labItems.length, store: storeItems.reduce((sum, item) => sum + item.quantity, 0) };
}
