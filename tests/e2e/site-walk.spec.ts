import type { BrowserContext, Page } from '@playwright/test';
import {
  chooseFreeSlot,
  DEMO_PASSWORD,
  demo,
  expect,
  type Language,
  languages,
  openAuthModal,
  readInLanguage,
  signIn,
  test,
  trpc,
} from './fixtures.ts';
import {
  CBC,
  type DemoRecords,
  dashboardPaths,
  expectFitting,
  expectNoSidewaysScroll,
  expectNoViolations,
  expectTitleNamingThePage,
  expectVisibleFocusOnEveryTabStop,
  PHONE_WIDTHS,
  publicPages,
  type SitePage,
  settled,
  visitorPages,
} from './site-pages.ts';
import { words } from './words.ts';

// The site, walked by each reader (a visitor, each signed-in role, people held at the door), in Arabic
// and in English, on a desktop and on a phone (@mobile). Each page a reader reaches is opened once,
// afresh (drawn by the server and taken over, as a first visit to it), and every site-wide check runs on it:
// - its status, and its own heading (never the not-found page's), in the page the server sends too;
// - drawn by the server in the reader's language, and taken over as drawn (a mismatch makes React log an error);
// - ready in time (taken over, its data and lazy parts drawn), with no console error and no uncaught error;
// - its language and direction, and a title that names it;
// - axe: WCAG 2.1 A and AA, no rule disabled, on a desktop (where, see `axeWhere`);
// - on a phone, nothing wider than a 360 or 390 px screen;
// - in Arabic on a desktop, a visible focus on every tab stop (focus styles do not depend on the language).
// Every check is soft: a failure names its page and check, and the walk goes on to the next page.
// A walk is split in parts, one test each (reader, language, device, part), so the two workers share
// them and a failure names its walk. tests/README.md maps the specs this walk replaced to it.

/** How long a page may take to be taken over and drawn whole, on a loaded two-core machine. */
const READY_MS = 30_000;
/** A page's share of its walk's time limit: opened, measured by axe, at two widths or tabbed through. */
const PAGE_MS = 15_000;
/** What the browser logs for an answer 404: expected of a page about a record that does not exist (`missing`). */
const NOT_FOUND_LOGGED = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

interface Walk {
  page: Page;
  reader: Reader;
  locale: Language;
  phone: boolean;
  /** What the page has logged since it was opened: console errors (with where from), and errors nothing caught. */
  errors: string[];
}

interface Visit extends SitePage {
  /** What the reader then does on the page, checked as it goes (`where` names the page). */
  andThen?: (walk: Walk, where: string) => Promise<void>;
}

/** Part of a reader's walk: one test. */
interface Part {
  name: string;
  pages: (records: DemoRecords) => Visit[];
}

interface Reader {
  name: string;
  email?: string;
  admin?: boolean;
  /**
   * Held at the door: what every page of theirs shows, over the page or instead of it (someone asked for
   * one step before anything else). Their pages are checked for what shows, not for a heading, data or title.
   */
  shows?: string;
  /**
   * Addresses the server answers by sending the reader to their dashboard (307), which their walk opens:
   * checked by that answer (on a desktop) instead of opening the same dashboard once each.
   */
  sentAway?: { paths: string[]; to: string };
  desktop: Part[];
  /** None: not walked on a phone. */
  phone?: Part[];
}

const theirDashboard = (paths: readonly string[]): Visit[] => paths.map((path) => ({ path, title: 'own' }));

/** A lab and an admin are kept in their dashboard: the server sends them there from every public page but these two. */
const staying: Visit[] = [
  { path: '/forgot-password', heading: { ar: words.ar.pages.forgotPassword, en: words.en.pages.forgotPassword }, clientDrawn: true },
  // Drawn by the client, which sends them on to their dashboard.
  { path: '/success', clientDrawn: true, sendsOn: true, title: 'own' },
];
const sentToTheirDashboard = (to: string) => ({
  paths: publicPages.map(({ path }) => path).filter((path) => !staying.some((page) => page.path === path)),
  to,
});

const calendar = (labId: string) => `${CBC}?lab_id=${labId}`;
const publicPart: Part = { name: 'the public pages', pages: () => publicPages };

