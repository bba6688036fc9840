import { expect, languages, openAuthModal, readInLanguage, signUpThroughApi, test, trpc, virtualAuthenticator } from './fixtures.ts';
import { openSection } from './journeys/journeys.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Passkeys (issue #26, docs/decisions/0025): add one in settings, sign out, sign in with it alone, in
// Chromium's virtual authenticator (a platform authenticator that verifies the user, as a phone does).

for (const { language, locale } of languages) {
  test(`a customer adds a passkey in settings, signs out and signs in with it, in ${language}`, async ({ page }) => {
    const w = words[locale];
    const authenticator = await virtualAuthenticator(page);
    await readInLanguage(page, locale);
    await page.goto('/');
    const account = await signUpThroughApi(page, { name: locale === 'ar' ? 'سارة الدوسري' : 'Sara Aldosari' });
    await page.goto('/dashboard');
    await openSection(page, w.dashboard.nav.settings);

    const card = page.getByTestId('passkeys-card');
    await expect(card.getByRole('heading', { name: w.passkeys.card })).toBeVisible();
    const name = locale === 'ar' ? 'هاتفي' : 'My phone';
    await card.getByLabel(w.passkeys.name).fill(name);
    await card.getByRole('button', { name: w.passkeys.add }).click();
    await expect(page.getByText(w.passkeys.added, { exact: true }).first()).toBeVisible();
    await expect(card.getByTestId('passkey-row')).toHaveCount(1);
    await expect(card.getByTestId('passkey-row')).toContainText(name);
    expect(await authenticator.credentials()).toHaveLength(1);
    await screenshotBothSizes(page, card, `passkeys-card.${locale}`);

    await trpc(page, 'auth.signOut');
    await page.goto('/');
    const modal = await openAuthModal(page, locale, 'login');
    await modal.getByRole('button', { name: w.passkeys.signIn }).click();
    await expect(page.getByText(w.twoFactor.loggedIn, { exact: true }).first()).toBeVisible();
    await expect(modal).toBeHidden();
    const me = await trpc<{ email: string; signed_in_with_passkey: boolean }>(page, 'auth.me', undefined, 'GET');
    expect(me).toMatchObject({ email: account.email, signed_in_with_passkey: true });
  });
}
