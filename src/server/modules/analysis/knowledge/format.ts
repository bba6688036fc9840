import type { ResultFlag } from '../../../../shared/result-values.ts';
import type { SourceId } from './sources.ts';

/**
 * The shape of the analysis's clinical knowledge (issue #54, ADR 0063): rules, explanations and change
 * limits are data in this folder, each naming its published source and carrying its own test cases;
 * code (../conditions.ts, ../findings.ts, ../trends.ts) only evaluates them.
 */

/** Every text a patient reads, in Modern Standard Arabic and in English. Never a diagnosis. */
export interface Bilingual {
  ar: string;
  en: string;
}

/**
 * When a rule holds, over a person's values (each read by its LOINC code). A comparison names the UCUM
 * unit its numbers are in; a value in another unit is converted first. A condition over a value the
 * report does not hold is unknown, and a rule fires only when its condition is surely true
 * (three-valued logic: `all` is false if any part is false, `any` true if any part is true).
 */
export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  /** The value's flag against the range the lab reported it with (HL7 table 0078). */
  | { loinc: string; flag: ResultFlag[] }
  /** The value against thresholds of the source: gte/gt/lte/lt, as many as the source states. */
  | {
      loinc: string;
      unit: string;
      gte?: number;
      gt?: number;
      lte?: number;
      lt?: number;
    }
  | { sex: 'male' | 'female' }
  /** The person's age in whole years on the day of the sample. */
  | { age: { gte?: number; lt?: number } };

/**
 * How strongly the finding asks the reader to act: worth knowing, discuss at a visit, see a doctor soon,
 * and, for a value past its critical limit alone, act today (issue #76).
 */
export type Severity = 'info' | 'discuss' | 'soon' | 'urgent';

/** The severities a pattern rule may have: `urgent` belongs to critical values, which no rule hides or replaces. */
export type RuleSeverity = Exclude<Severity, 'urgent'>;

/** A value a rule's test case gives: a number in the analyte's catalog unit, with the lab's flag when the rule reads flags. */
export type CaseValue = number | [value: number, flag: ResultFlag];

export interface RuleCase {
  /** What the case shows, boundaries named ("HbA1c exactly 6.5 % is the diabetes range, not prediabetes"). */
  name: string;
  sex?: 'male' | 'female';
  age?: number;
  values: Record<string, CaseValue>;
  expect: boolean;
}

/** A pattern across a person's values from one visit. */
export interface PatternRule {
  /** Stable, kebab-case; shown beside the finding and kept with a reminder. */
  id: string;
  /** Raised when the condition or texts change in meaning. */
  version: number;
  /** LOINC codes the condition reads (a test checks this matches the condition). */
  inputs: string[];
  when: Condition;
  severity: RuleSeverity;
  /** The finding names the person's KDIGO CKD category (G and, with an ACR in the visit, A): see ./kidney-stages.ts. */
  kdigoStage?: true;
  title: Bilingual;
  /** What the pattern commonly means, its common causes that are not disease, and when to see a doctor. */
  explanation: Bilingual;
  /** The guideline whose thresholds the condition uses, and any other it leans on. */
  sources: SourceId[];
  /** Analytes (LOINC) whose tests are suggested next; only tests the catalog offers are shown. */
  followUp?: string[];
  /** A retest the patient may ask to be reminded of. */
  retest?: { loinc: string; months: number };
  cases: RuleCase[];
}

/** Why a value may be outside its range without disease; texts in ./causes.ts. */
export type CauseId =
  | 'notFasting'
  | 'fasting'
  | 'ramadan'
  | 'exercise'
  | 'pregnancy'
  | 'supplements'
  | 'biotin'
  | 'dehydration'
  | 'overhydration'
  | 'medication'
  | 'recentIllness'
  | 'menstruation'
  | 'smoking'
  | 'sampleHandling'
  | 'timeOfDay'
  | 'diet'
  | 'sunExposure'
  | 'age'
  | 'urineSample';

/** Whom a cause can apply to; a part left out applies to anyone. */
export interface CauseAppliesTo {
  sex?: 'male' | 'female';
  /** The person's age in whole years on the day of the sample. */
  age?: { gte?: number; lt?: number };
}

/** One cause's text, whom it applies to, and its words for a person whose sex is not known. */
export interface Cause extends Bilingual {
  appliesTo?: CauseAppliesTo;
  /** Said in the third person ("in a woman, …") when the person's sex is not known; without it, the cause is left out then. */
  unknownSex?: Bilingual;
  /** Said after the other causes: the sample, not the person (issue #76: a value's text never opens with it). */
  aboutTheSample?: true;
}

/** What a value in one direction commonly means, and the causes that are not disease. */
export interface Direction {
  means: Bilingual;
  /** Said to a man instead of `means` where `means` names pregnancy or periods among its causes (issue #76). */
  meansForMen?: Bilingual;
  causes: CauseId[];
}

/** What one analyte measures and what a value outside its range commonly means, for the patient. */
export interface AnalyteExplanation {
  loinc: string;
  measures: Bilingual;
  high?: Direction;
  low?: Direction;
  /** For an analyte answered in words (reactive, positive, a dipstick's trace to 3+): what an answer outside the normal ones commonly means. */
  abnormal?: Direction;
  seeDoctor: Bilingual;
  source: SourceId;
}

/** A state the analysis is not told of that changes an analyte's range; texts in ./range-notes.ts. */
export type RangeStateId = 'pregnancy' | 'cycleAndPregnancy';

/** An analyte whose range depends on such a state, and the source that says so. */
export interface RangeNote {
  loinc: string;
  state: RangeStateId;
  source: SourceId;
}

/**
 * Biological variation of an analyte, for the reference change value: the change between two
 * results of one person that is larger than the test's own noise (Fraser, Ann Clin Biochem 2011).
 * Coefficients of variation in percent.
 */
export interface ChangeLimit {
  loinc: string;
  /** Within-subject biological variation. */
  cvi: number;
  /** Analytical variation: the desirable specification, half of cvi, unless the source gives one. */
  cva: number;
  source: SourceId;
}
