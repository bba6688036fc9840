import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystemConfigs } from '../../src/client/theme.ts';

// The theme carries the recipes of the components the app uses, not all of Chakra's (theme.ts): a
// component whose recipe is left out renders unstyled (a text area with no border, say). Every Chakra
// component the client imports that has a recipe in Chakra's own theme must have it in ours.
const clientDir = join(import.meta.dirname, '../../src/client');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const imported = new Map<string, string>();
for (const file of sourceFiles(clientDir)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const name of match[1]!.split(',').map((part) => part.trim().replace(/^type\s+/, ''))) {
      if (/^[A-Z]/.test(name)) imported.set(name.charAt(0).toLowerCase() + name.slice(1), file);
    }
  }
}

const theirs = defaultConfig.theme ?? {};
const ours = appSystemConfigs.map((config) => config.theme ?? {});
const withRecipe = [...imported.keys()].filter((key) => key in (theirs.recipes ?? {}) || key in (theirs.slotRecipes ?? {}));

describe('theme recipes', () => {
  it('finds the styled components the client imports', () => {
    expect(withRecipe).toContain('button');
    expect(withRecipe).toContain('textarea');
  });

  it.each(withRecipe)('%s has its recipe in the theme', (key) => {
    const present = ours.some((theme) => key in (theme.recipes ?? {}) || key in (theme.slotRecipes ?? {}));
    expect(present, `${key}, imported in ${imported.get(key)}, renders unstyled without its recipe`).toBe(true);
  });
});
