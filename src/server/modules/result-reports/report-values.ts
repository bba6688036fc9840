import {
  type Bounds,
  type Comparator,
  isCritical,
  numericFlag,
  type ParsedValue,
  parseResultValue,
  type ResultFlag,
} from '../../../shared/result-values.ts';
import { convertForAnalyte, ucumOfLabUnit } from '../../platform/lab-units.ts';

/**
 * How one value becomes a stored observation: read, converted to its analyte's unit by UCUM, judged
 * against the range that applies to this patient at this lab, and flagged. Pure: the service fetches
 * the analyte and its ranges, and seals what this returns.
 */

export interface AnalyteRules {
  id: number;
  loinc: string;
  name_ar: string;
  name_en: string;
  kind: 'numeric' | 'text';
  unit: string | null;
  decimals: number | null;
  molar_mass: string | null;
  answers: { en: string; ar: string; normal: boolean | null }[];
}

export interface RangeRow {
  analyte_id: number;
  sex: 'any' | 'male' | 'female';
  age_low: number;
  age_high: number | null;
  age_unit: 'd' | 'wk' | 'mo' | 'a';
  condition_en: string | null;
  low: string | null;
  high: string | null;
  unit: string;
  source?: string;
}

/** Where a range came from: the lab's system sent it with the value, the lab set its own, or the published one. */
export type RangeOrigin = 'sent' | 'lab' | 'published';

export interface StoredRange extends Bounds {
  origin: RangeOrigin;
  /** The published source, for a published range. */
  source: string | null;
}

/** One value as sealed in a report version. Numbers in `inAnalyteUnit` and the ranges are in the analyte's unit. */
export interface StoredObservation {
  /** Null for an analyte the test does not list or our catalog does not know (kept, marked as extra). */
  analyteId: number | null;
  loinc: string | null;
  /** What the sender called it, for an extra analyte. */
  label: string | null;
  entered: string;
  value: ParsedValue;
  /** The UCUM code the value was converted with; the unit as sent when it was not recognised. */
  unit: string | null;
  /** The lab's own spelling of the unit, when it is not the UCUM code (`µmol/L`, `K/uL`): shown to the lab. */
  unitAsSent?: string;
  /**
   * The unit was not recognised (issue #76 item 1): the value, its range and its flag are the lab's,
   * as sent, not converted; it stays out of trends and of rules that need its analyte's unit.
   */
  unitNotRecognised?: true;
  inAnalyteUnit: number | null;
  range: StoredRange | null;
  critical: Bounds | null;
  /** The flag that stands: the lab's when it sent one (the lab signs the report), else ours. */
  flag: ResultFlag | null;
  /**
   * When the lab sent a flag and ours differs from it (ADR 0081): both, for the admin's list of
   * disagreements; never shown to the patient in place of the flag that stands.
   */
  disagreement?: { lab: ResultFlag; ours: ResultFlag };
  comment: string | null;
  extra: boolean;
}

/**
 * Why a value cannot be stored. `value_out_of_range`: the number as sent is past `LAB_VALUE_MAX`;
 * `unit_out_of_range`: its unit converts it past that, to no finite number, or to nothing at all.
 */
export type ValueProblem = 'empty' | 'not_a_number' | 'unknown_unit' | 'unit_not_convertible' | 'value_out_of_range' | 'unit_out_of_range';

export class ValueError extends Error {
  override name = 'ValueError';
  constructor(
    readonly problem: ValueProblem,
    readonly index: number,
  ) {
    super(`observation ${index}: ${problem}`);
  }
}

/** The patient a range is chosen for: sex when known, age in completed units when known. */
export interface Patient {
  sex: 'male' | 'female' | null;
  birthDate: Date | null;
  /** When the sample was taken (the booking's time): ages are counted to it. */
  at: Date;
}

/** A patient whose age is not known is taken as an adult of this age: the ranges written are adults'. */
const ASSUMED_ADULT_YEARS = 30;

