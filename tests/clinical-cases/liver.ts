import type { ClinicalCase, Obx } from './types.ts';

// Liver enzymes (ACG 2017, Kwo et al.: ALT/AST raised with a normal ALP is the hepatocellular pattern;
// ALP raised with GGT, the cholestatic one, ALP alone often bone) and uric acid (ACR 2020: above 6.8
// mg/dL it can crystallise). The rules read the lab's flags; enzymes arrive as IU/L, U/L or units/L.

const ALT = '1742-6';
const AST = '1920-8';
const ALP = '6768-6';
const GGT = '2324-2';
const URATE = '3084-1';
const enzyme = (loinc: string, value: string, range: string, flag: Obx['flag'], unit = 'IU/L'): Obx => ({
  loinc,
  value,
  unit,
  range,
  flag,
});
const urate = (value: string, unit = 'mg/dL', range = '3.4-7.0'): Obx => ({
  loinc: URATE,
  text: 'Urate [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range,
});

export const liverCases: ClinicalCase[] = [
  {
    name: 'ALT 88 IU/L (H) with ALP 80 IU/L (N): the hepatocellular pattern (IU/L read as the enzyme unit U/L)',
    sources: ['acgLiver2017'],
    person: { sex: 'male', age: 39 },
    obx: [enzyme(ALT, '88', '0-41', 'H'), enzyme(ALP, '80', '40-129', 'N')],
    expect: {
      fires: ['liver-hepatocellular-pattern'],
      notFires: ['liver-cholestatic-pattern'],
      stored: { [ALT]: { number: 88, unit: 'U/L', flag: 'H' } },
    },
  },
  {
    name: 'AST 70 U/L (H) with ALT and ALP within range: hepatocellular (AST also comes from muscle)',
    sources: ['acgLiver2017'],
    person: { sex: 'female', age: 28 },
    obx: [enzyme(ALT, '30', '0-33', 'N', 'U/L'), enzyme(AST, '70', '0-32', 'H', 'U/L'), enzyme(ALP, '80', '35-104', 'N', 'U/L')],
    expect: { fires: ['liver-hepatocellular-pattern'] },
  },
  {
    name: 'ALT 88 (H) with ALP 190 (H), no GGT: not hepatocellular, and the cholestatic pattern is not claimed without a GGT',
    sources: ['acgLiver2017'],
    person: { sex: 'male', age: 52 },
    obx: [enzyme(ALT, '88', '0-41', 'H'), enzyme(ALP, '190', '40-129', 'H')],
    expect: { notFires: ['liver-hepatocellular-pattern', 'liver-cholestatic-pattern'] },
  },
  {
    name: 'ALP 210 (H) with GGT 150 (H): the cholestatic pattern',
    sources: ['acgLiver2017'],
    person: { sex: 'female', age: 58 },
    obx: [enzyme(ALP, '210', '35-104', 'H', 'units/L'), enzyme(GGT, '150', '6-42', 'H', 'units/L')],
    expect: { fires: ['liver-cholestatic-pattern'] },
  },
  {
    name: 'ALP 210 (H) with GGT 30 (N): ALP alone, often bone, no cholestatic pattern',
    sources: ['acgLiver2017'],
    person: { sex: 'female', age: 60 },
    obx: [enzyme(ALP, '210', '35-104', 'H'), enzyme(GGT, '30', '6-42', 'N')],
    expect: { notFires: ['liver-cholestatic-pattern'], order: [ALP] },
  },
  {
    name: 'ALT 88 (H) without an ALP: no pattern is claimed, the value is explained on its own',
    sources: ['acgLiver2017', 'clsiEp28'],
    person: { sex: 'male', age: 31 },
    obx: [enzyme(ALT, '88', '0-41', 'H')],
    // 88 is 47 past 41, more than a quarter of the range's width (41 × 0.25 = 10.25): well above (CLSI EP28).
    expect: { notFires: ['liver-hepatocellular-pattern'], order: [ALT], grades: { [ALT]: 'wellAbove' } },
  },
  {
    name: 'uric acid 7.4 mg/dL: above 6.8, where crystals can form',
    sources: ['acrGout2020'],
    person: { sex: 'male', age: 46 },
    obx: [urate('7.4')],
    expect: { fires: ['uric-acid-above-saturation'] },
  },
  {
    name: 'uric acid exactly 6.8 mg/dL: not above',
    sources: ['acrGout2020'],
    person: { sex: 'male', age: 46 },
    obx: [urate('6.8')],
    expect: { notFires: ['uric-acid-above-saturation'] },
  },
  {
    name: 'uric acid 420 µmol/L (÷ 59.48 = 7.1 mg/dL): above 6.8',
    sources: ['acrGout2020', 'youngSi1987'],
    person: { sex: 'male', age: 46 },
    obx: [urate('420', 'µmol/L', '200-420')],
    expect: { fires: ['uric-acid-above-saturation'], stored: { [URATE]: { number: 7.1, unit: 'mg/dL' } } },
  },
];
