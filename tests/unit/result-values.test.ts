import { describe, expect, it } from 'vitest';
import { chooseRange, parseSentRange, type RangeRow } from '../../src/server/modules/result-reports/report-values.ts';
import { convertValue, isUcumUnit } from '../../src/server/platform/units.ts';
import { numericFlag, parseResultValue } from '../../src/shared/result-values.ts';

describe('reading a typed value', () => {
  it('reads Arabic-Indic digits, the Arabic decimal separator and a decimal comma as one number', () => {
    for (const typed of ['6.8', '٦٫٨', '6,8', '۶٫۸', ' 6.8 '])
      expect(parseResultValue(typed), typed).toEqual({ kind: 'number', value: 6.8, comparator: null });
  });

  it('reads a detection limit with its comparator, and anything else as text', () => {
    expect(parseResultValue('<0.5')).toEqual({ kind: 'number', value: 0.5, comparator: '<' });
    expect(parseResultValue('≥ ١٠٠٠')).toEqual({ kind: 'number', value: 1000, comparator: '>=' });
    expect(parseResultValue('Negative')).toEqual({ kind: 'text', text: 'Negative' });
    expect(parseResultValue('سلبي')).toEqual({ kind: 'text', text: 'سلبي' });
    expect(parseResultValue('6.8.1')).toEqual({ kind: 'text', text: '6.8.1' });
    expect(parseResultValue('   ')).toBeNull();
  });
});

describe('flagging a number', () => {
  const potassium = { low: 3.5, high: 5.1 };
  const critical = { low: 2.8, high: 6.2 };

  it('says low, normal, high, and critically low or high, bounds included in the range', () => {
    expect([2.5, 3.0, 3.5, 4.2, 5.1, 5.5, 6.8].map((value) => numericFlag(value, null, potassium, critical))).toEqual([
      'LL',
      'L',
      'N',
      'N',
      'N',
      'H',
      'HH',
    ]);
  });

  it('gives no flag without a range, but still a critical one past a limit', () => {
    expect(numericFlag(4.2, null, null, null)).toBeNull();
    expect(numericFlag(7.0, null, null, critical)).toBe('HH');
  });

  it('judges a detection limit only where it is certain', () => {
    expect(numericFlag(0.5, '<', { low: 1, high: 5 }, null)).toBe('L');
    expect(numericFlag(0.5, '<', { low: 0, high: 5 }, null)).toBe('N');
    expect(numericFlag(1000, '>', { low: null, high: 200 }, null)).toBe('H');
    expect(numericFlag(3, '<', { low: 1, high: 5 }, null)).toBeNull();
    expect(numericFlag(60, '>', { low: 40, high: null }, null)).toBe('N');
  });
});

describe('units by UCUM', () => {
  it('converts within a dimension and, with a molar mass, between mass and substance', () => {
    expect(convertValue(7, '10*9/L', '10*3/uL')).toBeCloseTo(7);
    expect(convertValue(5.5, 'mmol/L', 'mg/dL', 180.156)).toBeCloseTo(99.09, 2);
    expect(convertValue(5.5, 'mmol/L', 'mg/dL')).toBeNull();
    expect(convertValue(1, 'mg/dL', 'kg')).toBeNull();
  });

  it('converts between prefixes of one arbitrary unit, and never between two', () => {
    expect(convertValue(2.5, 'm[IU]/L', 'u[IU]/mL')).toBeCloseTo(2.5);
    expect(convertValue(40, '[IU]/L', '[IU]/mL')).toBeCloseTo(0.04);
    expect(convertValue(1, 'm[IU]/L', 'ng/mL')).toBeNull();
    expect(isUcumUnit('mmol/L')).toBe(true);
    expect(isUcumUnit('mmoll')).toBe(false);
  });
});

describe('the range that applies', () => {
  const analyte = {
    id: 1,
    loinc: '718-7',
    name_ar: 'الهيموغلوبين',
    name_en: 'Hemoglobin',
    kind: 'numeric' as const,
    unit: 'g/dL',
    decimals: 1,
    molar_mass: null,
    answers: [],
  };
  const row = (sex: RangeRow['sex'], low: string, high: string, extra: Partial<RangeRow> = {}): RangeRow => ({
    analyte_id: 1,
    sex,
    age_low: 18,
    age_high: null,
    age_unit: 'a',
    condition_en: null,
    low,
    high,
    unit: 'g/dL',
    ...extra,
  });
  const rows = [row('female', '11.6', '15'), row('male', '13.2', '16.6'), row('any', '11', '14', { age_low: 1, age_high: 18 })];
  const at = new Date('2026-11-01T08:00:00Z');

  it('picks by sex and age, and none for an adult whose sex is unknown when only sexed ranges exist', () => {
    expect(chooseRange(rows, analyte, { sex: 'male', birthDate: null, at })).toMatchObject({ low: 13.2, high: 16.6 });
    expect(chooseRange(rows, analyte, { sex: 'female', birthDate: new Date('1990-03-01'), at })).toMatchObject({ low: 11.6, high: 15 });
    expect(chooseRange(rows, analyte, { sex: 'female', birthDate: new Date('2016-11-02'), at })).toMatchObject({ low: 11, high: 14 });
    expect(chooseRange(rows, analyte, { sex: null, birthDate: null, at })).toBeNull();
  });

  it('reads a range as a lab system sends it', () => {
    expect(parseSentRange('3.5-5.1')).toEqual({ low: 3.5, high: 5.1 });
    expect(parseSentRange('3.5 - 5.1')).toEqual({ low: 3.5, high: 5.1 });
    expect(parseSentRange('<200')).toEqual({ low: null, high: 200 });
    expect(parseSentRange('>=40')).toEqual({ low: 40, high: null });
    expect(parseSentRange('negative')).toBeNull();
  });
});
