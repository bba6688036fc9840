import { describe, expect, it } from 'vitest';
import { readZatcaQr, zatcaQr } from '../../src/server/modules/billing/zatca-qr.ts';

describe('the ZATCA phase-1 QR (TLV in Base64)', () => {
  it("encodes the guideline's example exactly", () => {
    // ZATCA's QR guideline: seller "Bobs Records", VAT 310122393500003, 2022-04-25T15:30:00Z, 1000.00, 150.00.
    // Expected bytes: 01 0C "Bobs Records" 02 0F "310122393500003" 03 14 "2022-04-25T15:30:00Z" 04 07 "1000.00" 05 06 "150.00".
    const qr = zatcaQr({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: new Date('2022-04-25T15:30:00Z'),
      totalHalalas: 100_000,
      vatHalalas: 15_000,
    });
    expect(qr).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('counts an Arabic name in UTF-8 bytes and reads back the five fields', () => {
    const qr = zatcaQr({
      sellerName: 'شركة تحاليل',
      vatNumber: '300000000000003',
      timestamp: new Date('2026-11-23T21:05:07.123Z'),
      totalHalalas: 21_525,
      vatHalalas: 2_808,
    });
    const bytes = Uint8Array.from(atob(qr), (c) => c.charCodeAt(0));
    expect([bytes[0], bytes[1]]).toEqual([1, new TextEncoder().encode('شركة تحاليل').length]);
    expect(readZatcaQr(qr)).toEqual({
      1: 'شركة تحاليل',
      2: '300000000000003',
      3: '2026-11-23T21:05:07Z',
      4: '215.25',
      5: '28.08',
    });
  });
});
