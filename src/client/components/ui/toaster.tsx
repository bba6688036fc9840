import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toaster as chakraToaster } from './toast-region.tsx';

type ToastOptions = Parameters<typeof chakraToaster.create>[0];

// The toast machinery (Chakra's toaster and its region) is not needed until the first message, so
// it stays out of the first download: the first toast loads it, and the region mounts then.
let region: Promise<typeof import('./toast-region.tsx')> | null = null;
const listeners = new Set<() => void>();

function loadRegion() {
  if (!region) {
    region = import('./toast-region.tsx');
    for (const listener of listeners) listener();
  }
  return region;
}

const LazyToastRegion = lazy(() => loadRegion().then((module) => ({ default: module.ToastRegion })));

/** Where toasts appear; renders nothing until the first one is asked for. */
export function Toaster() {
  const requested = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => region !== null,
    // A server-drawn page has no toasts.
    () => false,
  );
  return requested ? (
    <Suspense fallback={null}>
      <LazyToastRegion />
    </Suspense>
  ) : null;
}

/**
 * Shows one toast, replacing whatever is on screen: with one toast at a time a newer message
 * (say, success after an error) must not wait behind an older one. Answers the toast's id.
 */
function show(type: 'success' | 'error' | 'warning' | 'info') {
  return async (options: Omit<ToastOptions, 'type'>): Promise<string> => {
    const { toaster } = await loadRegion();
    toaster.dismiss();
    return toaster.create({ ...options, type });
  };
}

export const notify = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  dismiss: async (id: string) => (await loadRegion()).toaster.dismiss(id),
};
