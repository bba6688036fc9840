import { describe, expect, it } from 'vitest';
import { analytes, molarMasses } from '../../seeds/data/analytes.ts';
import { previewFindings, type Value, visitFindings } from '../../src/server/modules/analysis/analysis.service.ts';
import { causesFor, distanceGrade, kdigoStageOf, rangeNoteFor, subjectOf } from '../../src/server/modules/analysis/findings.ts';
import type { ResultFlag } from '../../src/shared/result-values.ts';

// Issue #76 items 5–7, on the analysis's own functions: a critical value is its own finding, first and
// seen on every plan; eGFR and ACR name their KDIGO categories; causes and range notes fit the person;
// a value outside its range says how far.

const catalog = new Map(analytes.map((analyte) => [analyte.loinc, analyte]));
const POTASSIUM = '2823-3';
const HAEMOGLOBIN = '718-7';
const MCV = '787-2';
const FERRITIN = '2276-4';
const LDL = '13457-7';
const ESTRADIOL = '2243-4';
const EGFR = '98979-8';
const ACR = '9318-7';

type Given = [value: number, flag: ResultFlag | null, range?: [low: number | null, high: number | null]];

function valuesOf(given: Record<string, Given>): Map<string, Value> {
  return new Map(
    Object.entries(given).map(([loinc, [value, flag, range]]) => {
      const analyte = catalog.get(loinc);
      if (!analyte?.unit) throw new Error(`${loinc} is not a numeric analyte of the catalog`);
      return [
        loinc,
        {
          loinc,
          name: { ar: analyte.nameAr, en: analyte.nameEn },
          value,
          comparator: null,
          unit: analyte.unit,
          flag,
          molarMass: molarMasses[loinc]?.value ?? null,
          range: range ? { low: range[0], high: range[1] } : null,
          bookingId: 'booking',
          at: new Date('2026-11-01T06:00:00Z'),
        },
      ];
    }),
  );
}

function analyse(given: Record<string, Given>, sex: 'male' | 'female' | null, age: number | null) {
  const named = valuesOf(given);
  const { subject, derived } = subjectOf({ sex, age, adult: true, readings: new Map(named) });
  return visitFindings(subject, named, derived).findings;
}

/** A woman of 34 with a potassium of 6.9 mmol/L (critical above 6.2) and the iron-deficiency pattern in the same visit. */
const criticalWithPattern: Record<string, Given> = {
  [POTASSIUM]: [6.9, 'HH', [3.5, 5.1]],
  [HAEMOGLOBIN]: [10.9, 'L', [11.6, 15]],
  [MCV]: [76, 'L', [80, 100]],
  [FERRITIN]: [9, 'L', [15, 150]],
  [LDL]: [115, 'H', [null, 99]],
};

describe('a critical value (item 5)', () => {
  it('is its own finding, the most urgent, before every pattern and value', () => {
    const findings = analyse(criticalWithPattern, 'female', 34);
    expect(findings[0]).toMatchObject({ kind: 'critical', id: POTASSIUM, severity: 'urgent', value: { number: 6.9, flag: 'HH' } });
    expect(findings.filter((finding) => finding.kind === 'critical')).toHaveLength(1);
    expect(findings.map((finding) => finding.kind)).toEqual(['critical', 'pattern', 'value']);
  });

  it('on a plan without the analysis, is seen in full beside the one example, which is the most pressing of the others', () => {
    const findings = analyse(criticalWithPattern, 'female', 34);
    const preview = previewFindings(findings);
    expect(preview).toEqual([findings[0], findings[1]]);
    expect(preview[1]).toMatchObject({ kind: 'pattern', id: 'iron-deficiency-anaemia-pattern' });
  });

  it('every critical value is in the preview, and with nothing else the preview is only them', () => {
    const findings = analyse({ [POTASSIUM]: [6.9, 'HH', [3.5, 5.1]], '2951-2': [118, 'LL', [136, 145]] }, 'male', 50);
    expect(previewFindings(findings).map((finding) => finding.id)).toEqual([POTASSIUM, '2951-2']);
  });

  it('stays its own finding where a pattern reads the same value', () => {
    const findings = analyse(
      { [HAEMOGLOBIN]: [6.2, 'LL', [11.6, 15]], [MCV]: [70, 'L', [80, 100]], [FERRITIN]: [5, 'L', [15, 150]] },
      'female',
      30,
    );
    expect(findings.map((finding) => [finding.kind, finding.id])).toEqual([
      ['critical', HAEMOGLOBIN],
      ['pattern', 'iron-deficiency-anaemia-pattern'],
    ]);
  });

  it('opens with what to do now, with the emergency numbers, and names no cause about the sample', () => {
    const [critical] = analyse(criticalWithPattern, 'female', 34);
    if (critical?.kind !== 'critical') throw new Error('no critical finding');
    expect(critical.now.en).toMatch(/at once/);
    expect(critical.steps.map((step) => step.en).join(' ')).toMatch(/call the lab[\s\S]*doctor today[\s\S]*997/);
    expect(critical.emergency.map((line) => line.number)).toEqual(['997', '911']);
    expect(critical.means?.en).not.toMatch(/^[^.]*sample/);
    expect(critical.causes.map((cause) => cause.id)).not.toContain('sampleHandling');
    expect(critical.sources.map((source) => source.id)).toEqual(
      expect.arrayContaining(['iso15189_2022', 'clsiGp47', 'saudiEmergencyNumbers']),
    );
  });

  it('a potassium high but not critical lists the sample after the other causes', () => {
    const [finding] = analyse({ [POTASSIUM]: [5.6, 'H', [3.5, 5.1]] }, 'male', 50);
    expect(finding).toMatchObject({ kind: 'value', severity: 'discuss' });
    if (finding?.kind !== 'value') throw new Error('no value finding');
    expect(finding.causes.map((cause) => cause.id)).toEqual(['medication', 'supplements', 'sampleHandling']);
    expect(finding.means?.en).toMatch(/^A high potassium can be a sign of reduced kidney function/);
  });
});

