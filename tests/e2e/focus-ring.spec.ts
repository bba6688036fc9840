import { expect, type Locator, type Page, test } from './fixtures.ts';

// A keyboard user sees where the focus is: a 2 px ring, at least 3:1 against the page behind it
// (WCAG 2.2), on a link, a button and an input alike.

type Rgb = [number, number, number];

const luminance = ([r, g, b]: Rgb) => {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The focused element's ring (outline) width and colour, and the first opaque background behind it. */
async function ringOf(element: Locator) {
  return element.evaluate((node) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const style = getComputedStyle(node);
    let behind: Element | null = node.parentElement;
    while (behind && rgb(getComputedStyle(behind).backgroundColor)[3] === 0) behind = behind.parentElement;
    return {
      width: Number.parseFloat(style.outlineWidth),
      style: style.outlineStyle,
      colour: rgb(style.outlineColor).slice(0, 3),
      background: rgb(behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)').slice(0, 3),
    };
  });
}

async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

test('a link, a button and an input show a 2 px brand ring with at least 3:1 contrast', async ({ page }) => {
  await page.goto('/');
  const targets = [
    page.getByRole('banner').getByRole('link').first(),
    page.getByRole('search').getByRole('button').first(),
    page.getByRole('search').getByRole('textbox').first(),
  ];
  for (const target of targets) {
    await tabTo(page, target);
    const ring = await ringOf(target);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.colour as Rgb, ring.background as Rgb)).toBeGreaterThanOrEqual(3);
  }
});
