import type { Locale } from '../../../shared/locale.ts';
import type { Bounds, Comparator } from '../../../shared/result-values.ts';
import { formatNumber } from '../../lib/format.ts';

/**
 * How a report's numbers read: in the active language's digits (Latin in both, INTL_TAGS), to the
 * analyte's decimals, with the unit as people write it. The caller sets the text left to right.
 */

/** A value to its analyte's decimals; without them, as it came (at most three decimals). */
export function formatResultNumber(value: number, decimals: number | null, locale: Locale): string {
  return formatNumber(value, locale, decimals ?? undefined);
}

const COMPARATOR_SIGNS: Record<Comparator, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** A value below or above what the method measures reads as "< 0.5" / "≥ 1000". */
export function formatResultValue(value: number, comparator: Comparator | null, decimals: number | null, locale: Locale): string {
  const number = formatResultNumber(value, decimals, locale);
  return comparator ? `${COMPARATOR_SIGNS[comparator]} ${number}` : number;
}

/**
 * A range as a report prints it: "3.5–5.1", or one-sided. Bounds are inclusive (a value at the bound
 * is normal: shared/result-values.ts), so one side reads "≤ 200" or "≥ 40". Null for no bounds at all.
 */
export function formatRange(range: Bounds, decimals: number | null, locale: Locale): string | null {
  const low = range.low === null ? null : formatResultNumber(range.low, decimals, locale);
  const high = range.high === null ? null : formatResultNumber(range.high, decimals, locale);
  if (low !== null && high !== null) return `${low}–${high}`;
  if (high !== null) return `≤ ${high}`;
  if (low !== null) return `≥ ${low}`;
  return null;
}

const SUPERSCRIPTS: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};
const superscript = (digits: string) => [...digits].map((digit) => SUPERSCRIPTS[digit] ?? digit).join('');

/**
 * A UCUM code as a reader writes the unit: "10*3/uL" → "10³/µL", "m[IU]/mL" → "mIU/mL",
 * "ng/mL{FEU}" → "ng/mL FEU"; a dimensionless "1" has no unit to show. Only how it reads: the codes
 * themselves (and any conversion, by UCUM) stay the server's.
 */
export function displayUnit(code: string | null): string {
  if (code === null || code === '1') return '';
  return code
    .replace(/\{([^}]*)\}/g, (_, annotation: string) => ` ${annotation.replace(/_/g, ' ')}`)
    .replace(/10\*(-?\d+)/g, (_, exponent: string) => `10${superscript(exponent)}`)
    .replace(/(^|[/.\s])u(?=[A-Za-z[])/g, '$1µ')
    .replace(/[[\]]/g, '')
    .replace(/\/\s+/g, '/')
    .replace(/\bm2\b/g, 'm²')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "6.8 mmol/L": a number's text with its unit, when it has one. */
export function withUnit(text: string, unit: string | null): string {
  const shown = displayUnit(unit);
  return shown ? `${text} ${shown}` : text;
}
