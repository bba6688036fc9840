/**
 * Style props for a block of a long page that the browser need not draw until it comes near the
 * screen: the first style and layout (which a phone does before its first paint) skip it, and it is
 * drawn as it is about to scroll into view. Its content stays in the page for search (Ctrl+F), the
 * keyboard and screen readers. `height` is a guess of its height until it has been drawn once; from
 * then on its own height is remembered. See docs/decisions/0013.
 */
export function drawnWhenNear(height: string) {
  // The block size only: a guessed width would push a narrow screen sideways.
  return { contentVisibility: 'auto', containIntrinsicBlockSize: `auto ${height}` } as const;
}
