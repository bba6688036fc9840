import { describe, expect, it } from 'vitest';
import { analytes, molarMasses } from '../../seeds/data/analytes.ts';
import type { Reading } from '../../src/server/modules/analysis/conditions.ts';
import { codesRead, holds } from '../../src/server/modules/analysis/conditions.ts';
import { ckdEpi2021 } from '../../src/server/modules/analysis/egfr.ts';
import { EGFR, firedRules, subjectOf } from '../../src/server/modules/analysis/findings.ts';
import type { CaseValue, RuleCase } from '../../src/server/modules/analysis/knowledge/format.ts';
import { rules } from '../../src/server/modules/analysis/knowledge/rules.ts';
import { sources } from '../../src/server/modules/analysis/knowledge/sources.ts';

const catalog = new Map(analytes.map((analyte) => [analyte.loinc, analyte]));

function readingsOf(values: Record<string, CaseValue>): Map<string, Reading> {
  return new Map(
    Object.entries(values).map(([loinc, given]) => {
      const [value, flag] = typeof given === 'number' ? [given, null] : given;
      const analyte = catalog.get(loinc);
      if (!analyte?.unit) throw new Error(`${loinc} is not a numeric analyte of the catalog`);
      return [loinc, { value, comparator: null, unit: analyte.unit, flag, molarMass: molarMasses[loinc]?.value ?? null }];
    }),
  );
}

function subjectFor(testCase: RuleCase) {
  return subjectOf({ sex: testCase.sex ?? null, age: testCase.age ?? null, adult: true, readings: readingsOf(testCase.values) }).subject;
}

describe('the pattern rules', () => {
  it('are at least fifteen, each with a unique id, a source, texts in both languages and cases both ways', () => {
    expect(rules.length).toBeGreaterThanOrEqual(15);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.sources.length, rule.id).toBeGreaterThan(0);
      for (const source of rule.sources) expect(sources[source], rule.id).toBeDefined();
      for (const text of [rule.title, rule.explanation]) {
        expect(text.ar, rule.id).toMatch(/[\u0600-\u06FF]/);
        expect(text.en, rule.id).not.toMatch(/[\u0600-\u06FF]/);
      }
      expect(
        rule.cases.some((testCase) => testCase.expect),
        rule.id,
      ).toBe(true);
      expect(
        rule.cases.some((testCase) => !testCase.expect),
        rule.id,
      ).toBe(true);
    }
  });

  it('declare the codes their conditions read, and every code they name is in the catalog', () => {
    for (const rule of rules) {
      expect(new Set(codesRead(rule.when)), rule.id).toEqual(new Set(rule.inputs));
      for (const code of [...rule.inputs, ...(rule.followUp ?? []), ...(rule.retest ? [rule.retest.loinc] : [])]) {
        expect(catalog.has(code), `${rule.id}: ${code}`).toBe(true);
      }
    }
  });

  for (const rule of rules) {
    describe(rule.id, () => {
      for (const testCase of rule.cases) {
        it(`${testCase.expect ? 'fires' : 'does not fire'}: ${testCase.name}`, () => {
          expect(holds(rule.when, subjectFor(testCase)) === true).toBe(testCase.expect);
        });
      }
    });
  }

  it('read a value in another unit by converting it: fasting glucose of 7.0 mmol/L is 126 mg/dL', () => {
    const readings = new Map<string, Reading>([
      ['1558-6', { value: 7, comparator: null, unit: 'mmol/L', flag: null, molarMass: molarMasses['1558-6']?.value ?? null }],
    ]);
    const fired = firedRules({ sex: null, age: 40, adult: true, readings }).map((rule) => rule.id);
    expect(fired).toContain('fasting-glucose-diabetes-range');
    expect(fired).not.toContain('fasting-glucose-impaired');
  });

  it('take a value below a detection limit only where every value below it meets the threshold', () => {
    const rule = rules.find((candidate) => candidate.id === 'vitamin-d-deficiency')!;
    const below = (limit: number) => ({
      sex: null,
      age: 40,
      adult: true,
      readings: new Map<string, Reading>([['62292-8', { value: limit, comparator: '<', unit: 'ng/mL', flag: null, molarMass: null }]]),
    });
    expect(holds(rule.when, below(8))).toBe(true);
    expect(holds(rule.when, below(40))).toBe(null);
  });

  it('treat an adult of unknown age as fifteen and over, and do not guess an eGFR without an age', () => {
    const rule = rules.find((candidate) => candidate.id === 'iron-deficiency-anaemia-pattern')!;
    const values = readingsOf({ '718-7': 10.9, '787-2': 76, '2276-4': 9 });
    expect(holds(rule.when, { sex: 'female', age: null, adult: true, readings: values })).toBe(true);
    expect(holds(rule.when, { sex: 'female', age: null, adult: false, readings: values })).toBe(null);
    const { derived } = subjectOf({ sex: 'female', age: null, adult: true, readings: readingsOf({ '2160-0': 1.4 }) });
    expect(derived).not.toContain(EGFR);
  });
});

describe('eGFR by CKD-EPI 2021', () => {
  // Worked from the published equation (Inker et al. 2021; NKF's calculator gives the same figures).
  it.each([
    [1.0, 50, 'female', 69],
    [1.0, 50, 'male', 92],
    [0.6, 30, 'female', 124],
    [1.2, 60, 'male', 69],
    [1.4, 66, 'female', 41],
    [2.5, 70, 'male', 27],
    [0.7, 40, 'female', 112],
  ] as const)('creatinine %s mg/dL, age %s, %s: %s mL/min/1.73 m²', (creatinine, age, sex, expected) => {
    expect(ckdEpi2021(creatinine, age, sex)).toBe(expected);
  });

  it('is not given for children or a creatinine of zero', () => {
    expect(ckdEpi2021(0.5, 17, 'male')).toBe(null);
    expect(ckdEpi2021(0, 40, 'male')).toBe(null);
  });
});
