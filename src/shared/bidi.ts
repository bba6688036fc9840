// The pages isolate Latin runs by the same rule (src/client/lib/bidi.ts, its own copy: the home page's
// first load has no room for one more module).
const LRI = '\u2066';
const PDI = '\u2069';
// A run of Latin letters and digits with the punctuation between them, e.g. "25-OH" or "B12".
const LATIN_RUN = /[A-Za-z0-9](?:[A-Za-z0-9.,+\-/ ]*[A-Za-z0-9])?/g;
const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * Isolates left-to-right runs inside Arabic text so "فيتامين د (25-OH)" is not drawn "(OH-25)": the
 * Unicode bidi algorithm splits "25-OH" into a number and a word otherwise. The invoice PDF sets its
 * Arabic lines this way.
 */
export function isolateLatinRuns(text: string): string {
  if (!ARABIC_LETTER.test(text)) return text;
  return text.replace(LATIN_RUN, (run) => `${LRI}${run}${PDI}`);
}
