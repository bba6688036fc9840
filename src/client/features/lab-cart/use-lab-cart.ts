import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';
import { type LabCartItem, labCartStore } from './lab-cart-store.ts';

const sameItem = (a: LabCartItem, b: { labTestId: number; bookingTime: string }) =>
  a.labTestId === b.labTestId && a.bookingTime === b.bookingTime;

/** Adding holds the slot on the server for a few minutes; removing lets it go. */
export function useLabCart() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const hold = useMutation(trpc.booking.holdSlot.mutationOptions());
  const release = useMutation(trpc.booking.releaseHold.mutationOptions());

  async function add(item: LabCartItem): Promise<boolean> {
    try {
      if (user?.user_type === 'customer') await hold.mutateAsync({ labTestId: item.labTestId, bookingTime: item.bookingTime });
    } catch (error) {
      notify.error({ title: t`Could not add to cart`, description: errorMessage(i18n, error) });
      return false;
    }
    labCartStore.set((items) => (items.some((existing) => sameItem(existing, item)) ? items : [...items, item]));
    return true;
  }

  function remove(index: number) {
    const item = labCartStore.get()[index];
    labCartStore.set((items) => items.filter((_, position) => position !== index));
    if (item && user?.user_type === 'customer') release.mutate({ labTestId: item.labTestId, bookingTime: item.bookingTime });
  }

  return { add, remove, adding: hold.isPending };
}
