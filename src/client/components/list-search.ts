import { searchText } from '../lib/plain-checks.ts';

// A paged list's part of the page's address, in a module of its own: the dashboards' routes read it in
// validateSearch, which every page's first load carries, without the toolbar and buttons of paged-list.tsx.

/**
 * What a paged list keeps in the page's address (ADR 0035): the search text, the order, one filter
 * and the cursor of the page shown, so a reload or a shared link opens the same page.
 */
export interface ListSearch {
  q?: string | undefined;
  sort?: string | undefined;
  filter?: string | undefined;
  cursor?: string | undefined;
}

/** The list's part of a route's search params, each dropped when unusable (validateSearch). */
export function listSearch(search: Record<string, unknown>): ListSearch {
  return {
    q: searchText(search.q, 100) || undefined,
    sort: searchText(search.sort, 30) || undefined,
    filter: searchText(search.filter, 30) || undefined,
    cursor: searchText(search.cursor, 400) || undefined,
  };
}

/**
 * The list's state and how to change it: a new search, order or filter starts again on the first page.
 * `onChange` sets only the keys it is given and keeps the others as the address has them by then, not
 * as this render saw them: a filter chosen while the search box's text is still on its way to the
 * address keeps that text.
 */
export interface ListControl {
  search: ListSearch;
  onChange: (change: Partial<ListSearch>) => void;
}

/**
 * The address after a change to the list: the section, the list's keys as the address has them now
 * with `change` applied, and nothing else (a one-off notice in the address is not carried along).
 */
export function changedListSearch(previous: { section?: string | undefined } & ListSearch, change: Partial<ListSearch>) {
  const { section, q, sort, filter, cursor } = previous;
  return { section, q, sort, filter, cursor, ...change };
}
