const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';
// A run of Latin letters and digits with the punctuation between them, e.g. "25-OH" or "B12", and a
// value or range with its unit as a report writes it: "157–371 10³/µL" (µ, superscript digits, en dash).
const LATIN_RUN = /[A-Za-z0-9µ](?:[A-Za-z0-9µ.,+\-/ –⁰¹²³⁴-⁹⁻]*[A-Za-z0-9µ⁰¹²³⁴-⁹])?/g;
const ARABIC = /[\u0600-\u06FF]/;
const isolate = (text: string) => text.replace(LATIN_RUN, (run) => `${LRI}${run}${PDI}`);

/**
 * Isolates left-to-right runs inside Arabic text so "فيتامين د (25-OH)" does not render as
 * "(OH-25)": the Unicode bidi algorithm splits "25-OH" into a number and a word otherwise.
 */
export function isolateLatinRuns(text: string): string {
  if (!ARABIC.test(text)) return text;
  return isolate(text);
}

/**
 * The same for HTML (store product descriptions): only text between tags is touched, and never a
 * character reference such as `&amp;`, whose letters are not text.
 */
export function isolateLatinRunsInHtml(html: string): string {
  if (!ARABIC.test(html)) return html;
  return html
    .split(/(<[^>]*>|&#?\w+;)/)
    .map((part, index) => (index % 2 === 0 ? isolate(part) : part))
    .join('');
}

/** The text for the active language; Arabic gets its Latin runs isolated. */
export function localized(locale: 'ar' | 'en', arabic: string, english: string): string {
  return locale === 'ar' ? isolateLatinRuns(arabic) : english;
}

/**
 * Text someone else wrote (a name) set inside a sentence of ours, where no <bdi> can wrap it (a
 * translated message, an <option>): isolated, it takes its own direction and cannot reorder the words
 * around it.
 */
export function isolated(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/**
 * A code read left to right whatever surrounds it (a LOINC code, "30522-7"), set inside a translated
 * sentence: digits and a hyphen have no direction of their own, so `isolated` would take the Arabic
 * sentence's and show "7-30522".
 */
export function isolatedLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}
