import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, normalizeSearchText } from '../../src/shared/cities.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// One rule, two copies: tahaleel_normalize() in the database (migration 0014) is the source of truth,
// normalizeSearchText() in src/shared/cities.ts the TypeScript copy. They must agree on everything,
// here on PGlite and, with DATABASE_URL, on a PostgreSQL server.

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const HARAKAT = Array.from({ length: 0x065f - 0x064b + 1 }, (_, index) => String.fromCodePoint(0x064b + index));

/** Inputs chosen to break a careless copy: each rule, its neighbours, and what no rule touches. */
const HARD_CASES: string[] = [
  // Every harakah on its own, on a letter, and between words (removing it must not leave two spaces).
  ...HARAKAT.flatMap((mark) => [mark, `ب${mark}ا`, `فيتامين ${mark} د`]),
  'فِيتَامِين د',
  'مُسْتَشْفًى',
  // Superscript alef and tatweel.
  'هٰذا',
  'الرحمٰن',
  'فيتامـــين د',
  'ـ',
  // Alef forms, taa marbuta, alef maqsura — and the letters they become.
  'أ',
  'إ',
  'آ',
  'ٱ',
  'ا',
  'أحمد إبراهيم آمنة ٱلله',
  'الغدة الدرقية',
  'ة',
  'ه',
  'مستشفى',
  'ى',
  'ي',
  'الغدة الدرقيـــة أو إبرة آمنة على مستشفى',
  // Other Arabic-script letters no rule touches: Persian yeh and keheh, hamza forms, lam-alef ligature.
  'ی ک ء ؤ ئ',
  'ﻻ ﷲ',
  // ASCII case.
  'VITAMIN D',
  'VitAmin d',
  'HbA1c',
  'CBC',
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  // Letters whose lower case a locale (or toLowerCase) would change: both sides leave them alone.
  'É',
  'é',
  'ÀÉÎÕÜÇÑØ',
  'CAFÉ Café café',
  'ß',
  'STRASSE Straße',
  'ẞ',
  'İstanbul',
  'ı I i',
  'ΣΊΣΥΦΟΣ Σίσυφος',
  'ПРИВЕТ',
  'Ǆ ǅ ǆ',
  'ﬁ',
  '\u212A Kelvin \u212B Angstrom',
  'e\u0301', // e + combining acute: not a harakah
  // Digits.
  '٠١٢٣٤٥٦٧٨٩',
  '۰۱۲۳۴۵۶۷۸۹',
  'فيتامين ب١٢',
  '0123456789',
  // Whitespace: ends, runs, tabs and newlines, and the non-ASCII spaces.
  '',
  ' ',
  '   ',
  '\t\n',
  ' vitamin d ',
  '   vitamin     d   ',
  '\tvitamin\nd\r\n',
  'vitamin\u000Bd\u000Ce',
  '\u00A0فيتامين\u00A0\u00A0د\u00A0',
  'a\u1680b\u2000c\u2001d\u2002e\u2003f\u2004g\u2005h\u2006i\u2007j\u2008k\u2009l\u200Am',
  'a\u2028b\u2029c\u202Fd\u205Fe\u3000f\uFEFFg',
  '\u3000\uFEFF',
  // Not whitespace on either side: zero-width and direction marks, NEL, Mongolian vowel separator.
  'a\u200Bb\u200Cc\u200Dd\u200Ee\u200Ff\u061Cg',
  'a\u0085b\u180Ec',
  // Emoji (astral code points, ZWJ sequences, flags) and punctuation.
  '🧪 تحليل 🩸',
  '👩‍⚕️ 🇸🇦',
  'a"b\\c{d},e\'f',
  'NULL',
  '%_.*[]()',
  '؟،؛',
  `${'x'.repeat(300)}${' '.repeat(50)}Y`,
];

