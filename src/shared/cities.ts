/** The cities Tahaleel serves, with the names people type in either language. */
export const cities = {
  riyadh: { ar: 'الرياض', en: 'Riyadh', latitude: 24.7136, longitude: 46.6753 },
  jeddah: { ar: 'جدة', en: 'Jeddah', latitude: 21.5433, longitude: 39.1728 },
  dammam: { ar: 'الدمام', en: 'Dammam', latitude: 26.4207, longitude: 50.0888 },
  makkah: { ar: 'مكة المكرمة', en: 'Makkah', latitude: 21.3891, longitude: 39.8579 },
  madinah: { ar: 'المدينة المنورة', en: 'Madinah', latitude: 24.5247, longitude: 39.5692 },
} as const;

export type CityKey = keyof typeof cities;
export const cityKeys = Object.keys(cities) as CityKey[];

/** Other spellings people use (normalized form is compared). */
const aliases: Record<CityKey, string[]> = {
  riyadh: ['riyad', 'ar riyadh', 'الرياض'],
  jeddah: ['jeddah', 'jedda', 'jidda', 'jiddah', 'جده'],
  dammam: ['dammam', 'damam', 'الدمام'],
  makkah: ['makkah', 'mecca', 'makka', 'mekkah', 'مكه', 'مكه المكرمه'],
  madinah: ['madinah', 'medina', 'madina', 'almadinah', 'al madinah', 'المدينه', 'المدينه المنوره'],
};

// The TypeScript copy of tahaleel_normalize (migrations/0014_normalize_locale_independent.ts);
// tests/integration/normalization.test.ts checks they agree. Change both or neither.
/** Harakat (U+064B–U+065F), superscript alef (U+0670) and tatweel (U+0640): removed. */
const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
/** As SQL translate(): each character of FOLD_FROM becomes the one at the same place in FOLD_TO. */
const FOLD_FROM = '\u0623\u0625\u0622\u0671\u0629\u0649ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FOLD_TO = '\u0627\u0627\u0627\u0627\u0647\u064Aabcdefghijklmnopqrstuvwxyz';
const FOLD = new Map([...FOLD_FROM].map((from, index) => [from, FOLD_TO[index]!]));
const FOLDED = new RegExp(`[${FOLD_FROM}]`, 'g');
/** JavaScript's \s, spelled out (U+0009–U+000D, U+0020, …) as the SQL spells it; each run becomes one space. */
const WHITESPACE_RUN = /[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+/g;

/**
 * Arabic-aware search normalization: marks removed; أ إ آ ٱ → ا, ة → ه, ى → ي; A–Z → a–z and no other
 * case change (toLowerCase() and PostgreSQL's lower() fold other letters, each its own way); whitespace
 * runs to one space, none at either end.
 */
export function normalizeSearchText(input: string): string {
  return input
    .replace(MARKS, '')
    .replace(FOLDED, (char) => FOLD.get(char)!)
    .replace(WHITESPACE_RUN, ' ')
    .replace(/^ | $/g, '');
}

/** The city a typed location names, in Arabic or English, or null. */
export function cityFromText(text: string): CityKey | null {
  const typed = normalizeSearchText(text).replace(/^(al|el)[- ]/, '');
  if (!typed) return null;
  for (const key of cityKeys) {
    const names = [cities[key].ar, cities[key].en, ...aliases[key]].map(normalizeSearchText);
    if (names.some((name) => name === typed || typed.includes(name) || (typed.length >= 3 && name.startsWith(typed)))) return key;
  }
  return null;
}
