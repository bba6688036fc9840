import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * With SCREENSHOTS_DIR set, a picture of `target` on a phone (360×800) and on a desktop (1366×900), to
 * look at before calling a screen done; without it, nothing. The page is left at the desktop size.
 */
export async function screenshotBothSizes(page: Page, target: Locator, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [device, size] of [
    ['phone', { width: 360, height: 800 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `${name}.${device}.png`) });
  }
  if (original) await page.setViewportSize(original);
}
