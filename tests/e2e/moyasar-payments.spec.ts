// Paying for lab tests by card at Moyasar, through the Moyasar-protocol fake (tests/fakes/moyasar.ts)
// in a real Chromium: the card goes from the page to the gateway, 3-D Secure at the fake issuer page,
// back through /payments/moyasar/callback. This spec's worker runs a second app server with
// PAYMENT_PROVIDER=moyasar; every other journey keeps the simulated payment.
import { type FakeApplePayRecord, installFakeApplePay } from '../fakes/apple-pay-session.ts';
import { type FakeMoyasar, startFakeMoyasar } from '../fakes/moyasar.ts';
import { startAppServer } from './app-server.ts';
import {
  test as base,
  chooseFreeSlot,
  demo,
  expect,
  fillDelivery,
  languages,
  type Page,
  readInLanguage,
  sar,
  signIn,
  signUp,
} from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

const WEBHOOK_SECRET = 'whsec_e2e';

const test = base.extend<object, { moyasar: FakeMoyasar }>({
  moyasar: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const fake = await startFakeMoyasar();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ moyasar }, use, workerInfo) => {
      const server = await startAppServer(workerInfo.workerIndex, {
        name: 'moyasar',
        env: {
          PAYMENT_PROVIDER: 'moyasar',
          MOYASAR_API_URL: moyasar.apiUrl,
          MOYASAR_SECRET_KEY: moyasar.secretKey,
          MOYASAR_PUBLISHABLE_KEY: moyasar.publishableKey,
          MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        },
      });
      moyasar.setWebhook(`${server.url}/payments/moyasar/webhook`, WEBHOOK_SECRET);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});

const said = {
  ar: {
    nameOnCard: 'الاسم على البطاقة',
    cardNumber: 'رقم البطاقة',
    failed: 'لم تتم عملية الدفع',
    cancel: 'إلغاء الحجز',
    refunded: 'مُسترَد',
    byMoyasar: /ميسّر/,
    plans: { premium: 'المميزة', professional: 'الاحترافية' },
    subscribe: (plan: string) => `الاشتراك في الباقة ${plan}`,
    planPaid: 'تم استلام الدفعة',
    planRenews: (plan: string) => `يتجدد اشتراكك في الباقة ${plan}`,
    cancelPlan: 'إلغاء الاشتراك',
    planCancelled: (plan: string) => `أُلغي اشتراكك في الباقة ${plan}`,
    cardSaved: 'حُفظت البطاقة',
    cardNotSaved: 'لم تُحفظ البطاقة',
    stcMobile: 'رقم جوال STC Pay',
    stcCode: 'رمز التحقق من STC Pay',
    confirmPayment: 'تأكيد الدفع',
    changeMethod: 'تغيير طريقة الدفع',
    tryAgain: 'حاول مرة أخرى',
    // Why a payment failed, in the reader's language (issue #61); the gateway's words never shown.
    reasons: {
      declined: 'رفض البنك عملية الدفع. يُرجى استخدام بطاقة أخرى أو التواصل مع البنك.',
      insufficientFunds: 'رصيد البطاقة لا يكفي لهذه العملية.',
      authenticationFailed: 'تعذّر على البنك التحقق من أنك صاحب هذه العملية.',
      walletNotRegistered: 'لا توجد محفظة STC Pay مرتبطة بهذا الرقم.',
      walletBalance: 'رصيد محفظة STC Pay لا يكفي.',
      codesExhausted: 'استنفدتَ محاولات إدخال رمز التحقق من STC Pay.',
    },
    wrongCode: (mobile: string) => `رمز التحقق غير صحيح. أرسلنا رمزًا جديدًا إلى ${mobile}، فأدخله أدناه.`,
  },
  en: {
    nameOnCard: 'Name on card',
    cardNumber: 'Card number',
    failed: 'The payment did not go through',
    cancel: 'Cancel booking',
    refunded: 'Refunded',
    byMoyasar: /Moyasar/,
    plans: { premium: 'Premium', professional: 'Professional' },
    subscribe: (plan: string) => `Subscribe to the ${plan} plan`,
    planPaid: 'Payment received',
    planRenews: (plan: string) => `Your ${plan} plan renews on`,
    cancelPlan: 'Cancel plan',
    planCancelled: (plan: string) => `Your ${plan} plan is cancelled`,
    cardSaved: 'Card saved',
    cardNotSaved: 'The card was not saved',
    stcMobile: 'STC Pay mobile number',
    stcCode: 'Code from STC Pay',
    confirmPayment: 'Confirm payment',
    changeMethod: 'Change payment method',
    tryAgain: 'Try again',
    reasons: {
      declined: 'Your bank declined the payment. Please use another card or contact your bank.',
      insufficientFunds: 'The card does not have enough funds for this payment.',
      authenticationFailed: 'Your bank could not confirm that the payment is yours.',
      walletNotRegistered: 'This mobile number has no STC Pay wallet.',
      walletBalance: 'Your STC Pay wallet does not have enough balance.',
      codesExhausted: 'You have used up your STC Pay code attempts.',
    },
    wrongCode: (mobile: string) => `The code was wrong. We've sent a new code to ${mobile}; enter it below.`,
  },
};

