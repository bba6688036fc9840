import { describe, expect, it } from 'vitest';
import {
  type AnalyteRules,
  evaluate,
  LAB_VALUE_MAX,
  type Ranges,
  ValueError,
} from '../../src/server/modules/result-reports/report-values.ts';

// Issue #74 item 8: a value, or the unit it is sent in, that takes it past any lab value is refused, never
// stored as Infinity (which the sealed JSON would keep as null) nor flagged HH.

const numeric = (loinc: string, name: string, unit: string, decimals: number): AnalyteRules => ({
  id: 1,
  loinc,
  name_ar: name,
  name_en: name,
  kind: 'numeric',
  unit,
  decimals,
  molar_mass: null,
  answers: [],
});
const hemoglobin = numeric('718-7', 'Hemoglobin', 'g/dL', 1);
const erythrocytes = numeric('789-8', 'Erythrocytes', '10*6/uL', 2);
const noRanges: Ranges = { published: [], critical: [], lab: [] };
const patient = { sex: null, birthDate: null, at: new Date('2026-11-27T05:00:00Z') };

const judged = (analyte: AnalyteRules, entered: string, unit: string, sentRange: { low: number; high: number } | null = null) =>
  evaluate(analyte, { entered, unit, comment: null, sentRange }, noRanges, patient, 0);

function problemOf(analyte: AnalyteRules, entered: string, unit: string) {
  try {
    judged(analyte, entered, unit);
  } catch (error) {
    if (error instanceof ValueError) return error.problem;
    throw error;
  }
  return null;
}

describe('a value past any lab value', () => {
  it('takes a red cell count sent per litre, the largest count labs report in base units (5.1e12/L is 5.1 10*6/uL)', () => {
    expect(judged(erythrocytes, '5100000000000', '/L')).toMatchObject({ inAnalyteUnit: 5.1 });
  });

  it('refuses a number past 1e15 as sent, and takes one of 1e15', () => {
    expect(LAB_VALUE_MAX).toBe(1e15);
    expect(judged(hemoglobin, '1000000000000000', 'g/dL')).toMatchObject({ inAnalyteUnit: 1e15 });
    expect(problemOf(hemoglobin, '1000000000000001', 'g/dL')).toBe('value_out_of_range');
    expect(problemOf(hemoglobin, '-1000000000000001', 'g/dL')).toBe('value_out_of_range');
  });

  it('refuses a unit that takes the value to Infinity, past 1e15, or to nothing (10*999, 10*15, 10*-999), naming the unit', () => {
    expect(problemOf(hemoglobin, '14.6', '10*999.g/dL')).toBe('unit_out_of_range');
    expect(problemOf(hemoglobin, '14.6', '10*15.g/dL')).toBe('unit_out_of_range');
    expect(problemOf(hemoglobin, '14.6', '10*-999.g/dL')).toBe('unit_out_of_range');
    expect(judged(hemoglobin, '14.6', '10*13.g/dL')).toMatchObject({ inAnalyteUnit: 1.46e14 });
    expect(judged(hemoglobin, '0', '10*-999.g/dL')).toMatchObject({ inAnalyteUnit: 0 });
  });

  it('judges without a range sent whose bounds the unit takes past any lab value, rather than flag against Infinity', () => {
    const observation = judged(hemoglobin, '1', '10*14.g/dL', { low: 1, high: 20 });
    expect(observation).toMatchObject({ inAnalyteUnit: 1e14, range: null, flag: null });
  });
});
