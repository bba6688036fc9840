import type { ClinicalCase, Obx } from './types.ts';

// Thyroid: AACE/ATA 2012 hypothyroidism (a TSH above the upper reference limit with a free T4 within
// its range is subclinical; with a low free T4, overt) and ATA 2016 hyperthyroidism (a low TSH with a
// high free T4, overt; with a normal one, subclinical). The rules read the lab's flags, so the
// boundaries are the lab's own range: a TSH at its upper limit is within it.

const TSH = '3016-3';
const FT4 = '3024-7';
const tsh = (value: string, unit = 'mIU/L', flag?: Obx['flag'], range = '0.27-4.20'): Obx => ({
  loinc: TSH,
  text: 'Thyrotropin [Units/volume] in Serum or Plasma',
  value,
  unit,
  range,
  ...(flag && { flag }),
});
const ft4 = (value: string, unit = 'ng/dL', flag?: Obx['flag'], range = '0.93-1.70'): Obx => ({
  loinc: FT4,
  text: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
  value,
  unit,
  range,
  ...(flag && { flag }),
});
const THYROID = ['thyroid-high-tsh-normal-ft4', 'thyroid-high-tsh-low-ft4', 'thyroid-low-tsh-high-ft4', 'thyroid-low-tsh-normal-ft4'];
const except = (id: string) => THYROID.filter((other) => other !== id);

export const thyroidCases: ClinicalCase[] = [
  {
    name: 'TSH 7.2 mIU/L (H) with free T4 1.1 ng/dL (N): high TSH with a normal free T4',
    sources: ['ata2012Hypothyroidism'],
    person: { sex: 'female', age: 42 },
    obx: [tsh('7.2', 'mIU/L', 'H'), ft4('1.1', 'ng/dL', 'N')],
    expect: {
      fires: ['thyroid-high-tsh-normal-ft4'],
      notFires: except('thyroid-high-tsh-normal-ft4'),
      stored: { [TSH]: { number: 7.2, unit: 'm[IU]/L' } },
    },
  },
  {
    name: 'TSH 12 µIU/mL (= mIU/L) with free T4 7.7 pmol/L (= 0.60 ng/dL, L): high TSH with a low free T4, "soon"',
    sources: ['ata2012Hypothyroidism', 'youngSi1987'],
    person: { sex: 'female', age: 55 },
    obx: [tsh('12', 'µIU/mL', 'H'), ft4('7.7', 'pmol/L', 'L', '12-22')],
    expect: {
      fires: ['thyroid-high-tsh-low-ft4'],
      notFires: except('thyroid-high-tsh-low-ft4'),
      stored: { [TSH]: { number: 12 }, [FT4]: { number: 0.6, flag: 'L', unit: 'ng/dL' } },
    },
  },
  {
    name: 'TSH 0.01 mIU/L (L) with free T4 2.9 ng/dL (H): low TSH with a high free T4, "soon"',
    sources: ['ata2016Hyperthyroidism'],
    person: { sex: 'female', age: 33 },
    obx: [tsh('0.01', 'mIU/L', 'L'), ft4('2.9', 'ng/dL', 'H')],
    expect: { fires: ['thyroid-low-tsh-high-ft4'], notFires: except('thyroid-low-tsh-high-ft4') },
  },
  {
    name: 'TSH 0.2 uIU/mL (L) with free T4 1.4 ng/dL (N): low TSH with a normal free T4',
    sources: ['ata2016Hyperthyroidism'],
    person: { sex: 'male', age: 67 },
    obx: [tsh('0.2', 'uIU/mL', 'L'), ft4('1.4', 'ng/dL', 'N')],
    expect: { fires: ['thyroid-low-tsh-normal-ft4'], notFires: except('thyroid-low-tsh-normal-ft4') },
  },
  {
    name: 'TSH 4.20 mIU/L, the lab’s upper limit, no flag sent: within the range (N), no thyroid pattern',
    sources: ['ata2012Hypothyroidism', 'clsiEp28'],
    person: { sex: 'female', age: 36 },
    obx: [tsh('4.20'), ft4('1.20')],
    expect: { notFires: THYROID, stored: { [TSH]: { flag: 'N' } } },
  },
  {
    name: 'TSH 4.21 mIU/L, just above the lab’s upper limit, no flag sent: flagged H, and with a normal free T4 the subclinical pattern',
    sources: ['ata2012Hypothyroidism', 'clsiEp28'],
    person: { sex: 'female', age: 36 },
    obx: [tsh('4.21'), ft4('1.20')],
    expect: { fires: ['thyroid-high-tsh-normal-ft4'], stored: { [TSH]: { flag: 'H' }, [FT4]: { flag: 'N' } } },
  },
  {
    name: 'a TSH of 7.2 mIU/L with no free T4: no thyroid pattern is claimed, the value is explained on its own',
    sources: ['ata2012Hypothyroidism'],
    person: { sex: 'male', age: 48 },
    obx: [tsh('7.2', 'mIU/L', 'H')],
    expect: { notFires: THYROID, order: [TSH] },
  },
  {
    name: 'two visits: TSH 3.0 then 4.0 mIU/L (+33 %, within its reference change value of 55 %): steady',
    sources: ['fraserRcv2011', 'eflmBiologicalVariation'],
    person: { sex: 'female', age: 40 },
    before: [{ daysAgo: 180, obx: [tsh('3.0', 'mIU/L', 'N')] }],
    obx: [tsh('4.0', 'mIU/L', 'N')],
    expect: { trends: [{ loinc: TSH, direction: 'steady', from: 3, to: 4 }], notFires: THYROID },
  },
  {
    name: 'TSH "<0.01" mIU/L (below the detection limit, L) with free T4 2.9 ng/dL (H): low TSH with a high free T4',
    sources: ['ata2016Hyperthyroidism', 'hl7v251'],
    person: { sex: 'female', age: 29 },
    obx: [tsh('<0.01', 'mIU/L', 'L'), ft4('2.9', 'ng/dL', 'H')],
    expect: { fires: ['thyroid-low-tsh-high-ft4'], notFires: except('thyroid-low-tsh-high-ft4') },
  },
];
