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

/** Arabic-aware normalization, the same rules as the database's tahaleel_normalize(). */
export function normalizeSearchText(input: string): string {
  return input
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\u0623\u0625\u0622\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
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
