import type { RegisteredRouter, RouteIds } from '@tanstack/react-router';

// The message catalogs besides `messages` (issue #59): which source folders and files each one takes
// its text from (lingui.config.ts), and which pages load it (the root route's beforeLoad, through
// lib/locale.ts), or which lazily loaded parts load it with their code (withCatalogs, lib/locale.ts).
// `messages`, which every page loads, has the rest: the app shell, the kit (components, lib) and the
// features the shell itself draws (the sign-in prompts, carts, language, catalog cards, the hero search).
// Paths are relative to src/client; a folder stands for everything in it.
// tests/unit/i18n-catalog.test.ts checks that every page finds all of its code's text in the catalogs
// it loads, and scripts/check-budgets.ts counts them in its first load.

const legalPages = ['features/marketing/legal-page.tsx', 'features/marketing/privacy-policy-page.tsx', 'features/marketing/terms-page.tsx'];

const aboutPages = ['features/marketing/about-page.tsx', 'features/marketing/join-as-lab-page.tsx'];

/** A customer's bookings in the dashboard, with what they open: changed there alone. */
const customersBookings = [
  'my-bookings',
  'my-waitlist',
  'cancel-booking-dialog',
  'review-booking-dialog',
  'reschedule-booking-dialog',
  'reserved-visit',
].map((file) => `features/booking/${file}.tsx`);

/** "Repeat this test" in the booking panel, with how a series may be paid. */
/** A series' visits and their terms at the lab-test checkout. */
const checkoutSeries = 'features/booking/checkout-series.tsx';

/** Whom a package is meant for, in its booking panel (issue #79): loaded with the packages catalog when there is something to say. */
const packageSuitsNote = 'features/booking/package-suits-note.tsx';
/**
 * The checkout's health insurance card (issue #80 item 4) and the sentences of the codes paying only the
 * person's share meets (ADR 0099): their own catalog, loaded with the card for an insured cart only.
 */
const checkoutCoverage = ['features/booking/checkout-coverage-card.tsx', 'features/booking/checkout-coverage-errors.ts'];

const seriesChoice = ['features/booking/repeat-choice.tsx', 'features/booking/series-plan-list.tsx', 'features/booking/series-errors.ts'];

/** Confirming a number by a code (issue #55): in the settings, and in a home visit's booking panel and checkout. */
const phoneConfirmation = [
  'features/auth/phone-confirm-form.tsx',
  'features/auth/password-confirm-dialog.tsx',
  'features/booking/home-visit-phone.tsx',
];

