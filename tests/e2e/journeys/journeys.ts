import { randomBytes } from 'node:crypto';
import { expect, type Language, type Page } from '../fixtures.ts';

// What the role journeys share: the runs (each language on a desktop and on a phone) and a few moves
// every role makes (the menu, the dashboard's sections). The words the pages show: ../words.ts.

export interface Run {
  /** Arabic or English, for the title. */
  language: string;
  locale: Language;
  phone: boolean;
  /** 0–3, unique per run: picks dates and products that no other run (or spec) takes. */
  index: number;
}

export const runs: Run[] = [
  { language: 'Arabic', locale: 'ar', phone: false, index: 0 },
  { language: 'English', locale: 'en', phone: false, index: 1 },
  { language: 'Arabic', locale: 'ar', phone: true, index: 2 },
  { language: 'English', locale: 'en', phone: true, index: 3 },
];

/** "… in Arabic on a desktop", "… in English on a phone @mobile" (the phone project runs the latter). */
export function titled(journey: string, run: Run, tags = '') {
  return `${journey} in ${run.language} on a ${run.phone ? 'phone @mobile' : 'desktop'}${tags ? ` ${tags}` : ''}`;
}

/** Arabic letters only, so that the name needs no bidi isolation in Arabic text. */
export function arabicTag(length = 5): string {
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمنهي';
  return [...randomBytes(length)].map((byte) => letters[byte % letters.length]).join('');
}

export const latinTag = () => randomBytes(4).toString('hex');

/** A toast (or any one-off message) with exactly this text. */
export function message(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

/** Follows a link of the main menu: the header's on a desktop, the slide-in menu's below Chakra's `lg`. */
export async function openFromMenu(page: Page, label: string) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
  } else {
    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  }
}

/** Opens a section of a dashboard from its sidebar (a row of tabs on a phone) and waits for it. */
export async function openSection(page: Page, label: string) {
  await page.getByTestId('dashboard-nav').getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('region', { name: label, exact: true })).toBeVisible();
}

/** A small real PDF (its magic bytes are what the server checks). */
export function resultPdf(note: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${note}\n%%EOF\n`);
}
