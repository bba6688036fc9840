import type { ClinicalCase, Obx } from './types.ts';

// Kidney: KDIGO 2024's GFR categories (G1 ≥90, G2 60–89, G3a 45–59, G3b 30–44, G4 15–29, G5 <15) and
// albuminuria categories (A1 <30, A2 30–300, A3 >300 mg/g), with the eGFR calculated by the race-free
// CKD-EPI 2021 creatinine equation (Inker et al., NEJM 2021) where the lab sends none:
//
//   eGFR = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 [female]
//   κ 0.7 (F) or 0.9 (M), α −0.241 (F) or −0.302 (M); Scr in mg/dL; rounded to a whole number.
//
// Each expected eGFR below was worked out from that equation by hand (a calculator, not the app's code):
// every creatinine here is above κ, so eGFR = 142 × (Scr/κ)^−1.2 × 0.9938^age (× 1.012 for a woman).
// Boundary pairs sit on both sides of 90, 60, 45, 30 and 15, each value far from a rounding half.

const CREATININE = '2160-0';
const EGFR = '98979-8';
const ACR = '9318-7';
const BUN = '3094-0';

const creatinine = (value: string, unit = 'mg/dL', extra: Partial<Obx> = {}): Obx => ({
  loinc: CREATININE,
  text: 'Creatinine [Mass/volume] in Serum or Plasma',
  value,
  unit,
  ...extra,
});
const egfrSent = (value: string): Obx => ({
  loinc: EGFR,
  text: 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)',
  value,
  unit: 'mL/min/1.73m2',
  range: '>=90',
});
const acr = (value: string, unit = 'mg/g', range = '<30'): Obx => ({
  loinc: ACR,
  text: 'Albumin/Creatinine [Mass Ratio] in Urine',
  value,
  unit,
  range,
});

const KIDNEY_RULES = ['egfr-g2', 'egfr-g3a', 'egfr-g3b', 'egfr-g4', 'egfr-g5'];
const except = (...ids: string[]) => KIDNEY_RULES.filter((id) => !ids.includes(id));
const SOURCES = ['kdigo2024', 'ckdEpi2021'] as const;

