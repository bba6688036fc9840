// `npm run fonts`: writes the Arabic faces every Arabic page preloads, cut from @fontsource's Arabic
// files to the letters Arabic text in Saudi Arabia and the region is written with (docs/decisions/0049).
// `npm run fonts:check` (--check) writes nothing and fails when:
// - a committed face differs from what the pinned @fontsource and subset-font make of it;
// - src/client/fonts.css does not give the core faces CORE and the full faces the rest of their range;
// - the app's own Arabic text (catalogs, seed data, code) has a character outside CORE, which would make
//   every page that shows it download the full face too.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const fontsource = (file: string) => createRequire(import.meta.url).resolve(`@fontsource/ibm-plex-sans-arabic/${file}`);
const WEIGHTS = [400, 600] as const;
const coreFile = (weight: number) => `src/client/fonts/ibm-plex-sans-arabic-arabic-core-${weight}-normal.woff2`;
const FONTS_CSS = 'src/client/fonts.css';

type Range = readonly [from: number, to: number];

/**
 * The Arabic letters with their hamza forms, tashkeel and hamza marks; Arabic-Indic and Eastern
 * Arabic-Indic digits, with the Arabic percent, decimal and thousands signs; the Arabic comma,
 * semicolon and question mark, tatweel, the Arabic letter mark (in numbers Intl formats), the
 * dagger alef and alef wasla; the letters names borrowed into Arabic are written with (پ چ ژ ڤ ک گ ی);
 * and the zero-width joiners and direction marks. The rest of the Arabic file (Persian, Urdu and
 * other languages' letters, presentation forms such as ﷺ, mathematical letters) stays in the full
 * face, which a page downloads only when it shows one of them.
 */
const CORE: readonly Range[] = [
  [0x060c, 0x060c],
  [0x061b, 0x061c],
  [0x061f, 0x061f],
  [0x0621, 0x0655],
  [0x0660, 0x066d],
  [0x0670, 0x0671],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0698, 0x0698],
  [0x06a4, 0x06a4],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06cc, 0x06cc],
  [0x06f0, 0x06f9],
  [0x200c, 0x200e],
];

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');
const formatRanges = (ranges: readonly Range[]) =>
  ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
const parseRanges = (css: string): Range[] =>
  css.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from!, 16), Number.parseInt(to!, 16)];
  });
const inRanges = (ranges: readonly Range[], codePoint: number) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** `ranges` without the code points in `removed`, as ranges. */
function without(ranges: readonly Range[], removed: readonly Range[]): Range[] {
  const left: Range[] = [];
  for (const [from, to] of ranges) {
    let start: number | undefined;
    for (let codePoint = from; codePoint <= to + 1; codePoint++) {
      const kept = codePoint <= to && !inRanges(removed, codePoint);
      if (kept && start === undefined) start = codePoint;
      if (!kept && start !== undefined) {
        left.push([start, codePoint - 1]);
        start = undefined;
      }
    }
  }
  return left;
}

/** The unicode-range @fontsource gives one of its subsets (the same for every weight). */
async function subsetRange(subset: 'arabic' | 'latin'): Promise<Range[]> {
  const css = await readFile(fontsource('400.css'), 'utf8');
  const face = css.split('@font-face').find((block) => block.includes(`ibm-plex-sans-arabic-${subset}-400-normal.woff2`));
  const range = face?.match(/unicode-range:\s*([^;]+);/)?.[1];
  if (!range) throw new Error(`@fontsource/ibm-plex-sans-arabic's 400.css has no ${subset} face: update scripts/fonts-arabic-core.ts`);
  return parseRanges(range);
}

async function coreFace(weight: number): Promise<Buffer> {
  const full = await readFile(fontsource(`files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`));
  const text = CORE.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index))).join(
    '',
  );
  return subsetFont(full, text, { targetFormat: 'woff2' });
}

/** Each Arabic face of fonts.css (by the file it names) with its unicode-range. */
function facesInCss(css: string): Map<string, Range[]> {
  const faces = new Map<string, Range[]>();
  for (const block of css.split('@font-face').slice(1)) {
    const file = block.match(/url\("([^"]+)"\)/)?.[1];
    const range = block.match(/unicode-range:\s*([^;]+);/)?.[1];
    if (file?.includes('-arabic-arabic-') && range) faces.set(file, parseRanges(range));
  }
  return faces;
}

/** Characters of the Arabic script in the app's own text that the core faces do not have. */
async function arabicOutsideCore(restRange: readonly Range[]): Promise<string[]> {
  const files: string[] = [];
  for (const dir of ['src', 'seeds', 'migrations']) {
    const names = await readdir(`${root}/${dir}`, { recursive: true });
    files.push(...names.filter((name) => /\.(ts|tsx|po|json|sql)$/.test(name)).map((name) => `${dir}/${name}`));
  }
  const outside: string[] = [];
  for (const file of files) {
    const text = await readFile(`${root}/${file}`, 'utf8');
    for (const character of new Set(text)) {
      const codePoint = character.codePointAt(0)!;
      if (inRanges(restRange, codePoint)) outside.push(`${file}: ${character} U+${hex(codePoint)}`);
    }
  }
  return outside;
}

const check = process.argv.includes('--check');
const problems: string[] = [];
// The full faces keep what the core faces do not have, except the punctuation the Latin face has too
// (U+2010, U+2011, U+204F): two faces claiming a character may both be downloaded.
const restRange = without(without(await subsetRange('arabic'), CORE), await subsetRange('latin'));

for (const weight of WEIGHTS) {
  const face = await coreFace(weight);
  const path = `${root}/${coreFile(weight)}`;
  if (!check) await writeFile(path, face);
  else if (!face.equals(await readFile(path).catch(() => Buffer.alloc(0))))
    problems.push(`${coreFile(weight)} is out of date: run npm run fonts`);
}

const faces = facesInCss(await readFile(`${root}/${FONTS_CSS}`, 'utf8'));
for (const weight of WEIGHTS) {
  const expected: Array<[string, Range[]]> = [
    [`./fonts/ibm-plex-sans-arabic-arabic-core-${weight}-normal.woff2`, [...CORE]],
    [`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`, restRange],
  ];
  for (const [file, range] of expected) {
    const written = faces.get(file);
    if (!written || formatRanges(written) !== formatRanges(range)) {
      problems.push(`${FONTS_CSS}: the face of ${file} needs\n  unicode-range: ${formatRanges(range)};`);
    }
  }
}

for (const character of await arabicOutsideCore(restRange)) {
  problems.push(`${character} is not in the core Arabic faces: add it to CORE in scripts/fonts-arabic-core.ts`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(check ? 'The Arabic core faces and their ranges are up to date.' : `Wrote ${WEIGHTS.map(coreFile).join(', ')}.`);
