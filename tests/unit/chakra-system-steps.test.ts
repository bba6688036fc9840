import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSystem } from '@chakra-ui/react';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChakraSystemModule, rewriteChakraSystemModule } from '../../scripts/build/chakra-system-for-the-client.ts';
import { appSystemConfigs } from '../../src/client/theme.ts';

// The client's build rewrites two of Chakra's modules (ADR 0013). Here the rewritten modules are
// loaded from a copy of Chakra's files and must build the same system as Chakra as published.
const published = resolve('node_modules/@chakra-ui/react/dist/esm');
const copy = resolve(`node_modules/.cache/tahaleel-chakra-system-steps-${process.pid}/esm`);
mkdirSync(copy, { recursive: true });
cpSync(published, copy, { recursive: true });
for (const module of ['system.js', 'token-dictionary.js'] satisfies ChakraSystemModule[]) {
  const file = join(copy, 'styled-system', module);
  writeFileSync(file, rewriteChakraSystemModule(module, readFileSync(file, 'utf8')));
}
afterAll(() => rmSync(resolve(copy, '..'), { recursive: true, force: true }));

type System = ReturnType<typeof createSystem>;
type Rewritten = typeof createSystem & { steps: (...configs: Parameters<typeof createSystem>) => Generator<void, System> };

/** What a page's styles are made of: the token CSS, the page-wide styles, a style object and two recipes. */
function stylesOf(system: System) {
  return JSON.stringify([
    system.getTokenCss(),
    system._global,
    system.css({ color: 'brand.fg', paddingInline: 4, _hover: { bg: 'red.solid' }, md: { fontSize: 'lg' } }),
    system.getRecipeFn('button')({ variant: 'outline', size: 'sm' }),
    system.getSlotRecipeFn('card')({}),
    system.token('colors.accent.700'),
  ]);
}

describe("the client's build of Chakra's createSystem", () => {
  const original = createSystem(...appSystemConfigs);

  it('builds in steps the same system as Chakra as published', async () => {
    const { createSystem: rewritten } = (await import(join(copy, 'styled-system', 'system.js'))) as { createSystem: Rewritten };
    const building = rewritten.steps(...appSystemConfigs);
    let pauses = 0;
    let step = building.next();
    while (!step.done) {
      pauses++;
      step = building.next();
    }
    // Merging, four stages of the token dictionary and its registering, the utility, the style functions.
    expect(pauses).toBeGreaterThanOrEqual(8);
    expect(step.value.tokens.allTokens.length).toBe(original.tokens.allTokens.length);
    expect(stylesOf(step.value)).toBe(stylesOf(original));
    // In one go, as the dev server and the server call it.
    expect(stylesOf(rewritten(...appSystemConfigs))).toBe(stylesOf(original));
  });
});
