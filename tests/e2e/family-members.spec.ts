import { chooseFreeSlot, demo, expect, type Page, signIn, signUpThroughApi, test, trpc } from './fixtures.ts';
import { words } from './words.ts';

// Issue #22: a customer adds a family member, books a test for them, the lab sees the patient and
// uploads the result, and the customer finds it under the member's name.

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

for (const [locale, tag] of [
  ['ar', ''],
  ['en', ''],
  ['ar', ' @mobile'],
] as const) {
  const w = words[locale];
  const language = locale === 'ar' ? 'Arabic' : 'English';

  test(`a customer books for a family member and finds the result under their name (${language})${tag}`, async ({ person }) => {
    test.setTimeout(120_000);
    const project = test.info().project.name;
    const memberName = locale === 'ar' ? 'نورة العتيبي' : 'Noura Al-Otaibi';
    const customer = await person(locale);
    await signUpThroughApi(customer.context, { name: 'Reem Al-Harbi' });
    const page = customer.page;

    await page.goto('/dashboard?section=settings');
    const card = page.getByTestId('family-members-card');
    await card.getByLabel(w.family.fullName).fill(memberName);
    await card.getByLabel(w.family.relation).selectOption('mother');
    await card.getByLabel(w.family.sex).selectOption('female');
    await card.getByLabel(w.family.dateOfBirth).fill('1961-03-14');
    await card.getByLabel(w.family.nationalId).fill('1087654322');
    await card.getByTestId('add-family-member').click();
    await expect(card.getByText(w.family.invalidNationalId)).toBeVisible();
    await card.getByLabel(w.family.nationalId).fill('1087654321');
    await card.getByTestId('add-family-member').click();
    await expect(toast(page, w.family.added)).toBeVisible();
    await expect(card.getByTestId('family-member')).toContainText(memberName);
    await card.getByTestId('family-member').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/booking-life/shots/family-settings-${locale}-${project}.png` });

    // A test the demo lab offers, booked from its page for the mother.
    const labs = await trpc<any[]>(customer.context, 'catalog.labs', undefined, 'GET');
    const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
    const detail = await trpc(customer.context, 'catalog.lab', { labId: lab.id }, 'GET');
    const offered = detail.tests[0];
    await page.goto(`/test/${encodeURIComponent(offered.name_en)}`);
    const offer = page.getByTestId('lab-offer').filter({ hasText: w.catalogue.demoLab }).first();
    await offer.getByRole('button', { name: w.booking.bookNow }).click();
    await chooseFreeSlot(page, locale, { pick: 'last' });
    await page.getByTestId('booking-patient').selectOption({ label: memberName });
    await page.screenshot({ path: `/tmp/booking-life/shots/family-booking-panel-${locale}-${project}.png` });
    await page.getByTestId('confirm-book-now').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-item')).toContainText(memberName);
    await page.getByTestId('pay').click();
    await expect(page.getByText(w.booking.confirmed)).toBeVisible({ timeout: 15_000 });
    const [booking] = await trpc<any[]>(customer.context, 'booking.mine', undefined, 'GET');

    const labUser = await person(locale);
    await signIn(labUser.context, demo.lab);
    await labUser.page.goto(`/dashboard?section=bookings&q=${booking.id}`);
    const labCard = labUser.page.locator(`[data-booking-id="${booking.id}"]`);
    await expect(labCard.getByTestId('lab-booking-patient')).toContainText(memberName);
    await expect(labCard.getByTestId('lab-booking-patient')).toContainText('Reem Al-Harbi');
    // The visit is still ahead: it cannot be completed yet, and the card says from when (the result may come in already).
    await expect(labCard.getByRole('button', { name: w.lab.markCompleted })).toBeDisabled();
    await expect(labCard.getByTestId('complete-not-yet')).toContainText(w.lab.completeFrom);
    await labCard.getByRole('button', { name: w.lab.uploadResult }).click();
    const form = labUser.page.getByTestId('upload-result-form');
    const pdf = Buffer.from(`%PDF-1.4\n% result ${booking.id}\n%%EOF\n`);
    await form.getByTestId('result-file').setInputFiles({ name: 'result-mother.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form.getByTestId('upload-result').click();
    await expect(toast(labUser.page, w.lab.resultUploaded)).toBeVisible();

    await page.goto('/dashboard?section=results');
    const result = page.locator(`[data-testid="my-result"][data-booking-id="${booking.id}"]`);
    await expect(result.getByTestId('result-patient')).toContainText(memberName);
    await page.screenshot({ path: `/tmp/booking-life/shots/family-result-${locale}-${project}.png` });
  });
}
