/**
 * Marks `<html data-app-ready>` once the app has drawn or taken over the page: from then on its
 * buttons answer (the end-to-end tests wait for it after each page load).
 */
export function markAppReady() {
  document.documentElement.dataset.appReady = '';
}
