import { latinDigits } from './digits.ts';

/**
 * A result value as a lab types it or its system sends it, and the flag it earns against a range.
 * Both the lab's form (to show the flag as the value is typed) and the server (which decides) use this.
 */

/** FHIR's Quantity.comparator: the value is below or above what the method can measure. */
export type Comparator = '<' | '<=' | '>' | '>=';

export type ParsedValue = { kind: 'number'; value: number; comparator: Comparator | null } | { kind: 'text'; text: string };

/**
 * Flags in HL7 table 0078 / FHIR's v3 ObservationInterpretation codes: low, high, critically low,
 * critically high, normal, abnormal (a text answer expected only in disease).
 */
export const resultFlags = ['LL', 'L', 'N', 'H', 'HH', 'A'] as const;
export type ResultFlag = (typeof resultFlags)[number];

/** A range's bounds, both inclusive; either may be absent ("< 200"). */
export interface Bounds {
  low: number | null;
  high: number | null;
}

const COMPARATOR = /^(<=|>=|≤|≥|<|>)\s*/;
const NUMBER = /^[-+]?(\d+([.]\d*)?|[.]\d+)$/;

/**
 * What was typed, read as a number where it is one: Arabic-Indic digits, the Arabic decimal separator
 * and a decimal comma are accepted ("٦٫٨", "6,8"), as is a detection limit ("<0.5", "≥ 1000"). Anything
 * else is text (an answer such as "Negative"); an empty entry is null.
 */
export function parseResultValue(raw: string): ParsedValue | null {
  const text = raw.trim();
  if (text === '') return null;
  const latin = latinDigits(text)
    .replace(/[\u066B,]/g, '.')
    .replace(/\u066C/g, '')
    .replace(/\s+/g, ' ');
  const comparatorMatch = COMPARATOR.exec(latin);
  const rest = comparatorMatch ? latin.slice(comparatorMatch[0].length) : latin;
  if (NUMBER.test(rest)) {
    const value = Number(rest);
    if (Number.isFinite(value)) return { kind: 'number', value, comparator: comparatorOf(comparatorMatch?.[1]) };
  }
  return { kind: 'text', text };
}

function comparatorOf(symbol: string | undefined): Comparator | null {
  switch (symbol) {
    case undefined:
      return null;
    case '≤':
      return '<=';
    case '≥':
      return '>=';
    default:
      return symbol as Comparator;
  }
}

/**
 * The flag of a number against its range and critical limits (all in the same unit), or null when there
 * is no range to judge it by. A value reported below a detection limit counts as low only when the
 * limit itself is at or below the range's low end ("<0.5" against 1–5); likewise above.
 */
export function numericFlag(
  value: number,
  comparator: Comparator | null,
  range: Bounds | null,
  critical: Bounds | null,
): ResultFlag | null {
  const surelyBelow = (bound: number | null) =>
    bound !== null && (comparator === '<' || comparator === '<=' ? value <= bound : comparator === null && value < bound);
  const surelyAbove = (bound: number | null) =>
    bound !== null && (comparator === '>' || comparator === '>=' ? value >= bound : comparator === null && value > bound);
  if (critical && surelyBelow(critical.low)) return 'LL';
  if (critical && surelyAbove(critical.high)) return 'HH';
  if (!range) return null;
  if (surelyBelow(range.low)) return 'L';
  if (surelyAbove(range.high)) return 'H';
  if (comparator === null) return 'N';
  // Normal only when every value the report allows is: "<0.5" against 0–5 (a concentration is never
  // negative), ">40" against "40 or more". "<3" against 1–5 may be low or normal: no flag.
  const within = comparator.startsWith('<')
    ? (range.low === null || range.low <= 0) && (range.high === null || value <= range.high)
    : range.high === null && (range.low === null || value >= range.low);
  return within ? 'N' : null;
}

/** Whether a flag obliges the lab to call the patient before the report is released. */
export const isCritical = (flag: ResultFlag | null): boolean => flag === 'LL' || flag === 'HH';
