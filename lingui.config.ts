import { defineConfig } from '@lingui/cli';

// LINGUI_CATALOG_DIR lets the i18n test extract into a scratch copy of the catalogs.
const catalogDir = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/client/locales';

// The legal pages' long texts (a third of all the text) have a catalog of their own, loaded with
// those pages (src/client/lib/locale.ts), so every other page downloads less.
const legalPages = [
  '<rootDir>/src/client/features/marketing/privacy-policy-page.tsx',
  '<rootDir>/src/client/features/marketing/terms-page.tsx',
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
      exclude: ['**/node_modules/**', '**/*.gen.ts', ...legalPages],
    },
    {
      path: `${catalogDir}/{locale}/legal`,
      include: legalPages,
    },
  ],
  format: 'po',
  formatOptions: { origins: false, lineNumbers: false },
});
