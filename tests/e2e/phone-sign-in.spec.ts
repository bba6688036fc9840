import { randomInt } from 'node:crypto';
import { bookAtDemoLab, expect, languages, openAuthModal, readInLanguage, smsCode, test, trpc } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #55: signing in with a mobile number on a phone. A visitor types their number (in Arabic digits
// in Arabic), gets a code by SMS (the worker's fake Unifonic, which the server sends to over its published
// protocol), types it, and, the number being new, is asked their name and the terms; signing in again
// later with the same number goes straight in. A booking made meanwhile is confirmed by SMS.

for (const { language, locale } of languages) {
  test(`a visitor signs in with a mobile number and the code sent by SMS, on a phone in ${language} @mobile`, async ({
    page,
    appServer,
  }) => {
    const w = words[locale];
    const local = `055${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const recipient = `966${local.slice(1)}`;
    // As an Arabic keyboard types it.
    const typed = locale === 'ar' ? [...local].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join('') : local;

    await readInLanguage(page, locale);
    await page.goto('/');
    let modal = await openAuthModal(page, locale, 'login');
    await modal.getByRole('button', { name: w.phone.continue }).click();
    await modal.getByLabel(w.auth.mobile).fill(typed);
    await screenshotBothSizes(page, modal, `phone-sign-in-number.${locale}`);
    await modal.getByRole('button', { name: w.phone.sendCode }).click();
    const code = await smsCode(appServer, local);

    // A wrong code first: it says so, with the tries left.
    const codeField = modal.getByLabel(w.phone.codeField);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await modal.getByRole('button', { name: w.phone.confirm }).click();
    await expect(modal.getByText(w.phone.wrongCode)).toBeVisible();
    await codeField.fill(code);
    await screenshotBothSizes(page, modal, `phone-sign-in-code.${locale}`);
    await modal.getByRole('button', { name: w.phone.confirm }).click();

    // A new number: the name and the terms, then the account is ready.
    const profile = modal.getByTestId('phone-sign-up');
    await expect(profile).toBeVisible();
    await profile.getByRole('button', { name: w.phone.finish }).click();
    await expect(profile.getByText(w.auth.consentRequired)).toBeVisible();
    await profile.getByLabel(w.auth.fullName).fill(locale === 'ar' ? 'ريم العتيبي' : 'Reem Alotaibi');
    await profile.getByTestId('consent-checkbox').click();
    await screenshotBothSizes(page, modal, `phone-sign-up-profile.${locale}`);
    await profile.getByRole('button', { name: w.phone.finish }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(w.phone.welcome, { exact: true })).toBeVisible();
    // The terms were accepted in the same step: nothing asks for them again. The settings show the number.
    await page.goto('/dashboard?section=settings');
    await expect(page.getByRole('dialog')).toBeHidden();
    const card = page.getByTestId('phone-card');
    await expect(card.getByTestId('account-phone')).toHaveText(`+966 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`);
    await screenshotBothSizes(page, card, `phone-card.${locale}`);
    // Reminders not by phone; bookings stay by SMS (ADR 0073). The account has no e-mail: "not by phone".
    const choices = page.getByTestId('text-choices');
    await choices.getByLabel(w.phone.reminders).selectOption({ label: w.phone.notByPhone });
    await expect(page.getByText(w.phone.choicesSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('text-choices').getByLabel(w.phone.reminders)).toHaveValue('off');
    await screenshotBothSizes(page, choices, `text-choices.${locale}`);

    // A booking is confirmed by SMS to the number, in the reader's language, with its reference.
    const { bookingId } = await bookAtDemoLab(page);
    const mine = await trpc<{ id: string; reference: string }[]>(page, 'booking.mine', undefined, 'GET');
    const reference = mine.find((row) => row.id === bookingId)?.reference ?? 'no reference';
    await expect
      .poll(
        () =>
          appServer.sms.messages.find((message) => message.recipient === recipient && message.body.includes(w.phone.confirmedText))?.body,
        {
          timeout: 20_000,
        },
      )
      .toContain(reference);

    // Signed out, the same number in another spelling signs straight back in.
    await page.context().clearCookies();
    await readInLanguage(page, locale);
    await page.goto('/');
    modal = await openAuthModal(page, locale, 'login');
    await modal.getByRole('button', { name: w.phone.continue }).click();
    await modal.getByLabel(w.auth.mobile).fill(`+966 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`);
    await modal.getByRole('button', { name: w.phone.sendCode }).click();
    await expect.poll(() => appServer.sms.messages.filter((message) => message.recipient === recipient).length).toBe(2);
    await modal.getByLabel(w.phone.codeField).fill(await smsCode(appServer, local));
    await modal.getByRole('button', { name: w.phone.confirm }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(w.phone.loggedIn, { exact: true })).toBeVisible();
  });
}

// Issue #77 item 3: the terms open beside the name step, never in its place, and an account left at the
// name step is asked its name on the next visit, never shown a nameless dashboard under "terms changed".
for (const { language, locale } of languages) {
  test(`a visitor who reads the terms and leaves before the name step finishes it on the next visit, in ${language} @mobile`, async ({
    page,
    appServer,
  }) => {
    const w = words[locale];
    const local = `056${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await readInLanguage(page, locale);
    await page.goto('/');
    const modal = await openAuthModal(page, locale, 'login');
    await modal.getByRole('button', { name: w.phone.continue }).click();
    await modal.getByLabel(w.auth.mobile).fill(local);
    await modal.getByRole('button', { name: w.phone.sendCode }).click();
    await modal.getByLabel(w.phone.codeField).fill(await smsCode(appServer, local));
    await modal.getByRole('button', { name: w.phone.confirm }).click();
    const profile = modal.getByTestId('phone-sign-up');
    await expect(profile).toBeVisible();

    // The terms open in a tab of their own; the name step stays where it was.
    const [terms] = await Promise.all([page.context().waitForEvent('page'), profile.getByRole('link', { name: w.phone.terms }).click()]);
    await expect(terms).toHaveURL(/\/terms-and-conditions$/);
    await terms.close();
    await page.bringToFront();
    // Back on the tab, its session seen (auth.me on focus): the name is asked once, in the sign-in dialog.
    await expect(profile.getByLabel(w.auth.fullName)).toBeVisible();
    await expect(page.getByTestId('finish-sign-up-dialog')).toBeHidden();
    await expect(page.getByTestId('consent-dialog')).toBeHidden();

    // Left there: the next visit asks for the name, not for the terms alone.
    await page.goto('/dashboard');
    const finish = page.getByTestId('finish-sign-up-dialog');
    await expect(finish.getByRole('heading', { name: w.phone.finishTitle })).toBeVisible();
    await expect(page.getByTestId('consent-dialog')).toHaveCount(0);
    await screenshotBothSizes(page, finish, `phone-sign-up-finish.${locale}`);
    const name = locale === 'ar' ? 'هدى الشمري' : 'Huda Alshammari';
    await finish.getByLabel(w.auth.fullName).fill(name);
    await finish.getByTestId('consent-checkbox').click();
    await finish.getByRole('button', { name: w.phone.finish }).click();
    await expect(finish).toBeHidden();
    await expect(page.getByText(w.phone.welcome, { exact: true })).toBeVisible();
    const me = await trpc<{ name: string; consent_required: boolean }>(page, 'auth.me', undefined, 'GET');
    expect(me).toMatchObject({ name, consent_required: false });
  });
}
