import { demo, expect, languages, readInLanguage, signIn, test } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #21, ADR 0042: an administrator opens Failing renewals and sees the paid plans whose monthly
// payment was declined, whom to write to, and the day each falls to the free plan. The demo seed has
// one (seeds/failing-renewal.ts): a lab's Professional plan whose period ended 30 hours before the
// server started, declined twice, so it moves to the free plan 7 days (PLAN_RENEWAL_GRACE_DAYS) after
// the first decline, 5 minutes after the period's end.

const HOUR_MS = 60 * 60_000;
const SEEDED_LAB_EMAIL = 'riyadh-golden-health-malqa@labs.tahaleel.sa';
const tags = { ar: 'ar-SA-u-nu-latn-ca-gregory', en: 'en-SA-u-ca-gregory' } as const;

/** The day, as the page writes it in Riyadh, of an instant `offsetMs` from the seed (the server started up to 15 minutes ago). */
function seededDay(locale: 'ar' | 'en', offsetMs: number): RegExp {
  const format = new Intl.DateTimeFormat(tags[locale], { dateStyle: 'long', timeZone: 'Asia/Riyadh' });
  const days = new Set([Date.now() - 15 * 60_000, Date.now()].map((seededAt) => format.format(new Date(seededAt + offsetMs))));
  return new RegExp(`^(${[...days].join('|')})$`);
}

for (const { language, locale } of languages) {
  test(`an admin sees a plan whose renewal is failing, whom to write to and when it falls to the free plan, in ${language}`, async ({
    page,
  }) => {
    const w = words[locale];
    await readInLanguage(page, locale);
    await page.goto('/');
    await signIn(page, demo.admin, { admin: true });
    await page.goto('/admin/dashboard');
    await page.getByTestId('dashboard-nav').getByRole('button', { name: w.renewals.section }).click();
    await expect(page.getByRole('heading', { name: w.renewals.section, level: 2 })).toBeVisible();

    const row = page.getByTestId('failing-renewal').filter({ hasText: w.renewals.seededLab });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(w.renewals.plan);
    await expect(page.getByRole('columnheader', { name: w.renewals.declined })).toBeVisible();
    await expect(row.getByTestId('failing-renewal-failures')).toHaveText('2');
    const firstDecline = -30 * HOUR_MS + 5 * 60_000;
    await expect(row.getByTestId('failing-renewal-first')).toHaveText(seededDay(locale, firstDecline));
    await expect(page.getByRole('columnheader', { name: w.renewals.movesToFree })).toBeVisible();
    await expect(row.getByTestId('failing-renewal-falls')).toHaveText(seededDay(locale, firstDecline + 7 * 24 * HOUR_MS));
    // One click writes to the lab.
    await expect(row.getByRole('link', { name: SEEDED_LAB_EMAIL })).toHaveAttribute('href', `mailto:${SEEDED_LAB_EMAIL}`);
    await screenshotBothSizes(page, page.getByTestId('section-renewals'), `admin-failing-renewals.${locale}`);

    // Searched on the server: the lab by its name, and nothing for a name no one has.
    await page.getByRole('searchbox', { name: w.renewals.searchLabel }).fill(w.renewals.seededLab);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByTestId('failing-renewal')).toHaveCount(1);
    await page.getByTestId('list-search').fill('لا أحد بهذا الاسم');
    await expect(page.getByText(w.renewals.noneMatch)).toBeVisible();
  });
}