export const kidneyCases: ClinicalCase[] = [
  {
    name: 'G1/G2 boundary, upper side: a woman of 35, creatinine 0.86 mg/dL → eGFR 90 (142 × 1.2286^−1.2 × 0.9938^35 × 1.012 = 90.29), G1: no kidney finding',
    sources: [...SOURCES],
    person: { sex: 'female', age: 35 },
    obx: [creatinine('0.86', 'mg/dL', { range: '0.50-0.90', flag: 'N' })],
    expect: { egfr: 90, notFires: KIDNEY_RULES },
  },
  {
    name: 'G1/G2 boundary, lower side: a woman of 35, creatinine 0.87 mg/dL → eGFR 89 (89.05), G2, said to be not kidney disease on its own',
    sources: [...SOURCES],
    person: { sex: 'female', age: 35 },
    obx: [creatinine('0.87', 'mg/dl', { range: '0.50-0.90', flag: 'N' })],
    expect: { egfr: 89, fires: ['egfr-g2'], notFires: except('egfr-g2'), stage: { gfr: 'G2', albuminuria: null }, order: ['egfr-g2'] },
  },
  {
    name: 'G2/G3a boundary, upper side: a woman of 62, creatinine 1.05 mg/dL → eGFR 60 (60.08), G2',
    sources: [...SOURCES],
    person: { sex: 'female', age: 62 },
    obx: [creatinine('1.05')],
    expect: { egfr: 60, fires: ['egfr-g2'], notFires: except('egfr-g2'), stage: { gfr: 'G2', albuminuria: null } },
  },
  {
    name: 'G2/G3a boundary, lower side: a woman of 62, creatinine 1.06 mg/dL → eGFR 59 (59.40), G3a, with a 3-month retest',
    sources: [...SOURCES],
    person: { sex: 'female', age: 62 },
    obx: [creatinine('1.06')],
    expect: {
      egfr: 59,
      fires: ['egfr-g3a'],
      notFires: except('egfr-g3a'),
      stage: { gfr: 'G3a', albuminuria: null },
      order: ['egfr-g3a', CREATININE],
      basic: ['egfr-g3a'],
    },
  },
  {
    name: 'G3a/G3b boundary, upper side: a man of 54, creatinine 1.77 mg/dL → eGFR 45 (142 × 1.9667^−1.2 × 0.9938^54 = 45.08), G3a',
    sources: [...SOURCES],
    person: { sex: 'male', age: 54 },
    obx: [creatinine('1.77', 'mg/dL', { range: '0.70-1.20', flag: 'H' })],
    expect: { egfr: 45, fires: ['egfr-g3a'], notFires: except('egfr-g3a'), stage: { gfr: 'G3a', albuminuria: null } },
  },
  {
    name: 'G3a/G3b boundary, lower side: a man of 54, creatinine 1.80 mg/dL → eGFR 44 (44.18), G3b, "soon"',
    sources: [...SOURCES],
    person: { sex: 'male', age: 54 },
    obx: [creatinine('1.80', 'mg/dL', { range: '0.70-1.20', flag: 'H' })],
    expect: { egfr: 44, fires: ['egfr-g3b'], notFires: except('egfr-g3b'), stage: { gfr: 'G3b', albuminuria: null }, order: ['egfr-g3b'] },
  },
  {
    name: 'G3b/G4 boundary, upper side: a woman of 68, creatinine 1.81 mg/dL → eGFR 30 (30.11), G3b',
    sources: [...SOURCES],
    person: { sex: 'female', age: 68 },
    obx: [creatinine('1.81')],
    expect: { egfr: 30, fires: ['egfr-g3b'], notFires: except('egfr-g3b'), stage: { gfr: 'G3b', albuminuria: null } },
  },
  {
    name: 'G3b/G4 boundary, lower side: a woman of 68, creatinine 1.86 mg/dL → eGFR 29 (29.14), G4',
    sources: [...SOURCES],
    person: { sex: 'female', age: 68 },
    obx: [creatinine('1.86')],
    expect: { egfr: 29, fires: ['egfr-g4'], notFires: except('egfr-g4'), stage: { gfr: 'G4', albuminuria: null } },
  },
  {
    name: 'G4/G5 boundary, upper side: a man of 70, creatinine 4.04 mg/dL → eGFR 15 (142 × 4.4889^−1.2 × 0.9938^70 = 15.16), G4',
    sources: [...SOURCES],
    person: { sex: 'male', age: 70 },
    obx: [creatinine('4.04', 'mg/dL', { range: '0.70-1.20', flag: 'H' })],
    expect: { egfr: 15, fires: ['egfr-g4'], notFires: except('egfr-g4'), stage: { gfr: 'G4', albuminuria: null } },
  },
  {
    name: 'G4/G5 boundary, lower side: a man of 70, creatinine 4.27 mg/dL → eGFR 14 (14.18), G5',
    sources: [...SOURCES],
    person: { sex: 'male', age: 70 },
    obx: [creatinine('4.27', 'mg/dL', { range: '0.70-1.20', flag: 'H' })],
    expect: { egfr: 14, fires: ['egfr-g5'], notFires: except('egfr-g5'), stage: { gfr: 'G5', albuminuria: null } },
  },
  {
    name: 'an account holder of 64 (his own profile), creatinine 1.4 mg/dL → eGFR 56 (142 × 1.5556^−1.2 × 0.9938^64 = 56.13), G3a, judged by his profile',
    sources: [...SOURCES],
    person: { sex: 'male', age: 64, given: 'profile' },
    obx: [creatinine('1.4', 'mg/dL', { range: '0.7-1.2', flag: 'H' })],
    expect: { egfr: 56, fires: ['egfr-g3a'], stage: { gfr: 'G3a', albuminuria: null }, basis: { sex: 'profile', age: 'profile' } },
  },
  {
    name: 'the same message for an account holder with no profile sex or age: PID-7 and PID-8 are used, and the analysis says so',
    sources: [...SOURCES, 'hl7v251'],
    person: { sex: 'male', age: 64, given: 'lab' },
    obx: [creatinine('1.4', 'mg/dL', { range: '0.7-1.2', flag: 'H' })],
    expect: { egfr: 56, fires: ['egfr-g3a'], stage: { gfr: 'G3a', albuminuria: null }, basis: { sex: 'lab', age: 'lab' } },
  },
  {
    name: 'no age anywhere (profile empty, PID-7 empty): no eGFR is calculated and no kidney category is claimed',
    sources: [...SOURCES],
    person: { sex: 'male', age: 'unknown' },
    obx: [creatinine('1.4', 'mg/dL', { range: '0.7-1.2', flag: 'H' })],
    expect: { egfr: null, notFires: KIDNEY_RULES, basis: { sex: 'profile', age: null }, order: [CREATININE] },
  },
  {
    name: 'a woman of 66, creatinine 124 µmol/L (÷ 88.4 = 1.40 mg/dL) → eGFR 41 (142 × 2.0^−1.2 × 0.9938^66 × 1.012 = 41.49), G3b',
    sources: [...SOURCES, 'youngSi1987'],
    person: { sex: 'female', age: 66 },
    obx: [creatinine('124', 'µmol/L', { range: '44-80', flag: 'H' })],
    expect: {
      egfr: 41,
      fires: ['egfr-g3b'],
      stage: { gfr: 'G3b', albuminuria: null },
      stored: { [CREATININE]: { number: 1.4, flag: 'H', unit: 'mg/dL' } },
    },
  },
  {
    name: 'the lab reports eGFR 52 with an ACR of 45 mg/g: G3a with A2, both rules, the lab’s eGFR used (none calculated)',
    sources: ['kdigo2024'],
    person: { sex: 'male', age: 65 },
    obx: [
      creatinine('1.3', 'mg/dL', { range: '0.7-1.2', flag: 'H' }),
      { loinc: BUN, value: '19', unit: 'mg/dL', range: '6-20', flag: 'N' },
      egfrSent('52'),
      acr('45'),
    ],
    expect: { egfr: null, fires: ['egfr-g3a', 'albuminuria'], notFires: ['albuminuria-a3'], stage: { gfr: 'G3a', albuminuria: 'A2' } },
  },
  {
    name: 'ACR 3.4 mg/mmol (× 8.84 = 30 mg/g) in a man of 58 with creatinine 1.2 mg/dL (eGFR 70, G2): A2 with G2',
    sources: ['kdigo2024', 'ckdEpi2021'],
    person: { sex: 'male', age: 58 },
    obx: [creatinine('1.2', 'mg/dL', { range: '0.7-1.2', flag: 'N' }), acr('3.4', 'mg/mmol', '<3.0')],
    expect: { egfr: 70, fires: ['albuminuria', 'egfr-g2'], stage: { gfr: 'G2', albuminuria: 'A2' }, stored: { [ACR]: { number: 30 } } },
  },
  {
    name: 'ACR 350 mg/g with a lab eGFR of 25: G4 with A3, both "soon", the eGFR first (the rules’ order)',
    sources: ['kdigo2024'],
    person: { sex: 'female', age: 71 },
    obx: [egfrSent('25'), acr('350')],
    expect: {
      fires: ['egfr-g4', 'albuminuria-a3'],
      notFires: ['albuminuria'],
      stage: { gfr: 'G4', albuminuria: 'A3' },
      order: ['egfr-g4', 'albuminuria-a3'],
    },
  },
  {
    name: 'A1/A2 boundary: ACR 29 mg/g is A1, no albuminuria finding; eGFR 92 sent by the lab is G1',
    sources: ['kdigo2024'],
    person: { sex: 'female', age: 40 },
    obx: [egfrSent('92'), acr('29')],
    expect: { notFires: ['albuminuria', 'albuminuria-a3', ...KIDNEY_RULES] },
  },
  {
    name: 'ACR 3.0 mg/mmol is 26.5 mg/g: A1 by the mg/g bound KDIGO states exactly (its "3 mg/mmol" is an approximation; ADR 0080)',
    sources: ['kdigo2024'],
    person: { sex: 'male', age: 50 },
    obx: [acr('3.0', 'mg/mmol', '<3.0')],
    expect: { notFires: ['albuminuria', 'albuminuria-a3'], stored: { [ACR]: { number: 27 } } },
  },
  {
    name: 'a creatinine of 106 umol/L sent with range 62-106 and flag N: the lab’s N stands (1.20 mg/dL), no creatinine finding; eGFR 76 (man of 45)',
    sources: ['kdigo2024', 'ckdEpi2021', 'hl7v251'],
    person: { sex: 'male', age: 45 },
    obx: [creatinine('106', 'umol/L', { range: '62-106', flag: 'N' })],
    expect: { egfr: 76, fires: ['egfr-g2'], notFires: [CREATININE], stored: { [CREATININE]: { number: 1.2, flag: 'N' } } },
  },
  {
    name: 'a creatinine of 7.9 mg/dL, past its critical limit (7.4): the critical finding first, then G5 (eGFR 8, man of 50)',
    sources: ['kdigo2024', 'ckdEpi2021', 'kost1990', 'clsiGp47'],
    person: { sex: 'male', age: 50 },
    obx: [creatinine('7.9', 'mg/dL', { range: '0.7-1.2', flag: 'HH' })],
    expect: { egfr: 8, critical: [CREATININE], fires: ['egfr-g5'], order: [CREATININE, 'egfr-g5'], basic: [CREATININE, 'egfr-g5'] },
  },
  {
    name: 'sex unknown (profile empty, PID-8 U), age 60, creatinine 1.2 mg/dL: CKD-EPI needs the sex, so no eGFR and no kidney category',
    sources: [...SOURCES],
    person: { sex: 'unknown', age: 60 },
    obx: [creatinine('1.2', 'mg/dL', { range: '0.6-1.2', flag: 'N' })],
    expect: { egfr: null, notFires: KIDNEY_RULES, basis: { sex: null, age: 'profile' } },
  },
  {
    name: 'an account holder of 17, creatinine 1.3 mg/dL: CKD-EPI 2021 is for adults (18 and over), so no adult eGFR is calculated',
    sources: [...SOURCES],
    person: { sex: 'male', age: 17 },
    obx: [creatinine('1.3', 'mg/dL', { range: '0.5-1.0', flag: 'H' })],
    expect: { egfr: null, notFires: KIDNEY_RULES, order: [CREATININE] },
  },
  {
    name: 'the lab reports eGFR ">90" with an ACR of 45 mg/g: G1 with A2 (KDIGO counts it as CKD only with the albumin), no eGFR rule',
    sources: ['kdigo2024', 'hl7v251'],
    person: { sex: 'female', age: 37 },
    obx: [egfrSent('>90'), acr('45')],
    expect: { fires: ['albuminuria'], notFires: KIDNEY_RULES, stage: { gfr: 'G1', albuminuria: 'A2' } },
  },
  {
    name: 'the lab reports eGFR ">60" (a cap some labs use) with an ACR of 45 mg/g: G1 or G2, so no G category is named and no eGFR rule fires',
    sources: ['kdigo2024', 'hl7v251'],
    person: { sex: 'male', age: 59 },
    obx: [egfrSent('>60'), acr('45')],
    expect: { fires: ['albuminuria'], notFires: KIDNEY_RULES, stage: { gfr: null, albuminuria: 'A2' } },
  },
  {
    name: 'a woman of 62 (her profile) whose lab sends PID-8 M: the ACK warns of PID-8, and the analysis keeps her own sex: creatinine 1.06 mg/dL → eGFR 59, G3a (as a man it would be 79, G2)',
    sources: [...SOURCES, 'hl7v251'],
    person: { sex: 'female', age: 62, pid: { sex: 'male' } },
    obx: [creatinine('1.06')],
    expect: {
      ack: { code: 'AA', warnings: ['PID^1^8'] },
      egfr: 59,
      fires: ['egfr-g3a'],
      notFires: ['egfr-g2'],
      basis: { sex: 'profile', age: 'profile' },
    },
  },
];
