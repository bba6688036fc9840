import { type DehydratedState, defaultShouldDehydrateQuery, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/**
 * A record the server's render asked for and was told does not exist (a test, lab, category or product
 * at an address nobody has): the server draws the page's "not found" with its 404, and the browser takes
 * that page over as drawn. TanStack Query by default carries only answers to the browser, and a query
 * that failed shows as loading again when its page mounts (`retryOnMount`): the server would draw
 * "Loading…" with the 404, and the browser "not found" only once it had asked again.
 */
const isMissingRecord = (query: Query): boolean =>
  query.state.error instanceof TRPCClientError && (query.state.error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';

/** Whether a render asked for something that does not exist: the page is answered 404, so search engines drop the address. */
export const asksForMissingRecord = (queryClient: QueryClient): boolean => queryClient.getQueryCache().getAll().some(isMissingRecord);

/** The server's queries for the browser: their answers, and each "not found" as the API's error shape (plain JSON). */
export function dehydrateForBrowser(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isMissingRecord(query) });
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error instanceof TRPCClientError ? { ...query, state: { ...query.state, error: query.state.error.shape } } : query,
    ),
  };
}

/**
 * A "not found" stays failed when its page mounts, on the server and in the browser alike, so both draw
 * the page's "not found". Any other failure shows as loading on both, and the browser asks again.
 */
export function keepMissingRecordsFailed(queryClient: QueryClient) {
  for (const query of queryClient.getQueryCache().getAll()) {
    if (isMissingRecord(query)) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}

/** The browser's side: the server's queries in its cache, each "not found" a tRPC error again that mounting does not ask again. */
export function hydrateFromServer(queryClient: QueryClient, state: DehydratedState) {
  hydrate(queryClient, state);
  for (const { queryKey, state: server } of state.queries) {
    if (server.error === null || server.error === undefined) continue;
    queryClient
      .getQueryCache()
      .find({ queryKey, exact: true })
      ?.setState({ error: TRPCClientError.from({ error: server.error }) });
  }
  keepMissingRecordsFailed(queryClient);
}