async function toCheckout(page: Page, locale: 'ar' | 'en') {
  await page.goto(`/test/${encodeURIComponent('Complete Blood Count (CBC)')}`);
  await page.getByTestId('lab-offer').first().getByRole('button', { name: words[locale].booking.bookNow }).click();
  await chooseFreeSlot(page, locale);
  await page.getByTestId('confirm-book-now').click();
  await expect(page).toHaveURL(/\/checkout$/);
}

async function payByCard(page: Page, locale: 'ar' | 'en', number: string, pay = page.getByTestId('pay')) {
  const form = page.getByTestId('card-form');
  await form.getByLabel(said[locale].nameOnCard).fill('Sara Alqahtani');
  await form.getByLabel(said[locale].cardNumber).fill(number);
  await form.locator('input[autocomplete="cc-exp"]').fill('12/31');
  await form.locator('input[autocomplete="cc-csc"]').fill('123');
  await pay.click();
  // The fake issuer's 3-D Secure page, on the gateway's origin.
  await expect(page.getByRole('heading', { name: '3-D Secure' })).toBeVisible({ timeout: 15_000 });
}

for (const { language, locale } of languages) {
  test(`pays by card with 3-D Secure in ${language}, then cancels and sees the refund`, async ({ page, moyasar }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, locale);
    await page.goto('/');
    await signUp(page, locale, { name: 'Card Payer' });
    await toCheckout(page, locale);
    await payByCard(page, locale, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page).toHaveURL(/\/payment-result\?outcome=paid/);
    await expect(page.getByRole('heading', { name: words[locale].booking.confirmed })).toBeVisible();
    const [payment] = [...moyasar.payments.values()].filter((p) => p.status === 'paid').slice(-1);
    expect(payment?.source).toMatchObject({ type: 'creditcard', company: 'visa' });

    await page.goto('/dashboard?section=bookings');
    const booking = page.getByTestId('my-booking').first();
    await expect(booking).toContainText(/CBC/);
    await booking.getByRole('button', { name: said[locale].cancel }).click();
    const dialog = page.getByTestId('cancel-booking-dialog');
    await expect(dialog).toBeVisible();
    // One amount: the card and the dialog say what the card was charged, fee and VAT included, and that is what comes back.
    const charged = sar(payment!.amount / 100, locale);
    await expect(booking.getByTestId('booking-charged')).toHaveText(charged);
    await expect(dialog.getByTestId('refund-said')).toContainText(charged);
    await dialog.getByRole('button', { name: said[locale].cancel }).click();
    await expect(page.getByTestId('booking-refunded').first()).toContainText(said[locale].refunded);
    await expect.poll(() => moyasar.payments.get(payment!.id)?.refunded).toBe(payment!.amount);
  });
}

/** A payment method's radio card chosen, as the customer taps it. */
async function chooseMethod(page: Page, name: RegExp) {
  const radio = page.getByRole('radio', { name });
  // The radio card is the label around its hidden input: the customer taps the card.
  if (!(await radio.isChecked())) await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** STC Pay chosen, the wallet's number typed (as the customer's keyboard writes it), and the payment started. */
async function startStcPay(page: Page, locale: 'ar' | 'en', mobile: string) {
  await chooseMethod(page, /STC Pay/);
  await page.getByTestId('stc-pay-form').getByLabel(said[locale].stcMobile).fill(mobile);
  await screenshotBothSizes(page, page.getByTestId('gateway-payment'), `checkout-stc-pay.${locale}`);
  await page.getByTestId('pay').click();
}

