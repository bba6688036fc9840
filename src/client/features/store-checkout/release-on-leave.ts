import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc.ts';

// Leaving the payment page (closing the tab, going back, another page of the app) gives the stock back
// at once (issue #20, item 5), instead of holding it until the reservation runs out. Not while a payment
// is being made; a paid or already cancelled order is left as it is by the server.

/** The procedure's plain HTTP form (no batch, JSON input), which a beacon can send as the page goes. */
const CANCEL_URL = '/trpc/store.hostedCheckout.cancel';

function releaseReservation(orderId: string) {
  const body = new Blob([JSON.stringify({ orderId })], { type: 'application/json' });
  if (navigator.sendBeacon?.(CANCEL_URL, body)) return;
  void fetch(CANCEL_URL, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
}

/** Orders whose buyer left for the gateway's 3-D Secure page (ADR 0039): their reservation stays while they pay there. */
const payingAway = new Set<string>();

/** Keeps an order's reservation as the page goes to the gateway to pay; the callback settles the order. */
export function keepReservationWhileAway(orderId: string) {
  payingAway.add(orderId);
}

/** A release planned by an unmount, which a remount of the same page (React's StrictMode) calls off. */
const plannedReleases = new Map<string, ReturnType<typeof setTimeout>>();

export function useReleaseOnLeave(orderId: string) {
  // A payment of this order under way or made: the page goes to the store's success page, keeping it.
  const paying =
    useMutationState({
      filters: {
        mutationKey: trpc.store.hostedCheckout.pay.mutationKey(),
        predicate: (mutation) =>
          (mutation.state.status === 'pending' || mutation.state.status === 'success') &&
          (mutation.state.variables as { orderId?: string } | undefined)?.orderId === orderId,
      },
    }).length > 0;
  const payingNow = useRef(paying);
  payingNow.current = paying;

  useEffect(() => {
    clearTimeout(plannedReleases.get(orderId));
    plannedReleases.delete(orderId);
    const release = () => {
      if (!payingNow.current && !payingAway.has(orderId)) releaseReservation(orderId);
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      plannedReleases.set(
        orderId,
        setTimeout(() => {
          plannedReleases.delete(orderId);
          release();
        }, 0),
      );
    };
  }, [orderId]);
}
