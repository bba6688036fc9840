import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/** The app's router: the browser's history on the client, a memory history for a server render. */
export function createAppRouter({ context, history }: { context: RouterContext; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
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
