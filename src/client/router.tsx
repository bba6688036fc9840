import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/** The app's router: the browser's history on the client, a memory history for a server render. */
export function createAppRouter({ context, history }: { context: RouterContext; history?: RouterHistory }) {
  let firstPageShown = false;
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // In the browser, a new page starts at its top and going back returns the reader to where they
    // were: the blocks drawn when near the screen come back at the heights they had (drawn-when-near.ts),
    // so the page is as tall as it was. The first page stays where it is: a reader may have scrolled
    // the server's page before the app took it over. (On the server it is off: the router would draw
    // an inline script of its own there, which the Content-Security-Policy blocks and the client does not draw.)
    scrollRestoration: history
      ? false
      : () => {
          const later = firstPageShown;
          firstPageShown = true;
          return later;
        },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * The server draws the page twice: once to learn the queries its components ask for, then with
     * their answers (entry-server.tsx). For pages whose sections fetch their own data (the dashboards).
     */
    drawnWithItsQueries?: boolean;
  }
}
