import { releaseEarlyTaps } from './early-taps.ts';

/**
 * Marks `<html data-app-ready>` once the app has drawn or taken over the page: from then on its
 * buttons answer (the end-to-end tests wait for it after each page load), and a button tapped before
 * then is tapped again (early-taps.ts).
 *
 * Called when the app's shell has been committed. On a server-rendered page React takes over the
 * page's own content (the router's outlet, a Suspense boundary) afterwards, in idle time: the mark
 * waits until the browser is idle too, so it never comes while the content is still the server's.
 */
export function markAppReady() {
  const ready = () => {
    document.documentElement.dataset.appReady = '';
    releaseEarlyTaps();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(ready, { timeout: 10_000 });
  else setTimeout(ready, 0);
}
