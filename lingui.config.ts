import { defineConfig } from '@lingui/cli';

// LINGUI_CATALOG_DIR lets the i18n test extract into a scratch copy of the catalogs.
const catalogDir = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/client/locales';

// The legal pages' long texts (a third of all the text) have a catalog of their own, loaded with
// those pages (src/client/lib/locale.ts), so every other page downloads less.
const legalPages = [
  '<rootDir>/src/client/features/marketing/privacy-policy-page.tsx',
  '<rootDir>/src/client/features/marketing/terms-page.tsx',
];

// The dashboards' text (the lab's, the customer's and the admin's, with account settings: nearly half
// of the rest) has one too, loaded by the two dashboard routes: a visitor's first page never fetches it.
// These folders are imported by those routes alone.
const dashboards = [
  ...['account', 'admin', 'customer', 'dashboard', 'lab', 'results', 'stats'].map((folder) => `<rootDir>/src/client/features/${folder}`),
  '<rootDir>/src/client/routes/dashboard.tsx',
  '<rootDir>/src/client/routes/admin.dashboard.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: { default: 'en' },
  orderBy: 'message',
  catalogs: [
    {
      path: `${catalogDir}/{locale}/messages`,
      include: ['<rootDir>/src/client'],
      exclude: [
        '**/node_modules/**',
        '**/*.gen.ts',
        ...legalPages,
        ...dashboards.map((path) => (path.endsWith('.tsx') ? path : `${path}/**`)),
      ],
    },
    {
      path: `${catalogDir}/{locale}/dashboards`,
      include: dashboards,
    },
    {
      path: `${catalogDir}/{locale}/legal`,
      include: legalPages,
    },
  ],
  format: 'po',
  formatOptions: { origins: false, lineNumbers: false },
});
