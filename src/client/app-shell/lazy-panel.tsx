import { type ReactNode, Suspense, useState } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * Mounts a dialog or drawer the first time it opens, and keeps it mounted after (so it can play its
 * closing animation and give the focus back). With `React.lazy` children, its code is downloaded
 * on that first opening instead of with the first page. One open from the start (the consent dialog) is
 * drawn by the browser once it has taken the page over, never by the server (lib/use-hydrated.ts).
 */
export function LazyPanel({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  const hydrated = useHydrated();
  if (open && !opened) setOpened(true);
  return opened && hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}
