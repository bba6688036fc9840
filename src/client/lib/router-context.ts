import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from './trpc.ts';

/** What every route's loader and beforeLoad receive (TanStack Router's context). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}
