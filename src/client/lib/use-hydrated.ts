import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and while the browser takes the server's page over; true from the browser's next
 * drawing on. A lazy part drawn only once this is true is drawn by neither the server nor the browser's
 * first drawing, so the two agree: a lazy part the server meets is left unfinished, and the browser
 * throws the server's page away (React's error #419).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
