import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { type CatalogName, catalogSources, catalogsOfRoute } from '../../src/client/lib/catalog-sources.ts';

const root = join(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'tahaleel-i18n-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Entry {
  id: string;
  translation: string;
}

/** Entries by id; a message with a context (`msgctxt`, "Lab" as a column header) is its context, U+0004 and its id, as gettext keys it. */
function parsePo(text: string): Entry[] {
  const unquote = (lines: string[]) => lines.map((line) => JSON.parse(line.replace(/^msg(ctxt|id|str) /, '')) as string).join('');
  return text
    .split(/\n\n+/)
    .map((block) => block.split('\n').filter((line) => line && !line.startsWith('#')))
    .map((lines) => {
      const idAt = lines.findIndex((line) => line.startsWith('msgid'));
      const strAt = lines.findIndex((line) => line.startsWith('msgstr'));
      const context = idAt > 0 ? `${unquote(lines.slice(0, idAt))}\u0004` : '';
      return { id: context + unquote(lines.slice(Math.max(idAt, 0), strAt)), translation: unquote(lines.slice(strAt)) };
    })
    .filter((entry) => entry.id !== '');
}

/** The catalogs lingui.config.ts writes per language: the main one and the pages' own (src/client/lib/catalog-sources.ts). */
const catalogNames = ['messages', ...Object.keys(catalogSources)];

/** Extracts every message in the client code into a scratch copy of the catalogs, as a developer would. */
function extractFreshCatalogs() {
  cpSync(join(root, 'src/client/locales'), scratch, { recursive: true });
  execFileSync(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], {
    cwd: root,
    env: { ...process.env, LINGUI_CATALOG_DIR: scratch },
    stdio: 'pipe',
  });
  return catalogNames.map((name) => ({
    name,
    ar: parsePo(readFileSync(join(scratch, `ar/${name}.po`), 'utf8')),
    committedAr: parsePo(readFileSync(join(root, `src/client/locales/ar/${name}.po`), 'utf8')),
  }));
}

describe.each(extractFreshCatalogs())('Arabic catalog $name', (catalog) => {
  it('translates every message the client shows', () => {
    const untranslated = catalog.ar.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id);
    expect(untranslated, 'messages without an Arabic translation (run npm run i18n:extract and translate them)').toEqual([]);
  });

  it('is committed up to date with the code', () => {
    expect(catalog.committedAr.map((entry) => entry.id).sort()).toEqual(catalog.ar.map((entry) => entry.id).sort());
  });

  it('writes Arabic, not the English left in place', () => {
    const notArabic = catalog.ar.filter((entry) => !/[\u0600-\u06FF]/.test(entry.translation)).map((entry) => entry.id);
    expect(notArabic).toEqual([]);
  });

  it('names a plan inside a sentence by its whole phrase, never "الباقة {name}" (which reads "الباقة المؤسسات")', () => {
    const joined = catalog.ar.filter((entry) => /(?:ال)?باقة\s*\{\w+\}/.test(entry.translation)).map((entry) => entry.translation);
    expect(joined).toEqual([]);
  });
});

const client = join(root, 'src/client');

/** The catalog a source file's text goes to (lingui.config.ts): the first page catalog that takes it, else `messages`. */
function catalogOf(file: string): CatalogName | 'messages' {
  const path = relative(client, file);
  const covers = (source: string) => path === source || path.startsWith(`${source}/`);
  for (const [name, sources] of Object.entries(catalogSources) as [CatalogName, { include: string[]; exclude?: string[] }][]) {
    if (sources.include.some(covers) && !sources.exclude?.some(covers)) return name;
  }
  return 'messages';
}

interface Import {
  path: string;
  /** The catalogs loaded with it: `withCatalogs([...], () => import(path))` (src/client/lib/locale.ts). */
  catalogs: string[];
}

/** The catalog names of a `withCatalogs(['a', 'b'], ...)` call, if the node is one. */
function catalogsLoadedBy(node: ts.Node): string[] | undefined {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'withCatalogs') return undefined;
  const names = node.arguments[0];
  if (!names || !ts.isArrayLiteralExpression(names)) return undefined;
  return names.elements.filter(ts.isStringLiteral).map((name) => name.text);
}

