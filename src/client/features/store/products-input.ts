/**
 * The store grid's query: every product, or one collection's (by its slug). A module of its own: the
 * route's loader, which every page's first load carries, takes it without the grid and its cards.
 */
export function productsInput(collection: string | undefined) {
  return collection ? { collection } : undefined;
}
