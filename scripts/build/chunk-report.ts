import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the client's build describes its chunks: beside dist/client, so it is never served. */
export const CHUNK_REPORT_FILE = 'dist/client-chunks.json';

/** What the build wrote, by file names relative to dist/client and module ids relative to the repository. */
export interface ChunkReport {
  chunks: {
    file: string;
    isEntry: boolean;
    /** The chunks this one imports statically: the browser fetches them with it. */
    imports: string[];
    /** The modules in it (`node_modules/…` or `src/…`, with a query such as `?tsr-split=component` kept), each with its minified length. */
    modules: Record<string, number>;
  }[];
  /** The modules each module imports with `import()`, for those that do. */
  dynamicImports: Record<string, string[]>;
}

/**
 * Writes `CHUNK_REPORT_FILE` after the client's build: each chunk with its imports and modules, and
 * each module's dynamic imports. The budget check (scripts/check-budgets.ts) follows a page's first
 * load through it, and the first-load e2e test finds the chunks that hold the chart, map and PDF
 * libraries by their modules, not their names.
 */
export function chunkReport(): Plugin {
  let serverBuild = false;
  let root = '';
  let report: ChunkReport | undefined;
  const moduleName = (id: string) => relative(root, id.replace(/^\0/, '')).replaceAll('\\', '/');
  return {
    name: 'tahaleel-chunk-report',
    apply: 'build',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (serverBuild) return;
      report = { chunks: [], dynamicImports: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report.chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          modules: Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [moduleName(id), module.renderedLength])),
        });
        for (const id of output.moduleIds) {
          const imported = this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
          if (imported.length > 0) report.dynamicImports[moduleName(id)] = imported.map(moduleName);
        }
      }
    },
    writeBundle() {
      if (serverBuild || !report) return;
      writeFileSync(join(root, CHUNK_REPORT_FILE), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}
