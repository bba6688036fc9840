import type { ClinicalCase, Obx } from './types.ts';

// Lipids: NCEP ATP III (LDL 130–159 borderline high, 160–189 high, ≥190 very high; triglycerides
// ≥150 high, ≥500 very high; HDL low below 40 mg/dL in men, below 50 in women: the metabolic syndrome
// criterion), ESC/EAS 2019 for the same thresholds in mmol/L. A man is never offered pregnancy as a
// cause (issue #76 item 7).

const LDL = '13457-7';
const TG = '2571-8';
const HDL = '2085-9';
const ldl = (value: string, unit = 'mg/dL', flag: Obx['flag'] = 'H'): Obx => ({
  loinc: LDL,
  text: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
  value,
  unit,
  range: unit.startsWith('mmol') ? '<2.6' : '<100',
  flag,
});
const tg = (value: string, unit = 'mg/dL'): Obx => ({
  loinc: TG,
  text: 'Triglyceride [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range: unit.startsWith('mmol') ? '<1.7' : '<150',
});
const hdl = (value: string, unit = 'mg/dL'): Obx => ({
  loinc: HDL,
  text: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range: unit.startsWith('mmol') ? '>1.0' : '>40',
});

export const lipidCases: ClinicalCase[] = [
  {
    name: 'LDL 159 mg/dL: borderline high, not the "high" rule (NCEP 160)',
    sources: ['ncepAtp3'],
    person: { sex: 'male', age: 50 },
    obx: [ldl('159')],
    expect: { notFires: ['ldl-high', 'ldl-very-high'], order: [LDL] },
  },
  {
    name: 'LDL 160 mg/dL: exactly high',
    sources: ['ncepAtp3'],
    person: { sex: 'male', age: 50 },
    obx: [ldl('160')],
    expect: { fires: ['ldl-high'], notFires: ['ldl-very-high'] },
  },
  {
    name: 'LDL 189 mg/dL: high, not very high',
    sources: ['ncepAtp3'],
    person: { sex: 'female', age: 58 },
    obx: [ldl('189')],
    expect: { fires: ['ldl-high'], notFires: ['ldl-very-high'] },
  },
  {
    name: 'LDL 190 mg/dL: exactly very high ("soon")',
    sources: ['ncepAtp3'],
    person: { sex: 'female', age: 58 },
    obx: [ldl('190')],
    expect: { fires: ['ldl-very-high'], notFires: ['ldl-high'], order: ['ldl-very-high'] },
  },
  {
    name: 'LDL 5.0 mmol/L (× 38.67 = 193 mg/dL): very high, as ESC/EAS states ≥4.9 mmol/L',
    sources: ['ncepAtp3', 'escEas2019'],
    person: { sex: 'male', age: 33 },
    obx: [ldl('5.0', 'mmol/L')],
    expect: { fires: ['ldl-very-high'], stored: { [LDL]: { number: 193, unit: 'mg/dL' } } },
  },
  {
    name: 'a man’s LDL of 142 mg/dL (borderline high, its own finding): no pregnancy cause',
    sources: ['ncepAtp3', 'medlinePlusLabTests'],
    person: { sex: 'male', age: 45 },
    obx: [ldl('142')],
    expect: { notFires: ['ldl-high'], order: [LDL], causes: [{ loinc: LDL, exclude: ['pregnancy', 'menstruation'], include: ['diet'] }] },
  },
  {
    name: 'the same LDL in a woman of 30: pregnancy is among the causes',
    sources: ['ncepAtp3', 'medlinePlusLabTests'],
    person: { sex: 'female', age: 30 },
    obx: [ldl('142')],
    expect: { causes: [{ loinc: LDL, include: ['pregnancy'] }] },
  },
  {
    name: 'the same LDL in a woman of 62: past the age of periods (45–55), no pregnancy cause',
    sources: ['ncepAtp3', 'medlinePlusLabTests'],
    person: { sex: 'female', age: 62 },
    obx: [ldl('142')],
    expect: { causes: [{ loinc: LDL, exclude: ['pregnancy'] }] },
  },
  {
    name: 'triglycerides 150 mg/dL with HDL 39 mg/dL in a man: the atherogenic pattern (both at their NCEP thresholds)',
    sources: ['ncepAtp3'],
    person: { sex: 'male', age: 44 },
    obx: [tg('150'), hdl('39')],
    expect: { fires: ['atherogenic-lipid-profile'], notFires: [TG, HDL] },
  },
  {
    name: 'triglycerides 149 mg/dL with HDL 38 mg/dL in a woman: not the pattern (TG below 150)',
    sources: ['ncepAtp3'],
    person: { sex: 'female', age: 44 },
    obx: [tg('149'), hdl('38')],
    expect: { notFires: ['atherogenic-lipid-profile'] },
  },
  {
    name: 'HDL exactly 40 mg/dL in a man with triglycerides 200: not low for a man, no pattern',
    sources: ['ncepAtp3'],
    person: { sex: 'male', age: 44 },
    obx: [tg('200'), hdl('40')],
    expect: { notFires: ['atherogenic-lipid-profile'] },
  },
  {
    name: 'HDL 45 mg/dL in a woman with triglycerides 200: low for a woman (below 50), the pattern',
    sources: ['ncepAtp3'],
    person: { sex: 'female', age: 44 },
    obx: [tg('200'), hdl('45')],
    expect: { fires: ['atherogenic-lipid-profile'] },
  },
  {
    name: 'HDL 45 mg/dL, triglycerides 200, sex unknown: whether HDL is low depends on sex, so the pattern is not claimed',
    sources: ['ncepAtp3'],
    person: { sex: 'unknown', age: 44 },
    obx: [tg('200'), hdl('45')],
    expect: { notFires: ['atherogenic-lipid-profile'], basis: { sex: null, age: 'profile' } },
  },
  {
    name: 'triglycerides 1.7 mmol/L (151 mg/dL) with HDL 0.9 mmol/L (35 mg/dL) in a man: the pattern, in ESC/EAS units',
    sources: ['ncepAtp3', 'escEas2019'],
    person: { sex: 'male', age: 39 },
    obx: [tg('1.7', 'mmol/L'), hdl('0.9', 'mmol/L')],
    expect: { fires: ['atherogenic-lipid-profile'], stored: { [TG]: { number: 151 }, [HDL]: { number: 35 } } },
  },
  {
    name: 'triglycerides 499 mg/dL: high, not very high',
    sources: ['ncepAtp3'],
    person: { sex: 'male', age: 47 },
    obx: [tg('499')],
    expect: { notFires: ['triglycerides-very-high'], order: [TG] },
  },
  {
    name: 'triglycerides 500 mg/dL: exactly very high ("soon")',
    sources: ['ncepAtp3'],
    person: { sex: 'male', age: 47 },
    obx: [tg('500')],
    expect: { fires: ['triglycerides-very-high'] },
  },
  {
    name: 'two visits: LDL 118 then 156 mg/dL (+32 %, beyond its reference change value of 26 %): rose',
    sources: ['ncepAtp3', 'fraserRcv2011', 'eflmBiologicalVariation'],
    person: { sex: 'female', age: 51 },
    before: [{ daysAgo: 240, obx: [ldl('118')] }],
    obx: [ldl('156')],
    expect: { trends: [{ loinc: LDL, direction: 'rose', from: 118, to: 156 }], notFires: ['ldl-high'] },
  },
];
