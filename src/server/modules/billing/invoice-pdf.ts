import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { isolateLatinRuns } from '../../../shared/bidi.ts';
import type { InvoiceLine } from './billing.repository.ts';

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  originalNumber: string | null;
  seller: { name: string; vatNumber: string };
  buyerName: string | null;
  lines: InvoiceLine[];
  totalHalalas: number;
  vatHalalas: number;
  qr: string;
}

// The app's own typeface (IBM Plex Sans Arabic, which the site ships through @fontsource): its Arabic
// and Latin subsets are separate files, so each run of text is set in the one that has its letters.
// pdfkit lays text out with fontkit, which shapes Arabic (joined letter forms) and sets an Arabic run
// right to left; the order of runs in a line (bidi) is ours, by the Unicode algorithm (bidi-js).
const fontFile = (subset: string, weight: number) =>
  createRequire(import.meta.url).resolve(`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff`);

/** The four font files an invoice is set in: the Arabic and Latin subsets, regular and semibold. */
export type InvoiceFonts = Record<'arabic' | 'arabicBold' | 'latin' | 'latinBold', Uint8Array>;
let fonts: InvoiceFonts | undefined;

/**
 * The fonts, for a runtime without a file system (the Worker bundles the files as data: see
 * src/server/worker-invoice-fonts.ts). Node reads them from node_modules on the first invoice.
 */
export function provideInvoiceFonts(given: InvoiceFonts) {
  fonts = given;
}

function loadFonts(): InvoiceFonts {
  fonts ??= {
    arabic: readFileSync(fontFile('arabic', 400)),
    arabicBold: readFileSync(fontFile('arabic', 600)),
    latin: readFileSync(fontFile('latin', 400)),
    latinBold: readFileSync(fontFile('latin', 600)),
  };
  return fonts;
}

const bidi = bidiFactory();
const ISOLATE_CONTROL = /[\u2066-\u2069]/;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

interface Run {
  text: string;
  level: number;
  arabic: boolean;
}

/**
 * A line's runs in the order they are drawn, left to right: split where the embedding level or the
 * font changes, then reordered by rule L2 (from the highest level to the lowest odd one, every
 * stretch at or above it is reversed). A run keeps its own letters' order: fontkit sets Arabic from
 * right to left itself; another right-to-left run (spaces, punctuation) is reversed and mirrored here.
 */
export function visualRuns(line: string, direction: 'ltr' | 'rtl'): Run[] {
  // Latin runs in Arabic isolated as on the pages ("(25-OH)", not "(OH-25)"); the isolates are not drawn.
  const text = isolateLatinRuns(line);
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: Run[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (ISOLATE_CONTROL.test(char)) continue;
    const level = levels[index]!;
    const arabic = ARABIC.test(char);
    const last = runs.at(-1);
    if (last && last.level === level && last.arabic === arabic) last.text += char;
    else runs.push({ text: char, level, arabic });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) =>
    run.level % 2 === 1 && !run.arabic
      ? {
          ...run,
          text: [...run.text]
            .reverse()
            .map((char) => bidi.getMirroredCharacter(char) ?? char)
            .join(''),
        }
      : run,
  );
}

type Doc = InstanceType<typeof PDFDocument>;

function setRun(doc: Doc, run: Run, bold: boolean, size: number) {
  doc.font(run.arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'latinBold' : 'latin').fontSize(size);
}

/** Draws one line of text at y, aligned to the start of its direction within [x, x + width]. */
function drawText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  { direction, bold = false, size = 10, align }: { direction: 'ltr' | 'rtl'; bold?: boolean; size?: number; align?: 'left' | 'right' },
) {
  const runs = visualRuns(text, direction);
  const measure = (at: number) =>
    runs.map((run) => {
      setRun(doc, run, bold, at);
      return doc.widthOfString(run.text);
    });
  let widths = measure(size);
  // A line longer than its column (a long test and lab name) is set smaller to fit, down to 6 points,
  // rather than running into the next column.
  const natural = widths.reduce((sum, w) => sum + w, 0);
  const fitted = natural > width ? Math.max(6, (size * width) / natural) : size;
  if (fitted !== size) widths = measure(fitted);
  const total = widths.reduce((sum, w) => sum + w, 0);
  let at = (align ?? (direction === 'rtl' ? 'right' : 'left')) === 'right' ? x + width - total : x;
  runs.forEach((run, index) => {
    setRun(doc, run, bold, fitted);
    doc.text(run.text, at, y, { lineBreak: false });
    at += widths[index]!;
  });
}

const amount = (halalas: number) =>
  `SAR ${(halalas / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function riyadhTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Riyadh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (UTC+03:00)`;
}

