import type { DehydratedState } from '@tanstack/react-query';

// What a server-rendered page and the client that takes it over agree on
// (src/server/server-rendered-pages.ts writes them, src/client/app-main.tsx reads them).

/** On `#root`: the language the server drew the page in. */
export const SERVER_LOCALE_ATTRIBUTE = 'data-server-locale';
/** The JSON `<script>` holding the data the page was drawn with. */
export const SERVER_STATE_ID = 'tahaleel-query-state';
/** On the server-drawn page's <style> of component styles: the Emotion ids of the rules it holds. */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';
/** The cookie that tells the server the reader's language (the client sets it with the language). */
export const LOCALE_COOKIE = 'tahaleel_locale';
/** The cookie naming whom staff's two-factor prompt was skipped for (the client sets it when they skip). */
export const TWO_FACTOR_LATER_COOKIE = 'tahaleel_two_factor_later';

/** The store's pages: their own area (not the header and footer) is drawn in the store's dark theme. */
export function isStorePath(pathname: string): boolean {
  return pathname === '/store' || pathname.startsWith('/store/') || pathname.startsWith('/product/');
}

export interface RenderedPage {
  /** The page's markup, for `#root`. */
  html: string;
  /** Emotion's styles for that markup, as `<style>` tags for the head. */
  styles: string;
  /** The queries' data, for the client's cache (it hydrates with the same data). */
  state: DehydratedState;
  /** The page's own title and description, when it names them (usePageMeta). */
  head: { title: string; description: string } | null;
  /** 404 when the API said the page's record does not exist, else 200. */
  status: 200 | 404;
}

/** Another spelling of a page's address: the router's answer is the address its links use. */
export interface PageRedirect {
  redirect: { location: string; status: number };
}
