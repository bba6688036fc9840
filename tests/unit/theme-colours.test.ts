import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categories } from '../../seeds/data/categories.ts';
import { appSystemConfigs, createAppSystem, focusRing } from '../../src/client/theme.ts';

// A colour the code or the category data names must be in the theme, or the text silently takes its
// parent's colour (a yellow "Not enough stock" warning drawn in plain white, or a category's icon in
// no colour at all, as four were while the theme left out teal, cyan, purple and pink).
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

// A category's colour is data (seeds/data/categories.ts); its circle is drawn in `<colour>.subtle` and `<colour>.fg`.
for (const category of categories) {
  for (const shade of ['subtle', 'fg']) named.set(`colors.${category.color}.${shade}`, `seeds/data/categories.ts (${category.nameEn})`);
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

// The focus ring is seen only if it stands out from what is around it: WCAG 2.2 asks 3:1 against
// every background the ring sits on, in the light theme and in the store's dark one.
type Conditional = { _light: string; _dark: string };
const [, chakraDefaults, ours] = appSystemConfigs;
const semanticColour = (path: string): Conditional => {
  const [group = '', name = 'DEFAULT'] = path.split('.');
  for (const config of [ours, chakraDefaults]) {
    const colours = config?.theme?.semanticTokens?.colors as Record<string, Record<string, { value: Conditional }>> | undefined;
    const token = colours?.[group]?.[name];
    if (token) return token.value;
  }
  throw new Error(`no semantic colour ${path}`);
};
const hex = (reference: string): string => {
  const raw = reference === '{colors.white}' || reference === 'white' ? '#ffffff' : system.token(reference.replace(/[{}]/g, ''));
  if (!/^#[0-9a-f]{6}$/i.test(raw)) throw new Error(`${reference} is ${raw}`);
  return raw;
};
const luminance = (colour: string) => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(colour.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
const backgrounds = ['bg', 'bg.subtle', 'bg.muted', 'bg.panel', 'brand.subtle', 'brand.muted', 'accent.subtle', 'accent.muted'];

describe('the focus ring', () => {
  it('is the same brand colour for every palette (a grey input, a red button)', () => {
    for (const palette of ['gray', 'red', 'green', 'orange', 'brand', 'accent']) {
      expect(semanticColour(`${palette}.focusRing`), palette).toEqual(focusRing);
    }
  });

  it.each(['_light', '_dark'] as const)('stands out ≥ 3:1 from every background it sits on (%s)', (mode) => {
    const ring = hex(focusRing[mode]);
    for (const background of backgrounds) {
      const ratio = contrast(ring, hex(semanticColour(background)[mode]));
      expect(ratio, `${ring} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });
});
