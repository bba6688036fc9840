import { bookAtDemoLab, continueAsGuest, expect, languages, readInLanguage, test, trpc, uniqueEmail } from './fixtures.ts';
import { words } from './words.ts';

// Issue #57, "Guests are never left without a record" (ADR 0066): a guest who gives an address at the
// guest sign-in gets the confirmation there, and its "Manage my booking" link opens the booking on
// another device, without an account, where the guest can also make it one.

for (const { language, locale } of languages) {
  test(`a guest gives an address, and the link in the confirmation opens the booking on another device (${language})`, async ({
    page,
    appServer,
    person,
  }) => {
    const w = words[locale];
    const email = uniqueEmail('guest');
    await readInLanguage(page, locale);
    await page.goto('/');
    await page.getByRole('button', { name: w.auth.bookAsGuest }).first().click();
    const modal = page.getByTestId('auth-modal');
    await continueAsGuest(modal, appServer, locale, { name: locale === 'ar' ? 'فهد' : 'Fahad', email });
    await expect(page.getByText(w.auth.guestMailedTo(email))).toBeVisible();

    const { bookingId } = await bookAtDemoLab(page);
    const [booked] = (await trpc<{ id: string; reference: string }[]>(page, 'booking.mine', undefined, 'GET')).filter(
      (booking) => booking.id === bookingId,
    );

    const mail = await appServer.mailbox.waitFor(email, (candidate) => candidate.text.includes(booked!.reference));
    expect(mail.text).toContain(w.auth.manageInMail);
    const link = mail.links.find((candidate) => new URL(candidate).pathname === '/manage-booking');
    expect(link, 'a /manage-booking link').toBeDefined();

    // The guest's phone: no session there, only the mail.
    const phone = await person(locale);
    await phone.page.goto(link!);
    await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText(w.auth.manageBooking);
    await phone.page.getByRole('button', { name: w.auth.openMyBooking }).click();
    await expect(phone.page).toHaveURL(/\/dashboard\?section=bookings$/);
    await expect(phone.page.getByTestId('booking-reference')).toContainText(booked!.reference);

    // There, the guest can keep its bookings with an account: the address it gave is offered.
    await phone.page.goto('/dashboard?section=settings');
    await expect(phone.page.getByTestId('guest-upgrade-form').getByLabel(w.auth.email)).toHaveValue(email);
  });
}