for (const { language, locale } of languages) {
  test(`pays for a booking with STC Pay in ${language}: a mistyped code gets a new one at once, and the right code books`, async ({
    page,
    moyasar,
  }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, locale);
    await page.goto('/');
    await signUp(page, locale, { name: 'Wallet Payer' });
    await toCheckout(page, locale);
    const before = moyasar.payments.size;
    // An Arabic keyboard writes Arabic digits; the number is the same.
    await startStcPay(page, locale, locale === 'ar' ? '٠٥٥ ١٢٣ ٤٥٦٧' : '+966 55 123 4567');
    const step = page.getByTestId('stc-pay-code');
    await expect(step).toContainText('055 123 4567');
    await expect(page.getByTestId('pay')).toHaveCount(0);
    await screenshotBothSizes(page, step, `checkout-stc-pay-code.${locale}`);

    // A wrong code ends that payment at STC Pay (it takes no second try): a new one is made to the same number at once.
    await step.getByLabel(said[locale].stcCode).fill('654321');
    await step.getByRole('button', { name: said[locale].confirmPayment }).click();
    await expect(step.getByTestId('stc-pay-wrong-code')).toHaveText(said[locale].wrongCode('055 123 4567'));
    await expect(step.getByLabel(said[locale].stcCode)).toHaveValue('');
    await expect(step.getByLabel(said[locale].stcCode)).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    const attempts = [...moyasar.payments.values()].slice(before);
    expect(attempts.map((p) => [p.status, p.source.message])).toEqual([
      ['failed', 'Invalid OTP'],
      ['initiated', null],
    ]);
    expect(attempts[1]?.source).toMatchObject({ type: 'stcpay', mobile: '0551234567' });
    await expect(page.getByTestId('gateway-payment')).not.toContainText('Invalid OTP');
    await screenshotBothSizes(page, step, `checkout-stc-pay-wrong-code.${locale}`);

    await step.getByLabel(said[locale].stcCode).fill('123456');
    await step.getByRole('button', { name: said[locale].confirmPayment }).click();
    await expect(page).toHaveURL(/\/payment-result\?outcome=paid/);
    await expect(page.getByRole('heading', { name: words[locale].booking.confirmed })).toBeVisible();
    const [payment] = [...moyasar.payments.values()].filter((p) => p.status === 'paid').slice(-1);
    expect(payment).toMatchObject({ id: attempts[1]?.id, source: { type: 'stcpay', mobile: '0551234567' } });
  });
}

test('STC Pay: a wallet it refuses is said at once, a wrong number is marked, an empty wallet ends on the failed page, and its limit of codes stops the payment', async ({
  page,
  moyasar,
}) => {
  test.setTimeout(120_000);
  await readInLanguage(page, 'ar');
  await page.goto('/');
  await signUp(page, 'ar', { name: 'Empty Wallet' });
  await toCheckout(page, 'ar');
  // Not a Saudi mobile number: marked before anything is sent.
  await startStcPay(page, 'ar', '0112345678');
  await expect(page.getByTestId('stc-pay-form').getByText('رقم الجوال السعودي')).toBeVisible();
  // The sandbox's unregistered number: the gateway refuses it, and the page says why in Arabic.
  await startStcPay(page, 'ar', '0515555555');
  await expect(page.getByTestId('gateway-failure')).toContainText(said.ar.reasons.walletNotRegistered);
  await expect(page.getByTestId('gateway-failure')).not.toContainText('Mobile number');
  await screenshotBothSizes(page, page.getByTestId('gateway-failure'), 'checkout-stc-pay-refused.ar');
  // Another number; the code step can be left for the choice of method, and the payment started again.
  await startStcPay(page, 'ar', '0551234567');
  await page.getByRole('button', { name: said.ar.changeMethod }).click();
  await expect(page.getByTestId('pay')).toBeVisible();
  await page.getByTestId('pay').click();
  const step = page.getByTestId('stc-pay-code');
  await step.getByLabel(said.ar.stcCode).fill('١١١١١١');
  await step.getByLabel(said.ar.stcCode).press('Enter');
  await expect(page).toHaveURL(/\/payment-result\?outcome=failed&reason=wallet_insufficient_balance$/);
  await expect(page.getByRole('heading', { name: said.ar.failed })).toBeVisible();
  await expect(page.getByTestId('payment-failure-reason')).toContainText(said.ar.reasons.walletBalance);
  await expect(page.getByTestId('payment-result')).not.toContainText('Insufficient Balance');
  await screenshotBothSizes(page, page.getByTestId('payment-result'), 'payment-result-stc-pay-balance.ar');

  // Back to the checkout with the cart: a wrong code, and STC Pay's own limit of codes reached for that wallet.
  await page.getByRole('link', { name: said.ar.tryAgain }).click();
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  await startStcPay(page, 'ar', '0557777777');
  await expect(step).toBeVisible();
  moyasar.exhaustCodeAttempts('0557777777');
  await step.getByLabel(said.ar.stcCode).fill('999999');
  await step.getByRole('button', { name: said.ar.confirmPayment }).click();
  await expect(page.getByTestId('gateway-failure')).toContainText(said.ar.reasons.codesExhausted);
  await expect(page.getByTestId('stc-pay-code')).toHaveCount(0);
  await expect(page.getByTestId('pay')).toBeVisible();
  await screenshotBothSizes(page, page.getByTestId('gateway-payment'), 'checkout-stc-pay-codes-exhausted.ar');
});