describe('kidney stages (item 6)', () => {
  it.each([
    [90, 'G1'],
    [89, 'G2'],
    [60, 'G2'],
    [59, 'G3a'],
    [45, 'G3a'],
    [44, 'G3b'],
    [30, 'G3b'],
    [29, 'G4'],
    [15, 'G4'],
    [14, 'G5'],
  ] as const)('an eGFR of %s is in KDIGO category %s', (egfr, category) => {
    const { subject } = subjectOf({ sex: null, age: null, adult: true, readings: valuesOf({ [EGFR]: [egfr, null] }) });
    expect(kdigoStageOf(subject)).toEqual({ gfr: category, albuminuria: null });
  });

  it.each([
    [29, 'A1'],
    [30, 'A2'],
    [300, 'A2'],
    [301, 'A3'],
  ] as const)('an ACR of %s mg/g is in KDIGO category %s', (acr, category) => {
    const { subject } = subjectOf({ sex: null, age: null, adult: true, readings: valuesOf({ [ACR]: [acr, null] }) });
    expect(kdigoStageOf(subject).albuminuria).toBe(category);
  });

  it('an eGFR of 50 with an ACR of 100 mg/g in the same visit: both findings name G3a with A2', () => {
    const findings = analyse({ [EGFR]: [50, 'L', [90, null]], [ACR]: [100, 'H', [null, 29]] }, 'male', 64);
    const kidney = findings.filter((finding) => finding.kind === 'pattern');
    expect(kidney.map((finding) => finding.id).sort()).toEqual(['albuminuria', 'egfr-g3a']);
    for (const finding of kidney) expect(finding.kind === 'pattern' && finding.stage).toEqual({ gfr: 'G3a', albuminuria: 'A2' });
  });

  it('an eGFR in G2 with an ACR in A1 is a finding worth knowing, named G2 A1; an eGFR of 95 alone is none', () => {
    const g2 = analyse({ [EGFR]: [72, 'L', [90, null]], [ACR]: [12, 'N', [null, 29]] }, 'female', 70);
    expect(g2).toEqual([expect.objectContaining({ id: 'egfr-g2', severity: 'info', stage: { gfr: 'G2', albuminuria: 'A1' } })]);
    expect(analyse({ [EGFR]: [95, 'N', [90, null]] }, 'female', 40)).toEqual([]);
  });

  it('an eGFR calculated from a creatinine is staged as well: 1.4 mg/dL, a woman of 66, eGFR 41, G3b', () => {
    const findings = analyse({ '2160-0': [1.4, 'H', [0.55, 1.02]] }, 'female', 66);
    expect(findings).toContainEqual(
      expect.objectContaining({ id: 'egfr-g3b', severity: 'soon', stage: { gfr: 'G3b', albuminuria: null } }),
    );
  });
});

