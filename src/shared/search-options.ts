// The search page's filter range and sort orders, shared by the input schema and the page. A module
// of their own without zod: the page's address is read before anything else loads.
export const PRICE_FILTER_MAX = 5000;
export const PRICE_FILTER_STEP = 50;
export const searchSorts = ['relevance', 'priceLowHigh', 'priceHighLow', 'highestRated'] as const;
export type SearchSort = (typeof searchSorts)[number];
/** Search answers a page of this many rows; "Show more" asks for the next page, up to SEARCH_MAX_RESULTS. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_RESULTS = 200;
