import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, readInLanguage, signUpThroughApi, test, trpc } from './fixtures.ts';
import { arabicTag, latinTag, message, openSection, runs, titled } from './journeys/journeys.ts';
import { words } from './words.ts';

// A customer's data rights (issue #26): download everything as a zip and open it; delete the account,
// after which the browser is signed out and the account cannot sign in again.

for (const run of runs) {
  const w = words[run.locale];
  const nameOf = () => (run.locale === 'ar' ? `سلمى ${arabicTag()}` : `Salma ${latinTag()}`);

  test(titled('a customer downloads their data and opens it', run), async ({ page }) => {
    await readInLanguage(page, run.locale);
    const name = nameOf();
    const { email } = await signUpThroughApi(page, { name });
    await page.goto('/dashboard?section=settings');
    await expect(page.getByRole('region', { name: w.dashboard.nav.settings, exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: w.dataRights.downloadMyData }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tahaleel-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'bookings.json', 'payments.json']));
    expect(strFromU8(files['README.txt']!)).toContain(w.dataRights.readmeTitle);
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ name, email });
  });

  test(titled('a customer deletes their account, is signed out and cannot sign in again', run), async ({ page }) => {
    await readInLanguage(page, run.locale);
    const { email, password } = await signUpThroughApi(page, { name: nameOf() });
    await page.goto('/dashboard');
    await openSection(page, w.dashboard.nav.settings);

    await page.getByRole('button', { name: w.dataRights.deleteMyAccount }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel(w.dataRights.yourPassword).fill(password);
    await dialog.getByRole('button', { name: w.dataRights.deleteForGood }).click();
    await expect(message(page, w.dataRights.accountDeleted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    expect(await trpc(page, 'auth.me', undefined, 'GET')).toBeNull();
    const signIn = await page.request.post('/trpc/auth.signIn', { data: { email, password } });
    expect(signIn.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).not.toHaveURL(/\/dashboard/);
  });
}
