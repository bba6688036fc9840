import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { demo, expect, type Page, signIn, test, trpc } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #53, item 2: a lab enters a report as values. Typed with Arabic-Indic digits, each value is
// flagged as it is typed; a critical potassium alerts at once and holds the release until the lab
// records its call to the patient; then the report is released and the patient reads the values.

const ELECTROLYTES = 'Electrolytes (Sodium, Potassium, Chloride)';
const SODIUM = '2951-2';
const POTASSIUM = '2823-3';
const CHLORIDE = '2075-0';

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

/** Books the demo lab's electrolytes at a free time a few days ahead; retries if another run took the seat. */
async function bookElectrolytesAtDemoLab(customer: BrowserContext) {
  const labs = await trpc<any[]>(customer, 'catalog.labs', undefined, 'GET');
  const lab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
  const detail = await trpc(customer, 'catalog.lab', { labId: lab.id }, 'GET');
  const offering = detail.tests.find((offered: { name_en: string }) => offered.name_en === ELECTROLYTES);
  for (let day = 2 + Math.floor(Math.random() * 5); day < 40; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await trpc<{ starts_at: string }[]>(customer, 'booking.availableSlots', { labId: lab.id, date }, 'GET');
    for (const slot of slots.sort(() => Math.random() - 0.5).slice(0, 3)) {
      try {
        const result = await trpc(customer, 'booking.create', {
          items: [{ labTestId: offering.lab_test_id, bookingTime: slot.starts_at }],
          idempotencyKey: randomUUID(),
        });
        return result.bookings[0].id as string;
      } catch {
        // Someone else took this seat: try another.
      }
    }
  }
  throw new Error('no free slot at the demo lab');
}

for (const [locale, tag] of [
  ['ar', ''],
  ['en', ''],
  ['ar', ' @mobile'],
] as const) {
  const w = words[locale];
  const language = locale === 'ar' ? 'Arabic' : 'English';

  test(`a lab enters electrolytes in Arabic-Indic digits, is alerted to a critical potassium, records the call and releases (${language})${tag}`, async ({
    person,
  }) => {
    test.setTimeout(120_000);
    const customer = await person(locale);
    await signIn(customer.context, demo.customer);
    const bookingId = await bookElectrolytesAtDemoLab(customer.context);

    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    await trpc(lab.context, 'lab.completeBooking', { id: bookingId });
    const page = lab.page;
    await page.goto(`/dashboard?section=bookings&q=${bookingId}`);
    await page.locator(`[data-booking-id="${bookingId}"]`).getByRole('button', { name: w.resultForm.enterResults }).click();

    const dialog = page.getByTestId('lab-result-dialog');
    const row = (loinc: string) => dialog.locator(`[data-testid="result-row"][data-loinc="${loinc}"]`);
    // Sodium, potassium, chloride, and bicarbonate (optional: left empty).
    await expect(dialog.getByTestId('result-row')).toHaveCount(4);

    // The demo customer books for herself: her sex is not on the booking, and the ranges ask for it.
    await dialog.getByTestId('result-patient-sex').getByText(w.resultForm.female, { exact: true }).click();

    await row(SODIUM).getByTestId('result-value').fill('١٣٨');
    await expect(row(SODIUM).getByTestId('result-flag')).toHaveText(w.resultForm.normal);
    await expect(dialog.getByTestId('critical-alert')).toHaveCount(0);

    // A critical value alerts as it is typed, and the report cannot be released yet.
    await row(POTASSIUM).getByTestId('result-value').fill('٦٫٨');
    await expect(row(POTASSIUM).getByTestId('result-flag')).toHaveAttribute('data-flag', 'HH');
    await expect(row(POTASSIUM).getByTestId('result-flag')).toHaveText(w.resultForm.criticallyHigh);
    const alert = dialog.getByTestId('critical-alert');
    await expect(alert).toContainText(w.resultForm.criticalNow);
    await expect(dialog.getByTestId('release-result')).toBeDisabled();

    await row(CHLORIDE).getByTestId('result-value').fill('١٠١,٥');
    await expect(row(CHLORIDE).getByTestId('result-flag')).toHaveAttribute('data-flag', 'N');
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
    await expect(toast(page, w.resultForm.releasedFinal)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The patient reads the values as the lab typed them, judged by the server.
    const report = await trpc(customer.context, 'results.report', { bookingId }, 'GET');
    expect(report).toMatchObject({ version: 1, status: 'final', amended: false });
    const byLoinc = Object.fromEntries(report.observations.map((observation: any) => [observation.loinc, observation]));
    expect(byLoinc[SODIUM]).toMatchObject({ number: 138, flag: 'N' });
    expect(byLoinc[POTASSIUM]).toMatchObject({ number: 6.8, unit: 'mmol/L', flag: 'HH' });
    expect(byLoinc[CHLORIDE]).toMatchObject({ number: 101.5, flag: 'N' });
  });
}
