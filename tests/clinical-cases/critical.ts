import type { ClinicalCase, Obx } from './types.ts';

// Critical values: a value past its critical limit (Kost, JAMA 1990, the catalogue's limits: potassium
// <2.8 or >6.2 mmol/L, sodium <120 or >158, glucose <46 or >484 mg/dL, haemoglobin <6.6 g/dL,
// creatinine >7.4 mg/dL) is told to the patient or their doctor at once (ISO 15189:2022 7.4.1.3, CLSI
// GP47). It is its own finding, first, on every plan: a Basic customer sees every critical finding in
// full plus one example of the rest; it names no cause about the sample. Exactly at a limit is not past it.

const K = '2823-3';
const NA = '2951-2';
const CL = '2075-0';
const FPG = '1558-6';
const HB = '718-7';
const CREATININE = '2160-0';
const potassium = (value: string, flag?: Obx['flag'], unit = 'mmol/L'): Obx => ({
  loinc: K,
  text: 'Potassium [Moles/volume] in Serum or Plasma',
  value,
  unit,
  range: '3.5-5.1',
  ...(flag && { flag }),
});
const sodium = (value: string, flag?: Obx['flag'], unit = 'mmol/L'): Obx => ({
  loinc: NA,
  text: 'Sodium [Moles/volume] in Serum or Plasma',
  value,
  unit,
  range: '136-145',
  ...(flag && { flag }),
});
const SOURCES = ['kost1990', 'iso15189_2022', 'clsiGp47'] as const;

