// Server rendering of the public pages, for the Node server (built by `npm run build` into
// dist/server; see docs/decisions/0011-server-rendered-public-pages.md). The client hydrates what
// this renders (app-main.tsx), so both must build the same tree from the same data.
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type Query, QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createRequestHandler } from '@tanstack/react-router/ssr/server';
import { getUntypedClient, type TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppRouter } from '../server/app-router.ts';
import type { Locale } from '../shared/locale.ts';
import type { PageRedirect, RenderedPage } from '../shared/server-rendering.ts';
import { SERVER_STYLES_ATTRIBUTE } from '../shared/server-rendering.ts';
import { SkippedOnServer } from './features/auth/two-factor/prompt-skipped.ts';
import { intlLocale } from './lib/format.ts';
import { asksForMissingRecord, dehydrateForBrowser, keepMissingRecordsFailed } from './lib/missing-records.ts';
import { queriesSettled } from './lib/queries-settled.ts';
import { type PageHead, PageHeadSink } from './lib/use-page-meta.ts';
import { createAppRouter } from './router.tsx';
import { createAppSystem } from './theme.ts';

const system = createAppSystem();

// Every catalog of both languages, once. Components read the global `i18n` (activeLocale(), the
// formatters), so each render activates its language right before it, in the same synchronous
// step as the render itself: no other request can run in between.
for (const [file, { messages }] of Object.entries(import.meta.glob<{ messages: Messages }>('./locales/*/*.po', { eager: true }))) {
  i18n.load(file.split('/')[2] as Locale, messages);
}

/** How long a page's data may take before the page is sent with its loading state instead. */
const DATA_WAIT_MS = 1500;

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

/** One server render of the router's page as the query cache stands now, with the styles and head it used. */
function draw(
  { locale, twoFactorSkippedBy }: { locale: Locale; twoFactorSkippedBy: string | null },
  queryClient: QueryClient,
  router: ReturnType<typeof createAppRouter>,
) {
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
                  <SkippedOnServer value={twoFactorSkippedBy}>
                    <RouterProvider router={router} />
                  </SkippedOnServer>
                </LocaleProvider>
              </QueryClientProvider>
            </ChakraProvider>
          </I18nProvider>
        </StrictMode>
      </PageHeadSink>
    </CacheProvider>,
  );
  return { html, cache, head: head as PageHead | null };
}

/** A tRPC query's key in the cache (@trpc/tanstack-react-query): the procedure's path, its input. */
type ProcedureQueryKey = [string[], { input?: unknown; type: 'query' }];

/**
 * The tRPC queries a render asked for that nothing has fetched (on the server a component's useQuery
 * only puts its query in the cache): those that are enabled and not skipped.
 */
function queriesNotStarted(queryClient: QueryClient): { queryKey: ProcedureQueryKey }[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query): query is Query & { queryKey: ProcedureQueryKey } => {
      const { enabled, queryFn } = query.options as { enabled?: boolean | ((query: Query) => boolean); queryFn?: unknown };
      const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      const [path, meta] = query.queryKey as [unknown, { type?: string } | undefined];
      return (
        Array.isArray(path) &&
        meta?.type === 'query' &&
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        isEnabled &&
        queryFn !== skipToken
      );
    });
}

export async function render({
  url,
  locale,
  client,
  twoFactorSkippedBy,
}: {
  url: string;
  locale: Locale;
  client: TRPCClient<AppRouter>;
  /** The TWO_FACTOR_LATER_COOKIE's value: whom staff's two-factor prompt was skipped for in this browser. */
  twoFactorSkippedBy: string | null;
}): Promise<RenderedPage | PageRedirect> {
  // No retries and no refetching: one request, one answer.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  // TanStack Router's own server handler loads the page (its redirects and "not found" as on the
  // client) and hands the loaded router to the callback; a redirect never reaches the callback.
  const request = new Request(new URL(url, 'http://localhost'));
  const handle = createRequestHandler({
    request,
    createRouter: () => {
      // As on the client: the session, the page's code and its data side by side.
      void queryClient.prefetchQuery(trpc.auth.me.queryOptions());
      return createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }), context: { queryClient, trpc } });
    },
  });
  let page: RenderedPage | undefined;
  const response = await handle(async ({ router }) => {
    page = await drawLoaded(router, queryClient, client, { locale, twoFactorSkippedBy }, url);
    return new Response(null, { status: page.status });
  });
  return page ?? { redirect: { location: response.headers.get('Location') ?? '/', status: response.status } };
}

/** The loaded router's page drawn with the data that came within DATA_WAIT_MS, its styles and its state. */
async function drawLoaded(
  router: ReturnType<typeof createAppRouter>,
  queryClient: QueryClient,
  client: TRPCClient<AppRouter>,
  browser: { locale: Locale; twoFactorSkippedBy: string | null },
  url: string,
): Promise<RenderedPage> {
  const deadline = new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS));
  await Promise.race([queriesSettled(queryClient), deadline]);
  keepMissingRecordsFailed(queryClient);
  let drawn = draw(browser, queryClient, router);
  // A page that asks for its data as it draws (the dashboards: each section's own queries) is drawn
  // once to learn what it asks, then again with the answers that came within the same wait.
  if (router.state.matches.some((match) => match.staticData.drawnWithItsQueries)) {
    const asked = queriesNotStarted(queryClient);
    if (asked.length > 0) {
      // Asked of the API in-process as this visitor, as the loaders' are: the components' own query
      // functions would call it over HTTP, as the browser does.
      const api = getUntypedClient(client);
      const answers = asked.map(({ queryKey }) =>
        queryClient.prefetchQuery({ queryKey, queryFn: () => api.query(queryKey[0].join('.'), queryKey[1].input) }),
      );
      await Promise.race([Promise.all(answers), deadline]);
      keepMissingRecordsFailed(queryClient);
      drawn = draw(browser, queryClient, router);
    }
  }
  const { html, cache } = drawn;

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
    state: dehydrateForBrowser(queryClient),
    head: drawn.head,
    status: asksForMissingRecord(queryClient) || !isAppPath(router, new URL(url, 'http://localhost').pathname) ? 404 : 200,
  };
}
