import { demo, expect, type Page, pastVisit, signIn, test, trpc } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #53, item 2: a lab enters a CBC as values. Typed with Arabic-Indic digits, each value is
// flagged as it is typed; a critically low haemoglobin alerts at once and holds the release until the
// lab records its call to the patient; then the report is released (preliminary: the rest of the
// count follows) and the patient reads the values.

const WBC = '6690-2';
const HEMOGLOBIN = '718-7';
const PLATELETS = '777-3';

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

  test(`a lab enters a CBC in Arabic-Indic digits, is alerted to a critical haemoglobin, records the call and releases (${language})${tag}`, async ({
    person,
  }) => {
    test.setTimeout(120_000);
    // A CBC at the demo lab that has happened (seeds/past-visits.ts), completed before its values are entered.
    const visit = pastVisit(tag ? 'result-entry-ar-mobile' : `result-entry-${locale}`);
    const { bookingId } = visit;
    const customer = await person(locale);
    await signIn(customer.context, visit.email);

    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    await trpc(lab.context, 'lab.completeBooking', { id: bookingId });
    const page = lab.page;
    await page.goto(`/dashboard?section=bookings&q=${bookingId}`);
    await page.locator(`[data-booking-id="${bookingId}"]`).getByRole('button', { name: w.resultForm.enterResults }).click();

    const dialog = page.getByTestId('lab-result-dialog');
    const row = (loinc: string) => dialog.locator(`[data-testid="result-row"][data-loinc="${loinc}"]`);
    // The count with its indices and differential: twenty analytes.
    await expect(dialog.getByTestId('result-row')).toHaveCount(20);

    // The customer booked for themself: their sex is not on the booking, and the ranges ask for it.
    await dialog.getByTestId('result-patient-sex').getByText(w.resultForm.female, { exact: true }).click();

    await row(WBC).getByTestId('result-value').fill('٦٫٤');
    await expect(row(WBC).getByTestId('result-flag')).toHaveText(w.resultForm.normal);
    await expect(dialog.getByTestId('critical-alert')).toHaveCount(0);

    // A critical value alerts as it is typed, and the report cannot be released yet.
    await row(HEMOGLOBIN).getByTestId('result-value').fill('٥٫٩');
    await expect(row(HEMOGLOBIN).getByTestId('result-flag')).toHaveAttribute('data-flag', 'LL');
    await expect(row(HEMOGLOBIN).getByTestId('result-flag')).toHaveText(w.resultForm.criticallyLow);
    const alert = dialog.getByTestId('critical-alert');
    await expect(alert).toContainText(w.resultForm.criticalNow);
    await expect(dialog.getByTestId('release-result')).toBeDisabled();

    await row(PLATELETS).getByTestId('result-value').fill('٢٥٠');
    await expect(row(PLATELETS).getByTestId('result-flag')).toHaveAttribute('data-flag', 'N');
    // The rest of the count follows: released as preliminary, which does not ask for every value.
    await dialog.getByTestId('result-release-as').getByText(w.resultForm.preliminary, { exact: true }).click();
    await screenshotBothSizes(page, dialog, `lab-result-critical.${locale}${tag ? '.mobile' : ''}`);

    await dialog.getByTestId('save-result-draft').click();
    await expect(toast(page, w.resultForm.draftSaved)).toBeVisible();

    // The call: who called, whom, when (now), and the value read back.
    const call = dialog.getByTestId('critical-call-form');
    await expect(call).toBeVisible();
    await expect(dialog.getByTestId('release-result')).toBeDisabled();
    await call.getByLabel(w.resultForm.whoCalled, { exact: true }).fill(locale === 'ar' ? 'د. هدى القحطاني' : 'Dr. Huda Al-Qahtani');
    await call.getByLabel(w.resultForm.personCalled, { exact: true }).fill(locale === 'ar' ? 'سارة العتيبي' : 'Sarah Al-Otaibi');
    await call.getByTestId('critical-call-read-back').click();
    await call.getByTestId('record-critical-call').click();
    await expect(toast(page, w.resultForm.callRecorded)).toBeVisible();
    await expect(alert).toHaveAttribute('data-call-recorded', 'true');
    await expect(call).toBeHidden();

    await expect(dialog.getByTestId('release-result')).toBeEnabled();
    await dialog.getByTestId('release-result').click();
    await expect(toast(page, w.resultForm.releasedPreliminary)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The patient reads the values as the lab typed them, judged by the server.
    const report = await trpc(customer.context, 'results.report', { bookingId }, 'GET');
    expect(report).toMatchObject({ version: 1, status: 'preliminary', amended: false });
    const byLoinc = Object.fromEntries(report.observations.map((observation: any) => [observation.loinc, observation]));
    expect(byLoinc[WBC]).toMatchObject({ number: 6.4, flag: 'N' });
    expect(byLoinc[HEMOGLOBIN]).toMatchObject({ number: 5.9, unit: 'g/dL', flag: 'LL' });
    expect(byLoinc[PLATELETS]).toMatchObject({ number: 250, flag: 'N' });
  });
}

for (const { locale, language } of [
  { locale: 'ar', language: 'Arabic' },
  { locale: 'en', language: 'English' },
] as const) {
  const w = words[locale];
  test(`releasing a final report, which mails the patient, asks first; "Not yet" releases nothing (${language})`, async ({ person }) => {
    // Issue #77 item 20: a vitamin D visit at the demo lab that has happened (seeds/past-visits.ts).
    test.setTimeout(90_000);
    const visit = pastVisit(`release-final-${locale}`);
    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    const page = lab.page;
    await page.goto(`/dashboard?section=bookings&q=${visit.bookingId}`);
    await page.locator(`[data-booking-id="${visit.bookingId}"]`).getByRole('button', { name: w.resultForm.enterResults }).click();
    const dialog = page.getByTestId('lab-result-dialog');
    await dialog.getByTestId('result-patient-sex').getByText(w.resultForm.female, { exact: true }).click();
    await dialog.locator('[data-testid="result-row"][data-loinc="62292-8"]').getByTestId('result-value').fill('٣١');

    const confirm = page.getByTestId('release-final-dialog');
    await dialog.getByTestId('release-result').click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(visit.name);
    await screenshotBothSizes(page, confirm, `lab-release-final.${locale}`);
    await confirm.getByRole('button', { name: w.lab.notYet }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    const sheet = await trpc(lab.context, 'results.sheet', { bookingId: visit.bookingId }, 'GET');
    expect(sheet.versions.filter((version: { status: string }) => version.status !== 'draft')).toHaveLength(0);

    await dialog.getByTestId('release-result').click();
    await confirm.getByRole('button', { name: locale === 'ar' ? 'إصدار التقرير النهائي' : 'Release the final report' }).click();
    await expect(toast(page, w.resultForm.releasedFinal)).toBeVisible();
    await expect(dialog).toBeHidden();
    // Released, the visit is completed (item 2).
    await expect(page.locator(`[data-booking-id="${visit.bookingId}"]`)).toContainText(w.dashboard.status.completed);
  });
}
