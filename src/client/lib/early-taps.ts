/**
 * A page the server drew shows its buttons before the app has taken it over: on a slow phone for a
 * second or more. public/boot-locale.js, which the page loads first, holds the latest tap on one of
 * them in that time (a tap would otherwise do nothing, or submit its form to the address bar); this
 * gives it to the button again once the app is ready, so the tap a reader made is the tap that counts.
 */

declare global {
  interface Window {
    /** The button last tapped before the app was ready (public/boot-locale.js). */
    tahaleelHeldTap?: HTMLElement;
  }
}

/**
 * Taps again the button last tapped before the app was ready, if the app kept it (React takes over
 * the server's elements as they are; an element it had to draw anew is not the one the reader saw).
 * Called once `<html data-app-ready>` is set, which ends the holding.
 */
export function releaseEarlyTaps() {
  const tapped = window.tahaleelHeldTap;
  window.tahaleelHeldTap = undefined;
  if (tapped?.isConnected) tapped.click();
}
