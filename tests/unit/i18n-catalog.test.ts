import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'tahaleel-i18n-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Entry {
  id: string;
  translation: string;
}

function parsePo(text: string): Entry[] {
  const unquote = (lines: string[]) => lines.map((line) => JSON.parse(line.replace(/^msg(id|str) /, '')) as string).join('');
  return text
    .split(/\n\n+/)
    .map((block) => block.split('\n').filter((line) => line && !line.startsWith('#')))
    .map((lines) => {
      const strAt = lines.findIndex((line) => line.startsWith('msgstr'));
      return { id: unquote(lines.slice(0, strAt)), translation: unquote(lines.slice(strAt)) };
    })
    .filter((entry) => entry.id !== '');
}

/** The catalogs lingui.config.ts writes per language: the main one, the legal pages' and the dashboards' own. */
const catalogNames = ['messages', 'legal', 'dashboards'];

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
});
