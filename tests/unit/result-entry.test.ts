import { describe, expect, it } from 'vitest';
import { readTyped, type SheetAnalyte, shownFlag } from '../../src/client/features/results/result-entry.ts';
import { displayUnit, formatRange } from '../../src/client/lib/report-format.ts';

// The lab's result form shows each value's flag as it is typed, by the server's own rules (issue #53).

const bounds = (low: number | null, high: number | null) => ({ low, high });

const potassium: SheetAnalyte = {
  id: 1,
  loinc: '2823-3',
  name: { ar: 'البوتاسيوم', en: 'Potassium' },
  kind: 'numeric',
  unit: 'mmol/L',
  decimals: 1,
  required: true,
  answers: [],
  units: [{ code: 'mmol/L', factor: 1 }],
  rangeOrigin: 'published',
  ranges: {
    male: { range: bounds(3.5, 5.1), critical: bounds(2.8, 6.2) },
    female: { range: bounds(3.5, 5.1), critical: bounds(2.8, 6.2) },
    unknown: { range: bounds(3.5, 5.1), critical: bounds(2.8, 6.2) },
  },
};

const glucose: SheetAnalyte = {
  ...potassium,
  id: 2,
  loinc: '1558-6',
  name: { ar: 'الجلوكوز الصائم', en: 'Fasting glucose' },
  unit: 'mg/dL',
  decimals: 0,
  units: [
    { code: 'mg/dL', factor: 1 },
    { code: 'mmol/L', factor: 18.016 },
  ],
  ranges: {
    male: { range: bounds(70, 99), critical: bounds(40, 400) },
    female: { range: bounds(70, 99), critical: bounds(40, 400) },
    unknown: { range: bounds(70, 99), critical: bounds(40, 400) },
  },
};

const haemoglobin: SheetAnalyte = {
  ...potassium,
  id: 3,
  loinc: '718-7',
  unit: 'g/dL',
  ranges: {
    male: { range: bounds(13.2, 16.6), critical: null },
    female: { range: bounds(11.6, 15), critical: null },
    unknown: { range: null, critical: null },
  },
};

const hiv: SheetAnalyte = {
  ...potassium,
  id: 4,
  loinc: '75622-1',
  kind: 'text',
  unit: null,
  units: [],
  answers: [
    { en: 'Non-reactive', ar: 'غير متفاعل', normal: true },
    { en: 'Reactive', ar: 'متفاعل', normal: false },
    { en: 'Indeterminate', ar: 'غير حاسم', normal: null },
  ],
};

const typed = (value: string, unit: string | null = 'mmol/L') => ({ value, unit, comment: '' });

describe('the flag shown as a value is typed', () => {
  it('reads Arabic-Indic digits and a decimal comma, and flags a critical potassium', () => {
    expect(readTyped(potassium, typed('٦٫٨'), 'female')).toEqual({ state: 'judged', flag: 'HH', inAnalyteUnit: 6.8 });
    expect(readTyped(potassium, typed('4,2'), null)).toEqual({ state: 'judged', flag: 'N', inAnalyteUnit: 4.2 });
    expect(readTyped(potassium, typed('٢٫٥'), null)).toMatchObject({ flag: 'LL' });
    expect(readTyped(potassium, typed('<0.5'), null)).toMatchObject({ flag: 'LL' });
  });

  it('converts a value in another unit to the analyte’s, at its precision, before judging it', () => {
    expect(readTyped(glucose, typed('5.5', 'mmol/L'), null)).toEqual({ state: 'judged', flag: 'N', inAnalyteUnit: 99 });
    expect(readTyped(glucose, typed('25', 'mmol/L'), null)).toMatchObject({ flag: 'HH', inAnalyteUnit: 450 });
  });

  it('judges by the patient’s sex, and says "no range" when none applies', () => {
    expect(readTyped(haemoglobin, typed('12', 'g/dL'), 'male')).toMatchObject({ flag: 'L' });
    expect(readTyped(haemoglobin, typed('12', 'g/dL'), 'female')).toMatchObject({ flag: 'N' });
    expect(shownFlag(haemoglobin, typed('12', 'g/dL'), null, undefined)).toMatchObject({ flag: null, shown: true });
  });

  it('tells text typed for a number apart, and leaves a unit it cannot convert to the server', () => {
    expect(readTyped(potassium, typed('high'), null)).toEqual({ state: 'not_a_number' });
    expect(readTyped(potassium, typed(''), null)).toEqual({ state: 'empty' });
    expect(readTyped(glucose, typed('5.5', 'g/L'), null)).toEqual({ state: 'unjudged' });
    const saved = { value: '5.5', unit: 'g/L', flag: 'H' as const };
    expect(shownFlag(glucose, typed('5.5', 'g/L'), null, saved)).toMatchObject({ flag: 'H', shown: true });
    expect(shownFlag(glucose, typed('5.6', 'g/L'), null, saved)).toMatchObject({ shown: false });
  });

  it('flags a text answer as normal or abnormal, in either language, and shows none for an answer without a judgement', () => {
    expect(readTyped(hiv, typed('Reactive', null), null)).toMatchObject({ flag: 'A' });
    expect(readTyped(hiv, typed('غير متفاعل', null), null)).toMatchObject({ flag: 'N' });
    expect(shownFlag(hiv, typed('Indeterminate', null), null, undefined)).toMatchObject({ flag: null, shown: false });
  });
});

describe('units and ranges as the form writes them', () => {
  it('writes UCUM codes as people read them', () => {
    expect(
      ['10*3/uL', 'm[IU]/L', 'u[IU]/mL', 'ug/dL', 'mL/min/{1.73_m2}', '{INR}', 'ng/mL{FEU}', '1', 'U/L', 'mmol/L'].map(displayUnit),
    ).toEqual(['10³/µL', 'mIU/L', 'µIU/mL', 'µg/dL', 'mL/min/1.73 m²', 'INR', 'ng/mL FEU', '', 'U/L', 'mmol/L']);
  });

  it('writes a range with both ends, or the one it has', () => {
    expect(formatRange(bounds(3.5, 5.1), 1, 'en')).toBe('3.5–5.1');
    expect(formatRange(bounds(null, 200), 0, 'ar')).toBe('≤ 200');
    expect(formatRange(bounds(40, null), 0, 'en')).toBe('≥ 40');
  });
});
