// The subsets the site's text needs (not Cyrillic, whose small files would be inlined into the CSS
// every page waits for). A browser fetches a subset only when the page shows one of its characters.
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-600.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css';
import '@fontsource/ibm-plex-sans-arabic/latin-400.css';
import '@fontsource/ibm-plex-sans-arabic/latin-600.css';
import '@fontsource/ibm-plex-sans-arabic/latin-700.css';
import '@fontsource/ibm-plex-sans-arabic/latin-ext-400.css';
import '@fontsource/ibm-plex-sans-arabic/latin-ext-600.css';
import '@fontsource/ibm-plex-sans-arabic/latin-ext-700.css';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, storedLocale } from './lib/locale.ts';
import { queryClient, trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { system } from './theme.ts';

const router = createAppRouter();

/** Re-renders the whole tree in the new language and hands Chakra the direction. */
function LocalizedApp() {
  const { i18n: active } = useLingui();
  return (
    <LocaleProvider locale={active.locale === 'en' ? 'en-SA' : 'ar-SA'}>
      <RouterProvider router={router} />
    </LocaleProvider>
  );
}

/** Resolves once no query is fetching. */
function queriesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
  });
}

async function start() {
  // The language's messages, the session, and the first page's code and data load side by side,
  // not one after another, and the page is drawn once with all of them: no half-built first paint
  // redrawn a moment later. (A failed load is the router's to show; it never holds the page.)
  void queryClient.prefetchQuery(trpc.auth.me.queryOptions());
  await Promise.all([activateLocale(storedLocale()), router.load().catch(() => undefined)]);
  // Loaders that do not hold a page (the store grid, search results) have their data on its way:
  // on this first load it comes with the page too, unless it takes long (then the page's own
  // loading state shows, as it does when moving between pages).
  await Promise.race([queriesSettled(queryClient), new Promise((resolve) => setTimeout(resolve, 3000))]);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the page still appears at once, when it is done).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <ChakraProvider value={system}>
            <QueryClientProvider client={queryClient}>
              <LocalizedApp />
            </QueryClientProvider>
          </ChakraProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
}

void start();
