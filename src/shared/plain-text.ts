// Text one person writes and others read (names, reviews, replies, file names) is kept without the
// invisible characters that change how it, or the text drawn around it, reads: "passwd", U+202E (a
// bidi override), "gnp.pdf" looks like "passwdfdp.png"; control characters are invisible or break
// layouts and logs. They are removed rather than refused: nobody can see them to take them out of a
// form, and a file's name is not typed. Directional marks (LRM, RLM, ALM) and joiners stay: Arabic
// text uses them, and they reorder nothing outside the isolating element the page draws such text in.

/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and the C0 and C1
 * controls and DEL except tab and line feed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const HIDDEN = /[\u202a-\u202e\u2066-\u2069\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Free text over several lines (a review, a reply): line breaks, in any spelling, become \n; tabs stay. */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(HIDDEN, '');
}

/** A name or a file name: one line, its line breaks and tabs turned into spaces. */
export function oneLine(text: string): string {
  return withoutHiddenCharacters(text).replace(/[\t\n]/g, ' ');
}

/**
 * Whether a reader sees anything in the text: a letter, a digit, punctuation or a symbol. A reason made
 * only of spaces and invisible characters (U+200B, joiners, directional marks, a BOM) is no reason.
 */
export function hasVisibleText(text: string): boolean {
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(text);
}
