import type { ClinicalCase, Obx } from './types.ts';

// Anaemia and iron: WHO 2024 haemoglobin cut-offs for people 15 and over (non-pregnant women <12.0,
// men <13.0 g/dL), ferritin below 30 ng/mL for low iron stores (Camaschella, NEJM 2015), MCV below
// 80 fL for small red cells, B12 below 200 pg/mL with MCV above 100 fL (BSH 2014), transferrin
// saturation above 45 % with a high ferritin (EASL 2022). A man is never offered menstruation or
// pregnancy as a cause; a person of unknown sex hears them in the third person.

const HB = '718-7';
const MCV = '787-2';
const FERRITIN = '2276-4';
const TSAT = '2502-3';
const B12 = '2132-9';

const hb = (value: string, sex: 'male' | 'female' | 'any', unit = 'g/dL', flag?: Obx['flag']): Obx => ({
  loinc: HB,
  text: 'Hemoglobin [Mass/volume] in Blood',
  value,
  unit,
  range: unit === 'g/L' ? (sex === 'male' ? '130-170' : '120-155') : sex === 'male' ? '13.0-17.0' : '12.0-15.5',
  ...(flag && { flag }),
});
const mcv = (value: string, unit = 'fL'): Obx => ({
  loinc: MCV,
  text: 'MCV [Entitic volume] by Automated count',
  value,
  unit,
  range: '80-100',
});
const ferritin = (value: string, unit = 'ng/mL', range = '15-150'): Obx => ({
  loinc: FERRITIN,
  text: 'Ferritin [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range,
});
const b12 = (value: string, unit = 'pg/mL', range = '197-771'): Obx => ({
  loinc: B12,
  text: 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range,
});
const IRON_RULES = ['iron-deficiency-anaemia-pattern', 'low-iron-stores', 'small-red-cells-normal-iron'];