// Apple Pay runs in Safari only; here Apple's ApplePaySession is a fake that speaks its API (tests/fakes/apple-pay-session.ts).
test('pays for a booking with Apple Pay in Arabic: Moyasar validates the merchant and takes the Wallet token', async ({
  page,
  moyasar,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(installFakeApplePay, { card: 'Visa 1111' });
  await readInLanguage(page, 'ar');
  await page.goto('/');
  await signUp(page, 'ar', { name: 'Apple Payer' });
  await toCheckout(page, 'ar');
  await chooseMethod(page, /Apple Pay/);
  await expect(page.getByTestId('apple-pay-note')).toBeVisible();
  await screenshotBothSizes(page, page.getByTestId('gateway-payment'), 'checkout-apple-pay.ar');
  const total = /\d+\.\d{2}/.exec(await page.getByTestId('checkout-total').innerText())?.[0];
  await page.getByTestId('pay').click();

  await expect(page).toHaveURL(/\/payment-result\?outcome=paid/);
  await expect(page.getByRole('heading', { name: words.ar.booking.confirmed })).toBeVisible();
  const [payment] = [...moyasar.payments.values()].filter((p) => p.status === 'paid').slice(-1);
  expect(payment?.source).toMatchObject({ type: 'applepay', company: 'visa', number: 'XXXX-XXXX-XXXX-1111' });
  expect((payment!.amount / 100).toFixed(2)).toBe(total);
});

test('Apple Pay in English: a declined Wallet card is said on the page, and the customer stays at checkout', async ({ page, moyasar }) => {
  test.setTimeout(90_000);
  await page.addInitScript(installFakeApplePay, { card: 'Visa 0109' });
  await readInLanguage(page, 'en');
  await page.goto('/');
  await signUp(page, 'en', { name: 'Declined Apple' });
  await toCheckout(page, 'en');
  await chooseMethod(page, /Apple Pay/);
  const before = moyasar.payments.size;
  const total = /\d+\.\d{2}/.exec(await page.getByTestId('checkout-total').innerText())?.[0];
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('gateway-failure')).toContainText('Apple Pay could not take the payment');
  await expect(page.getByTestId('gateway-failure')).toContainText(said.en.reasons.declined);
  await expect(page.getByTestId('gateway-failure')).not.toContainText('DECLINED');
  // The sheet showed the checkout's total in riyals, got Moyasar's merchant session, and was told the payment failed.
  const sheet = await page.evaluate(() => (window as unknown as { __applePay: FakeApplePayRecord }).__applePay);
  expect(sheet.request).toMatchObject({ countryCode: 'SA', currencyCode: 'SAR', total: { label: 'Tahaleel', amount: total } });
  expect(sheet.merchantSession).toMatchObject({ merchantSessionIdentifier: expect.stringMatching(/^SSH/) });
  expect(sheet.completed).toBe(1);
  await expect(page).toHaveURL(/\/checkout$/);
  expect(moyasar.payments.size).toBe(before + 1);
});

