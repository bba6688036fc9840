import { defineConfig } from '@lingui/cli';

// LINGUI_CATALOG_DIR lets the i18n test extract into a scratch copy of the catalogs.
const catalogDir = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/client/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: { default: 'en' },
  orderBy: 'message',
  catalogs: [
    {
      path: `${catalogDir}/{locale}/messages`,
      include: ['<rootDir>/src/client'],
      exclude: ['**/node_modules/**', '**/*.gen.ts'],
    },
  ],
  format: 'po',
  formatOptions: { origins: false, lineNumbers: false },
});
