/**
 * A page the server drew shows its buttons before the app has taken it over: on a slow phone for a
 * second or more. A tap on a button in that time would do nothing, or worse, submit its form to the
 * address bar. The latest such tap is held, and given to the button again once the app is ready, so
 * the tap a reader made is the tap that counts. Links and form fields work without the app and are
 * left to the browser.
 */

const CONTROLS = 'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"]';

let heldTap: HTMLElement | null = null;
let holding = false;

function holdTap(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
  if (!control || control.matches(':disabled') || !document.getElementById('root')?.contains(control)) return;
  event.preventDefault();
  event.stopPropagation();
  heldTap = control;
}

/** Starts holding taps on the page's buttons (the entry's first step, before any of the app loads). */
export function holdEarlyTaps() {
  if (holding) return;
  holding = true;
  document.addEventListener('click', holdTap, true);
}

/**
 * Stops holding, and taps again the button last tapped if the app kept it (React takes over the
 * server's elements as they are; an element it had to draw anew is not the one the reader saw).
 */
export function releaseEarlyTaps() {
  if (!holding) return;
  holding = false;
  document.removeEventListener('click', holdTap, true);
  const tapped = heldTap;
  heldTap = null;
  if (tapped?.isConnected) tapped.click();
}