for (const { language, locale } of languages) {
  test(`a declined card is said in ${language}, never in the bank's words, and the customer can try again`, async ({ page }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, locale);
    await page.goto('/');
    await signUp(page, locale, { name: 'Declined Payer' });
    await toCheckout(page, locale);
    await payByCard(page, locale, '4123 1200 0109 0109');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/payment-result\?outcome=failed&reason=declined$/);
    await expect(page.getByRole('heading', { name: said[locale].failed })).toBeVisible();
    await expect(page.getByTestId('payment-failure-reason')).toHaveText(said[locale].reasons.declined);
    await expect(page.getByTestId('payment-result')).not.toContainText('DECLINED');
    await screenshotBothSizes(page, page.getByTestId('payment-result'), `payment-result-declined.${locale}`);
    await page.getByRole('link', { name: said[locale].tryAgain }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  });
}

for (const { language, locale } of languages) {
  test(`buys from the store and pays by card with 3-D Secure at the gateway in ${language}`, async ({ page, moyasar }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, locale);
    await page.goto('/store');
    const mug = page.getByTestId('product-card').filter({ hasText: locale === 'ar' ? 'كوب سيراميك' : 'Ceramic Mug' });
    await mug.getByRole('button', { name: words[locale].store.addToCart }).click();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('store-cart-drawer').getByRole('button', { name: words[locale].store.checkout }).click();
    await expect(page).toHaveURL(/\/store\/checkout\/[0-9a-f-]{36}$/);
    // No simulated card here: the gateway's card form, and who takes the card said plainly.
    await expect(page.getByText(said[locale].byMoyasar)).toBeVisible();
    await fillDelivery(page, locale);
    await screenshotBothSizes(page, page.getByRole('heading', { level: 1 }), `store-moyasar-page.${locale}`);
    await screenshotBothSizes(page, page.getByTestId('card-form'), `store-moyasar-payment.${locale}`);
    // Declined by the bank: back on the payment page, told so, the items still reserved and the address kept.
    await payByCard(page, locale, '4201 3212 3441 1220');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('store-payment-outcome')).toHaveAttribute('data-outcome', 'failed');
    await expect(page.getByTestId('payment-failure-reason')).toHaveText(said[locale].reasons.declined);
    await expect(page.getByTestId('store-payment-outcome')).not.toContainText('DECLINED');
    await screenshotBothSizes(page, page.getByTestId('store-payment-outcome'), `store-moyasar-declined.${locale}`);
    await payByCard(page, locale, '4201 3201 1111 1010');
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[locale].store.success);
    const [payment] = [...moyasar.payments.values()].filter((p) => p.metadata?.store_order_id).slice(-1);
    expect(payment).toMatchObject({ status: 'paid', source: { company: 'mada' } });
  });
}

const labPlanPrices = { premium: 99_900, professional: 49_900 } as const;

