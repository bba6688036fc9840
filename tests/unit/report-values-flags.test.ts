import { describe, expect, it } from 'vitest';
import { type AnalyteRules, evaluate, type RangeRow, type Ranges } from '../../src/server/modules/result-reports/report-values.ts';

// Issue #76 item 4: the lab's flag is not overruled by our arithmetic. A value and a converted range
// are compared at the same precision, a converted range is kept at the analyte's precision, and where
// the lab sent a flag it stands (ADR 0081), both kept for the admin where they differ.

const creatinine: AnalyteRules = {
  id: 7,
  loinc: '2160-0',
  name_ar: 'الكرياتينين',
  name_en: 'Creatinine',
  kind: 'numeric',
  unit: 'mg/dL',
  decimals: 2,
  molar_mass: '113.12',
  answers: [],
};
const potassium: AnalyteRules = {
  ...creatinine,
  id: 8,
  loinc: '2823-3',
  name_en: 'Potassium',
  unit: 'mmol/L',
  decimals: 1,
  molar_mass: null,
};

const row = (analyte: AnalyteRules, low: number | null, high: number | null, unit: string): RangeRow => ({
  analyte_id: analyte.id,
  sex: 'any',
  age_low: 18,
  age_high: null,
  age_unit: 'a',
  condition_en: null,
  low: low === null ? null : String(low),
  high: high === null ? null : String(high),
  unit,
  source: 'a published interval',
});
const noRanges: Ranges = { published: [], critical: [], lab: [] };
const patient = { sex: 'male' as const, birthDate: null, at: new Date('2026-11-27T05:00:00Z') };

describe("the lab's flag and ours", () => {
  it('keeps a creatinine of 106 umol/L with range 62-106 and flag N normal: 1.20 mg/dL against 0.70-1.20, no float noise', () => {
    const observation = evaluate(
      creatinine,
      { entered: '106', unit: 'umol/L', comment: null, sentRange: { low: 62, high: 106 }, sentFlags: ['N'] },
      noRanges,
      patient,
      0,
    );
    expect(observation).toMatchObject({ inAnalyteUnit: 1.2, range: { low: 0.7, high: 1.2, origin: 'sent' }, flag: 'N' });
    expect(observation.disagreement).toBeUndefined();
  });

  it('judges a sent range in the unit the lab wrote it: 107 umol/L against 62-106 is high, 61 low, 62 normal', () => {
    const judged = (entered: string) =>
      evaluate(creatinine, { entered, unit: 'umol/L', comment: null, sentRange: { low: 62, high: 106 } }, noRanges, patient, 0).flag;
    expect(judged('107')).toBe('H');
    expect(judged('106.4')).toBe('H');
    expect(judged('61')).toBe('L');
    expect(judged('62')).toBe('N');
  });

  it("compares a converted published range at the analyte's precision: its bounds kept as shown", () => {
    const ranges: Ranges = { ...noRanges, published: [row(creatinine, 62, 106, 'umol/L')] };
    const judged = (entered: string) => evaluate(creatinine, { entered, unit: 'mg/dL', comment: null }, ranges, patient, 0);
    expect(judged('1.20')).toMatchObject({ flag: 'N', range: { low: 0.7, high: 1.2, origin: 'published' } });
    expect(judged('1.21').flag).toBe('H');
    expect(judged('0.70').flag).toBe('N');
    expect(judged('0.69').flag).toBe('L');
  });

  it("lets the lab's flag stand where it differs from ours, keeping ours for the admin", () => {
    const ranges: Ranges = { ...noRanges, published: [row(creatinine, 0.7, 1.2, 'mg/dL')] };
    const labSaysHigh = evaluate(creatinine, { entered: '1.15', unit: 'mg/dL', comment: null, sentFlags: ['H'] }, ranges, patient, 0);
    expect(labSaysHigh).toMatchObject({ flag: 'H', disagreement: { lab: 'H', ours: 'N' } });
    const labSaysNormal = evaluate(creatinine, { entered: '1.25', unit: 'mg/dL', comment: null, sentFlags: ['N'] }, ranges, patient, 0);
    expect(labSaysNormal).toMatchObject({ flag: 'N', disagreement: { lab: 'N', ours: 'H' } });
    const agreed = evaluate(creatinine, { entered: '1.25', unit: 'mg/dL', comment: null, sentFlags: ['H'] }, ranges, patient, 0);
    expect(agreed.flag).toBe('H');
    expect(agreed.disagreement).toBeUndefined();
  });

  it('keeps a value past a published critical limit critical though the lab flagged it only high, and a lab HH stands', () => {
    const ranges: Ranges = { ...noRanges, published: [row(potassium, 3.5, 5.1, 'mmol/L')], critical: [row(potassium, 2.5, 6.5, 'mmol/L')] };
    const onlyHigh = evaluate(potassium, { entered: '6.9', unit: 'mmol/L', comment: null, sentFlags: ['H'] }, ranges, patient, 0);
    expect(onlyHigh).toMatchObject({ flag: 'HH', disagreement: { lab: 'H', ours: 'HH' } });
    const labCritical = evaluate(potassium, { entered: '6.2', unit: 'mmol/L', comment: null, sentFlags: ['HH'] }, ranges, patient, 0);
    expect(labCritical).toMatchObject({ flag: 'HH', disagreement: { lab: 'HH', ours: 'H' } });
  });
});
