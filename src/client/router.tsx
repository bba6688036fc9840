import { createRouter } from '@tanstack/react-router';
import { queryClient, trpc } from './lib/trpc.ts';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
