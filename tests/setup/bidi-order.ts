import bidiFactory from 'bidi-js';

// How a browser draws a line of mixed Arabic and Latin text: the Unicode bidirectional algorithm's levels
// (bidi-js), then rule L2, which reverses every stretch at or above each level from the highest down.

const bidi = bidiFactory();

/** The logical index of the character drawn at each place of the line, from left to right. */
export function drawnOrder(line: string, direction: 'ltr' | 'rtl'): number[] {
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  let drawn = [...Array(line.length).keys()];
  const highest = Math.max(0, ...levels);
  for (let level = highest; level >= 1; level--) {
    const next: number[] = [];
    for (let place = 0; place < drawn.length; ) {
      let end = place;
      while (end < drawn.length && levels[drawn[end]!]! >= level) end++;
      if (end > place) {
        next.push(...drawn.slice(place, end).reverse());
        place = end;
      } else {
        next.push(drawn[place]!);
        place++;
      }
    }
    drawn = next;
  }
  return drawn;
}

/** Whether `part` of the line is drawn in one piece, with nothing of the rest inside it. */
export function drawnWhole(line: string, part: string, direction: 'ltr' | 'rtl' = 'rtl'): boolean {
  const from = line.indexOf(part);
  if (from < 0) return false;
  const places = drawnOrder(line, direction)
    .flatMap((logical, place) => (logical >= from && logical < from + part.length ? [place] : []))
    .sort((a, b) => a - b);
  return places.at(-1)! - places[0]! + 1 === part.length;
}
