import { expect, openAuthModal, readInLanguage, signUp, signUpThroughApi, test, trpc, uniqueEmail } from './fixtures.ts';

// The journeys of issue #18 through the browser, reading the mail the app sends to a real SMTP
// server (appServer.mailbox) and following its links as the reader would.

const linkIn = (mail: { links: string[] }, path: string) => {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === path);
  expect(link, `a ${path} link`).toBeDefined();
  return link!;
};

test('forgot password → mail → new password → signed in', async ({ page, appServer, person }) => {
  // The account, made elsewhere: its owner has forgotten the password.
  const { context } = await person('en');
  const { email } = await signUpThroughApi(context, { name: 'Omar Alharbi' });
  await readInLanguage(page, 'en');
  await page.goto('/');
  const modal = await openAuthModal(page, 'en', 'login');
  await modal.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('main').getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const mail = await appServer.mailbox.waitFor(email, (candidate) => candidate.links.some((link) => link.includes('/reset-password?')));
  expect(mail.html).toContain('dir="ltr"');
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed and you are signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await trpc<{ email: string } | null>(page, 'auth.me', undefined, 'GET'))?.email).toBe(email);

  // The link works once.
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
});

test('تسجيل حساب ثم فتح رابط التأكيد من البريد: يظهر البريد مؤكَّدًا', async ({ page, appServer }) => {
  await readInLanguage(page, 'ar');
  await page.goto('/');
  const email = uniqueEmail('verify');
  await signUp(page, 'ar', { name: 'ريم الدوسري', email });
  await page.goto('/dashboard?section=settings');
  await expect(page.getByTestId('confirm-email-notice')).toBeVisible();
  await expect(page.getByTestId('email-status')).toHaveText('غير مؤكد');

  const mail = await appServer.mailbox.waitFor(email);
  expect(mail.html).toContain('dir="rtl"');
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'تم تأكيد بريدك الإلكتروني' })).toBeVisible();
  await page.goto('/dashboard?section=settings');
  await expect(page.getByTestId('email-status')).toHaveText('مؤكد');
  await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0);
});

test('Google sign-in is not linked to an account someone else opened with the same address', async ({ page, appServer, person }) => {
  const victim = uniqueEmail('owner');
  // Someone signs up first with the owner's address; it is never confirmed.
  const { context } = await person('en');
  await signUpThroughApi(context, { name: 'Not the owner', email: victim });

  // The owner signs in with Google. Playwright routes only the first request of a redirect chain, so
  // Google's consent screen is played on our server's redirect to it: the server's real answer, with its
  // state and PKCE challenge, is approved at the fake and answered with Google's redirect back.
  await page.route(
    (url) => url.pathname === '/auth/google',
    async (route) => {
      const toGoogle = await route.fetch({ maxRedirects: 0 });
      const authorization = new URL(toGoogle.headers().location!);
      expect(authorization.origin + authorization.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      const code = appServer.google.approve(authorization, {
        sub: `g-${Date.now()}`,
        email: victim,
        email_verified: true,
        name: 'The owner',
      });
      const callback = new URL(authorization.searchParams.get('redirect_uri')!);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', authorization.searchParams.get('state')!);
      await route.fulfill({ response: toGoogle, headers: { ...toGoogle.headers(), location: callback.toString() } });
    },
  );
  await readInLanguage(page, 'en');
  await page.goto('/');
  const modal = await openAuthModal(page, 'en', 'login');
  await modal.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/auth_error=google_unverified/);
  await expect(page.getByTestId('google-unverified-notice')).toContainText('We did not link your Google account');
  expect(await trpc(page, 'auth.me', undefined, 'GET')).toBeNull();
});