/** The client modules a file imports, at once or with import(); type-only imports bring no text. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const specifiers: { specifier: string; catalogs: string[] }[] = [];
  const visit = (node: ts.Node, catalogs: string[]) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push({ specifier: node.moduleSpecifier.text, catalogs });
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push({ specifier: node.moduleSpecifier.text, catalogs });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      specifiers.push({ specifier: node.arguments[0].text, catalogs });
    }
    const loaded = catalogsLoadedBy(node);
    ts.forEachChild(node, (child) => visit(child, loaded ? [...catalogs, ...loaded] : catalogs));
  };
  visit(source, []);
  return specifiers
    .filter(({ specifier }) => specifier.startsWith('.'))
    .map(({ specifier, catalogs }) => ({ path: resolve(dirname(file), specifier), catalogs }))
    .filter(({ path }) => path.startsWith(client) && /\.tsx?$/.test(path) && existsSync(path));
}

/**
 * Every client module a route's code reaches, the panels it opens later included (their text must be
 * there when they draw), each with the catalogs loaded by then: the route's, and those loaded with a
 * lazily imported part on the way.
 */
function reachedFrom(file: string, routeCatalogs: string[]): Map<string, Set<string>[]> {
  const reached = new Map<string, Set<string>[]>();
  const seen = new Set<string>();
  const visit = (path: string, loaded: Set<string>) => {
    const key = `${path}|${[...loaded].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    reached.set(path, [...(reached.get(path) ?? []), loaded]);
    for (const { path: imported, catalogs } of importsOf(path)) visit(imported, new Set([...loaded, ...catalogs]));
  };
  visit(file, new Set(['messages', ...routeCatalogs]));
  return reached;
}

const writesText = (file: string) => /from '@lingui\/(react|core)\/macro'/.test(readFileSync(file, 'utf8'));

const routes = readdirSync(join(client, 'routes')).map((name) => {
  const file = join(client, 'routes', name);
  const id = readFileSync(file, 'utf8').match(/createFileRoute\('([^']+)'\)/)?.[1] ?? '__root__';
  return { name, id, file };
});

describe.each(routes)('the page of routes/$name', ({ id, file }) => {
  it('finds the text of all its code in the catalogs it loads', () => {
    const reached = reachedFrom(file, catalogsOfRoute[id as keyof typeof catalogsOfRoute] ?? []);
    const missing = [...reached]
      .filter(([path, loadedSets]) => writesText(path) && loadedSets.some((loaded) => !loaded.has(catalogOf(path))))
      .map(([path]) => `${relative(client, path)} (${catalogOf(path)})`);
    expect(
      missing,
      'add the catalog to catalogsOfRoute in src/client/lib/catalog-sources.ts, load it with the lazy import (withCatalogs), or move the file',
    ).toEqual([]);
  });
});

// A page drawn by the server and taken over by the browser must read the same in both: the server
// holds every catalog at once, the browser only the page's, so a message translated one way in one
// catalog and another way in another reads differently in the two (React's error #418), or changes as
// another page's catalog arrives. A message with two meanings needs two messages (or a context).
describe.each(['ar', 'en'])('the %s catalogs', (locale) => {
  it('translate each message one way in all of them', () => {
    const translations = new Map<string, Map<string, string[]>>();
    for (const name of catalogNames) {
      for (const entry of parsePo(readFileSync(join(root, `src/client/locales/${locale}/${name}.po`), 'utf8'))) {
        const ways = translations.get(entry.id) ?? new Map<string, string[]>();
        ways.set(entry.translation, [...(ways.get(entry.translation) ?? []), name]);
        translations.set(entry.id, ways);
      }
    }
    const differing = [...translations]
      .filter(([, ways]) => ways.size > 1)
      .map(([id, ways]) => `"${id}": ${[...ways].map(([translation, names]) => `"${translation}" in ${names.join(', ')}`).join('; ')}`);
    expect(differing).toEqual([]);
  });
});
