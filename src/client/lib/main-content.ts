/** The page's `<main>`: where the skip link and a change of page take the keyboard focus. */
export const MAIN_CONTENT_ID = 'main-content';

export function mainContent(): HTMLElement | null {
  return document.getElementById(MAIN_CONTENT_ID);
}
