import type { ClinicalCase } from './types.ts';

// Units and spellings as laboratory systems send them (issue #76 items 1–2): UCUM codes, the usual
// non-UCUM spellings (mIU/L, µmol/L, 10^3/uL, K/uL, IU/L, mg/dl, g/dl, fl), µ and u alike, and a
// power of ten sent with `^` escaped (\S\) or not. A unit nobody can read keeps its value as the lab
// sent it, with a warning (ERR severity W) in an AA acknowledgment, out of conversion and trends.

const TSH = '3016-3';
const CREATININE = '2160-0';
const WBC = '6690-2';
const PLT = '777-3';
const ALT = '1742-6';
const NA = '2951-2';
const HB = '718-7';
const MCV = '787-2';
const VITD = '62292-8';
const B12 = '2132-9';
const FOLATE = '2284-8';
const CALCIUM = '17861-6';

export const unitCases: ClinicalCase[] = [
  {
    name: 'mIU/L, µmol/L, 10^3/uL, IU/L and one nonsense unit in one ORU^R01: AA with one ERR W naming the nonsense OBX-6; every other value stored, flagged and trended',
    sources: ['ucum', 'hl7v251', 'youngSi1987', 'fraserRcv2011', 'eflmBiologicalVariation'],
    person: { sex: 'male', age: 50 },
    before: [
      {
        daysAgo: 200,
        obx: [
          { loinc: TSH, value: '2.1', unit: 'm[IU]/L', range: '0.27-4.20' },
          { loinc: CREATININE, value: '1.0', unit: 'mg/dL', range: '0.7-1.2' },
          { loinc: WBC, value: '6.0', unit: '10*3/uL', range: '4.0-11.0' },
          { loinc: ALT, value: '30', unit: 'U/L', range: '0-41' },
          { loinc: NA, value: '141', unit: 'mmol/L', range: '136-145' },
        ],
      },
    ],
    obx: [
      { loinc: TSH, value: '5.8', unit: 'mIU/L', range: '0.27-4.20' },
      { loinc: CREATININE, value: '97', unit: 'µmol/L', range: '62-106' },
      { loinc: WBC, value: '11.2', unit: '10^3/uL', range: '4.0-11.0' },
      { loinc: ALT, value: '55', unit: 'IU/L', range: '0-41' },
      { loinc: NA, value: '140', unit: 'mmoll', range: '136-145', flag: 'N' },
    ],
    expect: {
      ack: { code: 'AA', warnings: ['OBX^5^6'] },
      stored: {
        [TSH]: { number: 5.8, unit: 'm[IU]/L', flag: 'H' },
        [CREATININE]: { number: 1.1, unit: 'mg/dL', flag: 'N' },
        [WBC]: { number: 11.2, unit: '10*3/uL', flag: 'H' },
        [ALT]: { number: 55, unit: 'U/L', flag: 'H' },
        [NA]: { number: 140, flag: 'N', unitNotRecognised: true },
      },
      // 1.0 → 1.1 mg/dL is +10 %, within creatinine's reference change value (13.6 %); the others rose past theirs.
      trends: [
        { loinc: TSH, direction: 'rose', from: 2.1, to: 5.8 },
        { loinc: CREATININE, direction: 'steady', from: 1, to: 1.1 },
        { loinc: WBC, direction: 'rose', from: 6, to: 11.2 },
        { loinc: ALT, direction: 'rose', from: 30, to: 55 },
        { loinc: NA, direction: 'none' },
      ],
      // CKD-EPI 2021: 142 × (1.10/0.9)^−1.2 × 0.9938^50 = 81.78.
      egfr: 82,
      fires: ['egfr-g2'],
    },
  },
  {
    name: 'K/uL and x10^9/L for counts, g/dl and fl for red cells: converted or read as the same UCUM units',
    sources: ['ucum', 'youngSi1987'],
    person: { sex: 'female', age: 33 },
    obx: [
      { loinc: WBC, value: '7.4', unit: 'K/uL', range: '4.0-11.0' },
      { loinc: PLT, value: '250', unit: 'x10^9/L', range: '150-400' },
      { loinc: HB, value: '13.1', unit: 'g/dl', range: '12.0-15.5' },
      { loinc: MCV, value: '88', unit: 'fl', range: '80-100' },
    ],
    expect: {
      ack: { code: 'AA', warnings: [] },
      stored: {
        [WBC]: { number: 7.4, unit: '10*3/uL', flag: 'N' },
        [PLT]: { number: 250, unit: '10*3/uL', flag: 'N' },
        [HB]: { number: 13.1, unit: 'g/dL', flag: 'N' },
        [MCV]: { number: 88, unit: 'fL', flag: 'N' },
      },
    },
  },
  {
    name: '10^3/uL sent unescaped (OBX-6 read as two components by HL7): still the one unit the lab wrote',
    sources: ['ucum', 'hl7v251'],
    person: { sex: 'male', age: 29 },
    obx: [{ loinc: WBC, value: '3.1', unit: '10^3/uL', unitUnescaped: true, range: '4.0-11.0' }],
    expect: { ack: { code: 'AA', warnings: [] }, stored: { [WBC]: { number: 3.1, unit: '10*3/uL', flag: 'L' } } },
  },
  {
    name: 'a vitamin D in a unit nobody can read ("IU"): kept as sent with a warning, and no vitamin D rule claims anything from it',
    sources: ['ucum', 'hl7v251', 'endocrineVitaminD2011'],
    person: { sex: 'female', age: 41 },
    obx: [{ loinc: VITD, value: '12', unit: 'IU', range: '30-100', flag: 'L' }],
    expect: {
      ack: { code: 'AA', warnings: ['OBX^1^6'] },
      stored: { [VITD]: { number: 12, flag: 'L', unitNotRecognised: true } },
      notFires: ['vitamin-d-deficiency', 'vitamin-d-insufficiency'],
    },
  },
  {
    name: 'ng/ml, pg/ml and nmol/L in one message: vitamin D 25 ng/ml, B12 450 pg/ml, folate 10 nmol/L (× 0.4414 = 4.4 ng/mL)',
    sources: ['ucum', 'youngSi1987', 'endocrineVitaminD2011'],
    person: { sex: 'female', age: 41 },
    obx: [
      { loinc: VITD, value: '25', unit: 'ng/ml', range: '30-100' },
      { loinc: B12, value: '450', unit: 'pg/ml', range: '197-771' },
      { loinc: FOLATE, value: '10', unit: 'nmol/L', range: '>7.0' },
    ],
    expect: {
      ack: { code: 'AA', warnings: [] },
      fires: ['vitamin-d-insufficiency'],
      stored: { [VITD]: { number: 25, flag: 'L' }, [B12]: { number: 450, flag: 'N' }, [FOLATE]: { number: 4.4, unit: 'ng/mL', flag: 'N' } },
    },
  },
  {
    name: 'the Greek mu (U+03BC) in μmol/L and x10E3/uL: read as µ and 10^3 (creatinine 80 μmol/L = 0.90 mg/dL, WBC 5.5)',
    sources: ['ucum', 'youngSi1987'],
    person: { sex: 'female', age: 45 },
    obx: [
      { loinc: CREATININE, value: '80', unit: '\u03bcmol/L', range: '44-80' },
      { loinc: WBC, value: '5.5', unit: 'x10E3/uL', range: '4.0-11.0' },
    ],
    expect: {
      ack: { code: 'AA', warnings: [] },
      stored: { [CREATININE]: { number: 0.9, unit: 'mg/dL', flag: 'N' }, [WBC]: { number: 5.5, unit: '10*3/uL', flag: 'N' } },
    },
  },
  {
    name: 'calcium 4.8 mEq/L: an equivalent is half a millimole for a divalent ion, so it is not converted as if monovalent: kept as sent, with a warning',
    sources: ['ucum', 'youngSi1987', 'hl7v251'],
    person: { sex: 'male', age: 52 },
    obx: [{ loinc: CALCIUM, value: '4.8', unit: 'mEq/L', range: '4.3-5.3', flag: 'N' }],
    expect: { ack: { code: 'AA', warnings: ['OBX^1^6'] }, stored: { [CALCIUM]: { number: 4.8, flag: 'N', unitNotRecognised: true } } },
  },
];
