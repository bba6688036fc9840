import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * IBM Plex Sans Arabic's regular weight in the reader's language (the arabic subset for Arabic, the
 * latin one for English): the build writes the file names into index.html and public/boot-locale.js
 * preloads the one for the stored language, so body text draws in its font from the first paint
 * instead of shifting when it lands. The other weights and subsets load on use (font-display: swap):
 * preloading them too held back the first paint on a phone's network (Lighthouse, bench/lighthouse.mjs).
 */
function fontPreloads(): Plugin {
  const subsets = { ar: 'arabic', en: 'latin' };
  return {
    name: 'tahaleel-font-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        const metas = Object.entries(subsets).map(([locale, subset]) => {
          const fonts = ['400'].map((weight) => {
            const file = files.find((name) => name.includes(`ibm-plex-sans-arabic-${subset}-${weight}-normal`) && name.endsWith('.woff2'));
            if (!file) throw new Error(`no ${subset} ${weight} woff2 in the build`);
            return `/${file}`;
          });
          return `<meta name="tahaleel:fonts:${locale}" content="${fonts.join(' ')}" />`;
        });
        const boot = '<script src="/boot-locale.js"></script>';
        if (!html.includes(boot)) throw new Error('index.html has no boot-locale.js script');
        return html.replace(boot, `${metas.join('\n    ')}\n    ${boot}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    fontPreloads(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The entry holds React, Chakra, the router and the query client: ~580 kB minified, ~180 kB gzip.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file (the entry), not two dozen small ones: each
          // costs a request on a phone's network. The small modules several pages share (components,
          // icons) go together into one more; each page's own code stays in its chunk.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'shared', test: /src[\\/]client[\\/]|lucide-react/, minShareCount: 2, maxModuleSize: 3000 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/trpc': 'http://localhost:3000', '/auth': 'http://localhost:3000', '/files': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
