import AxeBuilder from '@axe-core/playwright';
import { expect, type Language, type Locator, type Page } from './fixtures.ts';
import { words } from './words.ts';

// The pages of the site as each reader reaches them (the public pages, what only a visitor opens, each
// role's dashboard sections) and the checks every page must pass. site-walk.spec.ts opens each page once
// per reader, language and device and runs all the checks on it, so a page or section listed here is
// checked by all of them; accessibility.spec.ts runs the same checks on the states a page is put in.

/** The CBC test's page (a test every seed has). */
export const CBC = '/test/Complete%20Blood%20Count%20(CBC)';

export interface SitePage {
  path: string;
  /** Its own heading (h1), in each language: the page says which page it is (never the not-found page's). */
  heading?: Record<Language, string>;
  /** Its status, when it is not 200. */
  status?: 404;
  /** What shows once its data has come. */
  ready?: (page: Page) => Locator;
  /**
   * How its title names it, when not by its heading ("<h1> | Tahaleel"): by a name of its own before the
   * site's (a dashboard's section: "Bookings – Dashboard | Tahaleel"), or alone (a product: "{title} - Our Store").
   */
  title?: 'own' | 'alone';
  /** About a record that does not exist: its address, or the API asked for it, answers 404 (which the browser logs). */
  missing?: true;
  /** Drawn by the client alone: the server sends index.html, not the page (src/server/server-rendered-pages.ts). */
  clientDrawn?: true;
  /** Sends the reader on once the app runs: `heading` is the page they land on. */
  sendsOn?: true;
}

type Words = (typeof words)[Language];
const headingOf = (word: (w: Words) => string): Record<Language, string> => ({ ar: word(words.ar), en: word(words.en) });

const home = headingOf((w) => w.home.heading);
const notFound = headingOf((w) => w.common.notFound);

/** Pages anyone can open, signed out or in (a lab and an admin are sent to their dashboard from most). */
export const publicPages: SitePage[] = [
  { path: '/', heading: home, ready: (page) => page.getByTestId('category-card') },
  { path: '/about', heading: headingOf((w) => w.about.heading) },
  { path: '/pricing', heading: headingOf((w) => w.pages.pricing) },
  { path: '/pricing?audience=lab', heading: headingOf((w) => w.pages.pricing) },
  { path: '/categories', heading: headingOf((w) => w.pages.categories), ready: (page) => page.getByTestId('category-card') },
  { path: '/categories/Blood%20Tests', heading: headingOf((w) => w.catalogue.bloodTests), ready: (page) => page.getByTestId('test-card') },
  { path: '/labs', heading: headingOf((w) => w.pages.labs), ready: (page) => page.getByTestId('lab-card') },
  { path: '/search?query=CBC', heading: headingOf((w) => w.search.results), ready: (page) => page.getByTestId('search-result') },
  { path: '/search?query=zzqqxx', heading: headingOf((w) => w.search.results) },
  { path: CBC, heading: headingOf((w) => w.catalogue.cbc), ready: (page) => page.getByTestId('lab-offer') },
  { path: '/store', heading: headingOf((w) => w.store.heading), ready: (page) => page.getByTestId('product-card') },
  { path: '/product/1', heading: headingOf((w) => w.pages.vitaminDKit), title: 'alone' },
  { path: '/privacy-policy', heading: headingOf((w) => w.legal.privacy.heading) },
  { path: '/terms-and-conditions', heading: headingOf((w) => w.legal.terms.heading) },
  { path: '/join-as-lab', heading: headingOf((w) => w.join.heading) },
  { path: '/forgot-password', heading: headingOf((w) => w.pages.forgotPassword), clientDrawn: true },
  { path: '/success', heading: headingOf((w) => w.store.success), clientDrawn: true },
];

/** Records of the demo whose pages the walks open. */
export interface DemoRecords {
  labId: string;
  packageId: number;
  /** Another package on sale, at another lab, to compare with the first. */
  otherPackageId: number;
  /** A few of the first package's markers (analyte ids), to build one's own visit from. */
  markerIds: number[];
}

/**
 * What a visitor opens besides: a lab's page and a test's booking calendar at that lab (`labId`), a
 * package's page, two packages compared, a visit of one's own built from markers, the answers for what does not
 * exist, and the pages that send a visitor home.
 */
