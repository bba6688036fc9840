import type { ResultFlag } from '../../../shared/result-values.ts';
import { convertValue } from '../../platform/units.ts';
import { holds, type Reading, type Subject } from './conditions.ts';
import { ckdEpi2021 } from './egfr.ts';
import type { PatternRule } from './knowledge/format.ts';
import { rules } from './knowledge/rules.ts';

/** The eGFR LOINC code, and the creatinine it is calculated from when a lab did not report it. */
export const EGFR = '98979-8';
const CREATININE = '2160-0';
const EGFR_UNIT = 'mL/min/{1.73_m2}';

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
