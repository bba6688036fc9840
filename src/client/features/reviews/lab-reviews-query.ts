import type { trpc } from '../../lib/trpc.ts';

/**
 * The first page of a lab's public reviews, and how to ask for the next (the route's loader prefetches
 * it). A module of its own: the loader, which every page's first load carries, takes it without the list.
 */
export function labReviewsQuery(api: typeof trpc, labId: string) {
  return api.reviews.forLab.infiniteQueryOptions({ labId }, { getNextPageParam: (page) => page.next_cursor ?? undefined });
}
