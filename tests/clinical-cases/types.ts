import type { CauseId } from '../../src/server/modules/analysis/knowledge/format.ts';
import type { DistanceGrade } from '../../src/server/modules/analysis/knowledge/grading.ts';
import { type SourceId, sources } from '../../src/server/modules/analysis/knowledge/sources.ts';

/**
 * A clinical case corpus (issue #76 item 10): people and their values exactly as a laboratory's system
 * sends them in an ORU^R01 (OBX-3 LOINC, OBX-5 value, OBX-6 unit as labs spell it, OBX-7 range, OBX-8
 * flag), and what the analysis must and must not say of them. Every case names its published source;
 * tests/integration/clinical-cases.test.ts sends each one through POST /hl7/v2 and reads
 * analysis.report as a Premium and as a Basic customer.
 *
 * Cases are written from the sources, not from the code: where a case and a rule disagree, the case
 * says so in `productDefect` and the test expects it to fail until the product is fixed.
 */

/** Sources the corpus cites that the analysis's knowledge does not (yet) cite itself. */
export const corpusSources = {
  escEas2019:
    'Mach F et al. 2019 ESC/EAS Guidelines for the management of dyslipidaemias. Eur Heart J 2020;41(1):111–188 (LDL-C 4.9 mmol/L ≈ 190 mg/dL; TG 1.7 mmol/L ≈ 150 mg/dL)',
  ifccNgsp2007:
    'Hoelzel W et al. IFCC reference system for measurement of HbA1c in human blood and the national standardization schemes in the United States, Japan, and Sweden: a method-comparison study. Clin Chem 2004;50(1):166–174, and the IFCC–NGSP master equation (NGSP % = 0.09148 × IFCC mmol/mol + 2.152); ADA Standards of Care 2025 table 2.1: 6.5 % = 48 mmol/mol, 5.7 % = 39 mmol/mol',
  kost1990:
    'Kost GJ. Critical limits for urgent clinician notification at US medical centers. JAMA 1990;263(5):704–707 (mean adult limits)',
  ucum: 'UCUM 2.1, The Unified Code for Units of Measure (Regenstrief Institute, unitsofmeasure.org)',
  hl7v251:
    'HL7 Version 2.5.1, chapter 7 (ORU^R01: OBX-6 units, OBX-7 references range, OBX-8 abnormal flags) and chapter 2 (escape sequences \\F\\ \\S\\ \\T\\ \\R\\ \\E\\)',
  youngSi1987: 'Young DS. Implementation of SI units for clinical laboratory data. Ann Intern Med 1987;106(1):114–129',
} as const;

export type CorpusSourceId = SourceId | keyof typeof corpusSources;

export const isCitable = (id: string): id is CorpusSourceId => id in sources || id in corpusSources;

/** One OBX as the lab's system writes it. */
export interface Obx {
  loinc: string;
  /** OBX-3.2; the test writes a generic text when left out. */
  text?: string;
  /** OBX-5 exactly as sent ("6.9", "<0.5", "1.40"). */
  value: string;
  /** OBX-2: NM unless told. */
  type?: 'NM' | 'SN' | 'ST';
  /** OBX-6 as the lab spells it (`mg/dl`, `µmol/L`, `10^3/uL`); none when the lab sends none. */
  unit?: string;
  /** Send the unit as the lab's system does when it does not escape `^` (`10^3/uL` as two components). */
  unitUnescaped?: true;
  /** OBX-7, the lab's reference range, as written. */
  range?: string;
  /** OBX-8, the lab's abnormal flag. */
  flag?: 'N' | 'L' | 'H' | 'LL' | 'HH' | 'A';
}

export type Sex = 'male' | 'female';

export interface Person {
  sex: Sex | 'unknown';
  /** Whole years on the day of the visit. */
  age: number | 'unknown';
  /**
   * Where the app learns sex and age: `profile` (default), the account holder's own profile, the lab's
   * PID-7/PID-8 agreeing; `lab`, the profile has neither and only the lab's PID-7/PID-8 say them.
   * An `unknown` sex or age is in neither.
   */
  given?: 'profile' | 'lab';
  /** What the lab's PID-8/PID-7 say when they differ from the profile (a wrong-patient check, issue #76 item 3). */
  pid?: { sex?: Sex; age?: number };
}

