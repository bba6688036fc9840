import { randomUUID } from 'node:crypto';
import { daysFromToday, expect, languages, readInLanguage, signUpThroughApi, test, trpc } from './fixtures.ts';
import { openOneSeatLab } from './one-seat-lab.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #58: the waitlist (ADR 0069), on a phone. A lab with one seat a day has its day taken; a customer
// joins that day's waitlist from the booking panel; the seat frees; the offer comes by mail within a
// round (15 s); its link opens the customer's bookings, where "Book this time" takes it to checkout.

const TEST = 'Complete Blood Count (CBC)';

for (const { language, locale } of languages) {
  test(`a customer joins a full day's waitlist, is mailed the freed time and books it, on a phone in ${language} @mobile`, async ({
    page,
    person,
    appServer,
  }) => {
    test.setTimeout(150_000);
    const w = words[locale];
    const { labId, labTestId, labName } = await openOneSeatLab(person, appServer, locale, TEST);

    // Someone takes the one time of the day after tomorrow.
    const date = daysFromToday(2);
    const other = await person(locale);
    await signUpThroughApi(other.context, { name: 'Other Patient' });
    const [slot] = await trpc<{ starts_at: string }[]>(other.context, 'booking.availableSlots', { labId, date, labTestId }, 'GET');
    const taken = await trpc(other.context, 'booking.create', {
      items: [{ labTestId, bookingTime: slot!.starts_at }],
      idempotencyKey: randomUUID(),
    });

    // The customer finds that day full, and joins its waitlist.
    await readInLanguage(page, locale);
    await page.goto('/');
    const { email } = await signUpThroughApi(page, { name: locale === 'ar' ? 'نورة' : 'Noura' });
    await page.goto(`/test/${encodeURIComponent(TEST)}?lab_id=${labId}`);
    const panel = page.getByTestId('booking-panel');
    await expect(panel).toBeVisible();
    const day = panel.locator(`[data-date="${date}"]`);
    if (!(await day.isVisible())) await panel.getByRole('button', { name: words[locale].booking.nextMonth }).click();
    await day.click();
    await expect(panel.getByRole('status').filter({ hasText: w.waitlist.dayFull })).toBeVisible();
    const join = panel.getByTestId('waitlist-join');
    await panel.getByTestId('waitlist-from').selectOption({ index: 1 });
    await screenshotBothSizes(page, join, `waitlist-join.${locale}`);
    await join.getByRole('button', { name: w.waitlist.join }).click();
    await expect(page.getByText(w.waitlist.joined, { exact: true })).toBeVisible();
    await expect(join).toContainText(w.waitlist.onIt);
    await page.goto('/dashboard?section=bookings');
    await expect(page.getByTestId('waitlist-entry')).toContainText(w.waitlist.waiting);

    // The seat frees: within a round the customer is mailed the time, held for them.
    await trpc(other.context, 'booking.cancel', { id: taken.bookings[0].id });
    const mail = await appServer.mailbox.waitFor(email, (candidate) => candidate.subject.includes(w.waitlist.offerSubject), 40_000);
    expect(mail.text).toContain(labName);
    const link = mail.links.find((candidate) => new URL(candidate).pathname === '/dashboard');
    expect(link, 'a link to the bookings').toBeDefined();

    // The link opens the offer; booking it goes through checkout like any booking.
    await page.goto(link!);
    const entry = page.getByTestId('waitlist-entry');
    await expect(entry.getByTestId('waitlist-offer')).toBeVisible();
    await screenshotBothSizes(page, entry, `waitlist-offer.${locale}`);
    await entry.getByRole('button', { name: w.waitlist.bookThisTime }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toContainText(labName);
    await page.getByTestId('pay').click();
    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });
    const booked = page.getByTestId('my-booking').filter({ hasText: labName });
    await expect(booked).toHaveCount(1);
    // Booked and paid, the offer has left the waitlist at once, on the overview and among the bookings (#77 items 5, 19).
    await expect(page.getByTestId('waitlist-entry')).toHaveCount(0);
    await page.goto('/dashboard?section=bookings');
    await expect(page.getByTestId('my-booking').filter({ hasText: labName })).toHaveCount(1);
    await expect(page.getByTestId('waitlist-entry')).toHaveCount(0);
  });
}
