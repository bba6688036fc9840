import type { Locale } from '../../shared/locale.ts';
import type { Bounds, Comparator } from '../../shared/result-values.ts';
import { displayUnit } from '../../shared/unit-display.ts';
import { formatNumber } from './format.ts';

export { displayUnit };

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

/** "6.8 mmol/L": a number's text with its unit, when it has one. */
export function withUnit(text: string, unit: string | null): string {
  const shown = displayUnit(unit);
  return shown ? `${text} ${shown}` : text;
}
