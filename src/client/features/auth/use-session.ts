import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** The signed-in user (or null), refreshed whenever the tab regains focus. */
export function useSession() {
  const query = useQuery({ ...trpc.auth.me.queryOptions(), refetchOnWindowFocus: true, staleTime: 60_000 });
  return { user: query.data ?? null, isLoading: query.isPending };
}
