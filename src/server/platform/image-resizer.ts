/**
 * Makes a store picture's two sizes: a square for the grid's cards and a large one for the product's
 * gallery, both WebP. Native code (sharp) on Node only; a runtime without it gives the app none.
 */
export interface ImageResizer {
  storeSizes(bytes: Uint8Array): Promise<{ grid: Uint8Array; gallery: Uint8Array }>;
}

/** Thrown when the bytes are not a picture the resizer can read. */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}