const readers: Reader[] = [
  {
    name: 'a visitor',
    desktop: [publicPart, { name: 'the other pages', pages: visitorPages }],
    phone: [
      {
        name: 'the public pages',
        pages: () => publicPages.map((visit) => (visit.path === '/' ? { ...visit, andThen: openTheMenu } : visit)),
      },
      {
        name: 'the other pages',
        pages: (records) =>
          visitorPages(records).map((visit) =>
            visit.path === calendar(records.labId) ? { ...visit, andThen: chooseATimeAndOpenTheSignInDialog } : visit,
          ),
      },
    ],
  },
  {
    name: 'the customer',
    email: demo.customer,
    desktop: [publicPart, { name: 'their dashboard', pages: () => theirDashboard(dashboardPaths.customer) }],
    phone: [
      {
        name: 'their dashboard and a checkout',
        pages: ({ labId }) => [
          ...theirDashboard(dashboardPaths.customer),
          { path: calendar(labId), ready: (page) => page.getByTestId('booking-panel'), andThen: addATimeToTheCart },
          {
            path: '/checkout',
            heading: { ar: words.ar.booking.checkout, en: words.en.booking.checkout },
            ready: (page) => page.getByTestId('checkout-item'),
          },
        ],
      },
    ],
  },
  {
    name: 'the Premium customer',
    email: demo.premium,
    desktop: [publicPart, { name: 'their dashboard', pages: () => theirDashboard(dashboardPaths.customer) }],
  },
  {
    name: 'the lab',
    email: demo.lab,
    sentAway: sentToTheirDashboard('/dashboard'),
    desktop: [{ name: 'their pages', pages: () => [...staying, ...theirDashboard(dashboardPaths.lab)] }],
    phone: [{ name: 'their dashboard', pages: () => theirDashboard(dashboardPaths.lab) }],
  },
  {
    name: 'the admin',
    email: demo.admin,
    admin: true,
    sentAway: sentToTheirDashboard('/admin/dashboard'),
    desktop: [{ name: 'their pages', pages: () => [...staying, ...theirDashboard(dashboardPaths.admin)] }],
    phone: [{ name: 'their dashboard', pages: () => theirDashboard(dashboardPaths.admin) }],
  },
  // The dialog asks over every page but the legal ones, which it links to.
  {
    name: 'a customer asked to accept new terms',
    email: demo.oldTerms,
    shows: 'consent-dialog',
    desktop: [{ name: 'their pages', pages: () => [{ path: '/' }, { path: '/dashboard' }, { path: CBC }] }],
  },
  {
    name: 'an admin whose second factor is overdue',
    email: demo.twoFactorDue,
    admin: true,
    shows: 'two-factor-required',
    sentAway: { paths: ['/'], to: '/admin/dashboard' },
    desktop: [{ name: 'their pages', pages: () => [{ path: '/admin/dashboard' }] }],
  },
];

for (const device of [
  { name: 'desktop', phone: false },
  { name: 'phone @mobile', phone: true },
]) {
  for (const { language, locale } of languages) {
    test.describe(`the site walked in ${language} on a ${device.name}`, () => {
      for (const reader of readers) {
        for (const part of (device.phone ? reader.phone : reader.desktop) ?? []) {
          test(`by ${reader.name}: ${part.name}`, async ({ context }) => {
            // A visitor reading Arabic comes for the first time (no language chosen): Arabic is what they get.
            if (reader.email || locale !== 'ar') await readInLanguage(context, locale);
            if (reader.email) await signIn(context, reader.email, { admin: reader.admin, password: DEMO_PASSWORD });
            const visits = part.pages(await demoRecords(context));
            const tabThrough = !reader.email && locale === 'ar' && !device.phone;
            test.setTimeout(60_000 + visits.length * PAGE_MS * (tabThrough ? 2 : 1));
            if (reader.sentAway && !device.phone) await expectSentAway(context, reader.name, reader.sentAway);

            const page = await context.newPage();
            const walk: Walk = { page, reader, locale, phone: device.phone, errors: [] };
            const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 300);
            page.on('console', (message) => {
              if (message.type() === 'error') walk.errors.push(`${firstLine(message.text())} (${message.location().url})`);
            });
            page.on('pageerror', (error) => walk.errors.push(firstLine(`${error.name}: ${error.message}`)));
            for (const visit of visits) await test.step(visit.path, () => walkThrough(walk, visit, { tabThrough }));
          });
        }
      }
    });
  }
}

