import { randomUUID } from 'node:crypto';
import { demo, expect, languages, pastVisit, readInLanguage, sar, signIn, test, trpc } from './fixtures.ts';
import { screenshotBothSizes } from './screenshots.ts';
import { words } from './words.ts';

// Issue #21, ADR 0043: an administrator records a bank transfer to a lab in the Lab payouts section;
// the lab sees it, with its bank reference, among the transfers received in its payments.

for (const { language, locale } of languages) {
  test(`an admin records a transfer to a lab, and the lab sees it, in ${language}`, async ({ page, person }) => {
    const w = words[locale];
    // The demo lab completes a visit that has happened, so something is due to it.
    const { bookingId } = pastVisit(`payouts-${locale}`);
    const lab = await person(locale);
    await signIn(lab.context, demo.lab);
    await trpc(lab.context, 'lab.completeBooking', { id: bookingId });

    await readInLanguage(page, locale);
    await page.goto('/');
    await signIn(page, demo.admin, { admin: true });
    // The overview shows Tahaleel's own revenue from the ledger beside the bookings' total.
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('platform-revenue-value')).toHaveText(locale === 'en' ? /SAR/ : /ر\.س/);
    await screenshotBothSizes(page, page.getByTestId('platform-revenue'), `admin-overview-revenue.${locale}`);
    await page.goto('/admin/dashboard?section=payouts');
    await expect(page.getByRole('heading', { name: w.payouts.section, level: 2 })).toBeVisible();
    await page.getByTestId('list-search').fill(w.catalogue.demoLab);
    const row = page.getByTestId('lab-balance').filter({ hasText: w.catalogue.demoLab });
    await expect(row).toHaveCount(1);
    await screenshotBothSizes(page, page.getByTestId('lab-balance').first(), `admin-lab-payouts.${locale}`);

    await row.getByRole('button', { name: w.payouts.record }).click();
    const dialog = page.getByTestId('record-payout-dialog');
    // Nothing filled in: each field says what it misses, and nothing is sent.
    await dialog.getByRole('button', { name: w.payouts.submit }).click();
    await expect(dialog.getByLabel(w.payouts.amount)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(w.payouts.reference)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(w.payouts.required).first()).toBeVisible();
    await screenshotBothSizes(page, dialog, `admin-record-payout.${locale}`);

    const reference = `FT${randomUUID().slice(0, 8).toUpperCase()}`;
    await dialog.getByLabel(w.payouts.amount).fill('1.25');
    await dialog.getByLabel(w.payouts.reference).fill(reference);
    await dialog.getByRole('button', { name: w.payouts.submit }).click();
    await expect(page.getByText(w.payouts.recorded)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The lab reads the transfer among those it received, with the bank's reference and the amount.
    await readInLanguage(lab.page, locale);
    await lab.page.goto('/dashboard?section=payments');
    const payouts = lab.page.getByTestId('lab-payouts');
    await expect(payouts.getByRole('heading', { name: w.payouts.received })).toBeVisible();
    const received = payouts.getByTestId('payout-row').filter({ hasText: reference });
    await expect(received).toContainText(sar(1.25, locale));
    await screenshotBothSizes(lab.page, payouts, `lab-payouts.${locale}`);
    // One figure for what the lab earned (#77 item 6): its earnings at the top are its account's Earned, to the halala.
    await expect(lab.page.getByTestId('stat-net-value')).toHaveText(await lab.page.getByTestId('account-earned-value').innerText());

    // A transfer recorded by mistake is reversed with a reason, and stays in the history marked so.
    await row.getByRole('button', { name: w.payouts.history }).click();
    const history = page.getByTestId('payout-history-dialog');
    const transfers = history.getByTestId('payout-row').filter({ hasText: reference });
    await transfers.getByRole('button', { name: w.payouts.reverse }).click();
    const reversal = history.getByTestId('reverse-payout-form');
    await reversal.getByRole('button', { name: w.payouts.recordReversal }).click();
    await expect(reversal.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await reversal.getByRole('textbox').fill(locale === 'ar' ? 'حُوِّل إلى حساب غير صحيح' : 'Sent to the wrong account');
    await screenshotBothSizes(page, history, `admin-payout-history.${locale}`);
    await reversal.getByRole('button', { name: w.payouts.recordReversal }).click();
    await expect(transfers).toHaveCount(2);
    await expect(transfers.filter({ hasText: w.payouts.reversed })).toContainText(sar(1.25, locale));
    await expect(transfers.filter({ hasText: w.payouts.reversal })).toContainText(sar(-1.25, locale));
  });
}
