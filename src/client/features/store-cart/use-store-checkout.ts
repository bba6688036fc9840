import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { sameStoreId } from '../../../shared/store.ts';
import { useCartPanels } from '../../components/cart-panels-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { useGoTo } from '../../lib/use-go-to.ts';
import { type StoreCartItem, storeCartStore } from './store-cart-store.ts';

/** Set while the browser is away paying; the success page empties the cart only when it is there. */
export const STORE_CHECKOUT_PENDING_KEY = 'tahaleel.storeCheckoutPending';

export function markCheckoutPending(pending: boolean) {
  try {
    if (pending) sessionStorage.setItem(STORE_CHECKOUT_PENDING_KEY, '1');
    else sessionStorage.removeItem(STORE_CHECKOUT_PENDING_KEY);
  } catch {
    // Without session storage the cart is simply kept after paying.
  }
}

export function isCheckoutPending(): boolean {
  try {
    return sessionStorage.getItem(STORE_CHECKOUT_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

function errorDetails(error: unknown): { appCode?: string; details?: { variantId?: unknown; available?: unknown } } {
  return error instanceof TRPCClientError ? ((error.data ?? {}) as never) : {};
}

/** Asks the store for a payment page for the cart, then sends the browser there. */
export function useStoreCheckout() {
  const { t } = useLingui();
  const goTo = useGoTo();
  const panels = useCartPanels();
  const mutation = useMutation(trpc.store.checkout.mutationOptions());

  const explain = (items: StoreCartItem[], error: unknown): string => {
    const { appCode, details } = errorDetails(error);
    const item = items.find(
      (candidate) => details?.variantId !== undefined && sameStoreId(candidate.variant.id, details.variantId as string),
    );
    if (item && appCode === 'OUT_OF_STOCK' && typeof details?.available === 'number') {
      const product = isolateLatinRuns(item.product.title);
      const variant = isolateLatinRuns(item.variant.title);
      const available = details.available;
      // The cart learns the new limit, so its stepper stops there.
      storeCartStore.set((current) =>
        current.map((line) =>
          line === item || sameStoreId(line.variant.id, item.variant.id)
            ? { ...line, variant: { ...line.variant, manage_inventory: true, inventory_quantity: available } }
            : line,
        ),
      );
      return t`Not enough stock for ${product} (${variant}). Only ${available} left.`;
    }
    if (item && appCode === 'PRODUCT_UNAVAILABLE') {
      const product = isolateLatinRuns(item.product.title);
      const variant = isolateLatinRuns(item.variant.title);
      return t`${product} (${variant}) is currently unavailable. Please remove it from your cart.`;
    }
    return t`There was a problem initializing checkout. Please try again.`;
  };

  const start = async (items: StoreCartItem[]) => {
    if (items.length === 0) {
      notify.warning({ title: t`Your cart is empty` });
      return;
    }
    try {
      const { url } = await mutation.mutateAsync({
        items: items.map((item) => ({ variantId: item.variant.id, quantity: item.quantity })),
        successUrl: new URL('/success', window.location.origin).toString(),
        cancelUrl: new URL('/store?checkout=cancelled', window.location.origin).toString(),
        locale: activeLocale(),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Riyadh',
      });
      markCheckoutPending(true);
      panels.close();
      goTo(url);
    } catch (error) {
      notify.error({ title: t`Checkout Error`, description: explain(items, error) });
    }
  };

  // Stays busy after success too: the page is on its way to the payment page.
  return { start, busy: mutation.isPending || mutation.isSuccess };
}