describe('causes that fit the person (item 7)', () => {
  const ids = (causes: { id: string }[]) => causes.map((cause) => cause.id);

  const causesOfValue = (given: Record<string, Given>, sex: 'male' | 'female' | null, age: number | null) => {
    const finding = analyse(given, sex, age).find((candidate) => candidate.kind === 'value');
    if (finding?.kind !== 'value') throw new Error('no value finding');
    return finding.causes;
  };

  it('a man’s high LDL never lists pregnancy; a woman of 30’s does', () => {
    // 115 mg/dL: above the optimal range, below the patterns' thresholds, so the value is explained on its own.
    expect(ids(causesOfValue({ [LDL]: [115, 'H', [null, 99]] }, 'male', 45))).toEqual(['notFasting', 'diet', 'ramadan', 'medication']);
    expect(ids(causesOfValue({ [LDL]: [115, 'H', [null, 99]] }, 'female', 30))).toContain('pregnancy');
  });

  it('a man’s low haemoglobin never lists menstruation or pregnancy', () => {
    const causes = causesOfValue({ [HAEMOGLOBIN]: [12.1, 'L', [13.2, 16.6]] }, 'male', 40);
    expect(ids(causes)).toEqual(['diet']);
    expect(JSON.stringify(causes)).not.toMatch(/menstrua|pregnan|period/i);
    expect(ids(causesOfValue({ [HAEMOGLOBIN]: [11.1, 'L', [11.6, 15]] }, 'female', 28))).toEqual(['menstruation', 'pregnancy', 'diet']);
  });

  it('what a man’s low haemoglobin means names no periods; a woman’s does', () => {
    const means = (sex: 'male' | 'female') => {
      const finding = analyse({ [HAEMOGLOBIN]: [11.1, 'L', [11.6, 15]] }, sex, 40).find((candidate) => candidate.kind === 'value');
      return finding?.kind === 'value' ? finding.means : null;
    };
    expect(means('male')?.en).not.toMatch(/period/);
    expect(means('male')?.ar).not.toMatch(/الدورة/);
    expect(means('female')?.en).toMatch(/heavy periods/);
  });

  it('a woman past her reproductive years is not offered pregnancy or menstruation', () => {
    expect(ids(causesFor(['menstruation', 'pregnancy', 'diet'], { sex: 'female', age: 70 }))).toEqual(['diet']);
    expect(ids(causesFor(['menstruation', 'pregnancy', 'diet'], { sex: 'female', age: 55 }))).toEqual([
      'menstruation',
      'pregnancy',
      'diet',
    ]);
    expect(ids(causesFor(['menstruation', 'pregnancy', 'diet'], { sex: 'female', age: 56 }))).toEqual(['diet']);
  });

  it('a person whose sex is not known is told of pregnancy in the third person', () => {
    const [pregnancy] = causesFor(['pregnancy'], { sex: null, age: null });
    expect(pregnancy?.en).toMatch(/^In a woman, pregnancy/);
    expect(pregnancy?.ar).toMatch(/^لدى المرأة/);
  });

  it('the age cause applies from 40', () => {
    expect(ids(causesFor(['age'], { sex: 'male', age: 39 }))).toEqual([]);
    expect(ids(causesFor(['age'], { sex: 'male', age: 40 }))).toEqual(['age']);
    expect(ids(causesFor(['age'], { sex: 'male', age: null }))).toEqual(['age']);
  });

  it('a woman’s estradiol names the cycle and pregnancy its range depends on; a man’s does not', () => {
    expect(rangeNoteFor(ESTRADIOL, { sex: 'female', age: 30 })?.en).toMatch(/menstrual cycle, in pregnancy/);
    expect(rangeNoteFor(ESTRADIOL, { sex: 'male', age: 30 })).toBe(null);
    expect(rangeNoteFor(ESTRADIOL, { sex: null, age: null })?.en).toMatch(/^In a woman/);
    expect(rangeNoteFor(LDL, { sex: 'female', age: 30 })).toBe(null);
    const [finding] = analyse({ '3016-3': [5.9, 'H', [0.27, 4.2]] }, 'female', 29);
    expect(finding?.kind === 'value' && finding.rangeNote?.en).toMatch(/differs in pregnancy/);
    expect(finding?.sources.map((source) => source.id)).toContain('ata2017Pregnancy');
  });
});

describe('how far a value is from its range (item 7)', () => {
  // Potassium 3.5–5.1: the range is 1.6 wide, a quarter of it 0.4.
  it.each([
    [5.5, 'slightlyAbove'],
    [5.51, 'wellAbove'],
    [3.1, 'slightlyBelow'],
    [3.09, 'wellBelow'],
    [5.1, null],
    [3.5, null],
    [4.2, null],
  ] as const)('potassium %s against 3.5–5.1: %s', (value, grade) => {
    expect(distanceGrade(value, null, { low: 3.5, high: 5.1 })).toBe(grade);
  });

  it('a range with one bound grades by a quarter of the bound: LDL below 100, 125 slightly, 126 well above', () => {
    expect(distanceGrade(125, null, { low: null, high: 100 })).toBe('slightlyAbove');
    expect(distanceGrade(126, null, { low: null, high: 100 })).toBe('wellAbove');
    expect(distanceGrade(22.5, null, { low: 30, high: null })).toBe('slightlyBelow');
    expect(distanceGrade(22.4, null, { low: 30, high: null })).toBe('wellBelow');
  });

  it('a value past a detection limit, or without a range, is not graded', () => {
    expect(distanceGrade(0.5, '<', { low: 1, high: 5 })).toBe(null);
    expect(distanceGrade(9, null, null)).toBe(null);
  });

  it('is a field of the value finding', () => {
    const [finding] = analyse({ [POTASSIUM]: [5.6, 'H', [3.5, 5.1]] }, 'male', 50);
    expect(finding).toMatchObject({ kind: 'value', grade: 'wellAbove' });
  });
});
