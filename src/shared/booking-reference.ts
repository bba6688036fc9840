import { latinDigits } from './digits.ts';

// A booking's reference (ADR 0058), as the database writes it (migrations/functions/booking.sql,
// next_booking_reference): `TH-` and eight symbols of Crockford's base 32 in two groups of four, e.g.
// `TH-7K3M-9QXG`. The first seven carry a number, the last is their check symbol (Luhn mod 32), so a
// symbol misread or two neighbours swapped is caught before anything is looked up.

/** Crockford's base 32: digits and letters without I, L, O and U, which are read as 1, 1, 0 or refused. */
export const BOOKING_REFERENCE_SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = BOOKING_REFERENCE_SYMBOLS.length;
const CODE_LENGTH = 8;
const PREFIX = 'TH';

/** Spaces, hyphens and dashes of any script, and the invisible direction marks a copy from Arabic text brings along. */
const SEPARATORS = /[\s\p{Pd}\u2212\p{Cf}]/gu;
/** Crockford's reading of the letters it leaves out: O as zero, I and L as one. */
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** The check symbol of the symbols before it: Luhn's algorithm in base 32 (the "Luhn mod N" algorithm). */
export function bookingReferenceCheckSymbol(payload: string): string {
  let sum = 0;
  let factor = 2;
  for (let index = payload.length - 1; index >= 0; index--) {
    const value = BOOKING_REFERENCE_SYMBOLS.indexOf(payload[index]!);
    if (value < 0) throw new Error(`Not a base-32 symbol: ${payload[index]}`);
    const addend = factor * value;
    sum += Math.floor(addend / BASE) + (addend % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return BOOKING_REFERENCE_SYMBOLS[(BASE - (sum % BASE)) % BASE]!;
}

/**
 * A booking reference as a person typed or read it out, or a lab's system sent it (an HL7 placer
 * order number, a FHIR identifier), written as stored: `TH-XXXX-XXXX`. Case, spaces, hyphens and
 * dashes, direction marks, full-width forms and Arabic-Indic digits do not matter, nor the `TH`
 * before it; O counts as 0 and I or L as 1. Null when it is not a reference: a symbol outside
 * Crockford's alphabet (U), another length, or a check symbol that does not match.
 */
export function normalizeBookingReference(input: string): string | null {
  let symbols = latinDigits(input.normalize('NFKC')).replace(SEPARATORS, '').toUpperCase();
  if (symbols.length === PREFIX.length + CODE_LENGTH && symbols.startsWith(PREFIX)) symbols = symbols.slice(PREFIX.length);
  if (symbols.length !== CODE_LENGTH) return null;
  const code = [...symbols].map((symbol) => LOOK_ALIKES[symbol] ?? symbol).join('');
  if (![...code].every((symbol) => BOOKING_REFERENCE_SYMBOLS.includes(symbol))) return null;
  if (bookingReferenceCheckSymbol(code.slice(0, -1)) !== code.slice(-1)) return null;
  return `${PREFIX}-${code.slice(0, 4)}-${code.slice(4)}`;
}
