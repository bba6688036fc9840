import type { ResultFlag } from '../../../shared/result-values.ts';
import { convertValue } from '../../platform/units.ts';
import { holds, type Reading, type Subject } from './conditions.ts';
import { ckdEpi2021 } from './egfr.ts';
import { causes } from './knowledge/causes.ts';
import type { Bilingual, Cause, CauseAppliesTo, CauseId, PatternRule } from './knowledge/format.ts';
import { type DistanceGrade, distanceGrading } from './knowledge/grading.ts';
import {
  type AlbuminuriaCategory,
  acrIn,
  albuminuriaCategories,
  EGFR,
  EGFR_UNIT,
  egfrIn,
  type GfrCategory,
  gfrCategories,
} from './knowledge/kidney-stages.ts';
import { rangeNotes, rangeStates } from './knowledge/range-notes.ts';
import { rules } from './knowledge/rules.ts';

/** The eGFR LOINC code, and the creatinine it is calculated from when a lab did not report it. */
export { EGFR };

const CREATININE = '2160-0';

/** A person's values as the analysis reads them, with where each came from. */
export interface PersonValues {
  sex: 'male' | 'female' | null;
  /** Whole years on the day of the sample, when the birth date is known. */
  age: number | null;
  /** An account holder's age is not asked: accounts are adults', as the ranges assume. */
  adult: boolean;
  readings: Map<string, Reading>;
}

/**
 * What the rules read: the values, with the eGFR calculated by CKD-EPI 2021 from creatinine, age and
 * sex where the lab did not report one. Answers which codes were calculated.
 */
export function subjectOf(person: PersonValues): { subject: Subject; derived: string[] } {
  const readings = new Map(person.readings);
  const derived: string[] = [];
  const creatinine = readings.get(CREATININE);
  const mgDl =
    creatinine?.value != null && creatinine.unit !== null && creatinine.comparator === null
      ? convertValue(creatinine.value, creatinine.unit, 'mg/dL', creatinine.molarMass)
      : null;
  if (!readings.has(EGFR) && mgDl !== null) {
    const egfr = person.sex && person.age !== null ? ckdEpi2021(mgDl, person.age, person.sex) : null;
    if (egfr !== null) {
      readings.set(EGFR, { value: egfr, comparator: null, unit: EGFR_UNIT, flag: null, molarMass: null });
      derived.push(EGFR);
    }
  }
  return { subject: { sex: person.sex, age: person.age, adult: person.adult, readings }, derived };
}

/** The rules that fire for a subject, in the order of the rules file. */
export function firedRules(subject: Subject, all: readonly PatternRule[] = rules): PatternRule[] {
  return all.filter((rule) => holds(rule.when, subject) === true);
}

/** The flags that earn a value its own explanation. */
export const outOfRange: readonly ResultFlag[] = ['L', 'LL', 'H', 'HH', 'A'];

/** The KDIGO categories a subject's eGFR and ACR fall in, each null when the visit has no such value (or it straddles a bound). */
export function kdigoStageOf(subject: Subject): { gfr: GfrCategory | null; albuminuria: AlbuminuriaCategory | null } {
  const gfr = (Object.keys(gfrCategories) as GfrCategory[]).find((category) => holds(egfrIn(category), subject) === true) ?? null;
  const albuminuria =
    (Object.keys(albuminuriaCategories) as AlbuminuriaCategory[]).find((category) => holds(acrIn(category), subject) === true) ?? null;
  return { gfr, albuminuria };
}

/** The person a text is chosen for: sex and age when known. */
type Person = Pick<Subject, 'sex' | 'age'>;

/**
 * A cause's (or range note's) words for a person, or null when it cannot apply to them: a sex-limited
 * one is left out for the other sex and said in its third-person words when the sex is not known (left
 * out when it has none); one limited by age is left out only when the age is known and outside it.
 */
export function wordsFor(entry: Cause, person: Person): Bilingual | null {
  const applies: CauseAppliesTo = entry.appliesTo ?? {};
  if (applies.age && person.age !== null) {
    const { gte, lt } = applies.age;
    if ((gte !== undefined && person.age < gte) || (lt !== undefined && person.age >= lt)) return null;
  }
  if (applies.sex && person.sex !== applies.sex) {
    if (person.sex !== null || !entry.unknownSex) return null;
    return entry.unknownSex;
  }
  return { en: entry.en, ar: entry.ar };
}

/**
 * The causes of a value outside its range that can apply to the person, the ones about the sample
 * after the others (issue #76: a text never opens with them); for a critical value, none about the
 * sample: the lab checks the sample before it calls (CLSI GP47).
 */
export function causesFor(ids: readonly CauseId[], person: Person, critical = false) {
  const ordered = [...ids.filter((id) => !causes[id].aboutTheSample), ...(critical ? [] : ids.filter((id) => causes[id].aboutTheSample))];
  return ordered.flatMap((id) => {
    const words = wordsFor(causes[id], person);
    return words ? [{ id, ...words }] : [];
  });
}

const rangeNoteOf = new Map(rangeNotes.map((note) => [note.loinc, note]));

/** Where an analyte's range depends on a state the analysis is not told of (pregnancy, the cycle), its words for the person. */
export function rangeNoteFor(loinc: string, person: Person) {
  const note = rangeNoteOf.get(loinc);
  if (!note) return null;
  const words = wordsFor(rangeStates[note.state], person);
  return words ? { ...words, source: note.source } : null;
}

/** How far a value is outside its range, by ./knowledge/grading.ts; null where that cannot be said. */
export function distanceGrade(
  value: number | null,
  comparator: string | null,
  range: { low: number | null; high: number | null } | null,
): DistanceGrade | null {
  if (value === null || comparator !== null || !range) return null;
  const { low, high } = range;
  const width = low !== null && high !== null && high > low ? high - low : null;
  const slightly = (distance: number, bound: number) => {
    const scale = width ?? Math.abs(bound);
    // The tolerance keeps a distance of exactly a quarter (5.5 against 3.5–5.1) from failing by float rounding.
    return scale > 0 && distance <= distanceGrading.slightlyWithin * scale + scale * 1e-9;
  };
  if (low !== null && value < low) return slightly(low - value, low) ? 'slightlyBelow' : 'wellBelow';
  if (high !== null && value > high) return slightly(value - high, high) ? 'slightlyAbove' : 'wellAbove';
  return null;
}
