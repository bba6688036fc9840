import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import {
  demo,
  expect,
  languages,
  openAuthModal,
  readInLanguage,
  signIn,
  signUpThroughApi,
  test,
  trpc,
  virtualAuthenticator,
} from './fixtures.ts';
import { openSection } from './journeys/journeys.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Two-factor sign-in (issue #26): enrol by reading the key shown beside the QR code, as someone whose
// phone cannot scan types it into the app, then sign out and sign in again with a code.

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
function codeFor(secret: string, steps = 0): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + steps), 6);
}

for (const { language, locale } of languages) {
  test(`a customer turns on two-factor sign-in and signs in with a code, in ${language}`, async ({ page }) => {
    const w = words[locale];
    await readInLanguage(page, locale);
    await page.goto('/');
    const account = await signUpThroughApi(page, { name: locale === 'ar' ? 'هند القحطاني' : 'Hind Alqahtani' });
    await page.goto('/dashboard');
    await openSection(page, w.dashboard.nav.settings);

    const card = page.getByTestId('two-factor-card');
    await expect(card.getByRole('heading', { name: w.twoFactor.card })).toBeVisible();
    await card.getByRole('button', { name: w.twoFactor.setUp }).click();
    await expect(card.getByRole('img')).toBeVisible();
    const secret = (await card.getByTestId('two-factor-secret').innerText()).replaceAll(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel(w.twoFactor.codeField).fill(codeFor(secret));
    await card.getByRole('button', { name: w.twoFactor.turnOn }).click();

    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().innerText()).trim();
    await card.getByRole('button', { name: w.twoFactor.saved }).click();
    await expect(card.getByText(w.twoFactor.on, { exact: true })).toBeVisible();

    await trpc(page, 'auth.signOut');
    await page.goto('/');
    const modal = await openAuthModal(page, locale, 'login');
    await modal.getByLabel(w.auth.email).fill(account.email);
    await modal.getByLabel(w.auth.password).fill(account.password);
    await modal.getByRole('button', { name: w.auth.logIn }).click();

    const step = page.getByTestId('second-factor-step');
    await expect(step.getByRole('heading', { name: w.twoFactor.stepTitle })).toBeVisible();
    // Not signed in yet: only the code opens the session.
    expect(await trpc(page, 'auth.me', undefined, 'GET')).toBeNull();
    // The code that turned it on is spent: the app's next one.
    await step.getByLabel(w.twoFactor.verificationCode).fill(codeFor(secret, 1));
    await step.getByRole('button', { name: w.twoFactor.verify }).click();
    await expect(page.getByText(w.twoFactor.loggedIn, { exact: true }).first()).toBeVisible();
    await expect(step).toBeHidden();
    expect((await trpc<{ email: string }>(page, 'auth.me', undefined, 'GET')).email).toBe(account.email);

    // A recovery code opens the session once; used again, it is told as such (issue #61).
    for (const attempt of ['first', 'again'] as const) {
      await trpc(page, 'auth.signOut');
      await page.goto('/');
      const again = await openAuthModal(page, locale, 'login');
      await again.getByLabel(w.auth.email).fill(account.email);
      await again.getByLabel(w.auth.password).fill(account.password);
      await again.getByRole('button', { name: w.auth.logIn }).click();
      const recoveryStep = page.getByTestId('second-factor-step');
      await recoveryStep.getByRole('button', { name: recovery[locale].instead }).click();
      await recoveryStep.getByLabel(recovery[locale].field).fill(recoveryCode);
      await recoveryStep.getByRole('button', { name: w.twoFactor.verify }).click();
      if (attempt === 'first') await expect(recoveryStep).toBeHidden();
      else await expect(recoveryStep).toContainText(recovery[locale].used);
    }
  });
}

const recovery = {
  ar: { instead: 'استخدم رمز استرداد بدلًا من ذلك', field: 'رمز الاسترداد', used: 'رمز الاسترداد هذا استُخدم من قبل؛ أدخل رمزًا آخر.' },
  en: {
    instead: 'Use a recovery code instead',
    field: 'Recovery code',
    used: 'This recovery code has already been used; enter another one.',
  },
} as const;

