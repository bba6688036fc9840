import type { BrowserContext, ConsoleMessage } from '@playwright/test';
import { clientAddress, DEMO_PASSWORD, demo, expect, type Language, languages, readInLanguage, signIn, test } from './fixtures.ts';
import { CBC, dashboardPaths, publicPaths } from './site-pages.ts';

// No page logs an error, for anyone: a visitor, a customer, a Premium customer, a lab and an admin,
// in Arabic and in English, on every public page and every section of their dashboard. A page drawn
// by the server and taken over by the browser logs React's error #418/#419 when the two drew it
// differently (the browser then throws the server's page away and draws it again); a failing request
// or a thrown error shows up here too. Each page is opened afresh (as a reader's first visit to it),
// so each is drawn by the server and taken over again.

interface Reader {
  name: string;
  email?: string;
  admin?: boolean;
  paths: string[];
  /** What every page of theirs shows (someone asked for one step before anything else). */
  shows?: string;
}

const people: Reader[] = [
  { name: 'a visitor', paths: [...publicPaths] },
  { name: 'the customer', email: demo.customer, paths: [...publicPaths, ...dashboardPaths.customer] },
  { name: 'the Premium customer', email: demo.premium, paths: [...publicPaths, ...dashboardPaths.customer] },
  { name: 'the lab', email: demo.lab, paths: [...publicPaths, ...dashboardPaths.lab] },
  { name: 'the admin', email: demo.admin, admin: true, paths: [...publicPaths, ...dashboardPaths.admin] },
  // Held at the door: the dialog asks over every page but the legal ones, which it links to.
  { name: 'a customer asked to accept new terms', email: demo.oldTerms, paths: ['/', '/dashboard', CBC], shows: 'consent-dialog' },
  {
    name: 'an admin whose second factor is overdue',
    email: demo.twoFactorDue,
    admin: true,
    paths: ['/', '/admin/dashboard'],
    shows: 'two-factor-required',
  },
];

async function readerContext(context: BrowserContext, language: Language, person: Reader) {
  await readInLanguage(context, language);
  if (person.email) await signIn(context, person.email, { admin: person.admin, password: DEMO_PASSWORD });
}

/** How long a page may take to be taken over and drawn whole, on a loaded two-core machine. */
const READY_MS = 30_000;

/** The log's error, without the stack React appends: one line a failure can list. */
const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 300);

for (const { language, locale } of languages) {
  test.describe(`no page logs an error, in ${language}`, () => {
    for (const person of people) {
      test(`for ${person.name}`, async ({ browser, baseURL }) => {
        test.setTimeout(60_000 + person.paths.length * 10_000);
        const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
        await readerContext(context, locale, person);
        const page = await context.newPage();
        const errors: string[] = [];
        let path = '';
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() === 'error') errors.push(`${path}: ${firstLine(message.text())}`);
        });
        page.on('pageerror', (error) => errors.push(`${path}: ${firstLine(`${error.name}: ${error.message}`)}`));

        for (const next of person.paths) {
          path = next;
          await page.goto(next, { waitUntil: 'domcontentloaded' });
          // Taken over by the browser, its data and lazy parts drawn: an error from any of them is logged by
          // then. A page that never gets there is listed with the errors, and the walk goes on.
          try {
            await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: READY_MS });
            await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: READY_MS });
            await expect(page.locator('.chakra-skeleton')).toHaveCount(0, { timeout: READY_MS });
            if (person.shows) await expect(page.getByTestId(person.shows)).toBeVisible({ timeout: READY_MS });
          } catch {
            errors.push(
              `${next}: not ready after ${READY_MS / 1000} s (not taken over, its data or lazy parts still loading, or ${person.shows ?? 'its page'} missing)`,
            );
          }
        }
        await context.close();
        expect(errors, `errors logged as ${person.name} in ${language}`).toEqual([]);
      });
    }
  });
}
