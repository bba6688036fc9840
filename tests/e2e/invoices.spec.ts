import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { bookAtDemoLab, expect, languages, type Page, readInLanguage, signUpThroughApi, test, trpc } from './fixtures.ts';
import { words } from './words.ts';

// Issue #21: after booking, the customer finds the simplified tax invoice in the dashboard, downloads
// its PDF, and its ZATCA QR code holds the five fields; a cancelled booking adds a credit note.

/** The TLV fields of a ZATCA phase-1 QR's text (Base64), by tag. */
function tlvFields(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields: Record<number, string> = {};
  for (let at = 0; at + 2 <= bytes.length; at += 2 + bytes[at + 1]!) {
    fields[bytes[at]!] = bytes.subarray(at + 2, at + 2 + bytes[at + 1]!).toString('utf8');
  }
  return fields;
}

/** Reads the QR code the page shows, from its pixels (jsQR), as a phone's camera would. */
async function scanQr(page: Page, testId: string): Promise<string | null> {
  const image = await page
    .getByTestId(testId)
    .first()
    .evaluate(async (element) => {
      const img = element as HTMLImageElement;
      await img.decode();
      const size = 330;
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d')!;
      context.imageSmoothingEnabled = false;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size, size);
      context.drawImage(img, 0, 0, size, size);
      return { data: Array.from(context.getImageData(0, 0, size, size).data), size };
    });
  return jsQR(Uint8ClampedArray.from(image.data), image.size, image.size)?.data ?? null;
}

for (const { language, locale } of languages) {
  const w = words[locale];

  test(`${language}: a customer's booking gets a tax invoice with its PDF and QR code, and a cancellation a credit note`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await readInLanguage(page, locale);
    await signUpThroughApi(page, { name: locale === 'ar' ? 'هند القحطاني' : 'Hind Alqahtani' });
    const { bookingId } = await bookAtDemoLab(page);

    await page.goto('/dashboard?section=invoices');
    await expect(page.getByRole('region', { name: w.dashboard.nav.invoices, exact: true })).toBeVisible();
    const invoice = page.getByTestId('my-invoice');
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toContainText(w.booking.taxInvoice);
    const number = (await invoice.getByTestId('invoice-number').innerText()).trim();
    expect(number).toMatch(/^INV-\d{6}$/);

    // The QR's text as the page carries it, and as the image shows it, both hold the five fields.
    const listed = await trpc<Array<{ id: string; number: string; issued_at: string; total: number; vat: number; qr: string }>>(
      page,
      'billing.invoices',
      undefined,
      'GET',
    );
    const qr = (await invoice.getAttribute('data-qr'))!;
    expect(qr).toBe(listed[0]!.qr);
    const fields = tlvFields(qr);
    expect(fields[1]).toBe('Tahaleel');
    expect(fields[2]).toMatch(/^3\d{13}3$/);
    expect(fields[3]).toBe(`${listed[0]!.issued_at.slice(0, 19)}Z`);
    expect(Number(fields[4])).toBe(listed[0]!.total);
    expect(Number(fields[5])).toBe(listed[0]!.vat);
    expect(fields[5]).toBe((Math.round((listed[0]!.total * 100 * 15) / 115) / 100).toFixed(2));
    expect(await scanQr(page, 'invoice-qr')).toBe(qr);

    // The PDF downloads under the invoice's number.
    const downloading = page.waitForEvent('download');
    await invoice.getByTestId('download-invoice').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(number);

    // Cancelling the booking issues a credit note for it, listed above the invoice.
    await trpc(page, 'booking.cancel', { id: bookingId });
    await page.reload();
    await expect(page.getByTestId('my-invoice')).toHaveCount(2);
    const credit = page.getByTestId('my-invoice').first();
    await expect(credit).toContainText(w.booking.creditNote);
    await expect(credit).toContainText(number);
    await expect(credit.getByTestId('invoice-number')).toHaveText(/^CN-\d{6}$/);
  });
}
