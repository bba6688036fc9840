import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, trpc } from './trpc.ts';

/** The signed-in user as `auth.me` answers it. */
export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

/** The signed-in user (or null), refreshed whenever the tab regains focus. */
export function useSession() {
  const query = useQuery({ ...trpc.auth.me.queryOptions(), refetchOnWindowFocus: true, staleTime: 60_000 });
  return { user: query.data ?? null, isLoading: query.isPending };
}