/** Completed units between birth and `at`, as a birthday counts them. */
export function ageIn(unit: RangeRow['age_unit'], birth: Date, at: Date): number {
  const days = Math.floor((at.getTime() - birth.getTime()) / 86_400_000);
  if (unit === 'd') return days;
  if (unit === 'wk') return Math.floor(days / 7);
  let months = (at.getUTCFullYear() - birth.getUTCFullYear()) * 12 + (at.getUTCMonth() - birth.getUTCMonth());
  if (at.getUTCDate() < birth.getUTCDate()) months -= 1;
  return unit === 'mo' ? months : Math.floor(months / 12);
}

function applies(row: RangeRow, patient: Patient): boolean {
  if (row.condition_en !== null) return false;
  if (row.sex !== 'any' && row.sex !== patient.sex) return false;
  const age = patient.birthDate ? ageIn(row.age_unit, patient.birthDate, patient.at) : row.age_unit === 'a' ? ASSUMED_ADULT_YEARS : null;
  if (age === null) return false;
  return row.age_low <= age && (row.age_high === null || age < row.age_high);
}

/**
 * The largest magnitude a lab value may have, as sent and in its analyte's unit (issue #74). A value is
 * kept as a double in the sealed document, where JSON writes Infinity as null, and compared with range
 * bounds from `numeric` columns, which hold any size. 1e15 is below 2^53, so every whole number up to
 * it is exact, and over a hundred times the largest count labs report in base units (red cells, about
 * 6e12/L): past it a value is a slip of a unit or of the keyboard, never a measurement.
 */
export const LAB_VALUE_MAX = 1e15;

const isLabMagnitude = (value: number) => Number.isFinite(value) && Math.abs(value) <= LAB_VALUE_MAX;

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

const asNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * A range in the analyte's unit; null when a bound does not convert, or converts past any lab value. A
 * converted bound is kept at the analyte's precision, as a converted value is (106 umol/L is 1.20 mg/dL,
 * not 1.1990…): value and range are compared at the same precision, and shown as they were compared.
 */
function boundsIn(row: { low: number | null; high: number | null; unit: string }, analyte: AnalyteRules): Bounds | null {
  const to = analyte.unit ?? row.unit;
  const convert = (bound: number) => {
    if (row.unit === to) return bound;
    const converted = convertForAnalyte(bound, row.unit, to, analyte);
    return converted === null ? null : roundTo(converted, analyte.decimals ?? 2);
  };
  const low = row.low === null ? null : convert(row.low);
  const high = row.high === null ? null : convert(row.high);
  const usable = (bound: number | null, converted: number | null) => bound === null || (converted !== null && isLabMagnitude(converted));
  if (!usable(row.low, low) || !usable(row.high, high)) return null;
  return { low, high };
}

/** The one range of these rows that applies to the patient (a more specific sex wins), in the analyte's unit. */
export function chooseRange(
  rows: readonly RangeRow[],
  analyte: AnalyteRules,
  patient: Patient,
): (Bounds & { source: string | null }) | null {
  const fitting = rows.filter((row) => row.analyte_id === analyte.id && applies(row, patient));
  const row = fitting.find((candidate) => candidate.sex !== 'any') ?? fitting[0];
  if (!row) return null;
  const bounds = boundsIn({ low: asNumber(row.low), high: asNumber(row.high), unit: row.unit }, analyte);
  return bounds && { ...bounds, source: row.source ?? null };
}

/**
 * A range as a lab's system writes it (OBX-7: "3.5-5.1", "<200", ">=40", "3.5 - 5.1"), in the value's
 * unit; null when it is not one of those shapes.
 */
export function parseSentRange(text: string): Bounds | null {
  const cleaned = text.replace(/\s+/g, '');
  const between = /^(-?\d+(?:\.\d+)?)-(-?\d+(?:\.\d+)?)$/.exec(cleaned);
  if (between) {
    const low = Number(between[1]);
    const high = Number(between[2]);
    return low < high ? { low, high } : null;
  }
  const oneSided = /^(<=|>=|<|>)(\d+(?:\.\d+)?)$/.exec(cleaned);
  if (!oneSided) return null;
  const bound = Number(oneSided[2]);
  return oneSided[1]!.startsWith('<') ? { low: null, high: bound } : { low: bound, high: null };
}