/** An earlier visit of the same person, for a trend. */
export interface EarlierVisit {
  daysAgo: number;
  obx: Obx[];
}

export type FindingId = string;

export interface Expected {
  /** Pattern rule ids that must be among the Premium findings. */
  fires?: string[];
  /** Rule ids (or LOINC codes of value findings) that must not be among them. */
  notFires?: string[];
  /** LOINC codes that must be critical findings, in this order, before anything else, on both plans. */
  critical?: string[];
  /** The Premium findings' ids in order, from the first (a prefix). */
  order?: FindingId[];
  /** Exactly the ids a Basic customer sees, in order. */
  basic?: FindingId[];
  /** The eGFR calculated by CKD-EPI 2021 from the visit's creatinine (null: none could be). */
  egfr?: number | null;
  /** The KDIGO categories a kidney finding names. */
  stage?: { gfr: string | null; albuminuria: string | null };
  /** Whose sex and age the analysis used. */
  basis?: { sex: 'profile' | 'lab' | null; age: 'profile' | 'lab' | null };
  /** Trends of the latest visit against the one before (`none`: the analyte must have no trend). */
  trends?: { loinc: string; direction: 'rose' | 'fell' | 'steady' | 'none'; from?: number; to?: number }[];
  /** What the customer's report shows of a value: in its analyte's unit, with the flag that stands. */
  stored?: Record<string, { number?: number | null; flag?: string | null; unitNotRecognised?: boolean; unit?: string | null }>;
  /** The ACK: AA, and the ERR-2 location of each warning (`OBX^3^6`). */
  ack?: { code: 'AA' | 'AE'; warnings?: string[] };
  /** Causes a value finding (or critical finding) of this LOINC must, or must not, list. */
  causes?: { loinc: string; include?: CauseId[]; exclude?: CauseId[] }[];
  /** How far outside its range a value is said to be. */
  grades?: Record<string, DistanceGrade | null>;
}

export interface ClinicalCase {
  name: string;
  /** The published sources the expectation is taken from (ids of knowledge/sources.ts or corpusSources). */
  sources: CorpusSourceId[];
  person: Person;
  /** The latest visit's OBX segments, one ORU^R01 per catalogue test they belong to. */
  obx: Obx[];
  before?: EarlierVisit[];
  expect: Expected;
  /**
   * The product is wrong for this case (what it does, what the source says): the test runs it and
   * expects it to fail, so the corpus stays green and says so until the product is fixed.
   */
  productDefect?: string;
}

/**
 * Words no patient text may hold: the analysis says what a value is commonly seen with, never what the
 * reader has (ADR 0063). "If you have …" is conditional advice ("if you have severe pain …") and allowed.
 */
export const forbiddenPhrases: { pattern: RegExp; why: string }[] = [
  { pattern: /(?<!\bif )\byou have\b/i, why: '"you have" outside "if you have"' },
  { pattern: /\byou are (?:diabetic|anaemic|anemic)\b/i, why: 'a diagnosis of the reader' },
  {
    pattern: /\byou(?:'ve| have)? (?:got )?(?:diabetes|anaemia|anemia|chronic kidney disease|hypothyroidism|hyperthyroidism)\b/i,
    why: 'a diagnosis of the reader',
  },
  { pattern: /\bdiagnosed with\b/i, why: 'a diagnosis of the reader' },
  { pattern: /\byou suffer\b/i, why: 'a diagnosis of the reader' },
  { pattern: /لديك مرض/, why: '"you have a disease" (Arabic)' },
  { pattern: /أنت مصاب|أنتِ مصابة|مصاب بمرض|مصاب بالسكري|مصاب بفقر/, why: '"you are afflicted with" (Arabic)' },
  { pattern: /لديك (?:السكري|سكري|فقر الدم|فقر دم|قصور)/, why: 'a diagnosis of the reader (Arabic)' },
  { pattern: /تعاني من/, why: '"you suffer from" (Arabic)' },
];

/** Causes a man is never offered (issue #76 item 7). */
export const notForMen: CauseId[] = ['pregnancy', 'menstruation'];
