import type { Comparator, ResultFlag } from '../../../shared/result-values.ts';
import { convertValue } from '../../platform/units.ts';
import type { Condition } from './knowledge/format.ts';

/** One value of a person's, as a rule reads it. */
export interface Reading {
  /** The number in `unit`, or null for a text answer. */
  value: number | null;
  comparator: Comparator | null;
  unit: string | null;
  flag: ResultFlag | null;
  /** For converting between mass and substance units (mg/dL ↔ mmol/L). */
  molarMass: number | null;
}

/** The person on the day of the sample, and their values by LOINC code. */
export interface Subject {
  sex: 'male' | 'female' | null;
  age: number | null;
  /** Known to be an adult when the age is not known (an account holder: accounts are adults'). */
  adult: boolean;
  readings: ReadonlyMap<string, Reading>;
}

/** True, false, or unknown (a value the condition reads is missing or cannot be compared). */
type Truth = boolean | null;

/**
 * Whether a rule's condition holds for a subject, in three-valued logic: a missing value makes a part
 * unknown, and a rule fires only on a surely true condition.
 */
export function holds(condition: Condition, subject: Subject): Truth {
  if ('all' in condition) {
    const parts = condition.all.map((part) => holds(part, subject));
    return parts.includes(false) ? false : parts.includes(null) ? null : true;
  }
  if ('any' in condition) {
    const parts = condition.any.map((part) => holds(part, subject));
    return parts.includes(true) ? true : parts.includes(null) ? null : false;
  }
  if ('not' in condition) {
    const part = holds(condition.not, subject);
    return part === null ? null : !part;
  }
  if ('sex' in condition) return subject.sex === null ? null : subject.sex === condition.sex;
  if ('age' in condition) return subject.age === null ? adultAge(subject.adult, condition.age) : within(subject.age, null, condition.age);
  const reading = subject.readings.get(condition.loinc);
  if (!reading) return null;
  if ('flag' in condition) return reading.flag === null ? null : condition.flag.includes(reading.flag);
  if (reading.value === null || reading.unit === null) return null;
  const value = convertValue(reading.value, reading.unit, condition.unit, reading.molarMass);
  return value === null ? null : within(value, reading.comparator, condition);
}

/** Of an adult whose age is not known, only "18 and over" (or a lower bound) can be said. */
const ADULT_YEARS = 18;
function adultAge(adult: boolean, bounds: { gte?: number; lt?: number }): Truth {
  return adult && bounds.lt === undefined && (bounds.gte === undefined || bounds.gte <= ADULT_YEARS) ? true : null;
}

interface Thresholds {
  gte?: number;
  gt?: number;
  lte?: number;
  lt?: number;
}

/**
 * A value against thresholds. A value reported past a detection limit ("<0.5") stands for every value
 * on that side of it: a threshold holds if it holds for all of them, fails if it fails for all.
 */
function within(value: number, comparator: Comparator | null, thresholds: Thresholds): Truth {
  const low = comparator === '<' || comparator === '<=' ? Number.NEGATIVE_INFINITY : value;
  const high = comparator === '>' || comparator === '>=' ? Number.POSITIVE_INFINITY : value;
  const tests: Truth[] = [];
  if (thresholds.gte !== undefined) tests.push(low >= thresholds.gte ? true : high < thresholds.gte ? false : null);
  if (thresholds.gt !== undefined) tests.push(low > thresholds.gt ? true : high <= thresholds.gt ? false : null);
  if (thresholds.lte !== undefined) tests.push(high <= thresholds.lte ? true : low > thresholds.lte ? false : null);
  if (thresholds.lt !== undefined) tests.push(high < thresholds.lt ? true : low >= thresholds.lt ? false : null);
  return tests.includes(false) ? false : tests.includes(null) ? null : true;
}

/** The LOINC codes a condition reads, for checking a rule's declared inputs. */
export function codesRead(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(codesRead);
  if ('any' in condition) return condition.any.flatMap(codesRead);
  if ('not' in condition) return codesRead(condition.not);
  if ('loinc' in condition) return [condition.loinc];
  return [];
}
