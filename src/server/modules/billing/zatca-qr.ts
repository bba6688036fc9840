import { encodeBase64 } from '@oslojs/encoding';

/** What ZATCA's phase-1 QR code carries (its "QR code generation" guideline for simplified invoices). */
export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** The invoice's time, written as ISO 8601 in UTC to the second: 2022-04-25T15:30:00Z. */
  timestamp: Date;
  /** Halalas, written as riyals with two decimals ("1000.00"). */
  totalHalalas: number;
  vatHalalas: number;
}

const utf8 = new TextEncoder();

function riyals(halalas: number): string {
  return (halalas / 100).toFixed(2);
}

/** ISO 8601 in UTC without milliseconds, the form the guideline's examples use. */
export function zatcaTimestamp(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/**
 * The QR's text: Base64 of five TLV fields, each a tag byte (1 seller name, 2 VAT registration number,
 * 3 timestamp, 4 invoice total with VAT, 5 VAT total), a length byte (of the value's UTF-8 bytes, so an
 * Arabic name counts its bytes, not its letters) and the value.
 */
export function zatcaQr(fields: ZatcaQrFields): string {
  const values = [
    fields.sellerName,
    fields.vatNumber,
    zatcaTimestamp(fields.timestamp),
    riyals(fields.totalHalalas),
    riyals(fields.vatHalalas),
  ].map((value) => utf8.encode(value));
  const bytes = new Uint8Array(values.reduce((length, value) => length + 2 + value.length, 0));
  let at = 0;
  values.forEach((value, index) => {
    // One length byte: the guideline's TLV has no longer form, so a value is at most 255 bytes.
    if (value.length > 255) throw new RangeError(`ZATCA QR field ${index + 1} is longer than 255 bytes`);
    bytes[at++] = index + 1;
    bytes[at++] = value.length;
    bytes.set(value, at);
    at += value.length;
  });
  return encodeBase64(bytes);
}

/** The five fields back from a QR's text, by tag (tests and the PDF's check read it). */
export function readZatcaQr(base64: string): Record<number, string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const fields: Record<number, string> = {};
  const text = new TextDecoder();
  for (let at = 0; at + 2 <= bytes.length; ) {
    const tag = bytes[at]!;
    const length = bytes[at + 1]!;
    fields[tag] = text.decode(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return fields;
}