export interface Entry {
  entered: string;
  unit: string | null;
  comment: string | null;
  /** A range sent with the value, in the value's unit. */
  sentRange?: Bounds | null;
  /** Flags sent with the value (OBX-8, FHIR interpretation). */
  sentFlags?: readonly string[];
  /** A comparator sent apart from the value (FHIR valueQuantity.comparator). */
  comparator?: Comparator | null;
}

export interface Ranges {
  published: readonly RangeRow[];
  critical: readonly RangeRow[];
  lab: readonly RangeRow[];
}

const KNOWN_FLAGS: ReadonlySet<string> = new Set<ResultFlag>(['N', 'A', 'L', 'H', 'LL', 'HH']);

/**
 * The flag that stands (ADR 0081): the lab's, when its system sent one, for the lab signs the report
 * and knows its own method; ours otherwise. One exception keeps a patient safe: a value past a
 * published critical limit stays critical (and waits for the lab's call) though the lab flagged it
 * only high or low. Where the two differ, ours is kept beside it for the admin's list.
 */
function standingFlag(ours: ResultFlag | null, sent: readonly string[] | undefined): Pick<StoredObservation, 'flag' | 'disagreement'> {
  const theirs = (sent ?? []).find((flag): flag is ResultFlag => KNOWN_FLAGS.has(flag));
  if (!theirs) return { flag: ours };
  const flag = isCritical(ours) && !isCritical(theirs) ? ours : theirs;
  return ours !== null && ours !== theirs ? { flag, disagreement: { lab: theirs, ours } } : { flag };
}

/**
 * One entered value for a known analyte, judged. Throws ValueError for what cannot be stored as it is.
 * The unit is read as labs write it (lab-units.ts), with an administrator's `unitAliases` (keyed by
 * `foldLabUnit`) after the built-in rows.
 */
export function evaluate(
  analyte: AnalyteRules,
  entry: Entry,
  ranges: Ranges,
  patient: Patient,
  index: number,
  unitAliases: ReadonlyMap<string, string> = new Map(),
): StoredObservation {
  const parsed = parseResultValue(entry.entered);
  if (!parsed) throw new ValueError('empty', index);
  const base = { analyteId: analyte.id, loinc: analyte.loinc, label: null, entered: entry.entered, comment: entry.comment, extra: false };
  if (analyte.kind === 'text') {
    const text = parsed.kind === 'text' ? parsed.text : entry.entered.trim();
    const answer = analyte.answers.find((candidate) => candidate.en.toLowerCase() === text.toLowerCase() || candidate.ar === text);
    const flag: ResultFlag | null = answer ? (answer.normal === null ? null : answer.normal ? 'N' : 'A') : null;
    return {
      ...base,
      value: { kind: 'text', text: answer?.en ?? text },
      unit: null,
      inAnalyteUnit: null,
      range: null,
      critical: null,
      ...standingFlag(flag, entry.sentFlags),
    };
  }
  if (parsed.kind !== 'number') throw new ValueError('not_a_number', index);
  if (!isLabMagnitude(parsed.value)) throw new ValueError('value_out_of_range', index);
  const value = entry.comparator ? { ...parsed, comparator: entry.comparator } : parsed;
  const unit = entry.unit === null ? analyte.unit! : ucumOfLabUnit(entry.unit, analyte, unitAliases);
  if (unit === null) throw new ValueError('unknown_unit', index);
  const converted = convertForAnalyte(value.value, unit, analyte.unit!, analyte);
  if (converted === null) throw new ValueError('unit_not_convertible', index);
  // UCUM's arithmetic takes any power of ten: 6.8 10*999.g/dL is Infinity g/dL, 6.8 10*-999.g/dL is 0.
  if (!isLabMagnitude(converted) || (converted === 0 && value.value !== 0)) throw new ValueError('unit_out_of_range', index);
  // A converted value carries the conversion's false precision (5.5 mmol/L is 99.0858 mg/dL): it is
  // kept, and judged, at the analyte's own precision, as it is shown.
  const inAnalyteUnit = unit === analyte.unit ? converted : roundTo(converted, analyte.decimals ?? 2);

  const sent = entry.sentRange ? boundsIn({ ...entry.sentRange, unit }, analyte) : null;
  const lab = sent ? null : chooseRange(ranges.lab, analyte, patient);
  const published = sent || lab ? null : chooseRange(ranges.published, analyte, patient);
  const range: StoredRange | null = sent
    ? { ...sent, origin: 'sent', source: null }
    : lab
      ? { low: lab.low, high: lab.high, origin: 'lab', source: null }
      : published && { low: published.low, high: published.high, origin: 'published', source: published.source };
  const criticalRange = chooseRange(ranges.critical, analyte, patient);
  const critical = criticalRange && { low: criticalRange.low, high: criticalRange.high };
  // A range the lab sent is in the value's own unit: judged there, exactly as the lab wrote both.
  const ours = sent
    ? (numericFlag(inAnalyteUnit, value.comparator, null, critical) ?? numericFlag(value.value, value.comparator, entry.sentRange!, null))
    : numericFlag(inAnalyteUnit, value.comparator, range, critical);
  const asSent = entry.unit !== null && entry.unit !== unit ? { unitAsSent: entry.unit } : {};
  return { ...base, value, unit, ...asSent, inAnalyteUnit, range, critical, ...standingFlag(ours, entry.sentFlags) };
}

