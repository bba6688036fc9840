import { useLingui } from '@lingui/react/macro';
import { useCartPanels } from '../../components/cart-panels-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { addToCart, type StoreCartLine, storeCartStore } from './store-cart-store.ts';

let addedToast: Promise<string> | undefined;

/** The open cart says what was added: its toast would only sit over the checkout button on a phone. */
export function dismissAddedToast() {
  void addedToast?.then((id) => notify.dismiss(id));
  addedToast = undefined;
}

/**
 * Adds a line to the store cart with the spec's toasts: 'Added to Cart! 🛒', or the stock message
 * under the grid's or the product page's failure title. Answers whether it was added.
 */
export function useAddToStoreCart() {
  const { t } = useLingui();
  const panels = useCartPanels();
  return (line: StoreCartLine, quantity: number, from: 'grid' | 'product'): boolean => {
    const result = addToCart(storeCartStore.get(), line, quantity);
    // Latin codes inside Arabic names ("وسط (M)") isolated, as on the product page.
    const product = isolateLatinRuns(line.product.title);
    const variant = isolateLatinRuns(line.variant.title);
    if (!result.ok) {
      const available = result.available;
      notify.error({
        title: from === 'grid' ? t`Could not add to cart` : t`Oh no! Something went wrong.`,
        description: t`Not enough stock for ${product} (${variant}). Only ${available} left.`,
      });
      return false;
    }
    storeCartStore.set(result.items);
    addedToast = notify.success({
      title: t`Added to Cart! 🛒`,
      description: t`${quantity} x ${product} (${variant}) added.`,
      action: { label: t`View cart`, onClick: () => panels.openStoreCart() },
    });
    return true;
  };
}
