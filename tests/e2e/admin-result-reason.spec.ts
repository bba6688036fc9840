import { demo, expect, languages, pastVisit, readInLanguage, signIn, test, trpc } from './fixtures.ts';
import { resultPdf } from './journeys/journeys.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// An administrator opens a patient's result only with a reason (issue #26, docs/decisions/0021): the
// admin's transactions offer the file, a dialog asks why, and the file comes from
// /files/results/{id}?reason=… (the server logs the reason and mails the patient).

for (const { language, locale } of languages) {
  test(`an admin gives a reason in a dialog before a patient's result opens, in ${language}`, async ({ page, person, baseURL }) => {
    const w = words[locale];
    // A patient whose visit at the demo lab has happened; the lab completes it and uploads the result.
    const visit = pastVisit(`result-reason-${locale}`);
    const { bookingId } = visit;
    const customer = await person(locale);
    await signIn(customer.context, visit.email);
    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    await trpc(lab.context, 'lab.completeBooking', { id: bookingId });
    const fileName = `ferritin-${locale}-${Date.now()}.pdf`;
    const upload = await lab.context.request.post('/files/results', {
      headers: { origin: baseURL! },
      multipart: { bookingId, file: { name: fileName, mimeType: 'application/pdf', buffer: resultPdf(`result for ${bookingId}`) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    await readInLanguage(page, locale);
    await page.goto('/');
    await signIn(page, demo.admin, { admin: true });
    await page.goto('/admin/dashboard?section=transactions');
    // Among every booking and order, the admin finds the patient's by name.
    await page.getByTestId('list-search').fill(visit.name);
    const open = page.getByRole('button', { name: `${w.resultReason.open} ${fileName}` });
    await open.click();
    const dialog = page.getByTestId('result-reason-dialog');
    await expect(dialog.getByRole('heading', { name: w.resultReason.title })).toBeVisible();

    // Nothing opens without a reason.
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/files/results/')) asked = true;
    });
    await dialog.getByRole('button', { name: w.resultReason.open }).click();
    await expect(dialog.getByLabel(w.resultReason.reason)).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toBe(false);

    const reason = locale === 'ar' ? 'طلبت المريضة من الدعم مراجعة الملف' : 'The patient asked support to check the file';
    await dialog.getByLabel(w.resultReason.reason).fill(reason);
    await screenshotBothSizes(page, dialog, `admin-result-reason.${locale}`);
    const [request, download] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().includes('/files/results/')),
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: w.resultReason.open }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('reason')).toBe(reason);
    expect(download.suggestedFilename()).toBe(fileName);
    await expect(dialog).toBeHidden();

    // The patient sees Tahaleel staff among who viewed the result.
    const reads = await trpc<{ viewer_role: string }[]>(customer.context, 'account.resultAccessLog', undefined, 'GET');
    expect(reads.map((read) => read.viewer_role)).toContain('admin');
  });
}

// Issue #77 item 4: a patient's values (not only files) open from the transactions with a reason, shown in
// the dialog, and the patient sees the reason in their access log.
for (const { language, locale } of languages) {
  test(`an admin gives a reason before a patient's values open in the transactions, in ${language}`, async ({ page, person }) => {
    const w = words[locale];
    const customer = await person(locale);
    await signIn(customer.context, demo.premium);
    await readInLanguage(page, locale);
    await page.goto('/');
    await signIn(page, demo.admin, { admin: true });
    await page.goto('/admin/dashboard?section=transactions');
    await page.getByTestId('list-search').fill(demo.premium);
    const open = page.getByRole('button', { name: new RegExp(`^${w.valuesReason.open}`) }).first();
    await open.click();
    const dialog = page.getByTestId('values-reason-dialog');
    await expect(dialog.getByRole('heading', { name: w.valuesReason.title })).toBeVisible();
    await dialog.getByRole('button', { name: w.valuesReason.open }).click();
    await expect(dialog.getByLabel(w.resultReason.reason)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('report-view')).toHaveCount(0);

    const reason = locale === 'ar' ? 'طلب المريض من الدعم مراجعة القيم' : 'The patient asked support to check the values';
    await dialog.getByLabel(w.resultReason.reason).fill(reason);
    await dialog.getByRole('button', { name: w.valuesReason.open }).click();
    await expect(dialog.getByTestId('report-view')).toBeVisible();
    await expect(dialog.getByTestId('result-observation').first()).toBeVisible();
    await screenshotBothSizes(page, dialog, `admin-values-reason.${locale}`);

    const reads = await trpc<{ viewer_role: string; kind: string; reason: string | null }[]>(
      customer.context,
      'account.resultAccessLog',
      undefined,
      'GET',
    );
    expect(reads).toContainEqual(expect.objectContaining({ viewer_role: 'admin', kind: 'values', reason }));
  });
}