export const criticalCases: ClinicalCase[] = [
  {
    name: 'a Basic customer, potassium 6.9 mmol/L (HH) and creatinine 1.6 mg/dL (man of 55, eGFR 51, G3a) in one visit: the critical finding in full, first, plus the one example',
    sources: [...SOURCES, 'kdigo2024', 'ckdEpi2021'],
    person: { sex: 'male', age: 55 },
    obx: [
      sodium('139', 'N'),
      potassium('6.9', 'HH'),
      { loinc: CL, value: '102', unit: 'mmol/L', range: '98-107', flag: 'N' },
      { loinc: CREATININE, value: '1.6', unit: 'mg/dL', range: '0.7-1.2', flag: 'H' },
    ],
    expect: {
      critical: [K],
      egfr: 51,
      order: [K, 'egfr-g3a', CREATININE],
      basic: [K, 'egfr-g3a'],
      stage: { gfr: 'G3a', albuminuria: null },
      causes: [{ loinc: K, exclude: ['sampleHandling'] }],
    },
  },
  {
    name: 'potassium exactly 6.2 mmol/L, the critical limit, no flag sent: high (H), not critical',
    sources: [...SOURCES],
    person: { sex: 'female', age: 60 },
    obx: [potassium('6.2')],
    expect: { critical: [], stored: { [K]: { flag: 'H' } }, order: [K] },
  },
  {
    name: 'potassium 6.3 mmol/L, past the limit, no flag sent: critical (HH), first',
    sources: [...SOURCES],
    person: { sex: 'female', age: 60 },
    obx: [potassium('6.3')],
    expect: { critical: [K], stored: { [K]: { flag: 'HH' } } },
  },
  {
    name: 'potassium 6.9 mmol/L that the lab flagged only H: past the published critical limit, it stays critical (ADR 0079’s one exception)',
    sources: [...SOURCES],
    person: { sex: 'male', age: 72 },
    obx: [potassium('6.9', 'H')],
    expect: { critical: [K], stored: { [K]: { flag: 'HH', number: 6.9 } } },
  },
  {
    name: 'potassium 5.4 mmol/L (H, not critical): its own finding, the sample among its causes (after the others)',
    sources: ['medlinePlusLabTests', 'clsiEp28'],
    person: { sex: 'male', age: 41 },
    obx: [potassium('5.4', 'H')],
    // 5.4 is 0.3 past 5.1, within a quarter of the range's width (1.6 × 0.25 = 0.4): slightly above (CLSI EP28).
    expect: {
      critical: [],
      order: [K],
      causes: [{ loinc: K, include: ['medication', 'sampleHandling'] }],
      grades: { [K]: 'slightlyAbove' },
    },
  },
  {
    name: 'potassium 2.5 mEq/L (LL; mEq = mmol for a monovalent ion): critical low',
    sources: [...SOURCES, 'youngSi1987'],
    person: { sex: 'female', age: 80 },
    obx: [potassium('2.5', 'LL', 'mEq/L')],
    expect: { critical: [K], stored: { [K]: { number: 2.5, flag: 'LL', unit: 'mmol/L' } } },
  },
  {
    name: 'sodium 118 meq/l: critical low, with what to do now',
    sources: [...SOURCES],
    person: { sex: 'female', age: 77 },
    obx: [sodium('118', undefined, 'meq/l')],
    expect: { critical: [NA], stored: { [NA]: { flag: 'LL' } } },
  },
  {
    name: 'fasting glucose 2.2 mmol/L (= 40 mg/dL): critically low (below 46 mg/dL), first',
    sources: [...SOURCES, 'ada2025'],
    person: { sex: 'male', age: 66 },
    obx: [{ loinc: FPG, value: '2.2', unit: 'mmol/L', range: '3.9-5.5' }],
    expect: { critical: [FPG], stored: { [FPG]: { number: 40, flag: 'LL' } }, notFires: ['fasting-glucose-impaired'] },
  },
  {
    name: 'Hb 6.2 g/dL with MCV 70 and ferritin 5 in a woman of 38: the critical haemoglobin first, then the iron-deficiency pattern; Basic sees both',
    sources: [...SOURCES, 'who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'female', age: 38 },
    obx: [
      { loinc: HB, value: '6.2', unit: 'g/dl', range: '12.0-15.5', flag: 'LL' },
      { loinc: '787-2', value: '70', unit: 'fL', range: '80-100', flag: 'L' },
      { loinc: '2276-4', value: '5', unit: 'ng/mL', range: '15-150', flag: 'L' },
    ],
    expect: {
      critical: [HB],
      fires: ['iron-deficiency-anaemia-pattern'],
      order: [HB, 'iron-deficiency-anaemia-pattern'],
      basic: [HB, 'iron-deficiency-anaemia-pattern'],
    },
  },
  {
    name: 'two critical values (potassium 6.8 HH, sodium 119 LL) and an HbA1c of 6.0 %: both critical findings first, in full for Basic, then the one example',
    sources: [...SOURCES, 'ada2025'],
    person: { sex: 'male', age: 63 },
    obx: [sodium('119', 'LL'), potassium('6.8', 'HH'), { loinc: '4548-4', value: '6.0', unit: '%', range: '4.0-5.6', flag: 'H' }],
    expect: { critical: [NA, K], fires: ['hba1c-prediabetes'], basic: [NA, K, 'hba1c-prediabetes'] },
  },
  {
    name: 'potassium 6.0 mmol/L that the lab flags HH by its own, tighter, limit: the lab’s critical flag stands, first',
    sources: [...SOURCES, 'hl7v251'],
    person: { sex: 'female', age: 69 },
    obx: [potassium('6.0', 'HH')],
    expect: { critical: [K], stored: { [K]: { flag: 'HH' } } },
  },
  {
    name: 'fasting glucose 500 mg/dL: critically high (above 484), first; then the diabetes-range finding, the one example for Basic',
    sources: [...SOURCES, 'ada2025'],
    person: { sex: 'male', age: 48 },
    obx: [{ loinc: FPG, value: '500', unit: 'mg/dL', range: '70-99', flag: 'HH' }],
    expect: {
      critical: [FPG],
      fires: ['fasting-glucose-diabetes-range'],
      order: [FPG, 'fasting-glucose-diabetes-range'],
      basic: [FPG, 'fasting-glucose-diabetes-range'],
    },
  },
];
