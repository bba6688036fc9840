import type { ClinicalCase, Obx } from './types.ts';

// Vitamin D: Endocrine Society 2011 (Holick et al.): 25-OH vitamin D below 20 ng/mL (50 nmol/L) is
// deficiency, 21–29 ng/mL (52.5–72.5 nmol/L) insufficiency, 30 and over sufficient; ng/mL × 2.496 =
// nmol/L. The rules take 20 ≤ x < 30 as insufficiency. Labs in the region send both units.

const VITD = '62292-8';
const vitd = (value: string, unit = 'ng/mL', range = '30-100'): Obx => ({
  loinc: VITD,
  text: '25-Hydroxyvitamin D3+25-Hydroxyvitamin D2 [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range,
});
const VITD_RULES = ['vitamin-d-deficiency', 'vitamin-d-insufficiency'];

export const vitaminCases: ClinicalCase[] = [
  {
    name: '25-OH vitamin D 19.9 ng/mL: deficiency (below 20)',
    sources: ['endocrineVitaminD2011'],
    person: { sex: 'female', age: 27 },
    obx: [vitd('19.9')],
    expect: { fires: ['vitamin-d-deficiency'], notFires: ['vitamin-d-insufficiency'] },
  },
  {
    name: '25-OH vitamin D exactly 20 ng/mL: insufficiency, not deficiency',
    sources: ['endocrineVitaminD2011'],
    person: { sex: 'female', age: 27 },
    obx: [vitd('20')],
    expect: { fires: ['vitamin-d-insufficiency'], notFires: ['vitamin-d-deficiency'] },
  },
  {
    name: '25-OH vitamin D 29.9 ng/mL: still insufficiency',
    sources: ['endocrineVitaminD2011'],
    person: { sex: 'male', age: 35 },
    obx: [vitd('29.9')],
    expect: { fires: ['vitamin-d-insufficiency'], notFires: ['vitamin-d-deficiency'] },
  },
  {
    name: '25-OH vitamin D exactly 30 ng/mL: sufficient, no finding',
    sources: ['endocrineVitaminD2011'],
    person: { sex: 'male', age: 35 },
    obx: [vitd('30')],
    expect: { notFires: VITD_RULES, stored: { [VITD]: { number: 30, flag: 'N' } } },
  },
  {
    name: '25-OH vitamin D 45 nmol/L (÷ 2.496 = 18.0 ng/mL): deficiency (Endocrine Society: below 50 nmol/L)',
    sources: ['endocrineVitaminD2011'],
    person: { sex: 'female', age: 31 },
    obx: [vitd('45', 'nmol/L', '75-250')],
    expect: { fires: ['vitamin-d-deficiency'], stored: { [VITD]: { number: 18, unit: 'ng/mL', flag: 'L' } } },
  },
  {
    name: '25-OH vitamin D 70 nmol/L (÷ 2.496 = 28.0 ng/mL): insufficiency',
    sources: ['endocrineVitaminD2011'],
    person: { sex: 'male', age: 44 },
    obx: [vitd('70', 'nmol/L', '75-250')],
    expect: { fires: ['vitamin-d-insufficiency'], stored: { [VITD]: { number: 28, unit: 'ng/mL' } } },
  },
  {
    name: 'two visits: 20 ng/mL five months ago, 70 nmol/L now: one trend in ng/mL, 20 → 28.0 (+40 %, beyond its reference change value of 22 %): rose',
    sources: ['endocrineVitaminD2011', 'fraserRcv2011', 'cavalier2021VitaminD'],
    person: { sex: 'female', age: 38 },
    before: [{ daysAgo: 150, obx: [vitd('20')] }],
    obx: [vitd('70', 'nmol/L', '75-250')],
    expect: { fires: ['vitamin-d-insufficiency'], trends: [{ loinc: VITD, direction: 'rose', from: 20, to: 28 }] },
  },
  {
    name: '25-OH vitamin D "<8" ng/mL (below the assay’s detection limit): every value it stands for is below 20, so deficiency',
    sources: ['endocrineVitaminD2011', 'hl7v251'],
    person: { sex: 'female', age: 24 },
    obx: [vitd('<8')],
    expect: { fires: ['vitamin-d-deficiency'], notFires: ['vitamin-d-insufficiency'] },
  },
  {
    name: '25-OH vitamin D ">25" ng/mL: could be insufficient or sufficient, so neither rule claims it',
    sources: ['endocrineVitaminD2011', 'hl7v251'],
    person: { sex: 'female', age: 24 },
    obx: [vitd('>25')],
    expect: { notFires: VITD_RULES },
  },
];