/** Shows invisible and look-alike characters as code points, so a failure can be read. */
function show(text: string): string {
  const shown = [...text].map((char) =>
    /[\p{L}\p{N}\p{P}\p{S} ]/u.test(char) ? char : `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
  return `"${shown.join('')}"`;
}

async function sqlNormalize(inputs: string[]): Promise<string[]> {
  const { rows } = await sql<{ normalized: string }>`
    select tahaleel_normalize(input) as normalized
    from unnest(${inputs}::text[]) with ordinality as corpus(input, position)
    order by position`.execute(database.db);
  return rows.map((row) => row.normalized);
}

async function seededText(): Promise<string[]> {
  const tests = await database.db.selectFrom('tests').select(['name_ar', 'name_en']).execute();
  const labs = await database.db.selectFrom('labs').select(['lab_name_ar', 'lab_name_en', 'address_ar', 'address_en']).execute();
  const categories = await database.db.selectFrom('categories').select(['name_ar', 'name_en']).execute();
  expect(tests.length).toBeGreaterThan(50);
  expect(labs.length).toBeGreaterThan(3);
  return [
    ...tests.flatMap((test) => [test.name_ar, test.name_en]),
    ...labs.flatMap((lab) => [lab.lab_name_ar, lab.lab_name_en, lab.address_ar, lab.address_en]),
    ...categories.flatMap((category) => [category.name_ar, category.name_en]),
    ...Object.values(cities).flatMap((city) => [city.ar, city.en]),
  ];
}

describe('search normalization', () => {
  it('is the same in TypeScript and in the database for every seeded name and address and every hard case', async () => {
    const corpus = [...(await seededText()), ...HARD_CASES];
    const inDatabase = await sqlNormalize(corpus);
    expect(inDatabase).toHaveLength(corpus.length);

    const disagreements = corpus.flatMap((input, index) => {
      const typescript = normalizeSearchText(input);
      return typescript === inDatabase[index]
        ? []
        : [`${show(input)}: TypeScript ${show(typescript)}, ${database.engine} ${show(inDatabase[index]!)}`];
    });
    expect(disagreements, `${disagreements.length} of ${corpus.length} inputs normalize differently:\n${disagreements.join('\n')}`).toEqual(
      [],
    );
  });

  it('follows the rule: Arabic variants, ASCII-only case folding, whitespace collapsed and trimmed', async () => {
    const expected: [string, string][] = [
      ['فِيتَامِين د', 'فيتامين د'],
      ['الغدة الدرقيـــة أو إبرة آمنة على مستشفى', 'الغده الدرقيه او ابره امنه علي مستشفي'],
      ['  VITAMIN\t\n D  ', 'vitamin d'],
      ['فيتامين َ د', 'فيتامين د'],
      ['\u00A0جدة\u3000', 'جده'],
      ['CAFÉ İstanbul ß', 'cafÉ İstanbul ß'],
      ['٠١٢', '٠١٢'],
      ['', ''],
    ];
    const inDatabase = await sqlNormalize(expected.map(([input]) => input));
    expect(inDatabase).toEqual(expected.map(([, output]) => output));
    expect(expected.map(([input]) => normalizeSearchText(input))).toEqual(expected.map(([, output]) => output));
  });

  it('keeps every stored search_ar and search_en equal to tahaleel_normalize of the name', async () => {
    const stale = await sql<{ id: number; name_ar: string; search_ar: string; name_en: string; search_en: string }>`
      select id, name_ar, search_ar, name_en, search_en from tests
      where search_ar is distinct from tahaleel_normalize(name_ar) or search_en is distinct from tahaleel_normalize(name_en)`.execute(
      database.db,
    );
    expect(stale.rows).toEqual([]);
    const { rows } = await sql<{
      count: number;
    }>`select count(*)::int as count from tests where search_ar is not null and search_en is not null`.execute(database.db);
    expect(rows[0]?.count).toBeGreaterThan(50);
  });

  it('keeps the trigram indexes on the stored names', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where tablename = 'tests' and indexname in ('tests_search_ar_trgm_idx', 'tests_search_en_trgm_idx')
      order by indexname`.execute(database.db);
    expect(rows.map((row) => row.indexname)).toEqual(['tests_search_ar_trgm_idx', 'tests_search_en_trgm_idx']);
    expect(rows[0]?.indexdef).toMatch(/USING gin \(search_ar gin_trgm_ops\)/);
    expect(rows[1]?.indexdef).toMatch(/USING gin \(search_en gin_trgm_ops\)/);
  });
});
