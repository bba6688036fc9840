// `npm run fonts`: writes the faces every page drawn on the server preloads, cut from @fontsource's files
// to the characters the app's text is written with: the core of the Arabic subset (the letters Arabic
// text in Saudi Arabia and the region uses, docs/decisions/0049) and of the Latin subset (ASCII and the
// punctuation the app writes, without the accented letters, docs/decisions/0053).
// `npm run fonts:check` (--check) writes nothing and fails when:
// - a committed face differs from what the pinned @fontsource and subset-font make of it;
// - src/client/fonts.css does not give each core face its CORE and each full face the rest of its range;
// - the app's own text (catalogs, seed data, code) has an Arabic or Latin character outside its core,
//   which would make every page that shows it download the full face too.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
const fontsource = (file: string) => createRequire(import.meta.url).resolve(`@fontsource/ibm-plex-sans-arabic/${file}`);
const WEIGHTS = [400, 600] as const;
const SUBSETS = ['arabic', 'latin'] as const;
type Subset = (typeof SUBSETS)[number];
const coreFile = (subset: Subset, weight: number) => `src/client/fonts/ibm-plex-sans-arabic-${subset}-core-${weight}-normal.woff2`;
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
const ARABIC_CORE: readonly Range[] = [
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

/**
 * ASCII (with the control characters, which have no glyphs but would otherwise belong to the full
 * face); the no-break and soft hyphen, section, copyright, guillemets, degree, squared, micro, middle
 * dot, times and division signs; the spaces, dashes, quotes, bullet, ellipsis, per mille and
 * direction marks of General Punctuation; the euro, trade mark and minus signs. The accented letters
 * of Latin-1 (é, ü, ß) and the rest of the range stay in the full face: their kerning is a third of the
 * file, and the app's own text never shows them.
 */
const LATIN_CORE: readonly Range[] = [
  [0x0000, 0x00a0],
  [0x00a7, 0x00a7],
  [0x00a9, 0x00a9],
  [0x00ab, 0x00ab],
  [0x00ad, 0x00ad],
  [0x00b0, 0x00b0],
  [0x00b2, 0x00b3],
  [0x00b5, 0x00b5],
  [0x00b7, 0x00b7],
  [0x00b9, 0x00b9],
  [0x00bb, 0x00bb],
  [0x00d7, 0x00d7],
  [0x00f7, 0x00f7],
  [0x2000, 0x2015],
  [0x2018, 0x2022],
  [0x2026, 0x2030],
  [0x2039, 0x203a],
  [0x205f, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const CORE: Record<Subset, readonly Range[]> = { arabic: ARABIC_CORE, latin: LATIN_CORE };

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
async function subsetRange(subset: Subset): Promise<Range[]> {
  const css = await readFile(fontsource('400.css'), 'utf8');
  const face = css.split('@font-face').find((block) => block.includes(`ibm-plex-sans-arabic-${subset}-400-normal.woff2`));
  const range = face?.match(/unicode-range:\s*([^;]+);/)?.[1];
  if (!range) throw new Error(`@fontsource/ibm-plex-sans-arabic's 400.css has no ${subset} face: update scripts/fonts-core.ts`);
  return parseRanges(range);
}

async function coreFace(subset: Subset, weight: number): Promise<Buffer> {
  const full = await readFile(fontsource(`files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`));
  const text = CORE[subset]
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)))
    .join('');
  return subsetFont(full, text, { targetFormat: 'woff2' });
}

/** Each face of fonts.css (by the file it names) with its unicode-range. */
function facesInCss(css: string): Map<string, Range[]> {
  const faces = new Map<string, Range[]>();
  for (const block of css.split('@font-face').slice(1)) {
    const file = block.match(/url\("([^"]+)"\)/)?.[1];
    const range = block.match(/unicode-range:\s*([^;]+);/)?.[1];
    if (file && range) faces.set(file, parseRanges(range));
  }
  return faces;
}

/** Characters of the app's own text that only a full face (one of `restRanges`) has. */
async function outsideCore(restRanges: Record<Subset, readonly Range[]>): Promise<string[]> {
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
      for (const subset of SUBSETS) {
        if (inRanges(restRanges[subset], codePoint)) outside.push(`${file}: ${character} U+${hex(codePoint)} (${subset})`);
      }
    }
  }
  return outside;
}

const check = process.argv.includes('--check');
const problems: string[] = [];
const latinRange = await subsetRange('latin');
// The full faces keep what the core faces do not have. The full Arabic face also leaves out the
// punctuation the Latin face has too (U+2010, U+2011, U+204F): two faces claiming a character may both
// be downloaded.
const restRanges: Record<Subset, Range[]> = {
  arabic: without(without(await subsetRange('arabic'), ARABIC_CORE), latinRange),
  latin: without(latinRange, LATIN_CORE),
};

for (const subset of SUBSETS) {
  for (const weight of WEIGHTS) {
    const face = await coreFace(subset, weight);
    const path = `${root}/${coreFile(subset, weight)}`;
    if (!check) await writeFile(path, face);
    else if (!face.equals(await readFile(path).catch(() => Buffer.alloc(0))))
      problems.push(`${coreFile(subset, weight)} is out of date: run npm run fonts`);
  }
}

const faces = facesInCss(await readFile(`${root}/${FONTS_CSS}`, 'utf8'));
for (const subset of SUBSETS) {
  for (const weight of WEIGHTS) {
    const expected: Array<[string, readonly Range[]]> = [
      [`./fonts/ibm-plex-sans-arabic-${subset}-core-${weight}-normal.woff2`, CORE[subset]],
      [`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`, restRanges[subset]],
    ];
    for (const [file, range] of expected) {
      const written = faces.get(file);
      if (!written || formatRanges(written) !== formatRanges(range)) {
        problems.push(`${FONTS_CSS}: the face of ${file} needs\n  unicode-range: ${formatRanges(range)};`);
      }
    }
  }
}

for (const character of await outsideCore(restRanges)) {
  problems.push(`${character} is not in the core faces: add it to ARABIC_CORE or LATIN_CORE in scripts/fonts-core.ts`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const written = SUBSETS.flatMap((subset) => WEIGHTS.map((weight) => coreFile(subset, weight)));
console.log(check ? 'The core faces and their ranges are up to date.' : `Wrote ${written.join(', ')}.`);