/** Dashboard sections axe measures in English too (as the accessibility spec did before the walk); Arabic measures them all. */
const measuredInEnglishToo = new Set([
  '/dashboard',
  '/dashboard?section=payments',
  '/admin/dashboard',
  '/admin/dashboard?section=payouts',
  '/admin/dashboard?section=renewals',
]);

/**
 * Where axe runs, on a desktop: every page in Arabic; in English, the visitor's pages and the dashboards'
 * overviews and money sections. Not on a public page a signed-in reader opens: the visitor's walk measures
 * the same page, and their header is measured on their dashboard. On a phone, axe measures the home page
 * with its menu open (`openTheMenu`). Axe is most of a page's time: run on all 342 opens, the walk took
 * 2,670 s of the workers' time against 1,980 s for the specs it replaced (#75).
 */
function axeWhere(walk: Walk, visit: Visit): boolean {
  if (walk.phone || (walk.reader.email && !walk.reader.shows && publicPages.includes(visit))) return false;
  return walk.locale === 'ar' || !walk.reader.email || measuredInEnglishToo.has(visit.path);
}

/** Opens the page and runs every check on it; what stops a check is reported as the page's failure, and the walk goes on. */
async function walkThrough(walk: Walk, visit: Visit, { tabThrough }: { tabThrough: boolean }) {
  const { page, locale, reader } = walk;
  const where = visit.path;
  walk.errors = [];
  try {
    const response = await page.goto(visit.path, { waitUntil: 'domcontentloaded' });
    expect.soft(response?.status(), `the status of ${where}`).toBe(visit.status ?? 200);
    // The server writes the language it drew the page in on #root; the app takes the page over only when it is the reader's.
    const html = (await response?.text()) ?? '';
    const drawnIn = html.match(/<div id="root" data-server-locale="(\w+)"/)?.[1] ?? null;
    expect
      .soft(drawnIn, `${where} drawn ${visit.clientDrawn ? 'by the client alone' : `by the server in ${locale}`}`)
      .toBe(visit.clientDrawn ? null : locale);
    // Before any script runs, the page says which it is.
    if (drawnIn && visit.heading && !visit.sendsOn) {
      expect.soft(html.includes(inHtml(visit.heading[locale])), `the heading of ${where} in the page the server sends`).toBe(true);
    }
    if (!(await drawnWhole(page, where, { shows: reader.shows, ready: visit.ready }))) return;

    await expect.soft(page.locator('html'), `the language of ${where}`).toHaveAttribute('lang', locale);
    await expect.soft(page.locator('html'), `the direction of ${where}`).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // By its tag: an open dialog (sign-in, new terms) hides the page behind it from the accessibility tree.
    if (visit.heading) await expect.soft(page.locator('h1'), `the heading of ${where}`).toContainText(visit.heading[locale]);
    if (!reader.shows && visit.title !== 'alone') await expectTitleNamingThePage(page, where, { own: visit.title === 'own' });
    if (axeWhere(walk, visit)) await expectNoViolations(page, where);
    if (walk.phone) await expectNoSidewaysScroll(page, where);
    if (tabThrough) await expectVisibleFocusOnEveryTabStop(page, where);
    await visit.andThen?.(walk, where);
  } catch (error) {
    expect.soft(error instanceof Error ? error.message : String(error), `what stopped the checks of ${where}`).toBeUndefined();
  } finally {
    const logged = visit.missing ? walk.errors.filter((error) => !error.startsWith(NOT_FOUND_LOGGED)) : walk.errors;
    expect.soft(logged, `errors logged on ${where}`).toEqual([]);
  }
}

/** Text as React writes it into a page. */
const inHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

/**
 * Waits until the app has taken the page over and drawn it whole: no loading overlay, its heading, its
 * data (`ready`), no place-holders, animations ended; for a reader held at the door, what holds them
 * (`shows`) instead of a heading. False (and reported) when it does not in time: the other checks would
 * measure a page half drawn.
 */
