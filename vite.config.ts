import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chakraSystemForTheClient } from './scripts/build/chakra-system-for-the-client.ts';
import { chunkReport } from './scripts/build/chunk-report.ts';
import type { Locale } from './src/shared/locale.ts';
import { clientPageHtml, PAGE_ASSETS_FILE, type PageAssets } from './src/shared/page-document.ts';

/** The page the dev server serves, and that names the entry for the build: no built file to name yet. */
const sourceAssets: PageAssets = {
  entry: '/src/client/main.tsx',
  modulePreloads: [],
  stylesheets: [],
  locales: { ar: { firstLoad: [], fonts: [] }, en: { firstLoad: [], fonts: [] } },
};

/** index.html is written whole by src/shared/page-document.ts: first from the sources (dev, and the build's input). */
function pageDocumentFromSources(): Plugin {
  return {
    name: 'tahaleel-page-document-from-sources',
    transformIndexHtml: { order: 'pre', handler: () => clientPageHtml(sourceAssets) },
  };
}

/**
 * Then, in the build, from the built files (`PageAssets`), which also go to dist/client/page-assets.json
 * for the server's pages (server-rendered-pages.ts). What the first paint needs besides the entry is
 * fetched alongside it rather than after it has run:
 * - in the reader's language (public/boot-locale.js preloads the stored language's set on a page the
 *   client draws): the message catalog, and IBM Plex Sans Arabic's regular weight (the core face of
 *   the reader's script: Arabic's for Arabic, Latin's for English) so body text draws in its font at
 *   once instead of shifting when it lands; there the other faces load on use (font-display: swap). A page drawn on the server needs no
 *   catalog before its first paint and preloads every face its text uses instead (`serverPageFonts`);
 * - for every page: the modules the entry imports and the chunk of small modules the pages share (see
 *   codeSplitting below).
 */
function pageDocumentFromTheBuild(): Plugin {
  const fontSubsets = { ar: 'arabic-core', en: 'latin-core' };
  // A page drawn on the server preloads every face its text uses in that language: they arrive before
  // its first layout, so the page is not laid out again as each one lands (src/client/fonts.css has two
  // weights). Arabic pages: Arabic and Latin (digits, test names); English pages: Latin and Arabic's
  // regular (the language switch). Each is its script's core faces: the rest of a script loads on use.
  const serverPageFonts = {
    ar: ['arabic-core-400', 'arabic-core-600', 'latin-core-400', 'latin-core-600'],
    en: ['latin-core-400', 'latin-core-600', 'arabic-core-400'],
  };
  let assets: PageAssets | undefined;
  let serverBuild = false;
  return {
    name: 'tahaleel-page-document-from-the-build',
    apply: 'build',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle = {}, chunk }) {
        if (!chunk) throw new Error('index.html has no entry chunk');
        const find = (what: string, test: (name: string) => boolean) => {
          const name = Object.keys(bundle).find(test);
          if (!name) throw new Error(`no ${what} in the build`);
          return `/${name}`;
        };
        const fontFile = (face: string) =>
          find(`${face} font`, (name) => name.includes(`ibm-plex-sans-arabic-${face}-normal`) && name.endsWith('.woff2'));
        const catalog = (locale: Locale) =>
          find(`${locale} catalog`, (name) => {
            const output = bundle[name];
            return output?.type === 'chunk' && Boolean(output.facadeModuleId?.endsWith(`locales/${locale}/messages.po`));
          });
        // The modules the entry imports, and theirs, as Vite preloads them.
        const imported = new Set<string>();
        const visit = (names: string[]) => {
          for (const name of names) {
            const output = bundle[name];
            if (imported.has(name) || output?.type !== 'chunk') continue;
            imported.add(name);
            visit(output.imports);
          }
        };
        visit(chunk.imports);
        const shared = find('shared chunk', (name) => /^assets\/shared-[\w-]+\.js$/.test(name));
        assets = {
          entry: `/${chunk.fileName}`,
          modulePreloads: [...new Set([...[...imported].map((name) => `/${name}`), shared])],
          stylesheets: [...(chunk.viteMetadata?.importedCss ?? [])].map((name) => `/${name}`),
          locales: {
            ar: { firstLoad: [catalog('ar'), fontFile(`${fontSubsets.ar}-400`)], fonts: serverPageFonts.ar.map(fontFile) },
            en: { firstLoad: [catalog('en'), fontFile(`${fontSubsets.en}-400`)], fonts: serverPageFonts.en.map(fontFile) },
          },
        };
        return clientPageHtml(assets);
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (serverBuild) return;
        if (!assets) throw new Error('index.html was not written: no page assets to name');
        this.emitFile({ type: 'asset', fileName: PAGE_ASSETS_FILE, source: `${JSON.stringify(assets, null, 2)}\n` });
      },
    },
  };
}

