import { electrolyteVisit } from '../../seeds/past-visits.ts';
import { demo, expect, type Person, signIn, test, trpc } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #53: a lab releases potassium values for two of a patient's visits (seeded: values are entered
// only for a visit that happened, issue #76), the second past its critical limit; the patient opens the report from the mail's link and sees the urgent notice with
// the lab's number, each value with its range and flag in words, and the trend with its table; then
// shares it with a doctor, who opens the link without an account, and revokes it.

type Context = Person['context'];

const POTASSIUM = '2823-3';
const SODIUM = '2951-2';

const seen = {
  ar: {
    urgent: 'إحدى نتائجك تحتاج إلى اهتمام عاجل.',
    doctor: 'ناقش نتائجك مع طبيبك.',
    criticallyHigh: 'مرتفع جدًا (حرج)',
    low: 'منخفض',
    range: 'مدى مرجعي منشور: 3.5–5.1 mmol/L',
    showTable: 'عرض الجدول',
    codePrompt: 'قيّد المريض فتح هذه النتائج برمز من 6 أرقام',
  },
  en: {
    urgent: 'One of your results needs urgent attention.',
    doctor: 'Discuss your results with your doctor.',
    criticallyHigh: 'Critically high',
    low: 'Low',
    range: 'Published range: 3.5–5.1 mmol/L',
    showTable: 'Show table',
    codePrompt: 'The patient protected these results with a 6-digit code',
  },
} as const;

/**
 * The lab enters a potassium value, and a normal sodium (listed before it on the test's form), and
 * releases them (recording its call first when the potassium is critical).
 */
async function releasePotassium(lab: Context, bookingId: string, value: string, critical: boolean) {
  const sheet = await trpc<{ analytes: { id: number; loinc: string }[] }>(lab, 'results.sheet', { bookingId }, 'GET');
  const potassium = sheet.analytes.find((analyte) => analyte.loinc === POTASSIUM);
  const sodium = sheet.analytes.find((analyte) => analyte.loinc === SODIUM);
  if (!potassium || !sodium) throw new Error('the electrolytes list no potassium or sodium');
  await trpc(lab, 'results.saveDraft', {
    bookingId,
    patientSex: 'female',
    releaseAs: 'final',
    note: null,
    observations: [
      { analyteId: sodium.id, value: '140', unit: 'mmol/L', comment: null },
      { analyteId: potassium.id, value, unit: 'mmol/L', comment: null },
    ],
  });
  if (critical) {
    await trpc(lab, 'results.recordCriticalCall', {
      bookingId,
      callerName: 'Huda Alqahtani',
      calledPerson: 'Reem Al-Harbi',
      calledAt: new Date().toISOString(),
      readBack: true,
    });
  }
  await trpc(lab, 'results.release', { bookingId });
}

for (const [locale, tag] of [
  ['ar', ''],
  ['en', ''],
  ['ar', ' @mobile'],
] as const) {
  const language = locale === 'ar' ? 'Arabic' : 'English';
  const s = seen[locale];

  test(`a patient sees a critical value with the lab's number, the flags in words and the trend (${language})${tag}`, async ({
    person,
  }) => {
    test.setTimeout(120_000);
    const customer = await person(locale);
    const visits = electrolyteVisit(tag ? 'values-ar-mobile' : locale === 'ar' ? 'values-ar' : 'values-en');
    await signIn(customer.context, visits.email);
    const lab = await person(locale);
    await signIn(lab.context, demo.lab);

    const labs = await trpc<{ id: string; lab_name_en: string }[]>(customer.context, 'catalog.labs', undefined, 'GET');
    const demoLab = labs.find((entry) => entry.lab_name_en === words.en.catalogue.demoLab);
    if (!demoLab) throw new Error('no demo lab');
    const { phone } = await trpc<{ phone: string | null }>(customer.context, 'catalog.lab', { labId: demoLab.id }, 'GET');
    const { earlier, later } = visits;
    // Typed with Arabic-Indic digits and the Arabic decimal separator, as a lab may.
    await releasePotassium(lab.context, earlier, '٣٫٢', false);
    await releasePotassium(lab.context, later, '6.8', true);

    const page = customer.page;
    await page.goto(`/dashboard?section=results&report=${later}`);
    const card = page.locator(`[data-testid="my-report"][data-booking-id="${later}"]`);
    const report = card.getByTestId('report-view');
    await expect(report).toBeVisible();

    const alert = report.getByRole('alert');
    await expect(alert).toContainText(s.urgent);
    if (phone) await expect(alert.getByRole('link')).toHaveAttribute('href', `tel:${phone}`);
    await expect(report.getByText(s.doctor)).toBeVisible();

    // The critical value comes first, before the normal sodium the form lists above it (issue #76 item 5).
    await expect(report.getByTestId('result-observation').first()).toHaveAttribute('data-loinc', POTASSIUM);
    const value = report.locator(`[data-testid="result-observation"][data-loinc="${POTASSIUM}"]`);
    await expect(value).toHaveAttribute('data-flag', 'HH');
    await expect(value.getByTestId('result-value')).toHaveText('6.8 mmol/L');
    await expect(value.getByTestId('result-flag')).toHaveText(s.criticallyHigh);
    await expect(value.getByTestId('result-range')).toHaveText(s.range);

    await expect(value.getByTestId('result-trend-chart')).toBeVisible();
    await value.getByRole('button', { name: s.showTable }).click();
    const rows = value.getByTestId('result-trend-table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('3.2 mmol/L');
    await expect(rows.nth(1)).toContainText(s.low);
    await expect(rows.nth(2)).toContainText('6.8 mmol/L');
    await expect(rows.nth(2)).toContainText(s.criticallyHigh);

    await screenshotBothSizes(page, card, `result-values.${locale}`);

    // The patient shares the report with a doctor, with a code; the doctor, with no account, opens the
    // link, gives the code, and reads the same value and flag. Revoked, the link is gone at once.
    const share = await trpc<{ id: string; link: string; code: string }>(customer.context, 'resultShares.create', {
      bookingIds: [later],
      days: 7,
      withCode: true,
    });
    const doctor = await person(locale);
    const sharePath = new URL(share.link).pathname;
    await doctor.page.goto(sharePath);
    await expect(doctor.page.getByRole('main')).toContainText(s.codePrompt);
    await doctor.page.getByTestId('share-code').fill(share.code);
    await doctor.page.getByTestId('share-code-submit').click();
    const shared = doctor.page.getByTestId('shared-report');
    await expect(shared).toBeVisible();
    await expect(shared).toContainText('6.8');
    await expect(shared).toContainText(s.criticallyHigh);
    // Issue #77 item 12: the range with its unit, as the patient's page writes it, left to right.
    await expect(shared).toContainText('3.5–5.1 mmol/L');
    await screenshotBothSizes(doctor.page, shared, `result-share.${locale}`);

    await trpc(customer.context, 'resultShares.revoke', { id: share.id });
    const gone = await doctor.page.goto(sharePath);
    expect(gone?.status()).toBe(410);
    await expect(doctor.page.getByTestId('share-gone')).toBeVisible();
  });
}