async function drawnWhole(page: Page, where: string, { shows, ready }: { shows?: string; ready?: SitePage['ready'] }): Promise<boolean> {
  const failures = test.info().errors.length;
  const soon = { timeout: READY_MS };
  await expect.soft(page.locator('html[data-app-ready]'), `${where} taken over by the app`).toBeAttached(soon);
  if (test.info().errors.length > failures) return false;
  await expect.soft(page.getByTestId('loading-overlay'), `the loading overlay of ${where}`).toHaveCount(0, soon);
  if (shows) await expect.soft(page.getByTestId(shows), `${shows} on ${where}`).toBeVisible(soon);
  else await expect.soft(page.locator('h1').first(), `the heading of ${where}`).toBeVisible(soon);
  if (ready) await expect.soft(ready(page).first(), `the data of ${where}`).toBeVisible(soon);
  await expect.soft(page.locator('.chakra-skeleton'), `the place-holders of ${where}`).toHaveCount(0, soon);
  if (test.info().errors.length > failures) return false;
  await settled(page);
  return true;
}

/** Each address answers with a redirect to the reader's dashboard. */
async function expectSentAway(context: BrowserContext, reader: string, { paths, to }: { paths: string[]; to: string }) {
  for (const path of paths) {
    const answer = await context.request.get(path, { maxRedirects: 0 });
    const location = answer.headers().location;
    expect
      .soft(`${answer.status()} ${location && new URL(location, answer.url()).pathname}`, `${path} sends ${reader} to their dashboard`)
      .toBe(`307 ${to}`);
  }
}

/**
 * The CBC test's first lab, whose page and booking calendar the walks open, and two packages on sale at
 * two labs (the demo's "Complete Check-up" and "Full Body Check-up", seeds/data/packages.ts), found as search finds them.
 */
async function demoRecords(context: BrowserContext): Promise<DemoRecords> {
  const cbc = await trpc<{ id: number }>(context, 'catalog.test', { nameEn: 'Complete Blood Count (CBC)' }, 'GET');
  const [lab] = await trpc<{ id: string }[]>(context, 'catalog.labsForTest', { testId: cbc.id }, 'GET');
  const packageNamed = async (name: string) => {
    const found = await trpc<{ is_package: boolean; test_id: number; test_name_en: string }[]>(
      context,
      'search.labTests',
      { query: name },
      'GET',
    );
    const offer = found.find((row) => row.is_package && row.test_name_en === name);
    if (!offer) throw new Error(`the demo package "${name}" is not on sale`);
    return offer.test_id;
  };
  const [packageId, otherPackageId] = await Promise.all([packageNamed('Complete Check-up'), packageNamed('Full Body Check-up')]);
  const { marker_groups: groups } = await trpc<{ marker_groups: { markers: { id: number }[] }[] }>(
    context,
    'packages.get',
    { id: packageId },
    'GET',
  );
  const markerIds = groups.slice(0, 3).map((group) => group.markers[0]!.id);
  return { labId: lab!.id, packageId, otherPackageId, markerIds };
}

/** On a phone's home page: axe, then the menu open, and axe again. */
async function openTheMenu({ page }: Walk, where: string) {
  await expectNoViolations(page, where);
  await page.getByTestId('mobile-menu-button').click();
  await expect(page.getByTestId('mobile-menu')).toBeVisible();
  await settled(page);
  await expectNoViolations(page, `${where} with the menu open`);
}

/** On a phone's booking calendar: a day's free times, then the sign-in dialog over it, which fits the screen with its backdrop covering all of it. */
async function chooseATimeAndOpenTheSignInDialog({ page, locale }: Walk, where: string) {
  await chooseFreeSlot(page, locale);
  await expectNoSidewaysScroll(page, `${where} with its free times`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const modal = await openAuthModal(page, locale, 'login');
  const screen = page.viewportSize()!;
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: screen.height });
    const at = `the sign-in dialog on ${where} at ${width} px`;
    const box = (await modal.boundingBox())!;
    expect.soft(box.x, `the start of ${at}`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, `the end of ${at}`).toBeLessThanOrEqual(width);
    const backdrop = (await page.locator('.chakra-dialog__backdrop').boundingBox())!;
    expect.soft(backdrop, `the backdrop of ${at}`).toMatchObject({ x: 0, y: 0, width, height: screen.height });
    await expectFitting(page, at);
  }
  await page.setViewportSize(screen);
}

/** A time at the lab, put in the cart (its seat held), for the checkout the walk opens next. */
async function addATimeToTheCart({ page, locale }: Walk) {
  await chooseFreeSlot(page, locale, { pick: 'last' });
  await page.getByTestId('booking-panel').getByRole('button', { name: words[locale].booking.addToCart }).click();
  // In the cart (its hold taken) before going on, or the checkout finds it empty and sends the reader home.
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveAttribute('data-type', 'success');
}