for (const { language, locale } of languages) {
  test(`a lab subscribes to a paid plan by card with 3-D Secure in ${language}, then cancels it at the period's end`, async ({
    page,
    moyasar,
  }) => {
    // A long journey, and with SCREENSHOTS_DIR set sixteen pictures besides.
    test.setTimeout(150_000);
    await readInLanguage(page, locale);
    await signIn(page, demo.lab);
    // The demo lab (this spec's server has a database of its own) buys the paid plan it is not on.
    await page.goto('/dashboard?section=payments');
    await expect(page.getByRole('button', { name: words[locale].plans.currentPlan })).toBeDisabled();
    const onProfessional = await page.locator('[data-plan="professional"]').getByTestId('choose-plan').isDisabled();
    const plan = onProfessional ? 'premium' : 'professional';
    const amount = labPlanPrices[plan];
    const name = said[locale].plans[plan];
    const choose = () => page.locator(`[data-testid="plan-card"][data-plan="${plan}"]`).getByTestId('choose-plan').click();
    const dialog = page.getByTestId('plan-payment');

    // The bank declines at 3-D Secure: back in the dashboard's plan, told so, the plan unchanged.
    await choose();
    await expect(dialog.getByRole('heading', { name: said[locale].subscribe(name) })).toBeVisible();
    await expect(dialog.getByText(said[locale].byMoyasar)).toBeVisible();
    await payByCard(page, locale, '4111 1111 1111 1111', dialog.getByTestId('pay-plan'));
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=payments&payment=failed&reason=authentication_failed$/);
    // The dashboard arrives drawn by the server; its buttons work once the app has taken it over.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('plan-payment-outcome')).toContainText(said[locale].failed);
    await expect(page.getByTestId('payment-failure-reason')).toContainText(said[locale].reasons.authenticationFailed);
    await screenshotBothSizes(page, page.getByTestId('plan-payment-outcome'), `plan-moyasar-declined.${locale}`);

    // Paid: the card saved at the gateway as a token, the plan active for a month.
    await choose();
    await dialog.getByTestId('card-form').getByLabel(said[locale].nameOnCard).fill('Sara Alqahtani');
    await screenshotBothSizes(page, dialog, `plan-moyasar-paying.${locale}`);
    await payByCard(page, locale, '4201 3201 1111 1010', dialog.getByTestId('pay-plan'));
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=payments&payment=paid/);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('plan-payment-outcome')).toContainText(said[locale].planPaid);
    await expect(page.getByTestId('current-plan')).toContainText(said[locale].planRenews(name));
    const [payment] = [...moyasar.payments.values()].filter((p) => p.metadata?.subscription_id).slice(-1);
    expect(payment).toMatchObject({ status: 'paid', amount, source: { company: 'mada', token: expect.stringMatching(/^token_/) } });
    await screenshotBothSizes(page, page.getByTestId('plan-status'), `plan-moyasar-paid.${locale}`);
    // The month's simplified tax invoice, in the lab's own list under its plan.
    const invoice = page.getByTestId('my-invoice').first();
    await expect(invoice.getByTestId('invoice-total')).toContainText(String(amount / 100));
    await screenshotBothSizes(page, invoice, `plan-moyasar-invoice.${locale}`);

    // The card it renews with, changed: saved at the gateway through 3-D Secure, the old card forgotten there.
    await expect(page.getByTestId('current-plan')).toContainText('mada •••• 1010');
    const changeCard = async (number: string) => {
      await page.getByTestId('change-plan-card').click();
      await screenshotBothSizes(page, page.getByTestId('plan-card-change'), `plan-card-dialog.${locale}`);
      await payByCard(page, locale, number, page.getByTestId('plan-card-change').getByTestId('save-plan-card'));
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    };
    if (locale === 'ar') {
      // A card the bank refuses (no funds for the 1 SAR check): said why, in Arabic, the card kept.
      await changeCard('4123 1200 0109 0000');
      await expect(page).toHaveURL(/\/dashboard\?section=payments&card=failed&reason=insufficient_funds$/);
      await expect(page.getByTestId('plan-payment-outcome')).toContainText(said[locale].cardNotSaved);
      await expect(page.getByTestId('payment-failure-reason')).toContainText(said[locale].reasons.insufficientFunds);
      await expect(page.getByTestId('plan-payment-outcome')).not.toContainText('INSUFFICIENT FUNDS');
      await screenshotBothSizes(page, page.getByTestId('plan-payment-outcome'), 'plan-card-refused.ar');
      await expect(page.getByTestId('current-plan')).toContainText('mada •••• 1010');
    }
    await changeCard('5421 0801 0100 0000');
    await expect(page).toHaveURL(/\/dashboard\?section=payments&card=saved/);
    await expect(page.getByTestId('plan-payment-outcome')).toContainText(said[locale].cardSaved);
    await expect(page.getByTestId('current-plan')).toContainText('Mastercard •••• 0000');
    expect(moyasar.tokens.has(payment!.source.type === 'creditcard' ? payment!.source.token! : '')).toBe(false);
    await screenshotBothSizes(page, page.getByTestId('plan-status'), `plan-moyasar-card-changed.${locale}`);

    // Cancelled: it stays until the period's end.
    await page.getByTestId('cancel-plan').click();
    await page.getByTestId('cancel-plan-confirm').getByRole('button', { name: said[locale].cancelPlan }).click();
    await expect(page.getByTestId('current-plan')).toContainText(said[locale].planCancelled(name));
    await expect(page.getByTestId('cancel-plan')).toHaveCount(0);
    await screenshotBothSizes(page, page.getByTestId('plan-status'), `plan-moyasar-cancelled.${locale}`);
  });
}
