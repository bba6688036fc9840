import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppSystem } from '../../src/client/theme.ts';

// The theme leaves out Chakra's colour palettes the app does not use (theme.ts): a colour the code
// names must still be in it, or the text silently takes its parent's colour (a yellow "Not enough
// stock" warning drawn in plain white, say).
const system = createAppSystem();
const clientDir = join(import.meta.dirname, '../../src/client');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const palettes = 'brand|accent|gray|red|orange|yellow|green|teal|blue|cyan|purple|pink';
const colourToken = new RegExp(
  `['"\`]((?:${palettes})\\.(?:[1-9]00|50|950|fg|subtle|muted|emphasized|solid|contrast|focusRing))['"\`]`,
  'g',
);
const paletteName = new RegExp(`colorPalette[=:]\\s*\\{?\\s*['"\`](${palettes})['"\`]|palette: ['"\`](${palettes})['"\`]`, 'g');

const named = new Map<string, string>();
for (const file of sourceFiles(clientDir)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(colourToken)) named.set(`colors.${match[1]}`, file);
  for (const match of text.matchAll(paletteName)) named.set(`colors.${match[1] ?? match[2]}.solid`, file);
}

describe('theme colours', () => {
  it('finds the colours the code names', () => {
    expect(named.size).toBeGreaterThan(5);
    expect(named.has('colors.yellow.fg')).toBe(true);
  });

  it.each([...named.keys()])('%s is in the theme', (token) => {
    expect(system.token(token), `${token}, named in ${named.get(token)}`).toBeTruthy();
  });
});
