import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

// Chakra's `word-break: break-word` lets a crumb shrink below its longest word, so "Blood Tests"
// broke mid-word on a phone: crumbs wrap whole onto the next line instead.
const breadcrumbWrappingWholeWords: typeof breadcrumbSlotRecipe = {
  ...breadcrumbSlotRecipe,
  base: {
    ...breadcrumbSlotRecipe.base,
    list: { ...breadcrumbSlotRecipe.base?.list, flexWrap: 'wrap', wordBreak: 'normal', overflowWrap: 'break-word' },
  },
};

// Chakra's default theme with the recipes of the components this app uses, not all 76 of them:
// they are the largest part of Chakra in the first download, and every one is turned into styles at
// start-up. A component added to the app needs its recipe here (see `recipes`/`slotRecipes` in
// @chakra-ui/react's theme for the key), or it renders unstyled.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    // Every palette is kept: the categories' colours (teal, cyan, purple, pink among them) are data.
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbWrappingWholeWords,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioCard: radioCardSlotRecipe,
      slider: sliderSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The focus ring of every colour palette, so a red button or a grey input shows the same ring:
 * the brand colour, ≥ 3:1 against every background a ring sits on (tests/unit/theme-colours.test.ts);
 * Chakra's grey ring (#A1A1AA) gives 2.6:1 on white. A section drawn on `brand.solid` sets its own.
 */
export const focusRing = { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } as const;
const paletteFocusRings = Object.fromEntries(
  ['gray', 'red', 'orange', 'yellow', 'green', 'blue'].map((palette) => [palette, { focusRing: { value: focusRing } }]),
);

// Colours chosen for contrast (WCAG AA, ≥ 4.5:1 for text) in the light theme and the store's dark
// theme: brand and accent text on bg, bg.subtle and their own subtle shades; white (light) or the
// darkest shade (dark) on solid buttons; error text, toasts and placeholders too, which Chakra's
// defaults leave below 4.5:1 (red.500 on white is 3.8:1).
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg' },
    '*::placeholder, *[data-placeholder]': { color: 'fg.muted' },
    // Chakra draws an input's ring 1 px wide: every ring is 2 px (WCAG 2.2 focus appearance).
    html: { '--focus-ring-width': '2px' },
    // Plain links (cards, the logo) get the same visible focus ring as Chakra's buttons.
    'a:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', borderRadius: 'l2' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'IBM Plex Sans Arabic', system-ui, 'Segoe UI', Tahoma, sans-serif" },
        body: { value: "'IBM Plex Sans Arabic', system-ui, 'Segoe UI', Tahoma, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#e8f5f4' },
          100: { value: '#c5e6e3' },
          200: { value: '#92d0ca' },
          300: { value: '#5cb6ae' },
          400: { value: '#2f9a92' },
          500: { value: '#137d77' },
          600: { value: '#0d6a66' },
          700: { value: '#0b5b5c' },
          800: { value: '#0a474b' },
          900: { value: '#08363a' },
          950: { value: '#042124' },
        },
        accent: {
          50: { value: '#fff6e6' },
          100: { value: '#fde6bd' },
          500: { value: '#d98a06' },
          700: { value: '#8f5a00' },
          900: { value: '#4d3000' },
          950: { value: '#2b1a00' },
        },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        },
        // Toasts and solid buttons put white text on these: Chakra's 600 shades give 3.3:1 (green),
        // 3.6:1 (orange) and, under a toast's 80% description, 3.5:1 (red). The 700 shades pass.
        ...paletteFocusRings,
        green: { ...paletteFocusRings.green, solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        orange: { ...paletteFocusRings.orange, solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        red: { ...paletteFocusRings.red, solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } } },
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: focusRing },
        },
        accent: {
          solid: { value: { _light: '{colors.accent.700}', _dark: '{colors.accent.500}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.accent.950}' } },
          fg: { value: { _light: '{colors.accent.700}', _dark: '{colors.accent.100}' } },
          muted: { value: { _light: '{colors.accent.100}', _dark: '{colors.accent.900}' } },
          subtle: { value: { _light: '{colors.accent.50}', _dark: '{colors.accent.900}' } },
          emphasized: { value: { _light: '{colors.accent.100}', _dark: '{colors.accent.700}' } },
          focusRing: { value: focusRing },
        },
      },
    },
  },
});

/** What the app's system is built from, in order. */
export const appSystemConfigs: Parameters<typeof createSystem> = [defaultBaseConfig, chakraTheme, config];

/** Chakra's styling system for the app. */
export function createAppSystem() {
  return createSystem(...appSystemConfigs);
}

type AppSystem = ReturnType<typeof createAppSystem>;
type SystemSteps = (...configs: Parameters<typeof createSystem>) => Generator<void, ReturnType<typeof createSystem>>;

/**
 * The same system, built in steps with a pause for the browser between them. Building it is one of
 * the longest pieces of the client's start (~150 ms at Lighthouse's 4× slower CPU); the client's
 * build gives Chakra's `createSystem` a `steps` generator (scripts/build/chakra-system-for-the-client.ts)
 * so no piece holds the main thread for long. Without it (the dev server, tests), one step.
 */
export async function createAppSystemInSteps(pause: () => Promise<void>): Promise<AppSystem> {
  const steps = (createSystem as typeof createSystem & { steps?: SystemSteps }).steps;
  if (!steps) return createAppSystem();
  const building = steps(...appSystemConfigs);
  for (;;) {
    const step = building.next();
    if (step.done) return step.value;
    await pause();
  }
}

/**
 * The system for taking over a page the server drew. Its page-wide styles (reset, tokens as CSS
 * variables, global CSS, the order of the layers) are in the page already, and Emotion's `<Global>`
 * would take over their <style> tags by moving them: each move restyles and lays out the whole page
 * again (~110 ms on a slow phone). With nothing page-wide to add, ChakraProvider's `<Global>`s add
 * nothing and the server's tags stay where they are; the client's build also never builds the
 * styles (see scripts/build/chakra-system-for-the-client.ts). Everything else is the system's own.
 */
export function systemOverServerStyles(system: AppSystem): AppSystem {
  return Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as AppSystem;
}
