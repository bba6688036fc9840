/** A guess of a block's height: one for every screen, or one for phones and one from `md` up. */
type Height = string | { base: string; md: string };

/**
 * Style props for a block of a long page that the browser need not draw until it comes near the
 * screen: the first style and layout (which a phone does before its first paint) skip it, and it is
 * drawn as it is about to scroll into view. Its content stays in the page for search (Ctrl+F), the
 * keyboard and screen readers. `height` is a guess of its height until it has been drawn once; from
 * then on its own height is remembered. See docs/decisions/0013.
 */
export function drawnWhenNear(height: Height) {
  // The block size only: a guessed width would push a narrow screen sideways.
  const guess = typeof height === 'string' ? `auto ${height}` : { base: `auto ${height.base}`, md: `auto ${height.md}` };
  return { contentVisibility: 'auto', containIntrinsicBlockSize: guess } as const;
}
