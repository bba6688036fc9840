// `npx tsx scripts/screenshots.ts [baseUrl] [path ...]`: screenshots of pages in Arabic and English,
// desktop and phone, into screenshots/ (git-ignored), to look at before calling a screen done.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath, missingChromiumHelp } from '../tests/setup/chromium.ts';

const [baseUrl = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/'];
const executablePath = chromiumPath();
if (!executablePath) throw new Error(missingChromiumHelp);

const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };
mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
try {
  for (const locale of ['ar', 'en'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((value) => localStorage.setItem('tahaleel.locale', value), locale);
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'networkidle' });
        const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        const file = `screenshots/${name}.${locale}.${device}.png`;
        // Long pages: the first two screens are what a person judges first.
        await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: viewport.width, height: viewport.height * 2 } });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
