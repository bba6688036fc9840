const LRI = '\u2066';
const PDI = '\u2069';
// A run of Latin letters and digits with the punctuation between them, e.g. "25-OH" or "B12".
const LATIN_RUN = /[A-Za-z0-9](?:[A-Za-z0-9.,+\-/ ]*[A-Za-z0-9])?/g;

/**
 * Isolates left-to-right runs inside Arabic text so "فيتامين د (25-OH)" does not render as
 * "(OH-25)": the Unicode bidi algorithm splits "25-OH" into a number and a word otherwise.
 */
export function isolateLatinRuns(text: string): string {
  if (!/[\u0600-\u06FF]/.test(text)) return text;
  return text.replace(LATIN_RUN, (run) => `${LRI}${run}${PDI}`);
}

/** The text for the active language; Arabic gets its Latin runs isolated. */
export function localized(locale: 'ar' | 'en', arabic: string, english: string): string {
  return locale === 'ar' ? isolateLatinRuns(arabic) : english;
}
