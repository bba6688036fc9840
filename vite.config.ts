import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