export const anaemiaCases: ClinicalCase[] = [
  {
    name: 'a woman of 34: Hb 11.9 g/dL (WHO: below 12.0), MCV 76 fL, ferritin 9 ng/mL → the iron-deficiency anaemia pattern',
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'female', age: 34 },
    obx: [hb('11.9', 'female'), mcv('76'), ferritin('9')],
    expect: { fires: ['iron-deficiency-anaemia-pattern'], notFires: ['low-iron-stores', 'small-red-cells-normal-iron'] },
  },
  {
    name: 'the same woman with Hb exactly 12.0 g/dL: not anaemia by WHO; low iron stores instead',
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'female', age: 34 },
    obx: [hb('12.0', 'female'), mcv('76'), ferritin('9')],
    expect: { fires: ['low-iron-stores'], notFires: ['iron-deficiency-anaemia-pattern'] },
  },
  {
    name: 'a man of 40: Hb 12.9 g/dL (WHO: below 13.0), MCV 74, ferritin 12 → the pattern',
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'male', age: 40 },
    obx: [hb('12.9', 'male'), mcv('74'), ferritin('12', 'ng/mL', '30-400')],
    expect: { fires: ['iron-deficiency-anaemia-pattern'], notFires: ['low-iron-stores'] },
  },
  {
    name: 'the same man with Hb exactly 13.0 g/dL: not anaemia by WHO; low iron stores instead',
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'male', age: 40 },
    obx: [hb('13.0', 'male'), mcv('74'), ferritin('12', 'ng/mL', '30-400')],
    expect: { fires: ['low-iron-stores'], notFires: ['iron-deficiency-anaemia-pattern'] },
  },
  {
    name: 'Hb 119 g/L (= 11.9 g/dL) and ferritin 9 µg/L (= ng/mL) in a woman of 29: the same pattern in SI units',
    sources: ['who2024Haemoglobin', 'camaschella2015', 'youngSi1987'],
    person: { sex: 'female', age: 29 },
    obx: [hb('119', 'female', 'g/L'), mcv('76', 'fl'), ferritin('9', 'µg/L')],
    expect: { fires: ['iron-deficiency-anaemia-pattern'], stored: { [HB]: { number: 11.9, unit: 'g/dL' }, [FERRITIN]: { number: 9 } } },
  },
  {
    name: 'ferritin 29.9 ng/mL with Hb 14.0 in a man of 50: low iron stores (below 30)',
    sources: ['camaschella2015', 'who2024Haemoglobin'],
    person: { sex: 'male', age: 50 },
    obx: [hb('14.0', 'male'), ferritin('29.9', 'ng/mL', '30-400')],
    expect: { fires: ['low-iron-stores'], order: ['low-iron-stores'] },
  },
  {
    name: 'ferritin exactly 30 ng/mL with Hb 14.0 in a man of 50: not low',
    sources: ['camaschella2015'],
    person: { sex: 'male', age: 50 },
    obx: [hb('14.0', 'male'), ferritin('30', 'ng/mL', '30-400')],
    expect: { notFires: IRON_RULES },
  },
  {
    name: 'a man’s low haemoglobin (12.5 g/dL, normal MCV and ferritin): its own finding, no menstruation or pregnancy among its causes',
    sources: ['who2024Haemoglobin', 'medlinePlusLabTests', 'clsiEp28'],
    person: { sex: 'male', age: 50 },
    obx: [hb('12.5', 'male'), mcv('90'), ferritin('100', 'ng/mL', '30-400')],
    // 12.5 is 0.5 below 13.0, within a quarter of the range's width (4.0 × 0.25 = 1.0): slightly below (CLSI EP28).
    expect: {
      notFires: IRON_RULES,
      order: [HB],
      causes: [{ loinc: HB, include: ['diet'], exclude: ['menstruation', 'pregnancy'] }],
      grades: { [HB]: 'slightlyBelow' },
    },
  },
  {
    name: 'a woman’s low haemoglobin (11.0 g/dL, normal MCV and ferritin): menstruation is among its causes',
    sources: ['who2024Haemoglobin', 'medlinePlusLabTests'],
    person: { sex: 'female', age: 30 },
    obx: [hb('11.0', 'female'), mcv('90'), ferritin('100')],
    expect: { notFires: IRON_RULES, order: [HB], causes: [{ loinc: HB, include: ['menstruation', 'pregnancy'] }] },
  },
  {
    name: 'sex unknown, Hb 12.5 g/dL flagged L by the lab, MCV 76, ferritin 9: anaemia by WHO depends on sex, so no pattern is claimed; menstruation said in the third person',
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'unknown', age: 30 },
    obx: [hb('12.5', 'any', 'g/dL', 'L'), mcv('76'), ferritin('9')],
    expect: { notFires: ['iron-deficiency-anaemia-pattern', 'low-iron-stores'], causes: [{ loinc: HB, include: ['menstruation'] }] },
  },
  {
    name: 'MCV 68 fL with ferritin 85 ng/mL in a man of 25: small red cells with normal iron (e.g. a thalassaemia trait)',
    sources: ['camaschella2015'],
    person: { sex: 'male', age: 25 },
    obx: [hb('13.5', 'male'), mcv('68'), ferritin('85', 'ng/mL', '30-400')],
    expect: { fires: ['small-red-cells-normal-iron'], notFires: ['iron-deficiency-anaemia-pattern', 'low-iron-stores'] },
  },
  {
    name: 'B12 110 pmol/L (× 1.355 = 149 pg/mL) with MCV 108 fL in a woman of 61: low B12 with large red cells',
    sources: ['bshB12_2014', 'youngSi1987'],
    person: { sex: 'female', age: 61 },
    obx: [mcv('108'), b12('110', 'pmol/L', '145-569')],
    expect: { fires: ['b12-deficiency-large-red-cells'], stored: { [B12]: { number: 149, unit: 'pg/mL' } } },
  },
  {
    name: 'B12 exactly 200 pg/mL with MCV 108 fL: not below the cut-off, no pattern',
    sources: ['bshB12_2014'],
    person: { sex: 'female', age: 61 },
    obx: [mcv('108'), b12('200')],
    expect: { notFires: ['b12-deficiency-large-red-cells'] },
  },
  {
    name: 'transferrin saturation 62 % with ferritin 820 ng/mL flagged H in a man of 45: the iron-overload pattern',
    sources: ['easlHaemochromatosis2022'],
    person: { sex: 'male', age: 45 },
    obx: [
      { loinc: TSAT, text: 'Iron saturation [Mass Fraction] in Serum or Plasma', value: '62', unit: '%', range: '20-50' },
      ferritin('820', 'ng/mL', '30-400'),
    ],
    expect: { fires: ['iron-overload-pattern'] },
  },
  {
    name: 'transferrin saturation exactly 45 % with the same ferritin: not above 45 %, no pattern',
    sources: ['easlHaemochromatosis2022'],
    person: { sex: 'male', age: 45 },
    obx: [{ loinc: TSAT, value: '45', unit: '%', range: '20-50' }, ferritin('820', 'ng/mL', '30-400')],
    expect: { notFires: ['iron-overload-pattern'] },
  },
  {
    name: 'a woman of 60 with a low haemoglobin (11.0 g/dL): past the years of periods (to 55), neither menstruation nor pregnancy among its causes',
    sources: ['who2024Haemoglobin', 'medlinePlusLabTests'],
    person: { sex: 'female', age: 60 },
    obx: [hb('11.0', 'female'), mcv('90'), ferritin('100')],
    expect: { order: [HB], causes: [{ loinc: HB, include: ['diet'], exclude: ['menstruation', 'pregnancy'] }] },
  },
  {
    name: 'an account holder whose age nobody gave (profile and PID-7 empty), a woman: Hb 11.0, MCV 76, ferritin 9 → the pattern, as an account holder is an adult (WHO’s cut-offs are for 15 and over)',
    sources: ['who2024Haemoglobin', 'camaschella2015'],
    person: { sex: 'female', age: 'unknown' },
    obx: [hb('11.0', 'female'), mcv('76'), ferritin('9')],
    expect: { fires: ['iron-deficiency-anaemia-pattern'] },
  },
];