export function visitorPages({ labId, packageId, otherPackageId, markerIds }: DemoRecords): SitePage[] {
  return [
    { path: `/labs/${labId}`, ready: (page) => page.getByRole('heading', { level: 2 }) },
    { path: `/package/${packageId}`, ready: (page) => page.getByTestId('marker-group') },
    // A package that is not on sale (or does not exist): its page's "not found" state, answered 404.
    // Two packages side by side (issue #79 item 2): a table on a desktop, cards on a phone.
    {
      path: `/packages/compare?ids=${packageId},${otherPackageId}`,
      heading: headingOf((w) => w.pages.comparePackages),
      ready: (page) => page.locator('[data-testid="compare-table"]:visible, [data-testid="compare-stacked"]:visible'),
      clientDrawn: true,
    },
    // Build your own (issue #79 item 3): the labs that do these markers in one visit, cheapest first.
    {
      path: `/packages/build?markers=${markerIds.join(',')}`,
      heading: headingOf((w) => w.packages.buildHeading),
      ready: (page) => page.getByTestId('build-lab').first(),
      clientDrawn: true,
    },
    { path: '/package/999999999', heading: headingOf((w) => w.pages.packageNotFound), status: 404, missing: true },
    { path: `${CBC}?lab_id=${labId}`, heading: headingOf((w) => w.catalogue.cbc), ready: (page) => page.getByTestId('booking-panel') },
    // A lab that does not exist: the lab page's own "not found" state, answered 404 for search engines.
    { path: '/labs/00000000-0000-0000-0000-000000000000', heading: headingOf((w) => w.pages.labNotFound), status: 404, missing: true },
    // Addresses no route knows: the not-found page, drawn by the server in the reader's language.
    { path: '/no-such-page', heading: notFound, status: 404, missing: true },
    { path: '/labs/some-lab/extra', heading: notFound, status: 404, missing: true },
    { path: '/dashboard/nothing', heading: notFound, status: 404, missing: true },
    // An empty cart's checkout sends the visitor home (the full flow: booking.spec.ts), and a dashboard
    // sends them home with its sign-in dialog open (signed-in views: auth.spec.ts).
    { path: '/checkout', heading: home, sendsOn: true },
    { path: '/dashboard', heading: home },
    { path: '/admin/dashboard', heading: home },
    // An order that does not exist: the payment page, with nothing to pay.
    {
      path: '/store/checkout/00000000-0000-0000-0000-000000000000',
      heading: headingOf((w) => w.store.checkoutHeading),
      clientDrawn: true,
      missing: true,
    },
  ];
}

const customerSections = ['overview', 'bookings', 'results', 'orders', 'invoices', 'ai-analysis', 'settings'];
const labSections = [
  'overview',
  'stats',
  'tests',
  'ranges',
  'claims',
  'ai-analysis',
  'upload-results',
  'payments',
  'bookings',
  'reviews',
  'settings',
];
const adminSections = [
  'overview',
  'stats',
  'labs',
  'payouts',
  'tests',
  'analytes',
  'transactions',
  'users',
  'critical',
  'renewals',
  'reviews',
  'store',
  'collections',
  'orders',
  'audit',
  'settings',
];

const sectionsOf = (dashboard: string, sections: string[]) =>
  sections.map((section) => (section === 'overview' ? dashboard : `${dashboard}?section=${section}`));

/** Each signed-in role's dashboard, section by section (the overview at the dashboard's own address). */
export const dashboardPaths = {
  customer: sectionsOf('/dashboard', customerSections),
  lab: sectionsOf('/dashboard', labSections),
  admin: sectionsOf('/admin/dashboard', adminSections),
} as const;

// The checks. Each is soft: it reports what it found, naming the page (`where`), and the walk goes on.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.1 A and AA by axe, no rule disabled, on what is on screen: one readable line per offending node.
 */
export async function expectNoViolations(page: Page, where = page.url()) {
  // Colours are measured as they end, not halfway through a transition (a slot just chosen fades into
  // the brand colour: caught mid-fade, its text measured 3.05:1 once in CI).
  // (An endless animation, a spinner's, is not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only the violations are worked out node by node (axe's advice for speed): every rule of the tags still
  // runs. (`options` replaces what `withTags` sets: it comes first.)
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcagTags)
    .analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' > ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
    ),
  );
  expect.soft(report, `axe violations on ${where}`).toEqual([]);
}

