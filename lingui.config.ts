import { defineConfig } from '@lingui/cli';
import { type CatalogName, catalogSources } from './src/client/lib/catalog-sources.ts';

// LINGUI_CATALOG_DIR lets the i18n test extract into a scratch copy of the catalogs.
const catalogDir = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/client/locales';

const client = (path: string) => `<rootDir>/src/client/${path}`;
/** A source path as a glob: a folder stands for everything in it. */
const glob = (path: string) => client(path.includes('.') ? path : `${path}/**`);

// `messages` holds the text of the app shell and the kit (every page loads it); each other catalog
// the text of the folders and files src/client/lib/catalog-sources.ts gives it, loaded with the pages
// that show it (src/client/lib/locale.ts). A message used in two catalogs' files is in both.
const pageCatalogs = Object.entries(catalogSources) as [CatalogName, { include: string[]; exclude?: string[] }][];

/**
 * What `messages` leaves to a page catalog: all it includes, but for a folder it leaves out of one of its
 * own (the lab-test cart in booking/), whose text no page catalog takes and so stays in `messages`.
 */
const takenBy = ({ include, exclude = [] }: { include: string[]; exclude?: string[] }) =>
  include.flatMap((path) => {
    const left = exclude.filter((part) => !part.includes('.') && part.startsWith(`${path}/`) && !part.slice(path.length + 1).includes('/'));
    if (left.length === 0) return [glob(path)];
    const rest = `!(${left.map((part) => part.slice(path.length + 1)).join('|')})`;
    return [client(`${path}/${rest}`), client(`${path}/${rest}/**`)];
  });

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: { default: 'en' },
  orderBy: 'message',
  catalogs: [
    {
      path: `${catalogDir}/{locale}/messages`,
      include: [client('')],
      exclude: ['**/node_modules/**', '**/*.gen.ts', ...pageCatalogs.flatMap(([, sources]) => takenBy(sources))],
    },
    ...pageCatalogs.map(([name, sources]) => ({
      path: `${catalogDir}/{locale}/${name}`,
      include: sources.include.map(glob),
      exclude: (sources.exclude ?? []).map(glob),
    })),
  ],
  format: 'po',
  formatOptions: { origins: false, lineNumbers: false },
});
