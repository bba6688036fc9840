import type { Plugin } from 'vite';

/**
 * Two rewrites of Chakra's `createSystem` for the client's build (the server, the dev server and the
 * tests use Chakra as published); see ADR 0012 and 0013. Chakra is pinned; the build fails if a new
 * version no longer has the lines they rewrite, and tests/unit/chakra-system-steps.test.ts checks
 * that the rewritten code builds the same system.
 * - It builds the page-wide styles (reset, tokens as CSS variables, global CSS) as soon as it is
 *   called: about 45% of its time. A page drawn on the server has those styles already (app-main.tsx
 *   never asks for them), so `_global` becomes a getter that builds them on first use.
 * - It is one long task on a slow phone (~150–200 ms at Lighthouse's 4× slower CPU). As generators,
 *   `createSystem.steps` and `createTokenDictionary.steps` stop between their stages (merging the
 *   configs; the token dictionary's registering, transforms, references and views; the style
 *   utility; the style functions; the token map) so the caller can give the browser the main thread
 *   in between (theme.ts `createAppSystemInSteps`). `createSystem` and `createTokenDictionary`
 *   themselves run all their steps at once, as before.
 */
export type ChakraSystemModule = 'system.js' | 'token-dictionary.js';

/** A function of that name that runs the generator to its end, and the generator as its `steps`. */
const driver = (generator: string, name: string) =>
  `function ${name}(...args) {\n  const steps = ${generator}(...args);\n  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n}\n${name}.steps = ${generator};\n`;

const rewrites: Record<ChakraSystemModule, Array<[string, string]>> = {
  'system.js': [
    ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'let _global;'],
    ['    _global,\n', '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n'],
    ['function createSystem(...configs) {', 'function* createSystemSteps(...configs) {'],
    ['  const layers = createLayers(config);\n', '  const layers = createLayers(config);\n  yield;\n'],
    ['  const tokens = createTokenDictionary({', '  const tokens = yield* createTokenDictionary.steps({'],
    ['    prefix: cssVarsPrefix\n  });\n', '    prefix: cssVarsPrefix\n  });\n  yield;\n'],
    ['  assignComposition();\n', '  assignComposition();\n  yield;\n'],
    ['  const tokenMap = getTokenMap(tokens);\n', '  yield;\n  const tokenMap = getTokenMap(tokens);\n'],
    ['function getTokenMap(tokens) {', `${driver('createSystemSteps', 'createSystem')}function getTokenMap(tokens) {`],
  ],
  // The token dictionary (~600 tokens, half of them colours) is the largest stage.
  'token-dictionary.js': [
    ['function createTokenDictionary(options) {', 'function* createTokenDictionarySteps(options) {'],
    [
      '  function build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    addConditionalTokens();\n    addReferences();\n    expandTokenReferences$1();\n    applyMiddlewares("post");\n    applyTransforms("post");\n    setupViews();\n  }\n',
      '  function* build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    yield;\n    addConditionalTokens();\n    addReferences();\n    yield;\n    expandTokenReferences$1();\n    yield;\n    applyMiddlewares("post");\n    applyTransforms("post");\n    yield;\n    setupViews();\n  }\n',
    ],
    ['  registerTokens();\n', '  registerTokens();\n  yield;\n'],
    ['  build();\n  return dictionary;\n', '  yield* build();\n  return dictionary;\n'],
    ['function filterDefault(path) {', `${driver('createTokenDictionarySteps', 'createTokenDictionary')}function filterDefault(path) {`],
  ],
};

/** The module's code with the rewrites made; throws when one of the lines is not there exactly once. */
export function rewriteChakraSystemModule(module: ChakraSystemModule, code: string): string {
  let result = code;
  for (const [from, to] of rewrites[module]) {
    if (result.split(from).length !== 2) {
      throw new Error(
        `@chakra-ui/react's ${module} changed (${JSON.stringify(from.slice(0, 60))}): update scripts/build/chakra-system-for-the-client.ts`,
      );
    }
    result = result.replace(from, to);
  }
  return result;
}

export function chakraSystemForTheClient(): Plugin {
  let serverBuild = false;
  const rewritten = new Set<ChakraSystemModule>();
  return {
    name: 'tahaleel-chakra-system-for-the-client',
    apply: 'build',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    buildEnd(error) {
      const missing = Object.keys(rewrites).filter((module) => !rewritten.has(module as ChakraSystemModule));
      if (!error && !serverBuild && missing.length > 0) {
        this.error(`@chakra-ui/react's ${missing.join(', ')} moved: update scripts/build/chakra-system-for-the-client.ts`);
      }
    },
    transform: {
      filter: { id: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/](system|token-dictionary)\.js$/ },
      handler(code, id) {
        const module: ChakraSystemModule = id.endsWith('token-dictionary.js') ? 'token-dictionary.js' : 'system.js';
        rewritten.add(module);
        return rewriteChakraSystemModule(module, code);
      },
    },
  };
}
