import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';
import { type LabCartItem, labCartStore } from './lab-cart-store.ts';

/** One test at one time, at the lab or at home, for one patient. */
const sameItem = (a: LabCartItem, b: LabCartItem) =>
  a.labTestId === b.labTestId &&
  a.bookingTime === b.bookingTime &&
  Boolean(a.home) === Boolean(b.home) &&
  (a.familyMemberId ?? '') === (b.familyMemberId ?? '');

/** What the server holds (and books) for a cart item: its seat, and a home collection's address. */
export function seatOf(item: LabCartItem) {
  return {
    labTestId: item.labTestId,
    bookingTime: item.bookingTime,
    ...(item.home && { home: { address: item.home.address, latitude: item.home.latitude, longitude: item.home.longitude } }),
  };
}

const seatKey = (item: LabCartItem) => `${item.labTestId}|${item.bookingTime}|${item.home ? 'home' : 'lab'}`;

/** Adding holds the slot on the server for a few minutes; removing lets it go. */
export function useLabCart() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const hold = useMutation(trpc.booking.holdSlot.mutationOptions());
  const release = useMutation(trpc.booking.releaseHold.mutationOptions());

  async function add(item: LabCartItem): Promise<boolean> {
    try {
      if (user?.user_type === 'customer') await hold.mutateAsync(seatOf(item));
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
    // Another line may still need the same seat (another patient at the same time): it stays held then.
    const stillWanted = labCartStore.get().some((other) => seatKey(other) === (item && seatKey(item)));
    if (item && !stillWanted && user?.user_type === 'customer') release.mutate(seatOf(item));
  }

  return { add, remove, adding: hold.isPending };
}