export const catalogSources = {
  /** The legal pages' long texts (a third of all the text). */
  legal: { include: legalPages },
  /** The lab's, the customer's and the admin's dashboards, with the account settings: imported by those routes alone. */
  dashboards: {
    include: [
      ...['account', 'admin', 'customer', 'dashboard', 'lab', 'results', 'stats', 'wallet'].map((folder) => `features/${folder}`),
      'routes/dashboard.tsx',
      'routes/admin.dashboard.tsx',
      'components/lab-account.tsx',
      'features/auth/two-factor/two-factor-card.tsx',
      ...customersBookings,
    ],
    // Also met outside the dashboards (a home visit's booking): in the sign-in catalog, which the dashboards load too.
    exclude: phoneConfirmation,
  },
  /** The home page's sections, with the claims and calls to action the two pages below repeat. */
  marketing: { include: ['features/marketing', 'routes/index.tsx'], exclude: [...legalPages, ...aboutPages] },
  /** About us and joining as a lab: their long texts stay off the home page. */
  about: { include: [...aboutPages, 'routes/about.tsx', 'routes/join-as-lab.tsx'] },
  /** Finding a test: search, labs and categories, with the badges their cards share with a test's page. */
  discovery: {
    include: [
      'features/search',
      'features/map',
      'features/reviews',
      'features/booking/home-collection-badge.tsx',
      // "Add to compare" on search's package cards (issue #79 item 2), and on a package's page.
      'features/packages/compare-control.tsx',
      'routes/search.tsx',
      'routes/labs.index.tsx',
      'routes/labs.$labId.tsx',
      'routes/categories.index.tsx',
      'routes/categories.$categoryName.tsx',
    ],
  },
  /** Booking a test: a test's page and its booking panel (its slots and home visit parts the dashboards reuse). */
  booking: {
    // With the account holder's sex and date of birth, asked here once and kept in the settings (which load this too).
    include: ['features/booking', 'features/personal-details', 'routes/test.$testName.tsx'],
    // The lab-test cart is drawn by the app shell on every page: its text is in `messages`.
    exclude: [
      'features/booking/home-collection-badge.tsx',
      'features/booking/lab-cart',
      ...customersBookings,
      ...phoneConfirmation,
      ...seriesChoice,
      checkoutSeries,
      packageSuitsNote,
      ...checkoutCoverage,
    ],
  },
  /**
   * A lab's packages (issue #79): a package's page, the list on its lab's page, packages compared (item 2) and
   * "build your own" (item 3); a booking panel loads the booking catalog when it opens. Choosing packages to
   * compare is in discovery's, which search loads and a package's page too.
   */
  packages: {
    include: [
      'features/packages',
      'routes/package.$packageId.tsx',
      'routes/packages.compare.tsx',
      'routes/packages.build.tsx',
      packageSuitsNote,
    ],
    exclude: ['features/packages/compare-control.tsx'],
  },
  /** Repeating a test (issue #58): the booking panel's repeat choice, loaded with its code once a day is chosen. */
  series: { include: seriesChoice },
  /** The store's pages and its checkout. */
  store: {
    include: [
      'features/store',
      'features/store-checkout',
      'routes/store.index.tsx',
      'routes/product.$id.tsx',
      'routes/store.checkout.$orderId.tsx',
      'routes/success.tsx',
    ],
  },
  /**
   * The pages a link opens: confirming an address, choosing a new password, the newsletter's links, a
   * guest's booking, and a doctor's page for a patient's share link.
   */
  links: {
    include: [
      'features/auth/verify-email-page.tsx',
      'features/auth/forgot-password-page.tsx',
      'features/auth/reset-password-page.tsx',
      'features/auth/guest-link-page.tsx',
      'features/newsletter/newsletter-link-page.tsx',
      'routes/verify-email.tsx',
      'routes/forgot-password.tsx',
      'routes/reset-password.tsx',
      'routes/manage-booking.tsx',
      'routes/newsletter.confirm.tsx',
      'routes/newsletter.unsubscribe.tsx',
      'features/result-shares',
      'routes/share.$token.tsx',
    ],
  },
  /**
   * Signing in and second factors: the sign-in dialog, the consent dialog, passkeys, setting up two-factor
   * sign-in. Each opens later, and loads this with its code (withCatalogs in lib/locale.ts); the account
   * settings show some of them at once.
   */
  auth: {
    include: [
      'features/auth/auth-modal.tsx',
      'features/auth/second-factor-step.tsx',
      'features/auth/consent-dialog.tsx',
      'features/auth/passkey-sign-in-button.tsx',
      'features/auth/phone-sign-in.tsx',
      'features/auth/phone-sign-up-profile.tsx',
      'features/auth/phone-errors.ts',
      'features/auth/phone-code-step.tsx',
      ...phoneConfirmation,
      'features/auth/sign-up-choices.tsx',
      'features/auth/passkeys',
      'features/auth/two-factor/two-factor-enrolment.tsx',
      'features/auth/two-factor/recovery-codes.tsx',
      'features/auth/two-factor/two-factor-required.tsx',
    ],
  },
  /**
   * Coverage before paying (issue #80 item 4): the checkout's health insurance card, loaded with its code
   * only when someone in the cart has a card in force.
   */
  coverage: { include: checkoutCoverage },
  /** Paying: the lab-test checkout, the plans and their payment, invoices. */
  purchases: {
    include: [
      'features/payments',
      'features/subscriptions',
      'features/billing',
      'lib/plan-labels.ts',
      checkoutSeries,
      'routes/checkout.tsx',
      'routes/payment-result.tsx',
      'routes/pricing.tsx',
    ],
  },
} satisfies Record<string, { include: string[]; exclude?: string[] }>;

export type CatalogName = keyof typeof catalogSources;

type RouteId = RouteIds<RegisteredRouter['routeTree']>;

/** The catalogs a page loads besides `messages`, by the ids of the routes it matches. */
export const catalogsOfRoute: Partial<Record<RouteId, CatalogName[]>> = {
  '/': ['marketing'],
  '/about': ['marketing', 'about'],
  '/join-as-lab': ['marketing', 'about'],
  '/privacy-policy': ['legal'],
  '/terms-and-conditions': ['legal'],
  '/search': ['discovery'],
  '/test/$testName': ['discovery', 'booking'],
  '/package/$packageId': ['discovery', 'packages'],
  '/packages/compare': ['packages'],
  '/packages/build': ['packages'],
  '/labs/': ['discovery'],
  '/labs/$labId': ['discovery', 'packages'],
  '/categories/': ['discovery'],
  '/categories/$categoryName': ['discovery'],
  '/store/': ['store'],
  '/product/$id': ['store'],
  '/success': ['store'],
  '/store/checkout/$orderId': ['store', 'purchases'],
  '/checkout': ['purchases'],
  '/payment-result': ['purchases'],
  '/pricing': ['purchases'],
  '/verify-email': ['links'],
  '/forgot-password': ['links'],
  '/reset-password': ['links'],
  '/manage-booking': ['links'],
  '/newsletter/confirm': ['links'],
  '/newsletter/unsubscribe': ['links'],
  '/share/$token': ['links'],
  '/dashboard': ['dashboards', 'discovery', 'booking', 'purchases', 'auth'],
  '/admin/dashboard': ['dashboards', 'discovery', 'booking', 'purchases', 'auth'],
};