const DAY_MS = 86_400_000;

for (const { language, locale } of languages) {
  test(`an approved lab is asked to set up two-factor during its grace period, may skip, and after it sees only enrolment, where a passkey also does, in ${language}`, async ({
    page,
    person,
    appServer,
  }) => {
    const w = words[locale];
    await readInLanguage(page, locale);
    await page.goto('/');
    const { email } = await signUpThroughApi(page, { role: 'lab', name: locale === 'ar' ? 'مختبر الشفاء' : 'Alshifa Lab' });
    // A lab is approved only once it has confirmed its address.
    const confirmation = await appServer.mailbox.waitFor(email);
    await page.goto(confirmation.links.find((link) => link.includes('/verify-email?'))!);
    await expect(page.getByTestId('email-confirmed')).toBeVisible();
    const lab = await trpc<{ id: string }>(page, 'auth.me', undefined, 'GET');
    const admin = await person(locale);
    await signIn(admin.context, demo.admin, { admin: true });
    await trpc(admin.context, 'admin.setLabApproval', { labId: lab.id, approved: true });

    // Approved: the rule now applies, and the grace period (7 days here) starts with this visit.
    await page.goto('/dashboard');
    const prompt = page.getByTestId('two-factor-prompt');
    await expect(prompt.getByText(w.twoFactor.promptTitle, { exact: true })).toBeVisible();
    const me = await trpc<{ two_factor_due_at: string }>(page, 'auth.me', undefined, 'GET');
    expect(Date.parse(me.two_factor_due_at)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    await expect(prompt.getByRole('button', { name: w.twoFactor.setItUpNow })).toBeVisible();
    await prompt.getByRole('button', { name: w.twoFactor.skip }).click();
    await expect(prompt).toBeHidden();
    // Skipped until sign-out, and everything works meanwhile.
    await page.reload();
    await expect(page.getByTestId('two-factor-prompt')).toBeHidden();
    await expect(page.getByTestId('two-factor-required')).toBeHidden();

    // After the deadline (the browser's clock moved past it; the server's refusal is in
    // tests/integration/two-factor.test.ts) the app shows only enrolment and sign-out.
    await page.clock.setFixedTime(new Date(Date.parse(me.two_factor_due_at) + DAY_MS));
    await page.reload();
    const required = page.getByTestId('two-factor-required');
    await expect(required.getByRole('heading', { name: w.twoFactor.requiredTitle })).toBeVisible();
    await expect(required.getByRole('button', { name: w.twoFactor.setUp })).toBeVisible();
    await expect(page.getByTestId('two-factor-prompt')).toBeHidden();

    // Or a passkey instead: added on this screen, then signed in with, it counts as both factors.
    await virtualAuthenticator(page);
    const passkeys = required.getByTestId('passkeys-card');
    await passkeys.getByLabel(w.passkeys.name).fill(locale === 'ar' ? 'حاسوب المختبر' : 'Lab laptop');
    await passkeys.getByRole('button', { name: w.passkeys.add }).click();
    await expect(passkeys.getByTestId('passkey-row')).toHaveCount(1);
    await screenshotBothSizes(page, required.getByTestId('passkey-sign-in-again'), `two-factor-required.${locale}`);
    await required.getByRole('button', { name: w.passkeys.signIn }).click();
    await expect(required).toBeHidden();
    expect(await trpc<{ signed_in_with_passkey: boolean }>(page, 'auth.me', undefined, 'GET')).toMatchObject({
      signed_in_with_passkey: true,
    });
    // The lab was told by mail that a passkey now opens its account.
    const notice = await appServer.mailbox.waitFor(email, (mail) => mail.subject.includes(w.passkeys.addedMail), 15_000);
    expect(notice.text).toContain(locale === 'ar' ? 'حاسوب المختبر' : 'Lab laptop');
  });
}