/**
 * The ZATCA QR drawn as vector squares (crisp at any zoom or print size), `size` points wide with a
 * quiet zone of two modules; the qrcode library gives the modules. No PNG encoder is needed, which the
 * Worker's build of the library does not have.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // A hair wider than the cell, so no seam shows between neighbours in a viewer that smooths edges.
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
}

/**
 * The invoice or credit note as an A4 PDF, every label in English (left) and Arabic (right): the
 * seller and its VAT number, the number and time, the lines, the totals with VAT, and the ZATCA QR.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const loaded = loadFonts();
  // No standard font (`font: ''`): pdfkit would read Helvetica's metrics from its own folder, which a
  // Worker does not have; every run of text is set in the app's fonts registered below.
  const doc = new PDFDocument({ size: 'A4', margin: 40, font: '', info: { Title: invoice.number, Author: invoice.seller.name } });
  for (const [name, bytes] of Object.entries(loaded)) doc.registerFont(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const left = 40;
  const width = doc.page.width - 80;
  const credit = invoice.kind === 'credit_note';
  let y = 40;

  drawText(doc, credit ? 'Credit Note' : 'Simplified Tax Invoice', left, y, width, { direction: 'ltr', bold: true, size: 18 });
  drawText(doc, credit ? 'إشعار دائن' : 'فاتورة ضريبية مبسطة', left, y, width, { direction: 'rtl', bold: true, size: 18 });
  y += 40;

  const field = (en: string, ar: string, value: string) => {
    drawText(doc, en, left, y, width, { direction: 'ltr', size: 9 });
    drawText(doc, ar, left, y, width, { direction: 'rtl', size: 9 });
    drawText(doc, value, left + 140, y, width - 280, {
      direction: ARABIC.test(value) ? 'rtl' : 'ltr',
      bold: true,
      size: 10,
      align: 'left',
    });
    y += 20;
  };
  field(credit ? 'Credit note number' : 'Invoice number', credit ? 'رقم الإشعار' : 'رقم الفاتورة', invoice.number);
  if (invoice.originalNumber) field('Refers to invoice', 'الفاتورة الأصلية', invoice.originalNumber);
  field('Issue date and time', 'تاريخ الإصدار ووقته', riyadhTime(invoice.issuedAt));
  field('Seller', 'البائع', invoice.seller.name);
  field('Seller VAT number', 'الرقم الضريبي للبائع', invoice.seller.vatNumber);
  if (invoice.buyerName) field('Buyer', 'المشتري', invoice.buyerName);
  y += 10;

  // The lines: English description left, Arabic right, the quantity and amount between them.
  const qtyX = left + width * 0.45;
  const amountX = left + width * 0.52;
  const amountWidth = 110;
  doc
    .rect(left, y - 4, width, 22)
    .fill('#eef2f1')
    .fillColor('#000');
  drawText(doc, 'Description', left + 4, y, 200, { direction: 'ltr', bold: true, size: 9 });
  drawText(doc, 'Qty · الكمية', qtyX - 20, y, 60, { direction: 'ltr', bold: true, size: 8 });
  drawText(doc, 'Amount incl. VAT', amountX, y, amountWidth, { direction: 'ltr', bold: true, size: 8, align: 'right' });
  drawText(doc, 'البيان', left, y, width - 4, { direction: 'rtl', bold: true, size: 9 });
  y += 26;
  for (const item of invoice.lines) {
    drawText(doc, item.name_en, left + 4, y, qtyX - left - 30, { direction: 'ltr', size: 9 });
    drawText(doc, String(item.quantity), qtyX, y, 20, { direction: 'ltr', size: 9 });
    drawText(doc, amount(item.total_halalas), amountX, y, amountWidth, { direction: 'ltr', size: 9, align: 'right' });
    y += 15;
    drawText(doc, `VAT 15% included: ${amount(item.vat_halalas)}`, left + 4, y, 200, { direction: 'ltr', size: 7 });
    drawText(doc, item.name_ar, left + 210, y, width - 214, { direction: 'rtl', size: 9 });
    y += 20;
    doc
      .moveTo(left, y - 5)
      .lineTo(left + width, y - 5)
      .strokeColor('#cccccc')
      .stroke();
  }
  y += 8;

  const total = (en: string, ar: string, halalas: number, bold = false) => {
    drawText(doc, en, left + 4, y, 220, { direction: 'ltr', bold, size: 10 });
    drawText(doc, amount(halalas), amountX, y, amountWidth, { direction: 'ltr', bold, size: 10, align: 'right' });
    drawText(doc, ar, left, y, width - 4, { direction: 'rtl', bold, size: 10 });
    y += 20;
  };
  total('Total excluding VAT', 'الإجمالي غير شامل الضريبة', invoice.totalHalalas - invoice.vatHalalas);
  total('VAT (15%)', 'ضريبة القيمة المضافة (15٪)', invoice.vatHalalas);
  total(
    credit ? 'Total credited incl. VAT' : 'Total incl. VAT',
    credit ? 'إجمالي المبلغ الدائن شامل الضريبة' : 'الإجمالي شامل الضريبة',
    invoice.totalHalalas,
    true,
  );
  y += 10;

  drawQr(doc, invoice.qr, left, y, 130);
  drawText(doc, 'Prices include VAT. Issued by the platform as seller of record.', left + 150, y + 40, width - 150, {
    direction: 'ltr',
    size: 8,
  });
  drawText(doc, 'الأسعار شاملة ضريبة القيمة المضافة. صادرة من المنصة بصفتها البائع.', left + 150, y + 60, width - 150, {
    direction: 'rtl',
    size: 8,
  });

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
