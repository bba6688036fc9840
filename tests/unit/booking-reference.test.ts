import { describe, expect, it } from 'vitest';
import { BOOKING_REFERENCE_SYMBOLS, bookingReferenceCheckSymbol, normalizeBookingReference } from '../../src/shared/booking-reference.ts';

// References as PostgreSQL's booking_reference_text (migrations/functions/booking.sql) wrote them for
// 0, 1, 32^7 - 1 and one permuted serial: the same alphabet and check symbol on both sides.
const FROM_THE_DATABASE = ['TH-0000-0000', 'TH-0000-001Y', 'TH-ZZZZ-ZZZ7', 'TH-A283-7NMB'];

/** Seven-symbol payloads from a fixed pseudo-random sequence, so a failure can be replayed. */
function samplePayloads(count: number): string[] {
  let state = 0x2545f491;
  const next = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return BOOKING_REFERENCE_SYMBOLS[state >>> 27]!;
  };
  return Array.from({ length: count }, () => Array.from({ length: 7 }, next).join(''));
}

describe('booking references as typed or sent', () => {
  it('takes a reference as the database wrote it, unchanged', () => {
    for (const reference of FROM_THE_DATABASE) expect(normalizeBookingReference(reference)).toBe(reference);
  });

  it('reads lowercase, spaces, other hyphens and dashes, and no hyphen at all as the same reference', () => {
    for (const typed of [
      'th-a283-7nmb',
      'TH A283 7NMB',
      'TH-A2837NMB',
      'th a2837nmb',
      'TH\u2013A283\u20117NMB',
      ' TH-A283-7NMB\n',
      'THA2837NMB',
    ]) {
      expect(normalizeBookingReference(typed)).toBe('TH-A283-7NMB');
    }
  });

  it('reads the code alone, without TH', () => {
    expect(normalizeBookingReference('A283-7NMB')).toBe('TH-A283-7NMB');
    expect(normalizeBookingReference('a2837nmb')).toBe('TH-A283-7NMB');
  });

  it('reads Arabic-Indic and Persian digits, full-width forms and the direction marks a copy from Arabic text carries', () => {
    expect(normalizeBookingReference('TH-A٢٨٣-٧NMB')).toBe('TH-A283-7NMB');
    expect(normalizeBookingReference('TH-A۲۸۳-۷NMB')).toBe('TH-A283-7NMB');
    expect(normalizeBookingReference('ＴＨ－Ａ２８３－７ＮＭＢ')).toBe('TH-A283-7NMB');
    expect(normalizeBookingReference('\u2068TH-A283-7NMB\u2069')).toBe('TH-A283-7NMB');
    expect(normalizeBookingReference('\u200fTH-A283-7NMB\u200e')).toBe('TH-A283-7NMB');
  });

  it("reads O as zero and I or L as one, as Crockford's alphabet does", () => {
    expect(normalizeBookingReference('TH-OOOO-OO1Y')).toBe('TH-0000-001Y');
    expect(normalizeBookingReference('TH-0000-00IY')).toBe('TH-0000-001Y');
    expect(normalizeBookingReference('th-oooo-oolY')).toBe('TH-0000-001Y');
  });

  it('refuses U, other symbols, another length and the old hexadecimal references', () => {
    expect(normalizeBookingReference('TH-A283-7NMU')).toBeNull();
    expect(normalizeBookingReference('TH-A283-7NM*')).toBeNull();
    expect(normalizeBookingReference('TH-A283-7NM')).toBeNull();
    expect(normalizeBookingReference('TH-A283-7NMBB')).toBeNull();
    expect(normalizeBookingReference('XX-A283-7NMB')).toBeNull();
    expect(normalizeBookingReference('')).toBeNull();
    expect(normalizeBookingReference('Fatimah Al-Harbi')).toBeNull();
    expect(normalizeBookingReference('TH-3F2A9C1B')).toBeNull();
  });

  it('catches every single symbol misread or mistyped', () => {
    for (const payload of samplePayloads(100)) {
      const code = payload + bookingReferenceCheckSymbol(payload);
      for (let position = 0; position < code.length; position++) {
        for (const other of BOOKING_REFERENCE_SYMBOLS) {
          if (other === code[position]) continue;
          const wrong = code.slice(0, position) + other + code.slice(position + 1);
          expect(normalizeBookingReference(wrong), `${code} with ${other} at ${position}`).toBeNull();
        }
      }
    }
  });

  it('catches two neighbours swapped, except 0 and Z (the one pair Luhn mod 32 cannot tell apart)', () => {
    for (const payload of samplePayloads(2000)) {
      const code = payload + bookingReferenceCheckSymbol(payload);
      for (let position = 0; position + 1 < code.length; position++) {
        const [first, second] = [code[position]!, code[position + 1]!];
        if (first === second || [first, second].sort().join('') === '0Z') continue;
        const swapped = code.slice(0, position) + second + first + code.slice(position + 2);
        expect(normalizeBookingReference(swapped), `${code} swapped at ${position}`).toBeNull();
      }
    }
  });
});