/**
 * The build fails when the code every page loads (the entry and the shared chunk) imports a chunk
 * that only some pages need: the signed-in code (zod, the account and the dashboards' parts, ~36 KB
 * gzip) or the dialogs' machinery (~11 KB). Every public page would fetch it again. Move what a
 * public page needs out of what that chunk's group below names.
 */
function lazyChunksStayApart(names: string[]): Plugin {
  return {
    name: 'tahaleel-lazy-chunks-stay-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const lazyFiles = Object.keys(bundle).filter((file) => names.some((name) => new RegExp(`^assets/${name}-[\\w-]+\\.js$`).test(file)));
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !(output.isEntry || output.name === 'shared')) continue;
        const imported = output.imports.filter((file) => lazyFiles.includes(file));
        if (imported.length > 0) {
          this.error(`${output.fileName} imports ${imported.join(', ')}: every public page would load it (see its group below)`);
        }
      }
    },
  };
}

/**
 * Small client modules only the checkout, the plans and the dashboards import (see the `shared` group below); a dialog among them
 * (the password confirmation, form-dialog.tsx: also the sign-in dialog's and the carts', which load when they open)
 * would bring the dialogs' machinery to every page, and the tables' scroll box Chakra's Table (the doctor's page has tables too).
 */
const onlyPayingAndDashboards =
  /src[\\/]client[\\/](features[\\/](payments|subscriptions|billing)[\\/]|features[\\/]auth[\\/]password-confirm-dialog\.|components[\\/](stat-card|export-link|confirm-dialog|form-dialog|table-scroll-area|status-badge)\.|lib[\\/](plan-labels|password-confirmation|radio-group-keys)\.)/;

/**
 * The parts of the pages a mail links to (confirming an address, a new password, a guest's booking) and of
 * the sign-in dialog, which loads with its code when it opens: no first page draws them.
 */
const onlyLinkPagesAndSignIn =
  /src[\\/]client[\\/](components[\\/]account-task-page|features[\\/]auth[\\/](resend-verification-button|passkey-sign-in-button|phone-errors|sign-up-choices|phone-sign-up-profile|passkeys[\\/]passkey-errors))\./;

