import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useSession } from '../../../lib/use-session.ts';
import { type LabCartItem, labCartStore } from './lab-cart-store.ts';

/** One test at one time for one patient: a seat they can have once (ADR 0064), at the lab or at home. */
const samePersonSeat = (a: LabCartItem, b: LabCartItem) =>
  a.labTestId === b.labTestId &&
  new Date(a.bookingTime).getTime() === new Date(b.bookingTime).getTime() &&
  (a.familyMemberId ?? '') === (b.familyMemberId ?? '');

/** The same line: that seat, and the same place (at the lab, or at home). */
const sameItem = (a: LabCartItem, b: LabCartItem) => samePersonSeat(a, b) && Boolean(a.home) === Boolean(b.home);

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
    const lines = labCartStore.get();
    // The same test and time for the same patient, once at the lab and once at home, is one seat too many.
    if (lines.some((line) => samePersonSeat(line, item) && !sameItem(line, item))) {
      notify.error({
        title: t`Could not add to cart`,
        description: t`This test at this time is already in your cart for the same person.`,
      });
      return false;
    }
    try {
      // The patient goes with the hold, so a seat they already have is refused now, not at payment.
      if (user?.user_type === 'customer') await hold.mutateAsync({ ...seatOf(item), familyMemberId: item.familyMemberId });
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
