// The app's start, imported by main.tsx once React and Chakra's system are ready.
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_LOCALE_ATTRIBUTE, SERVER_STATE_ID, SERVER_STYLES_ATTRIBUTE } from '../shared/server-rendering.ts';
import { prepareIntl } from './lib/format.ts';
import { activateLocale, activeLocale, storedLocale } from './lib/locale.ts';
import { hydrateFromServer } from './lib/missing-records.ts';
import { queriesSettled } from './lib/queries-settled.ts';
import { keepReferralFromAddress } from './lib/referral-code.ts';
import { markAppReady } from './lib/server-rendering.ts';
import { queryClient, trpc } from './lib/trpc.ts';
import { yieldToBrowser } from './lib/yield.ts';
import { createAppRouter } from './router.tsx';
import { type createAppSystem, systemOverServerStyles } from './theme.ts';

const router = createAppRouter({ context: { queryClient, trpc } });

/** Re-renders the whole tree in the new language and hands Chakra the direction. */
function LocalizedApp() {
  const { i18n: active } = useLingui();
  useEffect(markAppReady, []);
  return (
    <LocaleProvider locale={active.locale === 'en' ? 'en-SA' : 'ar-SA'}>
      <RouterProvider router={router} />
    </LocaleProvider>
  );
}

/**
 * The server's render of this page, when there is one the client can take over: same language, and
 * the data it was drawn with (JSON, not a script, so the Content-Security-Policy forbids inline code).
 */
function serverRender(root: HTMLElement): boolean {
  const state = document.getElementById(SERVER_STATE_ID);
  if (!state || root.getAttribute(SERVER_LOCALE_ATTRIBUTE) !== storedLocale()) return false;
  try {
    hydrateFromServer(queryClient, JSON.parse(state.textContent ?? ''));
    return true;
  } catch {
    return false;
  }
}

/**
 * Emotion's cache, told which rules the server-drawn page's styles already hold so they are not
 * added again. Emotion's own way of taking over server styles moves their <style> tags, and every
 * move makes the browser restyle the whole page: here nothing moves.
 */
function stylesCache() {
  const cache = createCache({ key: 'css' });
  const serverStyles = document.querySelector<HTMLStyleElement>(`style[${SERVER_STYLES_ATTRIBUTE}]`);
  if (!serverStyles) return cache;
  for (const id of serverStyles.getAttribute(SERVER_STYLES_ATTRIBUTE)?.split(' ') ?? []) cache.inserted[id] = true;
  // The cache's sheet starts with the server's tags: its new rules go into tags after them, and each
  // <Global> takes over its server tag by inserting it before the cache's first tag, which is then
  // where it already is (the server writes the global tags, then the component styles).
  const globals = document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global "]');
  const lastGlobal = globals[globals.length - 1];
  cache.sheet.tags.push(...(lastGlobal ? [lastGlobal] : []), serverStyles);
  return cache;
}

export async function start(system: ReturnType<typeof createAppSystem>) {
  const rootElement = document.getElementById('root')!;
  const serverRendered = serverRender(rootElement);
  keepReferralFromAddress();
  // The language's messages, the session, and the first page's code and data load side by side,
  // not one after another, and the page is drawn once with all of them: no half-built first paint
  // redrawn a moment later. (A failed load is the router's to show; it never holds the page.)
  // A server-rendered page brought its data along, so this is quick.
  void queryClient.prefetchQuery(trpc.auth.me.queryOptions());
  await Promise.all([activateLocale(storedLocale()), router.load().catch(() => undefined)]);
  // Loaders that do not hold a page (the store grid, search results) have their data on its way:
  // on this first load it comes with the page too, unless it takes long (then the page's own
  // loading state shows, as it does when moving between pages).
  await Promise.race([queriesSettled(queryClient), new Promise((resolve) => setTimeout(resolve, 3000))]);
  await prepareIntl(activeLocale());
  await yieldToBrowser();
  const app = (
    <CacheProvider value={stylesCache()}>
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <ChakraProvider value={serverRendered ? systemOverServerStyles(system) : system}>
            <QueryClientProvider client={queryClient}>
              <LocalizedApp />
            </QueryClientProvider>
          </ChakraProvider>
        </I18nProvider>
      </StrictMode>
    </CacheProvider>
  );
  // As transitions, the first render and the hydration yield to the browser every few milliseconds
  // instead of holding the main thread for the whole page.
  if (serverRendered) {
    // The router leaves out its root Suspense boundary on a server-rendered page, as the server
    // did (its own SSR sets this field the same way): the two trees must match.
    router.ssr = { manifest: undefined };
    startTransition(() => {
      hydrateRoot(rootElement, app, {
        onRecoverableError: (error) => console.error('The server-rendered page did not match; drawn again on the client.', error),
      });
    });
    return;
  }
  rootElement.replaceChildren();
  startTransition(() => createRoot(rootElement).render(app));
}
