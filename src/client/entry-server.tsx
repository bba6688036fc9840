// Server rendering of the public pages, for the Node server (built by `npm run build` into
// dist/server; see docs/decisions/0011-server-rendered-public-pages.md). The client hydrates what
// this renders (app-main.tsx), so both must build the same tree from the same data.
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { type TRPCClient, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppRouter } from '../server/trpc/router.ts';
import type { Locale } from '../shared/locale.ts';
import type { PageRedirect, RenderedPage } from '../shared/server-rendering.ts';
import { SERVER_STYLES_ATTRIBUTE } from '../shared/server-rendering.ts';
import { intlLocale } from './lib/format.ts';
import { queriesSettled } from './lib/queries-settled.ts';
import { type PageHead, PageHeadSink } from './lib/use-page-meta.ts';
import { messages as arLegal } from './locales/ar/legal.po';
import { messages as arMessages } from './locales/ar/messages.po';
import { messages as enLegal } from './locales/en/legal.po';
import { messages as enMessages } from './locales/en/messages.po';
import { createAppRouter } from './router.tsx';
import { createAppSystem } from './theme.ts';

const system = createAppSystem();

// Every catalog of both languages, once. Components read the global `i18n` (activeLocale(), the
// formatters), so each render activates its language right before it, in the same synchronous
// step as the render itself: no other request can run in between.
i18n.load({
  ar: { ...arMessages, ...arLegal },
  en: { ...enMessages, ...enLegal },
});

/** How long a page's data may take before the page is sent with its loading state instead. */
const DATA_WAIT_MS = 1500;

/**
 * Whether the API said the page's record (a test, lab, category or product) does not exist: the
 * page then draws its "not found" state, and the answer is a 404 so search engines drop the address.
 */
function asksForMissingRecord(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      ({ state }) => state.error instanceof TRPCClientError && (state.error.data as { code?: string } | undefined)?.code === 'NOT_FOUND',
    );
}

/**
 * Whether an address is one of the app's pages; any other draws "not found". A route matches it whole:
 * a match that leaves a rest over (`**`, e.g. /labs/x/more against /labs/$labId) is not one.
 */
function isAppPath(router: ReturnType<typeof createAppRouter>, pathname: string): boolean {
  const [, params, route] = router.getMatchedRoutes(pathname);
  return route !== undefined && !params['**'];
}

/** Matches addresses for `isKnownPage`; it never loads a page, so its context is never read. */
const addressRouter = createAppRouter({ history: createMemoryHistory(), context: { queryClient: new QueryClient(), trpc: null as never } });

/**
 * Whether the server should answer an address with the app's page (200) or with "not found" (404,
 * drawn by `render`): the router's own matching, so the two cannot disagree.
 */
export function isKnownPage(pathname: string): boolean {
  return isAppPath(addressRouter, pathname);
}

export async function render({
  url,
  locale,
  client,
}: {
  url: string;
  locale: Locale;
  client: TRPCClient<AppRouter>;
}): Promise<RenderedPage | PageRedirect> {
  // No retries and no refetching: one request, one answer.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient, trpc },
  });
  // As on the client: the session, the page's code and its data side by side.
  void queryClient.prefetchQuery(trpc.auth.me.queryOptions());
  await router.load();
  const loaded = router._serverResult;
  if (loaded?.type === 'redirect') {
    return { redirect: { location: loaded.redirect.headers.get('Location') ?? '/', status: loaded.redirect.status } };
  }
  await Promise.race([queriesSettled(queryClient), new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))]);

  // Emotion in compat mode keeps each rule's text in the cache instead of writing <style> tags
  // beside the components, so the head gets them in one piece (as @emotion/server would).
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  let head: PageHead | null = null;
  i18n.activate(locale, intlLocale(locale));
  const html = renderToString(
    <CacheProvider value={cache}>
      <PageHeadSink value={(named) => (head = named)}>
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <ChakraProvider value={system}>
              <QueryClientProvider client={queryClient}>
                <LocaleProvider locale={locale === 'en' ? 'en-SA' : 'ar-SA'}>
                  <RouterProvider router={router} />
                </LocaleProvider>
              </QueryClientProvider>
            </ChakraProvider>
          </I18nProvider>
        </StrictMode>
      </PageHeadSink>
    </CacheProvider>,
  );

  // Global styles (reset, tokens) go out as Emotion's <Global> writes them, so the client's adopts
  // them, marked `data-s` so Emotion's start-up does not move them (moving a style tag makes the
  // browser restyle the whole page); the rest in one tag whose rules the client's cache counts as
  // inserted (app-main.tsx).
  const ids: string[] = [];
  let rules = '';
  let globals = '';
  for (const [id, inserted] of Object.entries(cache.inserted)) {
    if (typeof inserted !== 'string') continue;
    if (cache.registered[`css-${id}`] === undefined) {
      globals += `<style data-emotion="css-global ${id}" data-s="">${inserted}</style>`;
    } else {
      ids.push(id);
      rules += inserted;
    }
  }
  return {
    html,
    styles: `${globals}<style ${SERVER_STYLES_ATTRIBUTE}="${ids.join(' ')}">${rules}</style>`,
    state: dehydrate(queryClient),
    head,
    status: asksForMissingRecord(queryClient) || !isAppPath(router, new URL(url, 'http://localhost').pathname) ? 404 : 200,
  };
}
