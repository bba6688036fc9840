import { bookAtDemoLab, demo, expect, type Page, signIn, signUpThroughApi, test, trpc } from './fixtures.ts';
import { words } from './words.ts';

// Issue #22: a customer moves a booking to another time; the lab sees the new time and that it moved.

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

// Both languages on a desktop, and Arabic on a phone too (the phone project runs the @mobile tests).
for (const [locale, tag] of [
  ['ar', ''],
  ['en', ''],
  ['ar', ' @mobile'],
] as const) {
  const w = words[locale];
  const language = locale === 'ar' ? 'Arabic' : 'English';

  test(`a customer moves a booking to another time and the lab sees it (${language})${tag}`, async ({ person }) => {
    test.setTimeout(90_000);
    const customer = await person(locale);
    const { email } = await signUpThroughApi(customer.context, { name: 'Reem Al-Harbi' });
    const { bookingId } = await bookAtDemoLab(customer.context);
    const before = (await trpc<any[]>(customer.context, 'booking.mine', undefined, 'GET')).find((row) => row.id === bookingId);

    const page = customer.page;
    await page.goto('/dashboard?section=bookings');
    await expect(page.getByText(w.booking.changeRule)).toBeVisible();
    const card = page.locator(`[data-testid="my-booking"][data-booking-id="${bookingId}"]`);
    await card.getByRole('button', { name: w.booking.changeTime }).click();

    const dialog = page.getByTestId('reschedule-booking-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('confirm-reschedule')).toBeDisabled();
    // A later day than the booking's own, with a free time.
    const start = new Date(new Date(before.booking_time).getTime() + 86_400_000).toISOString().slice(0, 10);
    let chosen = false;
    for (let attempt = 0; attempt < 40 && !chosen; attempt++) {
      const dates = await dialog
        .locator('[data-date]:not([disabled])')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-date')!));
      const next = dates.find((date) => date >= start);
      if (!next) {
        await dialog.getByRole('button', { name: w.booking.nextMonth }).click();
        continue;
      }
      await dialog.locator(`[data-date="${next}"]`).click();
      const slots = dialog.getByTestId('slot');
      await expect(slots.first().or(dialog.getByRole('status'))).toBeVisible();
      if (await slots.count()) {
        await slots.first().click();
        chosen = true;
      } else {
        await dialog.locator(`[data-date="${next}"]`).evaluate((button) => button.setAttribute('disabled', ''));
      }
    }
    expect(chosen).toBe(true);
    await page.screenshot({ path: `/tmp/booking-life/shots/reschedule-dialog-${locale}-${test.info().project.name}.png` });
    await dialog.getByTestId('confirm-reschedule').click();
    // The new details went to the address the account has, and the toast names it.
    await expect(toast(page, w.booking.moved(email))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(w.booking.timeChanged)).toBeVisible();
    await page.screenshot({ path: `/tmp/booking-life/shots/reschedule-done-${locale}-${test.info().project.name}.png`, fullPage: true });

    const after = (await trpc<any[]>(customer.context, 'booking.mine', undefined, 'GET')).find((row) => row.id === bookingId);
    expect(after.booking_time > before.booking_time).toBe(true);
    expect(after.status).toBe('confirmed');

    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    await lab.page.goto(`/dashboard?section=bookings&q=${bookingId}`);
    const labCard = lab.page.locator(`[data-booking-id="${bookingId}"]`);
    await expect(labCard.getByTestId('lab-booking-moved')).toHaveText(w.booking.movedByCustomer);
  });
}
