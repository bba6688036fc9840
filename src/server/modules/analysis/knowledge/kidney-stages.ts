import type { Condition } from './format.ts';

/**
 * KDIGO 2024's categories of chronic kidney disease (issue #76; Kidney Int 2024;105(4S):S117–S314,
 * chapter 1, figure "Prognosis of CKD by GFR and albuminuria category"): the GFR category by eGFR in
 * mL/min/1.73 m², and the albuminuria category by the urine albumin/creatinine ratio in mg/g (the
 * guideline's mg/mmol figures, <3, 3–30 and >30, are its stated approximate equivalents, so the
 * mg/g bounds are the ones evaluated). CKD is abnormal kidney structure or function present for more
 * than 3 months: one result places a value in a category, never a person in a stage. The rules of
 * ./rules.ts read the same bounds; a finding of a rule marked `kdigoStage` names both categories the
 * visit's values fall in.
 */

export const EGFR = '98979-8';
export const EGFR_UNIT = 'mL/min/{1.73_m2}';
/** The catalog's albumin/creatinine ratio (LOINC 9318-7, mg/g), the code labs in the region send for the spot-urine ACR. */
export const ACR = '9318-7';
export const ACR_UNIT = 'mg/g';

interface Bounds {
  gte?: number;
  gt?: number;
  lte?: number;
  lt?: number;
}

/** G1 normal or high, G2 mildly decreased, G3a mildly to moderately, G3b moderately to severely, G4 severely decreased, G5 kidney failure range. */
export const gfrCategories = {
  G1: { gte: 90 },
  G2: { gte: 60, lt: 90 },
  G3a: { gte: 45, lt: 60 },
  G3b: { gte: 30, lt: 45 },
  G4: { gte: 15, lt: 30 },
  G5: { lt: 15 },
} as const satisfies Record<string, Bounds>;

/** A1 normal to mildly increased, A2 moderately increased, A3 severely increased. */
export const albuminuriaCategories = {
  A1: { lt: 30 },
  A2: { gte: 30, lte: 300 },
  A3: { gt: 300 },
} as const satisfies Record<string, Bounds>;

export type GfrCategory = keyof typeof gfrCategories;
export type AlbuminuriaCategory = keyof typeof albuminuriaCategories;

/** The condition "the eGFR is in this category", for a rule. */
export const egfrIn = (category: GfrCategory): Condition => ({ loinc: EGFR, unit: EGFR_UNIT, ...gfrCategories[category] });
/** The condition "the ACR is in this category", for a rule. */
export const acrIn = (category: AlbuminuriaCategory): Condition => ({ loinc: ACR, unit: ACR_UNIT, ...albuminuriaCategories[category] });
