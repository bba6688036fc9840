import { continueAsGuest, demo, expect, openAuthModal, readInLanguage, signUp, test, trpc, uniqueEmail } from './fixtures.ts';

test.describe('accounts in Arabic', () => {
  test('a customer signs up and reaches the dashboard', async ({ page }) => {
    await page.goto('/');
    const modal = await openAuthModal(page, 'ar', 'signup');
    await expect(modal.getByRole('radio', { name: 'عميل' })).toHaveAttribute('aria-checked', 'true');
    await modal.getByLabel('الاسم الكامل').fill('سارة الحربي');
    await modal.getByLabel('البريد الإلكتروني').fill(uniqueEmail('sara'));
    await modal.getByLabel('كلمة المرور').fill('sara-password');
    await modal.getByRole('button', { name: 'إنشاء الحساب' }).click();
    // Consent is required: nothing is sent until it is given.
    await expect(page.getByText('يجب الموافقة على الشروط والأحكام وسياسة الخصوصية.').first()).toBeVisible();
    await modal.getByTestId('consent-checkbox').click();
    await modal.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByText('تم التسجيل بنجاح!')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' }).last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مرحبًا، سارة الحربي');
    // The free plan by its name on the plans page (issue #77 item 18).
    await expect(page.getByTestId('plan-badge')).toHaveText('الأساسية');
  });

  test('a lab signs up and sees that its account is under review', async ({ page }) => {
    await page.goto('/join-as-lab');
    await page.getByRole('button', { name: 'انضم الآن' }).click();
    const modal = page.getByTestId('auth-modal');
    await expect(modal.getByRole('radio', { name: 'مختبر' })).toHaveAttribute('aria-checked', 'true');
    await modal.getByLabel('اسم المختبر').fill('مختبر الشفاء');
    await modal.getByLabel('البريد الإلكتروني').fill(uniqueEmail());
    await modal.getByLabel('كلمة المرور').fill('lab-password');
    await modal.getByTestId('consent-checkbox').click();
    await modal.getByRole('button', { name: 'إنشاء الحساب' }).click();
    // Checked in the form before anything is sent.
    await expect(modal.getByText('هذا الحقل مطلوب.')).toBeVisible(); // the license number
    await expect(modal.getByLabel('رقم الترخيص')).toHaveAttribute('aria-invalid', 'true');
    await modal.getByLabel('رقم الترخيص').fill('MOH-LAB-77001');
    await modal.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByText('تم التسجيل بنجاح! سيراجع أحد المشرفين حسابك.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('lab-under-review')).toHaveText('حساب مختبرك قيد المراجعة، وسنُعلمك فور اعتماده.');
  });

  test('the admin logs in through Admin Login and lands on the admin dashboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'دخول المشرف' }).click();
    const modal = page.getByTestId('auth-modal');
    await expect(modal.getByRole('heading', { name: 'دخول المشرف' })).toBeVisible();
    await expect(modal.getByText('أوافق على')).toHaveCount(0);
    await expect(modal.getByText('ليس لديك حساب؟')).toHaveCount(0);
    await modal.getByLabel('البريد الإلكتروني للمشرف').fill('admin@demo.tahaleel.sa');
    await modal.getByLabel('كلمة المرور').fill('tahaleel-demo');
    await modal.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مرحبًا، مدير تحاليل');
  });

  test('a wrong password says so and keeps what was typed', async ({ page }) => {
    await page.goto('/');
    const modal = await openAuthModal(page, 'ar', 'login');
    await modal.getByLabel('البريد الإلكتروني').fill('customer@demo.tahaleel.sa');
    await modal.getByLabel('كلمة المرور').fill('not-the-password');
    await modal.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByText('تعذّر تسجيل الدخول')).toBeVisible();
    await expect(page.getByText('بيانات الدخول غير صحيحة')).toBeVisible();
    await expect(modal.getByLabel('البريد الإلكتروني')).toHaveValue('customer@demo.tahaleel.sa');
  });

  test('a guest starts booking with a name and a mobile number confirmed by a code, then logs out', async ({ page, appServer }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'احجز كزائر دون إنشاء حساب' }).click();
    await continueAsGuest(page.getByTestId('auth-modal'), appServer, 'ar', { name: 'فهد' });
    await expect(page.getByText('أهلًا بك! يمكنك الآن الحجز كزائر.')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('accounts in English', () => {
  test.beforeEach(({ page }) => readInLanguage(page, 'en'));

  test('a customer signs up through a friend’s invitation link and reaches the dashboard', async ({ page }) => {
    // The link's code is kept in the browser until the sign-up form, which fills it in (ADR 0093).
    await page.goto('/r/SARAH25K');
    await expect(page).toHaveURL(/\/$/);
    const modal = await openAuthModal(page, 'en', 'signup');
    await expect(modal.getByLabel('Invitation code (optional)')).toHaveValue('SARAH25K');
    await signUp(page, 'en', { name: 'Sara Alharbi' });
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Sara Alharbi');
    // The wallet: nothing yet, and a code of their own to share.
    await page.goto('/dashboard?section=wallet');
    await expect(page.getByText('No movements yet. Credit you receive, spend or get back appears here.')).toBeVisible();
    await expect(page.getByTestId('referral-code')).toHaveText(/^[A-Z2-9]{8}$/);
  });

  test('switching from login to sign-up starts as a customer', async ({ page }) => {
    await page.goto('/join-as-lab');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('button', { name: 'Sign up' }).click();
    await expect(modal.getByRole('radio', { name: 'Customer' })).toHaveAttribute('aria-checked', 'true');
  });

  test('a lab signs up and sees that its account is under review', async ({ page }) => {
    await page.goto('/');
    await signUp(page, 'en', { role: 'lab', name: 'Al Shifa Lab', licenseNumber: 'MOH-LAB-77002' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('lab-under-review')).toHaveText(
      'Your lab account is under review. You will be notified once it is approved.',
    );
  });

  test('the admin logs in and a lab is kept out of the admin dashboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByLabel('Admin e-mail').fill('admin@demo.tahaleel.sa');
    await modal.getByLabel('Password').fill('tahaleel-demo');
    await modal.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // An admin is kept inside /admin.
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a visitor who opens /dashboard or /admin/dashboard is asked to sign in on the home page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/\?sign_in=%2Fdashboard$/);
    await expect(page.getByTestId('auth-modal').getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('auth-modal').getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('a guest starts booking and logs out', async ({ page, appServer }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Book as a guest, no account needed' }).click();
    await continueAsGuest(page.getByTestId('auth-modal'), appServer, 'en', { name: 'Fahad' });
    await expect(page.getByText('Welcome! You can now book as a guest.')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('the sign-up limit', () => {
  test('one address has ten sign-up attempts an hour; the eleventh is told how long to wait, and another address is not', async ({
    page,
    person,
  }) => {
    // Every context comes from its own address (the server trusts the proxy's X-Forwarded-For): this one
    // spends its ten attempts on an e-mail that is taken, which costs no password hashing.
    for (let attempt = 1; attempt <= 10; attempt++) {
      await expect(
        trpc(page, 'auth.signUp', {
          email: demo.customer,
          password: 'taken-password',
          name: 'Taken',
          userType: 'customer',
          acceptTerms: true,
        }),
      ).rejects.toThrow(/EMAIL_TAKEN/);
    }
    await page.goto('/');
    const modal = await openAuthModal(page, 'ar', 'signup');
    await modal.getByLabel('الاسم الكامل').fill('ريم السبيعي');
    await modal.getByLabel('البريد الإلكتروني').fill(uniqueEmail('limited'));
    await modal.getByLabel('كلمة المرور').fill('reem-password');
    await modal.getByTestId('consent-checkbox').click();
    await modal.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByText('تعذّر إنشاء الحساب')).toBeVisible();
    // A window of an hour: "60 minutes" (Arabic counts 11 to 99 in the singular).
    await expect(page.getByText(/^محاولات كثيرة\. يرجى المحاولة مجددًا بعد \d+ دقيقة\.$/)).toBeVisible();
    // Still signed out, with what was typed kept.
    await expect(modal.getByLabel('الاسم الكامل')).toHaveValue('ريم السبيعي');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('banner').getByRole('button', { name: 'إنشاء حساب' })).toBeVisible();

    // Someone else behind the same proxy, from another address, signs up as usual.
    const other = await person('ar');
    await other.page.goto('/');
    await signUp(other.page, 'ar', { name: 'ليلى الدوسري' });
    await expect(other.page.getByRole('banner').getByRole('link', { name: 'لوحة التحكم' }).last()).toBeVisible();
  });
});
