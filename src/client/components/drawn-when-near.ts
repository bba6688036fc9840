/** A guess of a block's height: one for every screen, or one for phones and one from `md` up. */
type Height = string | { base: string; md: string };

type BlockRef = (element: HTMLElement | null) => (() => void) | undefined;

/**
 * The last height each block was laid out at, by block and screen width, kept across pages: a page the
 * reader comes back to gives its blocks those heights before drawing them, so it is as tall as it was
 * and the router puts the reader back where they were. With the guesses alone the home page came back
 * some hundreds of pixels taller or shorter, and the reader saw other content than they had left.
 */
const heights = new Map<string, number>();
const MAX_HEIGHTS = 1_000;
const blockKeys = new WeakMap<Element, string>();
const refs = new Map<string, BlockRef>();
let observer: ResizeObserver | undefined;

const atThisWidth = (key: string) => `${key}@${window.innerWidth}`;

function remember(key: string, height: number) {
  const at = atThisWidth(key);
  heights.delete(at);
  heights.set(at, height);
  if (heights.size > MAX_HEIGHTS) heights.delete(heights.keys().next().value as string);
}

/** Watches the block's height after each layout (no layout of its own), until it leaves the page. */
function blockRef(key: string): BlockRef {
  let ref = refs.get(key);
  if (!ref) {
    ref = (element) => {
      if (!element) return undefined;
      observer ??= new ResizeObserver((entries) => {
        for (const entry of entries) {
          const block = blockKeys.get(entry.target);
          // The content's height, as contain-intrinsic-block-size takes it (the padding comes on top).
          const height = entry.contentBoxSize[0]?.blockSize;
          if (block && height) remember(block, height);
        }
      });
      blockKeys.set(element, key);
      observer.observe(element);
      return () => observer?.unobserve(element);
    };
    refs.set(key, ref);
    if (refs.size > MAX_HEIGHTS) refs.delete(refs.keys().next().value as string);
  }
  return ref;
}

/**
 * Style props (and a ref) for a block of a long page that the browser need not draw until it comes
 * near the screen: the first style and layout (which a phone does before its first paint) skip it,
 * and it is drawn as it is about to scroll into view. Its content stays in the page for search
 * (Ctrl+F), the keyboard and screen readers. `height` is a guess of its height until it has been
 * drawn; from then on its own height is kept, also when the reader leaves the page and comes back
 * (`key` names the block among every page's). See docs/decisions/0013.
 */
export function drawnWhenNear(key: string, height: Height) {
  // The server, and the app taking its page over, know no height yet: both give the guess.
  const known = typeof window === 'undefined' ? undefined : heights.get(atThisWidth(key));
  // The block size only: a guessed width would push a narrow screen sideways.
  const guess =
    known !== undefined
      ? `auto ${known}px`
      : typeof height === 'string'
        ? `auto ${height}`
        : { base: `auto ${height.base}`, md: `auto ${height.md}` };
  return { ref: blockRef(key), contentVisibility: 'auto', containIntrinsicBlockSize: guess } as const;
}
