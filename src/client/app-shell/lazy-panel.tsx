import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts a dialog or drawer the first time it opens, and keeps it mounted after (so it can play its
 * closing animation and give the focus back). With `React.lazy` children, its code is downloaded
 * on that first opening instead of with the first page.
 */
export function LazyPanel({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