export default defineConfig(({ isSsrBuild }) => ({
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
    pageDocumentFromSources(),
    pageDocumentFromTheBuild(),
    lazyChunksStayApart(['signed-in', 'overlays']),
    chakraSystemForTheClient(),
    chunkReport(),
  ],
  build: {
    outDir: 'dist/client',
    // The server entry (dist/server) needs none of public/: the client's copy is what is served.
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    // The entry holds React, Chakra, the router and the query client: ~580 kB minified, ~180 kB gzip.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // @trpc/client declares no "sideEffects", so every link it offers (WebSocket, streaming,
      // subscriptions) would be kept; its modules only define functions, so unused ones can go.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/](client|tanstack-react-query)[\\/]/, sideEffects: false }],
        // Chakra's theme module builds its default config with `defineConfig({ recipes, slotRecipes, ... })`
        // at the top level: kept as a call that might do something, it kept every recipe in the
        // download although theme.ts takes only the app's. It only returns its argument.
        manualPureFunctions: ['defineConfig'],
      },
      output: {
        codeSplitting: {
          // Everything the first page needs in one file (the entry), not two dozen small ones: each
          // costs a request on a phone's network. The small modules several pages share (components,
          // icons) go together into one more; each page's own code stays in its chunk.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // main.tsx evaluates React in a task of its own, before Chakra and the app (see its boot()).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // What only signed-in pages share (account settings, second factors, the dashboards' parts, and the
            // schemas some of them read, with zod and the modules the schemas build on): a chunk of its own, so a
            // visitor's first page never fetches it. A shared module the schemas import left out of it lands in a
            // chunk of its own that imports this one and is imported by it, and the page fails as it loads.
            {
              name: 'signed-in',
              test: /src[\\/]client[\\/]features[\\/](account|auth[\\/]two-factor|admin|stats|results|dashboard)[\\/]|passkeys-card|src[\\/]shared[\\/].*(schemas|family|identity|db-integers|plain-text)|node_modules[\\/]zod[\\/]/,
              minShareCount: 2,
              // Its modules' own dependencies (React Query, Chakra's parts) stay where the public pages find them.
              includeDependenciesRecursively: false,
            },
            // Dialogs and drawers (focus trap, dismissal, hiding the rest from screen readers): every one opens
            // on a click, so the first page never needs them. form-dialog.tsx, the kit's shell of every dialog (DialogShell,
            // FormDialog), goes with them: left to itself, the build puts it in `shared`, which every page loads.
            {
              name: 'overlays',
              test: /src[\\/]client[\\/]components[\\/]form-dialog\.|@zag-js[\\/](dialog|focus-trap|dismissable|interact-outside|aria-hidden|remove-scroll)[\\/](?!dist[\\/][\w-]+\.anatomy)|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/](dialog|drawer)[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](dialog|drawer)[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // The booking panel with the small modules only it uses: the test's page loads them, and the package's
            // when its panel opens; in `shared` every page would.
            {
              name: 'booking-panel',
              test: /src[\\/]client[\\/]features[\\/](booking[\\/](booking-panel|about-you|already-booked-message|booking-panel-errors|collection-choice|repeat|home-address-fields|waitlist-join|day-and-time-picker|booking-calendar|slot-picker|slot-rules-note)\.)/,
              // Its modules' own dependencies (Chakra's parts, the cart) stay where the other pages find them.
              includeDependenciesRecursively: false,
            },
            // Choosing packages to compare (search's package cards and a package's page), and the person's place with
            // each lab's distance (the compare and build-your-own pages, issue #79): in `shared` every page would load them.
            {
              name: 'compare-choice',
              test: /src[\\/]client[\\/]features[\\/]packages[\\/]compare-(control|store)\.|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]columns-3\./,
              includeDependenciesRecursively: false,
            },
            // Build your own's marker picker with the kit's removable tags it draws (which a lab's package form draws too):
            // one file for that page; in `shared` every page would load the tags.
            {
              name: 'marker-picker',
              test: /src[\\/]client[\\/](features[\\/]packages[\\/]marker-picker|components[\\/]removable-tags)\./,
              includeDependenciesRecursively: false,
            },
            // The person's sex and date of birth asked for (the booking panel's question, the account's card): 9 kB
            // minified that, shared by those two, the build put in `shared`, which every page loads.
            {
              name: 'personal-details',
              test: /src[\\/]client[\\/]features[\\/]personal-details[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'place',
              test: /src[\\/]client[\\/]features[\\/]packages[\\/]place\./,
              includeDependenciesRecursively: false,
            },
            // Not the small modules only paying, the plans, the dashboards, signing in and the pages mails link to use: left
            // to the chunks of the pages that import them, so a visitor's first page does not fetch them with the rest.
            {
              name: 'shared',
              test: (id: string) =>
                /src[\\/]client[\\/]|lucide-react/.test(id) && !onlyPayingAndDashboards.test(id) && !onlyLinkPagesAndSignIn.test(id),
              minShareCount: 2,
              maxModuleSize: 3000,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
      '/invoices': 'http://localhost:3000',
      '/exports': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
    },
  },
}));