/** A value for an analyte the test does not list (or a code we do not know): kept as sent, flagged only as sent. */
export function extraObservation(entry: Entry & { analyteId: number | null; loinc: string | null; label: string }): StoredObservation {
  const parsed = parseResultValue(entry.entered) ?? { kind: 'text' as const, text: entry.entered };
  const value = parsed.kind === 'number' && entry.comparator ? { ...parsed, comparator: entry.comparator } : parsed;
  const range = entry.sentRange ? { ...entry.sentRange, origin: 'sent' as const, source: null } : null;
  const ours = value.kind === 'number' ? numericFlag(value.value, value.comparator, range, null) : null;
  return {
    analyteId: entry.analyteId,
    loinc: entry.loinc,
    label: entry.label,
    entered: entry.entered,
    value,
    unit: entry.unit,
    inAnalyteUnit: null,
    range,
    critical: null,
    ...standingFlag(ours, entry.sentFlags),
    comment: entry.comment,
    extra: true,
  };
}

/**
 * A number for a known analyte whose unit UCUM cannot read, or cannot convert to the analyte's (issue
 * #76 item 1): kept as the lab sent it, with the lab's range and flag, marked so, never converted. The
 * number itself is still bounded (`value_out_of_range`), as every value is.
 */
export function unconvertedObservation(analyte: AnalyteRules, entry: Entry & { unit: string }, index: number): StoredObservation {
  const parsed = parseResultValue(entry.entered);
  if (!parsed) throw new ValueError('empty', index);
  if (parsed.kind !== 'number') throw new ValueError('not_a_number', index);
  if (!isLabMagnitude(parsed.value)) throw new ValueError('value_out_of_range', index);
  const value = entry.comparator ? { ...parsed, comparator: entry.comparator } : parsed;
  const range = entry.sentRange ? { ...entry.sentRange, origin: 'sent' as const, source: null } : null;
  return {
    analyteId: analyte.id,
    loinc: analyte.loinc,
    label: null,
    entered: entry.entered,
    value,
    unit: entry.unit,
    unitNotRecognised: true,
    inAnalyteUnit: null,
    range,
    critical: null,
    ...standingFlag(numericFlag(value.value, value.comparator, range, null), entry.sentFlags),
    comment: entry.comment,
    extra: false,
  };
}

export const anyCritical = (observations: readonly StoredObservation[]) => observations.some((observation) => isCritical(observation.flag));
