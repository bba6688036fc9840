import { numericFlag, parseResultValue, type ResultFlag } from '../../../shared/result-values.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

/**
 * What the lab's result form computes as a value is typed: the flag it will earn (the server decides
 * on saving, with the same rules), the range it is judged by, and units as people write them.
 */

export type ResultSheet = RouterOutputs['results']['sheet'];
export type SheetAnalyte = ResultSheet['analytes'][number];
export type PatientSex = 'male' | 'female' | null;

/** One analyte's row as typed: the value, its unit (numeric analytes), and a comment. */
export interface RowEntry {
  value: string;
  unit: string | null;
  comment: string;
}

export type TypedReading =
  | { state: 'empty' }
  /** Text typed for a numeric analyte. */
  | { state: 'not_a_number' }
  /** A unit the form has no factor for: the server judges it on saving. */
  | { state: 'unjudged' }
  | { state: 'judged'; flag: ResultFlag | null; inAnalyteUnit: number | null };

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The bounds that apply to this patient: sex matters for many ranges; unknown takes the ranges written for anyone. */
export function rangesFor(analyte: SheetAnalyte, sex: PatientSex) {
  return analyte.ranges[sex ?? 'unknown'];
}

/**
 * A typed value read as the server will read it: Arabic-Indic digits and a decimal comma, a detection
 * limit ("<0.5"), converted to the analyte's unit by the factor the server sent (and, like the server,
 * kept at the analyte's precision once converted), then flagged against the patient's range.
 */
export function readTyped(analyte: SheetAnalyte, entry: RowEntry, sex: PatientSex): TypedReading {
  const parsed = parseResultValue(entry.value);
  if (!parsed) return { state: 'empty' };
  if (analyte.kind === 'text') {
    const text = parsed.kind === 'text' ? parsed.text : entry.value.trim();
    const answer = analyte.answers.find((candidate) => candidate.en.toLowerCase() === text.toLowerCase() || candidate.ar === text);
    const flag: ResultFlag | null = !answer || answer.normal === null ? null : answer.normal ? 'N' : 'A';
    return { state: 'judged', flag, inAnalyteUnit: null };
  }
  if (parsed.kind !== 'number') return { state: 'not_a_number' };
  const own = entry.unit === null || entry.unit === analyte.unit;
  const factor = own ? 1 : analyte.units.find((unit) => unit.code === entry.unit)?.factor;
  if (factor === undefined) return { state: 'unjudged' };
  const inAnalyteUnit = own ? parsed.value : roundTo(parsed.value * factor, analyte.decimals ?? 2);
  const { range, critical } = rangesFor(analyte, sex);
  return { state: 'judged', flag: numericFlag(inAnalyteUnit, parsed.comparator, range, critical), inAnalyteUnit };
}

/** The flag the server gave a value when it was last saved, with what was typed, so it still shows while unchanged. */
export interface SavedFlag {
  value: string;
  unit: string | null;
  flag: ResultFlag | null;
}

/**
 * The flag to show beside a row, if any: the one its typed value earns, or, for a unit the form cannot
 * convert, the server's from the last save while the value is unchanged. A text answer without a
 * judgement shows none ("no range" is for numbers).
 */
export function shownFlag(
  analyte: SheetAnalyte,
  entry: RowEntry,
  sex: PatientSex,
  saved: SavedFlag | undefined,
): { reading: TypedReading; flag: ResultFlag | null; shown: boolean } {
  const reading = readTyped(analyte, entry, sex);
  if (reading.state === 'judged') return { reading, flag: reading.flag, shown: analyte.kind === 'numeric' || reading.flag !== null };
  const unchanged = saved !== undefined && saved.value === entry.value && saved.unit === entry.unit;
  if (reading.state === 'unjudged' && unchanged) return { reading, flag: saved.flag, shown: true };
  return { reading, flag: null, shown: false };
}
