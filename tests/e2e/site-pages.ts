// The pages of the site as each role reaches them: the public pages (signed out or in) and each
// role's dashboard sections. Specs that walk the whole site (layout.spec.ts, console-errors.spec.ts)
// read their pages from here, so a new page or section is walked by all of them once it is listed.

/** The CBC test's page (a test every seed has). */
export const CBC = '/test/Complete%20Blood%20Count%20(CBC)';

/** Pages anyone can open, signed out or in. */
export const publicPaths = [
  '/',
  '/about',
  '/pricing',
  '/pricing?audience=lab',
  '/categories',
  '/categories/Blood%20Tests',
  '/labs',
  '/search?query=CBC',
  '/search?query=zzqqxx',
  CBC,
  '/store',
  '/product/1',
  '/privacy-policy',
  '/terms-and-conditions',
  '/join-as-lab',
  '/forgot-password',
  '/success',
] as const;

const customerSections = ['overview', 'bookings', 'results', 'orders', 'invoices', 'ai-analysis', 'settings'];
const labSections = [
  'overview',
  'stats',
  'tests',
  'ranges',
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