/** Dialogs, drawers and toasts fade in: measure colours once they have (spinners never stop). */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 30_000 },
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const siteName = '(تحاليل|Tahaleel)';

/**
 * The title the page must have (WCAG 2.4.2): its heading first, then the site ("<h1 …> | Tahaleel"), or
 * with `own`, a name of the page's own before the site's.
 */
async function titleNamingThePage(page: Page, { own = false } = {}): Promise<RegExp> {
  // By its tag: an open dialog hides the page's heading from the accessibility tree, not from the title.
  const name = own ? `(?!${siteName} \\|).+` : escapeRegExp((await page.locator('h1').first().innerText()).trim());
  return new RegExp(`^${name}.* \\| ${siteName}$`);
}

export async function expectTitleNamingThePage(page: Page, where = page.url(), { own = false } = {}) {
  await expect.soft(page, `the title of ${where}`).toHaveTitle(await titleNamingThePage(page, { own }));
}

/**
 * Every stop that Tab reaches on the page shows a focus indicator (an outline or Chakra's ring), until Tab
 * comes back to a stop it has been to or leaves the page. Each stop is measured as the focus lands on it,
 * its style whole (transitions off: there is nothing to wait for), and the stops are read back every ten
 * presses, not after each (the search page has some 150 of them).
 */
export async function expectVisibleFocusOnEveryTabStop(page: Page, where = page.url()) {
  await page.evaluate(() => {
    const noTransitions = document.createElement('style');
    noTransitions.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(noTransitions);
    const stops: { element: string; ring: boolean; again: boolean }[] = [];
    const seen = new WeakSet<Element>();
    (window as unknown as { tabStops: typeof stops }).tabStops = stops;
    document.addEventListener(
      'focusin',
      (event) => {
        if (!(event.target instanceof HTMLElement)) return;
        const style = getComputedStyle(event.target);
        const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        stops.push({ element: event.target.outerHTML.slice(0, 120), ring, again: seen.has(event.target) });
        seen.add(event.target);
      },
      true,
    );
  });
  const tabStops = () =>
    page.evaluate(() => (window as unknown as { tabStops: { element: string; ring: boolean; again: boolean }[] }).tabStops);
  for (let presses = 0; presses < 200; presses += 10) {
    for (let press = 0; press < 10; press++) await page.keyboard.press('Tab');
    const left = await page.evaluate(() => !document.activeElement || document.activeElement === document.body);
    if (left || (await tabStops()).some((stop) => stop.again)) break;
  }
  const stops = await tabStops();
  const firstAgain = stops.findIndex((stop) => stop.again);
  const once = firstAgain === -1 ? stops : stops.slice(0, firstAgain);
  expect
    .soft(
      once.filter((stop) => !stop.ring).map((stop) => stop.element),
      `focus without a visible indicator on ${where}`,
    )
    .toEqual([]);
}
/**
 * The phone widths no page may be wider than: a page wider than the screen opens scrolled sideways and
 * clips its edge. Both are below Chakra's first breakpoint, so the same layout rules apply.
 */
export const PHONE_WIDTHS = [360, 390] as const;

/** At each phone width (the screen resized, as a phone's is), nothing beyond the screen's edge; then the width it had. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const before = page.viewportSize()!;
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: before.height });
    await expectFitting(page, `${where} at ${width} px`);
  }
  await page.setViewportSize(before);
}

/**
 * The page's width beyond the screen's, with the widest elements named when there is any. Asked again for
 * a few seconds: what lays itself out again when the screen narrows (a chart follows its box a frame
 * later) is given that time; what stays wider fails.
 */
export async function expectFitting(page: Page, where: string) {
  await expect.soft.poll(() => pageOverflow(page), { message: `sideways scroll on ${where}`, timeout: 3_000 }).toBeNull();
}

function pageOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    // The screen's width is the layout viewport's (the root's client width). Not `innerWidth`: a phone
    // zooms out to show a page wider than its screen whole, and `innerWidth` grows with the page.
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''}`);
    return `${root.scrollWidth} px on a ${width} px screen (${culprits.join(', ')})`;
  });
}
