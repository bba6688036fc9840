import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/app-router.ts';
import { MAX_BATCH_CALLS } from '../../shared/api-limits.ts';
import { storedLocale } from './locale.ts';
import { passwordConfirmationLink } from './password-confirmation.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Retry only what a retry can fix: not a 4xx answer.
      retry: (failureCount, error) => {
        const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
        return failureCount < 2 && (status === undefined || status >= 500);
      },
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    passwordConfirmationLink<AppRouter>(),
    httpBatchLink({
      url: '/trpc',
      // The server refuses a larger batch before running any of it.
      maxItems: MAX_BATCH_CALLS,
      // The first requests leave before the catalog is active: they go in the stored language.
      headers: () => ({ 'x-tahaleel-locale': i18n.locale || storedLocale() }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
